//! Wu Dao Qi (五道棋): placement only; flanks and counter-captures send pieces back to their
//! owner's hand, and the fuller side wins when the board is full.

use super::board::{self, Bits, FULL, points};
use super::{
    Action, ActionList, Decision, DrawReason, GameId, GameRules, IllegalAction, RemovalKind, Rules,
    Side, Status, WinReason,
};

/// A Wu Dao Qi position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    boards: [Bits; 2],
    hands: [u8; 2],
    to_act: Side,
}

impl State {
    /// Builds a position directly (for tests and analysis). Returns `None` if the pieces
    /// overlap or a side's hand and board do not add up to 25.
    pub fn from_parts(boards: [Bits; 2], to_act: Side) -> Option<State> {
        if boards[0] & boards[1] != 0 || (boards[0] | boards[1]) & !FULL != 0 {
            return None;
        }
        let hands = [
            25 - boards[0].count_ones() as u8,
            25 - boards[1].count_ones() as u8,
        ];
        Some(State {
            boards,
            hands,
            to_act,
        })
    }

    /// The position whose [`Rules::key`] is `key`, if it is one: for data files that keep
    /// positions by their keys.
    pub fn from_key(key: u128) -> Option<State> {
        let boards = [
            (key & FULL as u128) as Bits,
            ((key >> 25) & FULL as u128) as Bits,
        ];
        let to_act = if (key >> 62) & 1 == 0 {
            Side::Black
        } else {
            Side::White
        };
        State::from_parts(boards, to_act).filter(|s| s.key() == key)
    }

    /// The enemy pieces captured by a piece of `own` just placed on `n`.
    #[inline]
    pub fn captures(own: Bits, enemy: Bits, n: usize) -> Bits {
        let (row, column) = (n / 5, n % 5);
        let row_shift = row * 5;
        let in_row = LINE[line_index(own >> row_shift, enemy >> row_shift)][column];
        let in_column =
            LINE[line_index(gather_column(own, column), gather_column(enemy, column))][row];
        ((in_row as Bits) << row_shift) | scatter_column(in_column, column)
    }
}

/// The five points of a column as bits 0–4.
#[inline]
const fn gather_column(set: Bits, column: usize) -> Bits {
    let s = set >> column;
    (s & 1) | ((s >> 4) & 2) | ((s >> 8) & 4) | ((s >> 12) & 8) | ((s >> 16) & 16)
}

/// Bits 0–4 back onto a column.
#[inline]
const fn scatter_column(bits: u8, column: usize) -> Bits {
    let b = bits as Bits;
    ((b & 1) | ((b & 2) << 4) | ((b & 4) << 8) | ((b & 8) << 12) | ((b & 16) << 16)) << column
}

#[inline]
const fn line_index(own: Bits, enemy: Bits) -> usize {
    ((own & 31) << 5 | (enemy & 31)) as usize
}

/// `LINE[own × 32 + enemy][i]`: the enemy points of one line of five captured by an own
/// piece just placed on point `i` of it.
static LINE: [[u8; 5]; 1024] = {
    let mut table = [[0u8; 5]; 1024];
    let mut index = 0;
    while index < 1024 {
        let (own, enemy) = ((index >> 5) as u32, (index & 31) as u32);
        let mut i = 0;
        while i < 5 {
            if own & enemy == 0 && own & (1 << i) != 0 {
                table[index][i] = line_captures(own, enemy, i as u32);
            }
            i += 1;
        }
        index += 1;
    }
    table
};

/// `THREATS[own × 32 + enemy][i]`: how many enemy points of one line of five an own piece
/// placed on its empty point `i` would capture along it (0 where `i` is occupied).
static THREATS: [[u8; 5]; 1024] = {
    let mut table = [[0u8; 5]; 1024];
    let mut index = 0;
    while index < 1024 {
        let (own, enemy) = ((index >> 5) as u32, (index & 31) as u32);
        let mut i = 0;
        while i < 5 {
            if own & enemy == 0 && (own | enemy) & (1 << i) == 0 {
                table[index][i] = line_captures(own | 1 << i, enemy, i as u32).count_ones() as u8;
            }
            i += 1;
        }
        index += 1;
    }
    table
};

impl State {
    /// For every point, how many pieces a placement of `own` there would capture (0 where
    /// the point is occupied): [`State::captures`] for the whole board at once, a line at a
    /// time.
    #[inline]
    pub fn capture_counts(own: Bits, enemy: Bits) -> [u8; 25] {
        let mut counts = [0u8; 25];
        for row in 0..5 {
            let shift = row * 5;
            let along = &THREATS[line_index(own >> shift, enemy >> shift)];
            counts[shift..shift + 5].copy_from_slice(along);
        }
        for column in 0..5 {
            let along =
                &THREATS[line_index(gather_column(own, column), gather_column(enemy, column))];
            for (row, &n) in along.iter().enumerate() {
                counts[row * 5 + column] += n;
            }
        }
        counts
    }
}

const fn has(set: u32, i: u32) -> bool {
    set & (1 << i) != 0
}

/// The captures along one line of five for an own piece just placed on `at`.
const fn line_captures(own: u32, enemy: u32, at: u32) -> u8 {
    // Counter-capture: both neighbours are enemies, whatever lies beyond them.
    if at > 0 && at < 4 && has(enemy, at - 1) && has(enemy, at + 1) {
        return ((1 << (at - 1)) | (1 << (at + 1))) as u8;
    }
    // Flank: the run of occupied points through `at`, read from one end, must be
    // own-own-enemy or own-own-enemy-enemy (so both its ends face an empty point or the edge).
    let occupied = own | enemy;
    let mut low = at;
    while low > 0 && has(occupied, low - 1) {
        low -= 1;
    }
    let mut high = at;
    while high < 4 && has(occupied, high + 1) {
        high += 1;
    }
    let len = high - low + 1;
    if len != 3 && len != 4 {
        return 0;
    }
    let run = ((1u32 << len) - 1) << low;
    let forward = has(own, low) && has(own, low + 1) && enemy & run == run & !(0b11 << low);
    let backward =
        has(own, high) && has(own, high - 1) && enemy & run == run & !(0b11 << (high - 1));
    if forward || backward {
        (enemy & run) as u8
    } else {
        0
    }
}

impl GameRules for State {
    const ID: GameId = GameId::Wudao;

    fn start() -> State {
        State {
            boards: [0, 0],
            hands: [25, 25],
            to_act: Side::Black,
        }
    }
}

impl Rules for State {
    fn game(&self) -> GameId {
        GameId::Wudao
    }

    fn to_act(&self) -> Option<Side> {
        if self.boards[0] | self.boards[1] == FULL {
            None
        } else {
            Some(self.to_act)
        }
    }

    fn decision(&self) -> Option<Decision> {
        self.to_act().map(|_| Decision::Place)
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.to_act().is_none() || self.hands[self.to_act.index()] == 0 {
            return;
        }
        for p in points(FULL & !(self.boards[0] | self.boards[1])) {
            out.push(Action::Place(p));
        }
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.to_act().is_none() {
            return Err(IllegalAction::GameOver);
        }
        match action {
            Action::Timeout => Ok(()),
            Action::Place(p) => {
                if (self.boards[0] | self.boards[1]) & board::bit(p) != 0 {
                    Err(IllegalAction::Occupied(p))
                } else if self.hands[self.to_act.index()] == 0 {
                    Err(IllegalAction::EmptyHand)
                } else {
                    Ok(())
                }
            }
            _ => Err(IllegalAction::WrongKind {
                expected: Decision::Place,
            }),
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        let me = self.to_act.index();
        if let Action::Place(p) = action {
            self.boards[me] |= board::bit(p);
            self.hands[me] -= 1;
            let taken = State::captures(self.boards[me], self.boards[1 - me], p.index());
            self.boards[1 - me] &= !taken;
            self.hands[1 - me] += taken.count_ones() as u8;
        }
        // A side with an empty hand is passed over.
        if self.hands[1 - me] > 0 {
            self.to_act = self.to_act.other();
        }
    }

    fn status(&self) -> Status {
        if self.boards[0] | self.boards[1] != FULL {
            return Status::Ongoing;
        }
        let black = self.boards[0].count_ones() as u8;
        let white = self.boards[1].count_ones() as u8;
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Status::Won {
                winner: Side::Black,
                reason: WinReason::BoardFull { black, white },
            },
            std::cmp::Ordering::Less => Status::Won {
                winner: Side::White,
                reason: WinReason::BoardFull { black, white },
            },
            std::cmp::Ordering::Equal => Status::Drawn(DrawReason::BoardFullEqual),
        }
    }

    fn boards(&self) -> [Bits; 2] {
        self.boards
    }

    fn hands(&self) -> [u8; 2] {
        self.hands
    }

    fn key(&self) -> u128 {
        self.boards[0] as u128
            | (self.boards[1] as u128) << 25
            | (self.hands[0] as u128) << 50
            | (self.hands[1] as u128) << 56
            | (self.to_act as u128) << 62
    }

    fn removal_kind(&self) -> RemovalKind {
        RemovalKind::ReturnToHand
    }
}
