//! [`State`]: any of the three games behind one type, for the app, the records and the CLI.
//! It implements [`Rules`] by passing each call to the game inside; code that must run fast
//! takes the inner game's own type through [`State::visit`] instead.

use super::{
    Action, ActionList, Bits, Decision, Effects, GameId, GameRules, GameVisitor, IllegalAction,
    Point, RemovalKind, Rules, Side, Status, board, flying, neihuang, wudao,
};

/// A position of any of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    Neihuang(neihuang::State),
    Flying(flying::State),
    Wudao(wudao::State),
}

/// Calls the same method on whichever game is inside: the one place that matches on the game.
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

    /// The position of `game` whose [`Rules::key`] is `key`, if it is one.
    pub fn from_key(game: GameId, key: u128) -> Option<State> {
        Some(match game {
            GameId::Neihuang => State::Neihuang(neihuang::State::from_key(key)?),
            GameId::Flying => State::Flying(flying::State::from_key(key)?),
            GameId::Wudao => State::Wudao(wudao::State::from_key(key)?),
        })
    }

    /// Runs `visitor` on the game inside, as its own type: generic code compiled for each
    /// game, with one dispatch here instead of one per call.
    #[inline]
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        each!(self, s => visitor.visit(s))
    }

    // The [`Rules`] methods most callers use, callable without importing the trait.

    /// Which game this is.
    #[inline]
    pub fn game(&self) -> GameId {
        Rules::game(self)
    }

    /// See [`Rules::to_act`].
    #[inline]
    pub fn to_act(&self) -> Option<Side> {
        Rules::to_act(self)
    }

    /// See [`Rules::decision`].
    #[inline]
    pub fn decision(&self) -> Option<Decision> {
        Rules::decision(self)
    }

    /// See [`Rules::legal_actions`].
    #[inline]
    pub fn legal_actions(&self, out: &mut ActionList) {
        Rules::legal_actions(self, out)
    }

    /// See [`Rules::check`].
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        Rules::check(self, action)
    }

    /// See [`Rules::apply`].
    #[inline]
    pub fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        Rules::apply(self, action)
    }

    /// See [`Rules::apply_unchecked`].
    #[inline]
    pub fn apply_unchecked(&mut self, action: Action) {
        Rules::apply_unchecked(self, action)
    }

    /// See [`Rules::status`].
    #[inline]
    pub fn status(&self) -> Status {
        Rules::status(self)
    }

    /// See [`Rules::boards`].
    #[inline]
    pub fn boards(&self) -> [Bits; 2] {
        Rules::boards(self)
    }

    /// See [`Rules::hands`].
    #[inline]
    pub fn hands(&self) -> [u8; 2] {
        Rules::hands(self)
    }

    /// See [`Rules::key`].
    #[inline]
    pub fn key(&self) -> u128 {
        Rules::key(self)
    }

    /// The legal actions, collected (for the UI and tools; search uses `legal_actions`).
    pub fn legal_vec(&self) -> Vec<Action> {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.to_vec()
    }

    /// The piece on a point, if any.
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        let [b, w] = self.boards();
        if b & board::bit(p) != 0 {
            Some(Side::Black)
        } else if w & board::bit(p) != 0 {
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
        Point::ALL
            .iter()
            .map(|&p| match self.piece_at(p) {
                Some(Side::Black) => 'b',
                Some(Side::White) => 'w',
                None => '.',
            })
            .collect()
    }
}

impl Rules for State {
    fn game(&self) -> GameId {
        each!(self, s => s.game())
    }

    fn to_act(&self) -> Option<Side> {
        each!(self, s => s.to_act())
    }

    fn decision(&self) -> Option<Decision> {
        each!(self, s => s.decision())
    }

    fn legal_actions(&self, out: &mut ActionList) {
        each!(self, s => s.legal_actions(out))
    }

    fn count_actions(&self) -> usize {
        each!(self, s => s.count_actions())
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        each!(self, s => s.check(action))
    }

    fn apply_unchecked(&mut self, action: Action) {
        each!(self, s => s.apply_unchecked(action))
    }

    fn status(&self) -> Status {
        each!(self, s => s.status())
    }

    fn boards(&self) -> [Bits; 2] {
        each!(self, s => s.boards())
    }

    fn hands(&self) -> [u8; 2] {
        each!(self, s => s.hands())
    }

    fn owed(&self) -> u8 {
        each!(self, s => s.owed())
    }

    fn key(&self) -> u128 {
        each!(self, s => s.key())
    }

    fn removal_kind(&self) -> RemovalKind {
        each!(self, s => s.removal_kind())
    }

    fn turn_over_after(&self, actor: Side) -> bool {
        each!(self, s => s.turn_over_after(actor))
    }

    fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        each!(self, s => s.apply(action))
    }
}
