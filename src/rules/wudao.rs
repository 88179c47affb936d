//! Wu Dao Qi (五道棋): placement only; flanks and counter-captures send pieces back to their
//! owner's hand, and the fuller side wins when the board is full.

use super::board::{self, Bits, FULL, NONE, STEP, points};
use super::{
    Action, ActionList, Decision, DrawReason, GameId, IllegalAction, RemovalKind, Rules, Side,
    Status, WinReason,
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

    /// The enemy pieces captured by a piece of `own` just placed on `n`.
    #[inline]
    pub fn captures(own: Bits, enemy: Bits, n: usize) -> Bits {
        let occupied = own | enemy;
        let mut taken = 0;
        // Directions 0/1 run along the row, 2/3 along the column.
        for (fwd, back) in [(0, 1), (2, 3)] {
            let a = STEP[n][fwd];
            let b = STEP[n][back];
            // Counter-capture: both neighbours along the line are enemies.
            if a != NONE && b != NONE && enemy & (1 << a) != 0 && enemy & (1 << b) != 0 {
                taken |= (1 << a) | (1 << b);
                continue;
            }
            // Flank: the run of occupied points through `n`, read from one end, must be
            // own-own-enemy or own-own-enemy-enemy.
            let mut run = [0u8; 5];
            let mut start = n as u8;
            while STEP[start as usize][back] != NONE
                && occupied & (1 << STEP[start as usize][back]) != 0
            {
                start = STEP[start as usize][back];
            }
            let mut len = 0;
            let mut q = start;
            while q != NONE && occupied & (1 << q) != 0 {
                run[len] = q;
                len += 1;
                q = STEP[q as usize][fwd];
            }
            if len != 3 && len != 4 {
                continue;
            }
            let is_own = |i: usize| own & (1 << run[i]) != 0;
            let forward = is_own(0) && is_own(1) && (2..len).all(|i| !is_own(i));
            let backward = is_own(len - 1) && is_own(len - 2) && (0..len - 2).all(|i| !is_own(i));
            if forward || backward {
                for &p in &run[..len] {
                    if enemy & (1 << p) != 0 {
                        taken |= 1 << p;
                    }
                }
            }
        }
        taken
    }
}

impl Rules for State {
    const ID: GameId = GameId::Wudao;

    fn start() -> State {
        State {
            boards: [0, 0],
            hands: [25, 25],
            to_act: Side::Black,
        }
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
