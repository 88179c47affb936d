//! Square Flying Chess (方格飞棋): pieces slide like rooks; a pincer or an insertion flips
//! enemy pieces to the mover's colour.

use super::board::{self, Bits, FILE_A, FILE_E, FULL, NONE, STEP, points};
use super::{
    Action, ActionList, Decision, GameId, GameRules, IllegalAction, Point, RemovalKind, Rules,
    Side, Status, WinReason,
};

/// The points reachable by sliding any piece of `pieces` through `empty`, and the number of
/// moves that reach them (a point reached by two pieces counts twice).
#[inline]
pub fn slides(pieces: Bits, empty: Bits) -> (Bits, u32) {
    let (mut east, mut west, mut north, mut south) = (pieces, pieces, pieces, pieces);
    let mut reach = 0;
    let mut count = 0;
    // Slide every piece one more point per round in each direction while the way is empty;
    // each point reached is one destination.
    for _ in 0..4 {
        east = (east << 1) & !FILE_A & empty;
        west = (west >> 1) & !FILE_E & empty;
        north = (north << 5) & empty;
        south = (south >> 5) & empty;
        reach |= east | west | north | south;
        count += east.count_ones() + west.count_ones() + north.count_ones() + south.count_ones();
    }
    (reach, count)
}

/// A Square Flying Chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    boards: [Bits; 2],
    to_act: Side,
}

impl State {
    /// Builds a position directly (for tests and analysis). Returns `None` if the pieces
    /// overlap or there are not ten of them.
    pub fn from_parts(boards: [Bits; 2], to_act: Side) -> Option<State> {
        if boards[0] & boards[1] != 0
            || (boards[0] | boards[1]) & !FULL != 0
            || (boards[0] | boards[1]).count_ones() != 10
        {
            return None;
        }
        Some(State { boards, to_act })
    }

    /// The position whose [`Rules::key`] is `key`, if it is one: for data files that keep
    /// positions by their keys.
    pub fn from_key(key: u128) -> Option<State> {
        let boards = [
            (key & FULL as u128) as Bits,
            ((key >> 25) & FULL as u128) as Bits,
        ];
        let to_act = if (key >> 50) & 1 == 0 {
            Side::Black
        } else {
            Side::White
        };
        State::from_parts(boards, to_act).filter(|s| s.key() == key)
    }

    /// The side whose turn it is, also when it has no move and has lost.
    pub fn side_to_move(&self) -> Side {
        self.to_act
    }

    /// The flips a piece of `me` landing on `q` makes, on the board just after the move.
    #[inline]
    pub fn flips(own: Bits, enemy: Bits, q: usize) -> Bits {
        let step = &STEP[q];
        let mut flips = 0;
        // Pincer: the neighbour is an enemy and the point beyond it is our own.
        for d in 0..4 {
            let n1 = step[d];
            if n1 != NONE && enemy & (1 << n1) != 0 {
                let n2 = STEP[n1 as usize][d];
                if n2 != NONE && own & (1 << n2) != 0 {
                    flips |= 1 << n1;
                }
            }
        }
        // Insertion: both neighbours along the row (directions 0, 1) or along the column
        // (directions 2, 3) are enemies.
        for pair in [[0, 1], [2, 3]] {
            let (a, b) = (step[pair[0]], step[pair[1]]);
            if a != NONE && b != NONE && enemy & (1 << a) != 0 && enemy & (1 << b) != 0 {
                flips |= (1 << a) | (1 << b);
            }
        }
        flips
    }

    /// Whether `side` has any move.
    #[inline]
    fn has_move(&self, side: Side) -> bool {
        let empty = FULL & !(self.boards[0] | self.boards[1]);
        board::neighbours(self.boards[side.index()]) & empty != 0
    }
}

impl GameRules for State {
    const ID: GameId = GameId::Flying;

    fn start() -> State {
        State {
            boards: [0b11111, 0b11111 << 20],
            to_act: Side::Black,
        }
    }
}

impl Rules for State {
    fn game(&self) -> GameId {
        GameId::Flying
    }

    fn to_act(&self) -> Option<Side> {
        if self.has_move(self.to_act) {
            Some(self.to_act)
        } else {
            None
        }
    }

    fn decision(&self) -> Option<Decision> {
        self.to_act().map(|_| Decision::Move)
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let occupied = self.boards[0] | self.boards[1];
        for from in points(self.boards[self.to_act.index()]) {
            for (d, &first) in STEP[from.index()].iter().enumerate() {
                let mut q = first;
                while q != NONE && occupied & (1 << q) == 0 {
                    out.push(Action::Move(from, Point::from_index_unchecked(q)));
                    q = STEP[q as usize][d];
                }
            }
        }
    }

    fn count_actions(&self) -> usize {
        let empty = FULL & !(self.boards[0] | self.boards[1]);
        slides(self.boards[self.to_act.index()], empty).1 as usize
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.to_act().is_none() {
            return Err(IllegalAction::GameOver);
        }
        let Action::Move(from, to) = action else {
            return if action == Action::Timeout {
                Ok(())
            } else {
                Err(IllegalAction::WrongKind {
                    expected: Decision::Move,
                })
            };
        };
        let me = self.to_act.index();
        let occupied = self.boards[0] | self.boards[1];
        if self.boards[me] & board::bit(from) == 0 {
            return Err(if occupied & board::bit(from) != 0 {
                IllegalAction::NotYourPiece(from)
            } else {
                IllegalAction::NoPiece(from)
            });
        }
        if from == to {
            return Err(IllegalAction::SamePoint);
        }
        if occupied & board::bit(to) != 0 {
            return Err(IllegalAction::DestinationOccupied(to));
        }
        let d = match (to.column().cmp(&from.column()), to.row().cmp(&from.row())) {
            (std::cmp::Ordering::Greater, std::cmp::Ordering::Equal) => 0,
            (std::cmp::Ordering::Less, std::cmp::Ordering::Equal) => 1,
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => 2,
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Less) => 3,
            _ => return Err(IllegalAction::NotStraight),
        };
        let mut q = STEP[from.index()][d];
        while q as usize != to.index() {
            if occupied & (1 << q) != 0 {
                return Err(IllegalAction::PathBlocked(Point::from_index_unchecked(q)));
            }
            q = STEP[q as usize][d];
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        let me = self.to_act.index();
        if let Action::Move(from, to) = action {
            self.boards[me] ^= board::bit(from) | board::bit(to);
            let flips = State::flips(self.boards[me], self.boards[1 - me], to.index());
            self.boards[me] |= flips;
            self.boards[1 - me] &= !flips;
        }
        self.to_act = self.to_act.other();
    }

    fn status(&self) -> Status {
        if self.has_move(self.to_act) {
            Status::Ongoing
        } else {
            let reason = if self.boards[self.to_act.index()] == 0 {
                WinReason::NoPieces
            } else {
                WinReason::NoMoves
            };
            Status::Won {
                winner: self.to_act.other(),
                reason,
            }
        }
    }

    fn boards(&self) -> [Bits; 2] {
        self.boards
    }

    fn hands(&self) -> [u8; 2] {
        [0, 0]
    }

    fn key(&self) -> u128 {
        self.boards[0] as u128 | (self.boards[1] as u128) << 25 | (self.to_act as u128) << 50
    }

    fn removal_kind(&self) -> RemovalKind {
        RemovalKind::Capture
    }
}
