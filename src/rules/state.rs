//! [`State`]: any of the three games behind one type, for the app, the records and the CLI.

use super::{
    Action, ActionList, Bits, Decision, Effects, GameId, IllegalAction, Rules, Side, Status,
    flying, neihuang, wudao,
};

/// A position of any of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    Neihuang(neihuang::State),
    Flying(flying::State),
    Wudao(wudao::State),
}

/// Calls the same method on whichever game is inside.
macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            State::Neihuang($s) => $body,
            State::Flying($s) => $body,
            State::Wudao($s) => $body,
        }
    };
}

impl State {
    /// The start position of a game.
    pub fn start(game: GameId) -> State {
        match game {
            GameId::Neihuang => State::Neihuang(neihuang::State::start()),
            GameId::Flying => State::Flying(flying::State::start()),
            GameId::Wudao => State::Wudao(wudao::State::start()),
        }
    }

    /// Which game this is.
    pub fn game(&self) -> GameId {
        match self {
            State::Neihuang(_) => GameId::Neihuang,
            State::Flying(_) => GameId::Flying,
            State::Wudao(_) => GameId::Wudao,
        }
    }

    pub fn to_act(&self) -> Option<Side> {
        each!(self, s => s.to_act())
    }

    pub fn decision(&self) -> Option<Decision> {
        each!(self, s => s.decision())
    }

    pub fn legal_actions(&self, out: &mut ActionList) {
        each!(self, s => s.legal_actions(out))
    }

    /// The legal actions, collected (for the UI and tools; search uses `legal_actions`).
    pub fn legal_vec(&self) -> Vec<Action> {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.to_vec()
    }

    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        each!(self, s => s.check(action))
    }

    pub fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        each!(self, s => s.apply(action))
    }

    pub fn apply_unchecked(&mut self, action: Action) {
        each!(self, s => s.apply_unchecked(action))
    }

    pub fn status(&self) -> Status {
        each!(self, s => s.status())
    }

    pub fn boards(&self) -> [Bits; 2] {
        each!(self, s => s.boards())
    }

    pub fn hands(&self) -> [u8; 2] {
        each!(self, s => s.hands())
    }

    pub fn key(&self) -> u128 {
        each!(self, s => s.key())
    }

    /// The piece on a point, if any.
    pub fn piece_at(&self, p: super::Point) -> Option<Side> {
        let [b, w] = self.boards();
        if b & super::board::bit(p) != 0 {
            Some(Side::Black)
        } else if w & super::board::bit(p) != 0 {
            Some(Side::White)
        } else {
            None
        }
    }

    /// Pieces on the board for each side.
    pub fn counts(&self) -> [u8; 2] {
        let [b, w] = self.boards();
        [b.count_ones() as u8, w.count_ones() as u8]
    }

    /// The board as 25 characters `b`, `w` or `.`, from a1 to e5.
    pub fn board_string(&self) -> String {
        super::Point::ALL
            .iter()
            .map(|&p| match self.piece_at(p) {
                Some(Side::Black) => 'b',
                Some(Side::White) => 'w',
                None => '.',
            })
            .collect()
    }
}
