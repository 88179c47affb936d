//! The rules of the three games as pure state machines: no clocks, no threads, no randomness.
//!
//! Each game has a small `Copy` state with legal actions written into a caller's
//! [`ActionList`], a checked [`Rules::apply`] that reports what happened, and an unchecked
//! [`Rules::apply_unchecked`] for search. [`State`] puts the three behind one type that
//! implements [`Rules`] too (and hands the inner game to generic code through
//! [`State::visit`]), and [`Game`] adds the history, undo and the two draw rules that end
//! every game.

pub mod board;
pub mod explain;
pub mod flying;
mod game;
pub mod neihuang;
pub mod notation;
pub mod perft;
pub mod records;
mod state;
pub mod symmetry;
pub mod wudao;

use std::fmt;

pub use board::Bits;
pub use game::{Game, NO_CAPTURE_LIMIT};
pub use state::State;

/// One of the 25 points, `a1` = 0 … `e5` = 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// All 25 points in index order.
    pub const ALL: [Point; 25] = {
        let mut t = [Point(0); 25];
        let mut i = 0;
        while i < 25 {
            t[i] = Point(i as u8);
            i += 1;
        }
        t
    };

    /// The point with this index, if it is on the board.
    pub const fn from_index(index: u8) -> Option<Point> {
        if index < 25 { Some(Point(index)) } else { None }
    }

    pub(crate) const fn from_index_unchecked(index: u8) -> Point {
        Point(index)
    }

    /// The point at a column (0 = `a`) and row (0 = row 1).
    pub const fn at(column: u8, row: u8) -> Option<Point> {
        if column < 5 && row < 5 {
            Some(Point(row * 5 + column))
        } else {
            None
        }
    }

    /// Index 0–24.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0–4 (`a`–`e`).
    pub const fn column(self) -> u8 {
        self.0 % 5
    }

    /// Row 0–4 (row 1 to row 5).
    pub const fn row(self) -> u8 {
        self.0 / 5
    }

    /// Parses `a1` … `e5`.
    pub fn parse(text: &str) -> Option<Point> {
        match text.as_bytes() {
            [c @ b'a'..=b'e', r @ b'1'..=b'5'] => Point::at(c - b'a', r - b'1'),
            _ => None,
        }
    }

    /// Whether two points are orthogonal neighbours.
    pub const fn is_adjacent(self, other: Point) -> bool {
        board::neighbours(board::bit(self)) & board::bit(other) != 0
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

/// One of the two sides.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black, who moves first.
    Black = 0,
    /// White.
    White = 1,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Black => "Black",
            Side::White => "White",
        })
    }
}

/// Which of the three games.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    /// Neihuang Ge Fang Qi.
    Neihuang,
    /// Square Flying Chess.
    Flying,
    /// Wu Dao Qi.
    Wudao,
}

impl GameId {
    /// The three games, in the order the app shows them.
    pub const ALL: [GameId; 3] = [GameId::Neihuang, GameId::Flying, GameId::Wudao];

    /// The id used in records and on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            GameId::Neihuang => "neihuang",
            GameId::Flying => "flying",
            GameId::Wudao => "wudao",
        }
    }

    /// Parses `neihuang`, `flying` or `wudao`.
    pub fn parse(text: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.id() == text)
    }

    /// The game's start position.
    pub fn start(self) -> State {
        State::start(self)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One decision by the side to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Put a piece from hand on an empty point (`c3`).
    Place(Point),
    /// Move a piece (`c2-c4`).
    Move(Point, Point),
    /// Remove a piece (`xc3`): a pull, a capture or a yield, as the phase says.
    Remove(Point),
    /// The turn clock ran out (`timeout`).
    Timeout,
}

impl Action {
    /// How many action codes there are ([`Action::code`] is below this).
    pub const CODES: u16 = 676;

    /// A compact number for the action (below [`Action::CODES`]), for tables and files:
    /// placements 0–24, moves 25–649 (from × 25 + to), removals 650–674, the timeout 675.
    pub const fn code(self) -> u16 {
        match self {
            Action::Place(p) => p.0 as u16,
            Action::Move(from, to) => 25 + from.0 as u16 * 25 + to.0 as u16,
            Action::Remove(p) => 650 + p.0 as u16,
            Action::Timeout => 675,
        }
    }

    /// The action with this code, if it is one.
    pub fn from_code(code: u16) -> Option<Action> {
        let point = |i: u16| Point::from_index(i as u8);
        match code {
            0..25 => point(code).map(Action::Place),
            25..650 => Some(Action::Move(
                point((code - 25) / 25)?,
                point((code - 25) % 25)?,
            )),
            650..675 => point(code - 650).map(Action::Remove),
            675 => Some(Action::Timeout),
            _ => None,
        }
    }
}

/// What the side to act must decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Place a piece from hand.
    Place,
    /// Neihuang: remove any one enemy piece after the board filled.
    Pull,
    /// Move a piece.
    Move,
    /// Neihuang: remove an enemy piece; `owed` captures remain, this one included.
    Capture {
        /// The captures that remain, this one included.
        owed: u8,
    },
    /// Neihuang: remove an own piece next to an enemy piece to give the other side a move.
    Yield,
}

/// How a removal came about, for the log and for animations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemovalKind {
    /// Neihuang: a pull after the board filled.
    Pull,
    /// Neihuang: a capture earned by a shape.
    Capture,
    /// Neihuang: an own piece yielded so that the other side can move.
    Yield,
    /// Wu Dao: captured pieces go back to their owner's hand.
    ReturnToHand,
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// Neihuang: the loser was left with 3 or fewer pieces.
    Reduced {
        /// The pieces the loser has left.
        pieces: u8,
    },
    /// Flying: the loser has no pieces left.
    NoPieces,
    /// Flying: the loser has no legal move.
    NoMoves,
    /// Wu Dao: the board is full and the winner has more pieces on it.
    BoardFull {
        /// Black's pieces on the board.
        black: u8,
        /// White's pieces on the board.
        white: u8,
    },
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position occurred for the third time.
    Repetition,
    /// 100 turns in a row without a capture, pull, yield or flip.
    NoCaptureLimit,
    /// Wu Dao: the board is full with equal counts.
    BoardFullEqual,
}

/// Whether a game goes on, and if not, how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// A side won.
    Won {
        /// The side that won.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// A draw, and why.
    Drawn(DrawReason),
}

impl Status {
    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// The winner, if someone won.
    pub fn winner(self) -> Option<Side> {
        match self {
            Status::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// `black`, `white`, `draw` or `ongoing`, then a short reason, as `replay` prints it.
    pub fn summary(self) -> String {
        match self {
            Status::Ongoing => "ongoing".to_string(),
            Status::Won { winner, reason } => {
                let why = match reason {
                    WinReason::Reduced { pieces } => {
                        format!("{} has {pieces} pieces left", winner.other())
                    }
                    WinReason::NoPieces => format!("{} has no pieces", winner.other()),
                    WinReason::NoMoves => format!("{} has no legal move", winner.other()),
                    WinReason::BoardFull { black, white } => {
                        format!("board full {black}-{white}")
                    }
                };
                format!("{} {why}", winner.name())
            }
            Status::Drawn(reason) => match reason {
                DrawReason::Repetition => "draw repetition".to_string(),
                DrawReason::NoCaptureLimit => "draw no-capture limit".to_string(),
                DrawReason::BoardFullEqual => "draw board full".to_string(),
            },
        }
    }
}

/// Why an action cannot be played. Each has a plain `Display` and is mapped to a translated
/// message by the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// The action is of the wrong kind for this decision.
    WrongKind {
        /// The kind of action the decision asks for.
        expected: Decision,
    },
    /// Placing on an occupied point.
    Occupied(Point),
    /// Placing with no pieces in hand.
    EmptyHand,
    /// Moving or yielding from an empty point.
    NoPiece(Point),
    /// Moving or yielding a piece of the other side.
    NotYourPiece(Point),
    /// A move whose destination is occupied.
    DestinationOccupied(Point),
    /// A move that does not go anywhere.
    SamePoint,
    /// Neihuang: a move that is not a step to an adjacent point.
    NotAStep,
    /// Flying: a move that is not along a row or column.
    NotStraight,
    /// Flying: a piece stands in the way.
    PathBlocked(Point),
    /// Pulls and captures take an enemy piece; this point holds none.
    NotEnemyPiece(Point),
    /// A yield must take an own piece next to an enemy piece.
    CannotYield(Point),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::WrongKind { expected } => f.write_str(match expected {
                Decision::Place => "a placement is expected here",
                Decision::Pull => "a pull of an enemy piece is expected here",
                Decision::Move => "a move is expected here",
                Decision::Capture { .. } => "a capture of an enemy piece is expected here",
                Decision::Yield => "a yield of an own piece is expected here",
            }),
            IllegalAction::Occupied(p) => write!(f, "{p} is occupied"),
            IllegalAction::EmptyHand => f.write_str("no pieces left in hand"),
            IllegalAction::NoPiece(p) => write!(f, "there is no piece on {p}"),
            IllegalAction::NotYourPiece(p) => write!(f, "the piece on {p} is not yours"),
            IllegalAction::DestinationOccupied(p) => write!(f, "{p} is occupied"),
            IllegalAction::SamePoint => f.write_str("a move must go somewhere"),
            IllegalAction::NotAStep => f.write_str("not a step to an adjacent point"),
            IllegalAction::NotStraight => f.write_str("not along a row or column"),
            IllegalAction::PathBlocked(p) => write!(f, "the way is blocked at {p}"),
            IllegalAction::NotEnemyPiece(p) => write!(f, "there is no enemy piece on {p}"),
            IllegalAction::CannotYield(p) => write!(
                f,
                "{p} cannot be yielded: it must be your own piece next to an enemy piece"
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}

/// Room for every legal action of any position (the most any game can have is 80).
pub const MAX_ACTIONS: usize = 96;

/// A fixed-capacity list of actions, filled by `legal_actions` without allocating.
#[derive(Clone, Copy)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl ActionList {
    /// An empty list.
    pub const fn new() -> ActionList {
        ActionList {
            len: 0,
            items: [Action::Timeout; MAX_ACTIONS],
        }
    }

    #[inline]
    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    /// Adds an action at the end.
    pub fn push(&mut self, action: Action) {
        debug_assert!(self.len < MAX_ACTIONS);
        self.items[self.len] = action;
        self.len += 1;
    }

    #[inline]
    /// The number of actions.
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    /// Whether the list holds no action.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    /// The actions, in order.
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }

    #[inline]
    /// The actions, in order, to reorder in place.
    pub fn as_mut_slice(&mut self) -> &mut [Action] {
        &mut self.items[..self.len]
    }

    /// Whether the list holds `action`.
    pub fn contains(&self, action: Action) -> bool {
        self.as_slice().contains(&action)
    }
}

impl Default for ActionList {
    fn default() -> Self {
        ActionList::new()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// What an applied action did, for the log, the animations and the draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effects {
    /// The side that acted.
    pub actor: Side,
    /// The action applied.
    pub action: Action,
    /// Points whose piece left the board (pulled, captured, yielded, returned to hand).
    pub removed: Bits,
    /// Whose pieces were removed (all removals of one action belong to one side).
    pub removed_owner: Option<Side>,
    /// How they were removed.
    pub removal: Option<RemovalKind>,
    /// Points whose piece changed colour.
    pub flipped: Bits,
    /// Neihuang: captures owed by the actor after this action.
    pub owed: u8,
    /// Neihuang: captures forfeited by a timeout.
    pub forfeited: u8,
    /// The side to act next, if the game goes on.
    pub to_act: Option<Side>,
    /// Whether this action ended the actor's turn.
    pub turn_over: bool,
    /// The game's own status after the action (the draw rules are [`Game`]'s).
    pub status: Status,
}

impl Effects {
    /// Whether a piece was captured, pulled, yielded or flipped.
    pub fn changed_material(&self) -> bool {
        self.removed != 0 || self.flipped != 0
    }
}

/// A position under the rules: what each game's state and [`State`] (any of the three) all
/// offer, so that perft, search and the app are written once.
///
/// Generic code that must run fast (perft, search) takes a [`GameRules`] type, one game at a
/// time, and reaches it from a [`State`] through [`State::visit`].
pub trait Rules: Copy + Eq + std::hash::Hash + fmt::Debug + Send + 'static {
    /// Which game this position is of.
    fn game(&self) -> GameId;
    /// The side that makes the next decision, or `None` when the game is over.
    fn to_act(&self) -> Option<Side>;
    /// What the side to act must decide, or `None` when the game is over.
    fn decision(&self) -> Option<Decision>;
    /// Writes every legal action except `timeout` into `out` (cleared first).
    fn legal_actions(&self, out: &mut ActionList);
    /// The number of legal actions (what `legal_actions` would write), for perft's last level.
    fn count_actions(&self) -> usize {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.len()
    }
    /// Checks an action against the rules without applying it.
    fn check(&self, action: Action) -> Result<(), IllegalAction>;
    /// Applies an action that is known to be legal (from `legal_actions`, or `Timeout` in an
    /// unfinished game). Does not allocate.
    fn apply_unchecked(&mut self, action: Action);
    /// The game's own status (not the draw rules).
    fn status(&self) -> Status;
    /// Black's and White's pieces on the board.
    fn boards(&self) -> [Bits; 2];
    /// Pieces in hand for Black and White.
    fn hands(&self) -> [u8; 2];
    /// Captures still owed by the side to act.
    fn owed(&self) -> u8 {
        match self.decision() {
            Some(Decision::Capture { owed }) => owed,
            _ => 0,
        }
    }
    /// The position as the repetition rule sees it: board, hands, side to act, phase,
    /// captures owed and (Neihuang) whether a yield is owed.
    fn key(&self) -> u128;
    /// How the removal of an enemy piece in this state's decision counts.
    fn removal_kind(&self) -> RemovalKind;

    /// Whether the turn of `actor`, who just acted, is over in this (following) state: it
    /// goes on only while the same side still owes captures or a yield.
    fn turn_over_after(&self, actor: Side) -> bool {
        !(self.to_act() == Some(actor)
            && matches!(
                self.decision(),
                Some(Decision::Capture { .. } | Decision::Yield)
            ))
    }

    /// Checks and applies an action, reporting what happened.
    fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        let actor = self.to_act().ok_or(IllegalAction::GameOver)?;
        if action != Action::Timeout {
            self.check(action)?;
        }
        let owed_before = self.owed();
        let before = *self;
        self.apply_unchecked(action);
        Ok(effects(&before, self, actor, action, owed_before))
    }
}

/// The rules of one particular game: its position type knows its id and start position.
/// Implemented by `neihuang::State`, `flying::State` and `wudao::State`.
pub trait GameRules: Rules {
    /// The game.
    const ID: GameId;
    /// The start position.
    fn start() -> Self;
}

/// The position of one particular game after `moves` (in notation) from the start, each
/// checked: for tests that set up a position.
#[cfg(test)]
pub(crate) fn played<R: GameRules>(moves: &[&str]) -> R {
    let mut state = R::start();
    for m in moves {
        let action = Action::parse(m).expect("notation");
        state.check(action).expect("legal");
        state.apply_unchecked(action);
    }
    state
}

/// Code that runs on the position of one particular game, compiled once per game (so the
/// compiler sees the concrete rules), handed the inner state by [`State::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the inner state.
    fn visit<R: GameRules>(self, state: &R) -> Self::Output;
}

fn effects<R: Rules>(before: &R, after: &R, actor: Side, action: Action, owed: u8) -> Effects {
    let [b0, w0] = before.boards();
    let [b1, w1] = after.boards();
    let mut vacated = (b0 | w0) & !(b1 | w1);
    if let Action::Move(from, _) = action {
        vacated &= !board::bit(from);
    }
    let removed_owner = if vacated == 0 {
        None
    } else if vacated & b0 != 0 {
        Some(Side::Black)
    } else {
        Some(Side::White)
    };
    let removal = removed_owner.map(|owner| {
        if owner == actor {
            RemovalKind::Yield
        } else {
            before.removal_kind()
        }
    });
    let owed_after = if after.to_act() == Some(actor) {
        after.owed()
    } else {
        0
    };
    Effects {
        actor,
        action,
        removed: vacated,
        removed_owner,
        removal,
        flipped: (b0 & w1) | (w0 & b1),
        owed: owed_after,
        forfeited: if action == Action::Timeout { owed } else { 0 },
        to_act: after.to_act(),
        turn_over: after.turn_over_after(actor),
        status: after.status(),
    }
}
