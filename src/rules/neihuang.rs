//! Neihuang Ge Fang Qi (内黄割方棋): fill the board, pull one enemy piece each, then step
//! pieces to form 2×2 squares (one capture) and lines of five (three captures).

use super::board::{self, BLOCKS, Bits, COLUMN, FULL, ROW, STEP, neighbours, points};
use super::{
    Action, ActionList, Decision, GameId, GameRules, IllegalAction, Point, RemovalKind, Rules,
    Side, Status, WinReason,
};

/// The three phases of a Neihuang game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Placement = 0,
    Pull = 1,
    Movement = 2,
}

/// A Neihuang position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    boards: [Bits; 2],
    hands: [u8; 2],
    phase: Phase,
    to_act: Side,
    /// Captures still owed by `to_act` (movement phase).
    owed: u8,
    /// `to_act` must yield one of its own pieces before the other side moves.
    yield_pending: bool,
    winner: Option<Side>,
}

impl State {
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Builds a position directly (for tests and analysis). Returns `None` if the pieces
    /// overlap or the counts are impossible.
    pub fn from_parts(
        boards: [Bits; 2],
        hands: [u8; 2],
        phase: Phase,
        to_act: Side,
    ) -> Option<State> {
        let total = |s: usize| boards[s].count_ones() as u8 + hands[s];
        if boards[0] & boards[1] != 0
            || (boards[0] | boards[1]) & !FULL != 0
            || total(0) > 13
            || total(1) > 12
        {
            return None;
        }
        Some(State {
            boards,
            hands,
            phase,
            to_act,
            owed: 0,
            yield_pending: false,
            winner: None,
        })
    }

    /// The position whose [`Rules::key`] is `key`, if it is one: for data files that keep
    /// positions by their keys.
    pub fn from_key(key: u128) -> Option<State> {
        let field = |shift: u32, bits: u32| ((key >> shift) & ((1 << bits) - 1)) as u32;
        let phase = match field(63, 2) {
            0 => Phase::Placement,
            1 => Phase::Pull,
            2 => Phase::Movement,
            _ => return None,
        };
        let to_act = if field(62, 1) == 0 {
            Side::Black
        } else {
            Side::White
        };
        let hands = [field(50, 6) as u8, field(56, 6) as u8];
        let mut state = State::from_parts([field(0, 25), field(25, 25)], hands, phase, to_act)?;
        state.owed = field(66, 4) as u8;
        state.winner = match field(70, 2) {
            0 => None,
            1 => Some(Side::Black),
            2 => Some(Side::White),
            _ => return None,
        };
        state.yield_pending = field(72, 1) == 1;
        (state.key() == key && state.owed <= 5).then_some(state)
    }

    fn empty(&self) -> Bits {
        FULL & !(self.boards[0] | self.boards[1])
    }

    /// Whether `side` has a step to make.
    #[inline]
    fn has_move(&self, side: Side) -> bool {
        neighbours(self.boards[side.index()]) & self.empty() != 0
    }

    /// Own pieces next to an enemy piece: the pieces `side` may yield.
    #[inline]
    fn yieldable(&self, side: Side) -> Bits {
        self.boards[side.index()] & neighbours(self.boards[side.other().index()])
    }

    /// The captures a piece arriving on `to` earns, given the mover's pieces after the move.
    #[inline]
    pub fn shapes_at(own: Bits, to: usize) -> u8 {
        let mut n = 0;
        for block in BLOCKS[to] {
            if block != 0 && own & block == block {
                n += 1;
            }
        }
        if own & ROW[to] == ROW[to] {
            n += 3;
        }
        if own & COLUMN[to] == COLUMN[to] {
            n += 3;
        }
        n
    }

    /// Removes the piece on `p` belonging to `owner`; the owner loses with 3 or fewer.
    #[inline]
    fn remove(&mut self, owner: Side, p: u32) {
        self.boards[owner.index()] &= !(1 << p);
        if self.boards[owner.index()].count_ones() <= 3 {
            self.winner = Some(owner.other());
            self.owed = 0;
            self.yield_pending = false;
        }
    }

    /// Ends `mover`'s turn in the movement phase: the other side moves next, unless it has no
    /// move, in which case `mover` must first yield (made at once, lowest index, when the
    /// engine acts for a timed-out side).
    #[inline]
    fn pass_turn(&mut self, mover: Side, engine_yields: bool) {
        self.owed = 0;
        self.yield_pending = false;
        let other = mover.other();
        if !self.has_move(other) {
            if engine_yields {
                let p = self.yieldable(mover).trailing_zeros();
                self.remove(mover, p);
                if self.winner.is_some() {
                    return;
                }
            } else {
                self.to_act = mover;
                self.yield_pending = true;
                return;
            }
        }
        self.to_act = other;
    }

    /// The side to place next after `placed` placed (or timed out): the other side, unless
    /// its hand is empty. A full board starts the pull phase with White.
    #[inline]
    fn after_placement(&mut self, placed: Side) {
        if self.empty() == 0 {
            self.phase = Phase::Pull;
            self.to_act = Side::White;
        } else if self.hands[placed.other().index()] > 0 {
            self.to_act = placed.other();
        } else {
            self.to_act = placed;
        }
    }
}

impl GameRules for State {
    const ID: GameId = GameId::Neihuang;

    fn start() -> State {
        State {
            boards: [0, 0],
            hands: [13, 12],
            phase: Phase::Placement,
            to_act: Side::Black,
            owed: 0,
            yield_pending: false,
            winner: None,
        }
    }
}

impl Rules for State {
    fn game(&self) -> GameId {
        GameId::Neihuang
    }

    fn to_act(&self) -> Option<Side> {
        if self.winner.is_some() {
            None
        } else {
            Some(self.to_act)
        }
    }

    fn decision(&self) -> Option<Decision> {
        if self.winner.is_some() {
            return None;
        }
        Some(match self.phase {
            Phase::Placement => Decision::Place,
            Phase::Pull => Decision::Pull,
            Phase::Movement if self.yield_pending => Decision::Yield,
            Phase::Movement if self.owed > 0 => Decision::Capture { owed: self.owed },
            Phase::Movement => Decision::Move,
        })
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let me = self.to_act.index();
        let them = 1 - me;
        match self.phase {
            Phase::Placement => {
                for p in points(self.empty()) {
                    out.push(Action::Place(p));
                }
            }
            Phase::Pull => {
                for p in points(self.boards[them]) {
                    out.push(Action::Remove(p));
                }
            }
            Phase::Movement if self.yield_pending => {
                for p in points(self.yieldable(self.to_act)) {
                    out.push(Action::Remove(p));
                }
            }
            Phase::Movement if self.owed > 0 => {
                for p in points(self.boards[them]) {
                    out.push(Action::Remove(p));
                }
            }
            Phase::Movement => {
                let empty = self.empty();
                for from in points(self.boards[me] & neighbours(empty)) {
                    for &to in &STEP[from.index()] {
                        if to != board::NONE && empty & (1 << to) != 0 {
                            out.push(Action::Move(from, Point::from_index_unchecked(to)));
                        }
                    }
                }
            }
        }
    }

    fn count_actions(&self) -> usize {
        if self.winner.is_some() {
            return 0;
        }
        let me = self.to_act.index();
        let them = self.boards[1 - me];
        let count = match self.phase {
            Phase::Placement => self.empty().count_ones(),
            Phase::Pull => them.count_ones(),
            Phase::Movement if self.yield_pending => self.yieldable(self.to_act).count_ones(),
            Phase::Movement if self.owed > 0 => them.count_ones(),
            Phase::Movement => {
                // One step per own piece and free neighbour, counted a direction at a time.
                let (own, empty) = (self.boards[me], self.empty());
                (own & (empty >> 1) & !board::FILE_E).count_ones()
                    + (own & (empty << 1) & !board::FILE_A).count_ones()
                    + (own & (empty >> 5)).count_ones()
                    + (own & (empty << 5)).count_ones()
            }
        };
        count as usize
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        let decision = self.decision().ok_or(IllegalAction::GameOver)?;
        let me = self.to_act;
        let own = self.boards[me.index()];
        let enemy = self.boards[me.other().index()];
        match (decision, action) {
            (_, Action::Timeout) => Ok(()),
            (Decision::Place, Action::Place(p)) => {
                if self.empty() & board::bit(p) == 0 {
                    Err(IllegalAction::Occupied(p))
                } else if self.hands[me.index()] == 0 {
                    Err(IllegalAction::EmptyHand)
                } else {
                    Ok(())
                }
            }
            (Decision::Pull | Decision::Capture { .. }, Action::Remove(p)) => {
                if enemy & board::bit(p) == 0 {
                    Err(IllegalAction::NotEnemyPiece(p))
                } else {
                    Ok(())
                }
            }
            (Decision::Yield, Action::Remove(p)) => {
                if self.yieldable(me) & board::bit(p) == 0 {
                    Err(IllegalAction::CannotYield(p))
                } else {
                    Ok(())
                }
            }
            (Decision::Move, Action::Move(from, to)) => {
                if own & board::bit(from) == 0 {
                    if enemy & board::bit(from) != 0 {
                        Err(IllegalAction::NotYourPiece(from))
                    } else {
                        Err(IllegalAction::NoPiece(from))
                    }
                } else if from == to {
                    Err(IllegalAction::SamePoint)
                } else if !from.is_adjacent(to) {
                    Err(IllegalAction::NotAStep)
                } else if self.empty() & board::bit(to) == 0 {
                    Err(IllegalAction::DestinationOccupied(to))
                } else {
                    Ok(())
                }
            }
            (expected, _) => Err(IllegalAction::WrongKind { expected }),
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        let me = self.to_act;
        match action {
            Action::Place(p) => {
                self.boards[me.index()] |= board::bit(p);
                self.hands[me.index()] -= 1;
                self.after_placement(me);
            }
            Action::Move(from, to) => {
                let own = &mut self.boards[me.index()];
                *own ^= board::bit(from) | board::bit(to);
                self.owed = State::shapes_at(*own, to.index());
                if self.owed == 0 {
                    self.pass_turn(me, false);
                }
            }
            Action::Remove(p) => match self.phase {
                Phase::Pull => {
                    self.remove(me.other(), p.index() as u32);
                    if self.winner.is_none() {
                        if me == Side::White {
                            self.to_act = Side::Black;
                        } else {
                            self.phase = Phase::Movement;
                            self.pass_turn(Side::Black, false);
                        }
                    }
                }
                Phase::Movement if self.yield_pending => {
                    self.yield_pending = false;
                    self.remove(me, p.index() as u32);
                    if self.winner.is_none() {
                        self.to_act = me.other();
                    }
                }
                _ => {
                    self.owed -= 1;
                    self.remove(me.other(), p.index() as u32);
                    if self.winner.is_none() && self.owed == 0 {
                        self.pass_turn(me, false);
                    }
                }
            },
            Action::Timeout => match self.phase {
                Phase::Placement => self.after_placement(me),
                Phase::Pull => {
                    if me == Side::White {
                        self.to_act = Side::Black;
                    } else {
                        self.phase = Phase::Movement;
                        self.pass_turn(Side::Black, true);
                    }
                }
                Phase::Movement => self.pass_turn(me, true),
            },
        }
    }

    fn status(&self) -> Status {
        match self.winner {
            None => Status::Ongoing,
            Some(winner) => Status::Won {
                winner,
                reason: WinReason::Reduced {
                    pieces: self.boards[winner.other().index()].count_ones() as u8,
                },
            },
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
            | (self.phase as u128) << 63
            | (self.owed as u128) << 66
            | (self.winner.map_or(0, |w| w as u128 + 1)) << 70
            // A board where the side to act must yield is another position than the same
            // board where it moves (RULES.md, "Repetition").
            | (self.yield_pending as u128) << 72
    }

    fn removal_kind(&self) -> RemovalKind {
        match self.phase {
            Phase::Pull => RemovalKind::Pull,
            _ => RemovalKind::Capture,
        }
    }
}
