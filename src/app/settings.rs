//! What the app keeps between runs: the settings, the game in progress and the statistics, as
//! plain serde types written to versioned JSON by [`crate::app::storage`].
//!
//! Every struct is `#[serde(default)]`, so a file written by an older version, or edited by
//! hand with fields left out, still loads with the missing fields at their defaults; unknown
//! fields are ignored. A file whose `version` is newer than this build knows is refused by the
//! store (and set aside), because its fields may mean something else.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::app::i18n::Language;
use crate::app::rating::{PlayerRating, Unrated};
use crate::echo::quoted;
use crate::rules::records::{Metadata, Player, Record, RecordError};
use crate::rules::{Action, Game, GameId, Side};

/// The version of `settings.json` this build writes and the newest it reads.
pub const SETTINGS_VERSION: u32 = 1;
/// The version of the saved game file this build writes and the newest it reads.
pub const SAVED_GAME_VERSION: u32 = 1;
/// The version of the statistics file this build writes and the newest it reads.
pub const STATS_VERSION: u32 = 1;

/// How long each turn may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ClockSetting {
    /// 30 seconds a turn.
    #[serde(rename = "30")]
    S30,
    /// 60 seconds a turn (the default).
    #[default]
    #[serde(rename = "60")]
    S60,
    /// 120 seconds a turn.
    #[serde(rename = "120")]
    S120,
    /// No turn clock.
    #[serde(rename = "off")]
    Off,
}

impl ClockSetting {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [ClockSetting; 4] = [
        ClockSetting::S30,
        ClockSetting::S60,
        ClockSetting::S120,
        ClockSetting::Off,
    ];

    /// The length of a turn in seconds, or `None` when the clock is off.
    pub const fn seconds(self) -> Option<u32> {
        match self {
            ClockSetting::S30 => Some(30),
            ClockSetting::S60 => Some(60),
            ClockSetting::S120 => Some(120),
            ClockSetting::Off => None,
        }
    }
}

/// Which side the human takes against the computer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    /// The person plays Black.
    #[default]
    Black,
    /// The person plays White.
    White,
    /// Drawn at the start of each game.
    Random,
}

impl SideChoice {
    /// Every choice, in the order the setup screen offers them.
    pub const ALL: [SideChoice; 3] = [SideChoice::Black, SideChoice::White, SideChoice::Random];

    /// The side this choice names, or `None` for [`SideChoice::Random`].
    pub const fn side(self) -> Option<Side> {
        match self {
            SideChoice::Black => Some(Side::Black),
            SideChoice::White => Some(Side::White),
            SideChoice::Random => None,
        }
    }
}

/// Who plays against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// Two people at one screen (hot seat).
    Human,
    /// A person against the computer.
    Computer {
        /// The computer's level.
        level: Level,
        /// The person's side.
        side: SideChoice,
    },
    /// The computer against itself.
    Watch {
        /// Black's level.
        black: Level,
        /// White's level.
        white: Level,
    },
}

impl Opponent {
    /// The computer's level for `side`, if the computer plays that side. For
    /// [`Opponent::Computer`], `human_side` is the side the person plays.
    pub fn level_of(self, side: Side, human_side: Option<Side>) -> Option<Level> {
        match self {
            Opponent::Human => None,
            Opponent::Computer { level, .. } => (human_side != Some(side)).then_some(level),
            Opponent::Watch { black, white } => Some(match side {
                Side::Black => black,
                Side::White => white,
            }),
        }
    }
}

impl Opponent {
    /// The computer's level (Black's when it plays both sides), if it plays.
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Human => None,
            Opponent::Computer { level, .. } => Some(level),
            Opponent::Watch { black, .. } => Some(black),
        }
    }

    /// Sets the computer's level for `side` (`None`: the single computer opponent); returns
    /// whether there is a computer to change.
    pub fn set_level(&mut self, side: Option<Side>, level: Level) -> bool {
        match self {
            Opponent::Computer { level: l, .. } => *l = level,
            Opponent::Watch { black, white } => match side {
                Some(Side::White) => *white = level,
                _ => *black = level,
            },
            Opponent::Human => return false,
        }
        true
    }

    /// The same opponent with its levels as `game` offers them (a level another game offers
    /// and this one does not stands for the offered level below it).
    pub fn in_game(self, game: GameId) -> Opponent {
        match self {
            Opponent::Computer { level, side } => Opponent::Computer {
                level: level.in_game(game),
                side,
            },
            Opponent::Watch { black, white } => Opponent::Watch {
                black: black.in_game(game),
                white: white.in_game(game),
            },
            Opponent::Human => Opponent::Human,
        }
    }
}

/// The choices made on the new-game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// The game.
    pub game: GameId,
    /// Who plays it.
    pub opponent: Opponent,
    /// The turn clock.
    pub clock: ClockSetting,
}

impl Default for Setup {
    /// Neihuang against the computer at its weakest level, the person playing Black, 60
    /// seconds a turn.
    fn default() -> Self {
        Setup {
            game: GameId::Neihuang,
            opponent: Opponent::Computer {
                level: Level::Beginner,
                side: SideChoice::Black,
            },
            clock: ClockSetting::S60,
        }
    }
}

impl ClockSetting {
    /// The clock as a record's metadata names it: seconds a turn (`60`), or `off`.
    pub fn record_id(self) -> String {
        match self.seconds() {
            Some(s) => s.to_string(),
            None => "off".to_string(),
        }
    }
}

/// The name a record gives a person who gave none.
pub const UNNAMED_PLAYER: &str = "Player";
/// The name a record gives the computer.
pub const COMPUTER_PLAYER: &str = "Computer";
/// The most characters a player's name keeps.
pub const MAX_NAME_CHARS: usize = 24;

/// The names people play under, remembered between games: the person's own against the
/// computer, and Black's and White's when two people share this computer. An empty name
/// means none was given (the interface then says "You", "Black" or "White").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerNames {
    /// The person's name against the computer.
    pub you: String,
    /// Black's name in a game between two people.
    pub black: String,
    /// White's name in a game between two people.
    pub white: String,
}

impl PlayerNames {
    /// The names as they are kept: each on one line, without control characters or spaces
    /// at its ends, and at most [`MAX_NAME_CHARS`] characters long.
    pub fn cleaned(&self) -> PlayerNames {
        PlayerNames {
            you: clean_name(&self.you),
            black: clean_name(&self.black),
            white: clean_name(&self.white),
        }
    }

    /// The name of the person playing `side` in a game with `opponent` (`human_side`: the
    /// person's side against the computer), if one was given.
    pub fn of(&self, opponent: Opponent, human_side: Option<Side>, side: Side) -> Option<&str> {
        let name = match opponent {
            Opponent::Human => match side {
                Side::Black => &self.black,
                Side::White => &self.white,
            },
            Opponent::Computer { .. } if human_side == Some(side) => &self.you,
            _ => return None,
        };
        (!name.is_empty()).then_some(name.as_str())
    }

    /// The names a record gives its players, as they would be typed again: a computer and a
    /// person who gave no name leave theirs empty.
    pub fn of_record(
        metadata: &Metadata,
        opponent: Opponent,
        human_side: Option<Side>,
    ) -> PlayerNames {
        let name = |player: &Option<Player>| {
            player
                .as_ref()
                .filter(|p| p.level.is_none())
                .and_then(|p| p.name.as_deref())
                .filter(|n| *n != UNNAMED_PLAYER && *n != COMPUTER_PLAYER)
                .map(clean_name)
                .unwrap_or_default()
        };
        let (black, white) = (name(&metadata.black), name(&metadata.white));
        match (opponent, human_side) {
            (Opponent::Computer { .. }, Some(Side::Black)) => PlayerNames {
                you: black,
                ..PlayerNames::default()
            },
            (Opponent::Computer { .. }, Some(Side::White)) => PlayerNames {
                you: white,
                ..PlayerNames::default()
            },
            (Opponent::Human, _) => PlayerNames {
                black,
                white,
                ..PlayerNames::default()
            },
            _ => PlayerNames::default(),
        }
    }
}

/// A name as it is kept: on one line, trimmed, at most [`MAX_NAME_CHARS`] characters.
pub fn clean_name(name: &str) -> String {
    let one_line: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    one_line
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

impl Setup {
    /// The players of a game with this setup, for a record's metadata: `Player` for a
    /// person, `Computer` with its level for the computer. `human_side` is the side the person
    /// plays against the computer.
    pub fn players(&self, human_side: Option<Side>) -> Metadata {
        self.metadata(human_side, &PlayerNames::default())
    }

    /// A record's metadata for a game with this setup: the players, a person under the name
    /// `names` give (else `Player`), the computer with its level, and the clock.
    pub fn metadata(&self, human_side: Option<Side>, names: &PlayerNames) -> Metadata {
        let player = |side: Side| match self.opponent.level_of(side, human_side) {
            Some(level) => Player {
                name: Some(COMPUTER_PLAYER.to_string()),
                level: Some(level.id().to_string()),
                rating: crate::arena::ladder::rating_of(self.game, level),
            },
            None => Player {
                name: Some(
                    names
                        .of(self.opponent, human_side, side)
                        .unwrap_or(UNNAMED_PLAYER)
                        .to_string(),
                ),
                level: None,
                rating: None,
            },
        };
        Metadata {
            black: Some(player(Side::Black)),
            white: Some(player(Side::White)),
            clock: Some(self.clock.record_id()),
            ..Metadata::default()
        }
    }
}

/// Who played a recorded game, read back from the players [`Setup::metadata`] writes: the
/// opponent and the person's side against the computer. A player without a level is a
/// person, whatever their name. `None` when the record does not say, or has the computer
/// play at a level not offered.
pub fn opponent_of(metadata: &Metadata) -> Option<(Opponent, Option<Side>)> {
    // A side's player: `None` for a person, the level for the computer.
    let played_by = |player: &Option<Player>| -> Option<Option<Level>> {
        let player = player.as_ref()?;
        match (player.level.as_deref(), player.name.as_deref()) {
            (Some(id), _) => Level::parse(id)
                .filter(|l| Level::PLAYABLE.contains(l))
                .map(Some),
            (None, Some(COMPUTER_PLAYER) | None) => None,
            (None, Some(_)) => Some(None),
        }
    };
    let against = |level, side| {
        let choice = match side {
            Side::Black => SideChoice::Black,
            Side::White => SideChoice::White,
        };
        Some((
            Opponent::Computer {
                level,
                side: choice,
            },
            Some(side),
        ))
    };
    match (played_by(&metadata.black)?, played_by(&metadata.white)?) {
        (None, None) => Some((Opponent::Human, None)),
        (Some(black), Some(white)) => Some((Opponent::Watch { black, white }, None)),
        (None, Some(level)) => against(level, Side::Black),
        (Some(level), None) => against(level, Side::White),
    }
}

/// Which colours the app wears.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// Light or dark as the system prefers (light when it does not say).
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl ThemeChoice {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];
}

/// How the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardStyle {
    /// Wood with a grain, its lines and letters in a dark brown.
    #[default]
    Wood,
    /// A flat, light board with thick black lines: the most contrast.
    Plain,
}

impl BoardStyle {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [BoardStyle; 2] = [BoardStyle::Wood, BoardStyle::Plain];
}

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Black and white stones.
    #[default]
    Stones,
    /// Dark blue pieces marked with a diamond and light amber ones marked with a ring: told
    /// apart by their marks and their lightness as well as their colour.
    Marked,
}

impl PieceStyle {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Stones, PieceStyle::Marked];
}

/// How quickly pieces move, flip and disappear when animations are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    /// Half as long as usual.
    Fast,
    /// The usual pace.
    #[default]
    Normal,
    /// Twice as long as usual.
    Slow,
}

impl AnimationSpeed {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [AnimationSpeed; 3] = [
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ];

    /// How much longer than usual an animation (and the pause between the computer's
    /// actions) lasts.
    pub const fn pace(self) -> f64 {
        match self {
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Slow => 2.0,
        }
    }
}

/// How large the interface's text is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TextSize {
    /// The usual size.
    #[default]
    Normal,
    /// A sixth larger.
    Large,
    /// A third larger.
    Largest,
}

impl TextSize {
    /// Every choice, in the order the settings offer them.
    pub const ALL: [TextSize; 3] = [TextSize::Normal, TextSize::Large, TextSize::Largest];

    /// How much larger than usual the text is drawn.
    pub const fn scale(self) -> f32 {
        match self {
            TextSize::Normal => 1.0,
            TextSize::Large => 1.16,
            TextSize::Largest => 1.32,
        }
    }
}

/// The volume when the settings do not say.
pub const DEFAULT_VOLUME: u8 = 70;

/// Reads a volume, bringing a number out of range (or not a whole number) back within 0 to
/// 100 instead of refusing the whole file for it.
fn volume_within_range<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = f64::deserialize(d)?;
    Ok(if v.is_nan() {
        DEFAULT_VOLUME
    } else {
        v.clamp(0.0, 100.0).round() as u8
    })
}

/// Reads a choice, taking the usual one for a value this version does not know (a style a
/// newer version added) instead of refusing the whole file for it.
fn known_or_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    let value = serde_json::Value::deserialize(d)?;
    Ok(T::deserialize(value).unwrap_or_default())
}

/// A value this version knows, or nothing.
#[derive(Deserialize)]
#[serde(untagged)]
enum Known<T> {
    Value(T),
    Other(serde::de::IgnoredAny),
}

impl<T> Known<T> {
    fn value(self) -> Option<T> {
        match self {
            Known::Value(v) => Some(v),
            Known::Other(_) => None,
        }
    }
}

/// Reads an optional value, taking one this version does not know (a later version's reason,
/// say) for none instead of refusing the whole file for it.
fn known_or_none<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Known<T>>::deserialize(d)?.and_then(Known::value))
}

/// Reads the levels last played in each game, leaving out an entry for a game or a level this
/// version does not know, or a level not offered in its game.
fn known_levels<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<GameId, Level>, D::Error> {
    let entries = BTreeMap::<String, Known<Level>>::deserialize(d)?;
    Ok(entries
        .into_iter()
        .filter_map(|(game, level)| Some((GameId::parse(&game)?, level.value()?)))
        .filter(|(game, level)| level.is_offered(*game))
        .collect())
}

/// The app's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The file format version ([`SETTINGS_VERSION`]).
    pub version: u32,
    /// The language of the interface; `None` follows the system.
    pub language: Option<Language>,
    /// Whether pieces move, flip and disappear with animations.
    pub animations: bool,
    /// Whether the board is shown with White at the bottom.
    pub flip_board: bool,
    /// Whether the letters and numbers of the points are shown around the board.
    pub show_coordinates: bool,
    /// Whether the turn clock and the computer wait while the window is not focused.
    pub pause_in_background: bool,
    /// The setup of the last game started, offered again on the new-game screen.
    pub last_setup: Setup,
    /// The online server's address as the person typed it last (empty: the usual one, on
    /// this computer; the web page always uses its own).
    pub server: String,
    /// The side the person last took against the computer, offered again when the computer
    /// is chosen (after a game between two people too).
    #[serde(deserialize_with = "known_or_default")]
    pub side: SideChoice,
    /// The level last played against the computer in each game, offered again for it.
    #[serde(deserialize_with = "known_levels")]
    pub levels: BTreeMap<GameId, Level>,
    /// The window's inner size in points, as it was when the app last closed.
    pub window_size: Option<[f32; 2]>,
    /// Whether the user said "not now" to building the Flying table when Master first played
    /// Flying without it (it is then only offered in the settings).
    pub table_offer_declined: bool,
    /// The names people play under.
    pub names: PlayerNames,
    /// How long each action takes when the computer plays itself, in milliseconds.
    pub watch_pace_ms: u32,
    /// Whether the game makes its sounds.
    pub sound: bool,
    /// How loud they are, from 0 to 100.
    #[serde(deserialize_with = "volume_within_range")]
    pub volume: u8,
    /// Light, dark, or as the system prefers.
    pub theme: ThemeChoice,
    /// How the board is drawn.
    #[serde(deserialize_with = "known_or_default")]
    pub board_style: BoardStyle,
    /// How the pieces are drawn.
    #[serde(deserialize_with = "known_or_default")]
    pub piece_style: PieceStyle,
    /// How quickly the animations play (when [`Settings::animations`] are on).
    #[serde(deserialize_with = "known_or_default")]
    pub animation_speed: AnimationSpeed,
    /// How large the text is.
    #[serde(deserialize_with = "known_or_default")]
    pub text_size: TextSize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            language: None,
            animations: true,
            flip_board: false,
            show_coordinates: true,
            pause_in_background: true,
            last_setup: Setup::default(),
            server: String::new(),
            side: SideChoice::Black,
            levels: BTreeMap::new(),
            window_size: None,
            table_offer_declined: false,
            names: PlayerNames::default(),
            watch_pace_ms: DEFAULT_WATCH_PACE_MS,
            sound: true,
            volume: DEFAULT_VOLUME,
            theme: ThemeChoice::System,
            board_style: BoardStyle::Wood,
            piece_style: PieceStyle::Stones,
            animation_speed: AnimationSpeed::Normal,
            text_size: TextSize::Normal,
        }
    }
}

/// The slowest and the quickest pace of a game the computer plays itself, and the usual
/// one, in milliseconds an action.
pub const WATCH_PACE_MS: std::ops::RangeInclusive<u32> = 500..=5000;
/// See [`WATCH_PACE_MS`].
pub const DEFAULT_WATCH_PACE_MS: u32 = 1500;

/// Why the new-game dialog offers the level it starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelOffered {
    /// The level last played against the computer in this game.
    Last,
    /// The person has not played this game against the computer: the weakest level.
    Newcomer,
    /// No level is remembered for this game: the one nearest the person's rating in it.
    Rating,
}

impl Settings {
    /// The level to offer against the computer in `game` and why: the one last played in it;
    /// for someone who has never finished a game of it against the computer, the weakest; else
    /// (a level not remembered) the one nearest their rating in it, or the weakest.
    pub fn level_offered(&self, stats: &Stats, game: GameId) -> (Level, LevelOffered) {
        let weakest = Level::offered(game)[0];
        if let Some(level) = self.levels.get(&game) {
            return (level.in_game(game), LevelOffered::Last);
        }
        let rating = stats.rating(game);
        if stats.total(game).games() == 0 && rating.is_none() {
            return (weakest, LevelOffered::Newcomer);
        }
        // What an earlier version remembered: the last game's level, for every game.
        if let (true, Opponent::Computer { level, .. }) =
            (self.last_setup.game == game, self.last_setup.opponent)
        {
            return (level.in_game(game), LevelOffered::Last);
        }
        match rating.and_then(|r| crate::app::rating::nearest_level(game, r.now.rating)) {
            Some(level) => (level, LevelOffered::Rating),
            None => (weakest, LevelOffered::Last),
        }
    }

    /// The game "Play again" starts on `game`'s card once a game of it has been finished: the
    /// last one started, if it was of `game`; else the computer at the level last played in
    /// `game`, the person on the side last taken, on the last clock. `None` before a game of
    /// it has been finished.
    pub fn again(&self, stats: &Stats, game: GameId) -> Option<Setup> {
        if stats.total(game).games() == 0 {
            return None;
        }
        if self.last_setup.game == game {
            return Some(self.last_setup);
        }
        let opponent = match self.levels.get(&game) {
            Some(level) => Opponent::Computer {
                level: level.in_game(game),
                side: self.side,
            },
            None => Opponent::Human,
        };
        Some(Setup {
            game,
            opponent,
            clock: self.last_setup.clock,
        })
    }

    /// Remembers `level` as the one last played against the computer in `game`.
    pub fn remember_level(&mut self, game: GameId, level: Level) {
        if level.is_offered(game) {
            self.levels.insert(game, level);
        }
    }

    /// The animations' speed, or `None` when they are off.
    pub fn animation(&self) -> Option<AnimationSpeed> {
        self.animations.then_some(self.animation_speed)
    }

    /// The pace of a watched game, within [`WATCH_PACE_MS`] whatever the file says.
    pub fn watch_pace(&self) -> std::time::Duration {
        let ms = self
            .watch_pace_ms
            .clamp(*WATCH_PACE_MS.start(), *WATCH_PACE_MS.end());
        std::time::Duration::from_millis(u64::from(ms))
    }
}

/// The game in progress, kept so that it can be resumed after the app closes.
///
/// The setup and the record are required: without them there is no game to resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The file format version ([`SAVED_GAME_VERSION`]).
    #[serde(default = "saved_game_version")]
    pub version: u32,
    /// How the game was set up.
    pub setup: Setup,
    /// The person's side when playing the computer, resolved from the [`SideChoice`].
    #[serde(default)]
    pub human_side: Option<Side>,
    /// The actions so far; replaying them gives the position.
    pub record: Record,
    /// Milliseconds left on the clock of the turn in progress.
    #[serde(default)]
    pub clock_remaining_ms: Option<u64>,
    /// Actions undone that redo can bring back, in the notation, in the order they were given
    /// to [`SavedGame::new`].
    #[serde(default)]
    pub redo: Vec<String>,
    /// Whether the game is not rated (as earlier versions wrote it, without the reason; still
    /// written, for them).
    #[serde(default)]
    pub assisted: bool,
    /// Why the game is not rated, if something made it so (a hint, a take-back …): it then
    /// counts in the results but not in the person's rating.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "known_or_none"
    )]
    pub unrated: Option<Unrated>,
}

fn saved_game_version() -> u32 {
    SAVED_GAME_VERSION
}

impl SavedGame {
    /// The saved form of a game in progress. The record's metadata names the players.
    pub fn new(
        setup: Setup,
        human_side: Option<Side>,
        game: &Game,
        clock_remaining_ms: Option<u64>,
        redo: &[Action],
    ) -> SavedGame {
        SavedGame {
            version: SAVED_GAME_VERSION,
            setup,
            human_side,
            record: Record::of_game(game, setup.metadata(human_side, &PlayerNames::default())),
            clock_remaining_ms,
            redo: redo.iter().map(|a| a.to_string()).collect(),
            assisted: false,
            unrated: None,
        }
    }

    /// The same, its record naming the players as `names` do.
    pub fn with_names(mut self, names: &PlayerNames) -> SavedGame {
        let result = self.record.metadata.result.take();
        self.record.metadata = self.setup.metadata(self.human_side, names);
        self.record.metadata.result = result;
        self
    }

    /// The same, saying why the game is not rated, if it is not.
    pub fn unrated(mut self, unrated: Option<Unrated>) -> SavedGame {
        self.unrated = unrated;
        self.assisted = unrated.is_some();
        self
    }

    /// Why the game is not rated: as saved, or, from an earlier version that only said that
    /// the person had help, [`Unrated::Help`].
    pub fn unrated_reason(&self) -> Option<Unrated> {
        self.unrated
            .or_else(|| self.assisted.then_some(Unrated::Help))
    }

    /// The names its record gives the people who play it.
    pub fn names(&self) -> PlayerNames {
        PlayerNames::of_record(&self.record.metadata, self.setup.opponent, self.human_side)
    }

    /// Replays the record under the full rules and parses the redo list, in the order it was
    /// saved. Fails if the record is not a Sanqi record of this version or does not replay,
    /// if it is of another game than the setup says, if the game is already over (there is
    /// nothing to resume), or if a redo entry is not an action. Whether the redo actions are
    /// legal is checked when they are played.
    pub fn restore(&self) -> Result<(Game, Vec<Action>), SavedGameError> {
        self.record.check_header().map_err(SavedGameError::Record)?;
        let game = self.record.replay().map_err(SavedGameError::Record)?;
        if game.id() != self.setup.game {
            return Err(SavedGameError::OtherGame {
                record: game.id(),
                setup: self.setup.game,
            });
        }
        if game.status().is_over() {
            return Err(SavedGameError::Finished);
        }
        let redo = self
            .redo
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Action::parse(text).map_err(|_| SavedGameError::Redo {
                    index: i + 1,
                    text: text.clone(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((game, redo))
    }
}

/// Why a saved game cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedGameError {
    /// The record is not a Sanqi record of this version, or it does not replay.
    Record(RecordError),
    /// The record is of another game than the setup says.
    OtherGame {
        /// The record's game.
        record: GameId,
        /// The setup's game.
        setup: GameId,
    },
    /// The game is already over.
    Finished,
    /// Redo entry `index` (from 1) is not an action in the notation.
    Redo {
        /// Its place, from 1.
        index: usize,
        /// What it says.
        text: String,
    },
}

impl fmt::Display for SavedGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedGameError::Record(e) => e.fmt(f),
            SavedGameError::OtherGame { record, setup } => write!(
                f,
                "the record is of `{record}` but the game was set up as `{setup}`"
            ),
            SavedGameError::Finished => f.write_str("the game is already over"),
            SavedGameError::Redo { index, text } => write!(
                f,
                "redo action {index} {}: not an action in the notation",
                quoted(text)
            ),
        }
    }
}

impl std::error::Error for SavedGameError {}

/// Wins, losses and draws against one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// The number of games counted.
    pub const fn games(&self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    /// One game that ended so.
    pub const fn of(outcome: Outcome) -> Tally {
        match outcome {
            Outcome::Win => Tally {
                wins: 1,
                losses: 0,
                draws: 0,
            },
            Outcome::Loss => Tally {
                wins: 0,
                losses: 1,
                draws: 0,
            },
            Outcome::Draw => Tally {
                wins: 0,
                losses: 0,
                draws: 1,
            },
        }
    }

    /// The share of the points won (a draw is half a point), from 0 to 1; `None` before
    /// any game.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games))
    }

    /// Adds another's counts to these.
    pub fn add(&mut self, other: Tally) {
        self.wins = self.wins.saturating_add(other.wins);
        self.losses = self.losses.saturating_add(other.losses);
        self.draws = self.draws.saturating_add(other.draws);
    }
}

/// How a finished game went, from the person's point of view (Black's in a hot-seat game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The person won.
    Win,
    /// The person lost.
    Loss,
    /// A draw.
    Draw,
}

/// How a side is named in the statistics' keys.
fn side_key(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

impl Outcome {
    /// The score it stands for: 1 a win, 0.5 a draw, 0 a loss.
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// Results of finished games, per game and opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// The file format version ([`STATS_VERSION`]).
    pub version: u32,
    /// Keyed `game/opponent`, such as `flying/hard` or `wudao/human`.
    pub tallies: BTreeMap<String, Tally>,
    /// The person's rating in each game, keyed by the game's id (see [`super::rating`]).
    pub ratings: BTreeMap<String, PlayerRating>,
    /// The same games as [`Stats::tallies`] by the side the person played, keyed
    /// `game/side`, such as `wudao/white` (counted from the version that added it on).
    pub sides: BTreeMap<String, Tally>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            tallies: BTreeMap::new(),
            ratings: BTreeMap::new(),
            sides: BTreeMap::new(),
        }
    }
}

impl Stats {
    /// The opponent name under which earlier versions counted hot-seat games. Those games
    /// are no longer counted (they are not the person's own results), and [`Stats::total`]
    /// leaves out what an older file holds under this name.
    pub const HUMAN: &'static str = "human";

    fn key(game: GameId, opponent: &str) -> String {
        format!("{}/{opponent}", game.id())
    }

    /// Counts a finished game against the computer: `opponent` is its level id (`easy` …
    /// `expert`) and `outcome` is from the person's point of view.
    pub fn record(&mut self, game: GameId, opponent: &str, outcome: Outcome) {
        let tally = self.tallies.entry(Stats::key(game, opponent)).or_default();
        let count = match outcome {
            Outcome::Win => &mut tally.wins,
            Outcome::Loss => &mut tally.losses,
            Outcome::Draw => &mut tally.draws,
        };
        *count = count.saturating_add(1);
    }

    /// Counts a finished game against the computer by the side the person played (as
    /// [`Stats::record`] counts it by level).
    pub fn record_side(&mut self, game: GameId, side: Side, outcome: Outcome) {
        let key = format!("{}/{}", game.id(), side_key(side));
        let tally = self.sides.entry(key).or_default();
        tally.add(Tally::of(outcome));
    }

    /// The person's results in one game against the computer when playing `side`.
    pub fn side_tally(&self, game: GameId, side: Side) -> Tally {
        self.sides
            .get(&format!("{}/{}", game.id(), side_key(side)))
            .copied()
            .unwrap_or_default()
    }

    /// The person's rating in `game`, if a game of theirs has been rated.
    pub fn rating(&self, game: GameId) -> Option<&PlayerRating> {
        self.ratings.get(game.id()).filter(|r| r.games > 0)
    }

    /// Rates a finished game against `level` (see [`super::rating`] for which games count),
    /// at `time` (seconds since 1970); returns the rating after it.
    pub fn rate(
        &mut self,
        game: GameId,
        level: Level,
        outcome: Outcome,
        time: u64,
    ) -> &PlayerRating {
        let rating = self.ratings.entry(game.id().to_string()).or_default();
        rating.rate(game, level, outcome.score(), time);
        rating
    }

    /// Drops the ratings that cannot be right (a number out of any sense, a game this version
    /// does not know); returns the ids of the games whose rating starts again.
    pub fn drop_unsound_ratings(&mut self) -> Vec<String> {
        let bad: Vec<String> = self
            .ratings
            .iter()
            .filter(|(game, r)| GameId::parse(game).is_none() || !r.is_sound())
            .map(|(game, _)| game.clone())
            .collect();
        for game in &bad {
            self.ratings.remove(game);
        }
        bad
    }

    /// The results of one game against one opponent.
    pub fn tally(&self, game: GameId, opponent: &str) -> Tally {
        self.tallies
            .get(&Stats::key(game, opponent))
            .copied()
            .unwrap_or_default()
    }

    /// The person's results in one game against the computer, at every level.
    pub fn total(&self, game: GameId) -> Tally {
        let prefix = format!("{}/", game.id());
        let hot_seat = Stats::key(game, Stats::HUMAN);
        let mut total = Tally::default();
        for (_, tally) in self
            .tallies
            .iter()
            .filter(|(k, _)| k.starts_with(&prefix) && **k != hot_seat)
        {
            total.add(*tally);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_setting_serialises_as_the_number_of_seconds() {
        for clock in ClockSetting::ALL {
            let json = serde_json::to_string(&clock).unwrap_or_default();
            let expected = match clock.seconds() {
                Some(s) => format!("\"{s}\""),
                None => "\"off\"".to_string(),
            };
            assert_eq!(json, expected);
        }
    }

    #[test]
    fn sound_and_theme_are_remembered_and_default_to_on_and_the_system() {
        let settings = Settings::default();
        assert!(settings.sound);
        assert_eq!(settings.volume, DEFAULT_VOLUME);
        assert_eq!(settings.theme, ThemeChoice::System);
        let changed = Settings {
            sound: false,
            volume: 15,
            theme: ThemeChoice::Dark,
            ..Settings::default()
        };
        let json = serde_json::to_string(&changed).unwrap_or_default();
        assert!(json.contains("\"theme\":\"dark\""), "{json}");
        let back: Settings = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, changed);
    }

    #[test]
    fn a_volume_out_of_range_is_brought_within_it() {
        for (written, read) in [("250", 100), ("-4", 0), ("33.6", 34), ("70", 70)] {
            let json = format!("{{\"version\":1,\"volume\":{written}}}");
            let settings: Result<Settings, _> = serde_json::from_str(&json);
            assert_eq!(settings.map(|s| s.volume).ok(), Some(read), "{written}");
        }
    }

    #[test]
    fn opponent_is_tagged_by_kind() {
        let json = serde_json::to_value(Setup::default().opponent).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"kind": "computer", "level": "beginner", "side": "black"})
        );
    }

    #[test]
    fn levels_of_each_opponent() {
        let computer = Opponent::Computer {
            level: Level::Hard,
            side: SideChoice::White,
        };
        assert_eq!(
            computer.level_of(Side::Black, Some(Side::White)),
            Some(Level::Hard)
        );
        assert_eq!(computer.level_of(Side::White, Some(Side::White)), None);
        assert_eq!(Opponent::Human.level_of(Side::Black, None), None);
        let watch = Opponent::Watch {
            black: Level::Easy,
            white: Level::Expert,
        };
        assert_eq!(watch.level_of(Side::White, None), Some(Level::Expert));
    }

    #[test]
    fn the_players_written_in_a_record_are_read_back() {
        let opponents = [
            (Opponent::Human, None),
            (
                Opponent::Computer {
                    level: Level::Master,
                    side: SideChoice::White,
                },
                Some(Side::White),
            ),
            (
                Opponent::Computer {
                    level: Level::Easy,
                    side: SideChoice::Black,
                },
                Some(Side::Black),
            ),
            (
                Opponent::Watch {
                    black: Level::Hard,
                    white: Level::Expert,
                },
                None,
            ),
        ];
        for (opponent, human_side) in opponents {
            let setup = Setup {
                opponent,
                ..Setup::default()
            };
            let metadata = setup.players(human_side);
            assert_eq!(opponent_of(&metadata), Some((opponent, human_side)));
        }
        // People are people whatever their names.
        let names = PlayerNames {
            you: "Mei".into(),
            black: "Ann".into(),
            white: "Bo".into(),
        };
        let friends = Setup {
            opponent: Opponent::Human,
            ..Setup::default()
        };
        let metadata = friends.metadata(None, &names);
        assert_eq!(
            metadata.white.as_ref().and_then(|p| p.name.as_deref()),
            Some("Bo")
        );
        assert_eq!(metadata.clock.as_deref(), Some("60"));
        assert_eq!(opponent_of(&metadata), Some((Opponent::Human, None)));
        let named = PlayerNames::of_record(&metadata, Opponent::Human, None);
        assert_eq!((named.black.as_str(), named.white.as_str()), ("Ann", "Bo"));
        let mine = Setup::default().metadata(Some(Side::Black), &names);
        assert_eq!(
            mine.black.as_ref().and_then(|p| p.name.as_deref()),
            Some("Mei")
        );
        // A record that does not say, or names a level the app does not offer.
        assert_eq!(opponent_of(&Metadata::default()), None);
        let mut odd = Setup::default().players(Some(Side::Black));
        if let Some(white) = &mut odd.white {
            white.level = Some("random".to_string());
        }
        assert_eq!(opponent_of(&odd), None);
    }

    #[test]
    fn names_are_kept_on_one_line_and_short() {
        assert_eq!(clean_name("  Li\nMing \u{7} "), "Li Ming");
        let long = "x".repeat(100);
        assert_eq!(clean_name(&long).chars().count(), MAX_NAME_CHARS);
    }

    #[test]
    fn the_watch_pace_stays_within_its_range() {
        let pace = |ms| {
            Settings {
                watch_pace_ms: ms,
                ..Settings::default()
            }
            .watch_pace()
            .as_millis()
        };
        assert_eq!(pace(0), 500);
        assert_eq!(pace(1500), 1500);
        assert_eq!(pace(u32::MAX), 5000);
    }

    #[test]
    fn the_looks_are_kept_and_an_older_file_keeps_its_animations_off() {
        // A file from before the looks were kept: the usual looks, and animations that
        // were turned off stay off.
        let old: Settings =
            serde_json::from_str(r#"{"version": 1, "animations": false, "flip_board": true}"#)
                .unwrap_or_default();
        assert!(old.flip_board);
        assert_eq!(old.board_style, BoardStyle::Wood);
        assert_eq!(old.piece_style, PieceStyle::Stones);
        assert_eq!(old.text_size, TextSize::Normal);
        assert_eq!(old.animation(), None);
        let chosen = Settings {
            board_style: BoardStyle::Plain,
            piece_style: PieceStyle::Marked,
            animation_speed: AnimationSpeed::Slow,
            text_size: TextSize::Largest,
            ..Settings::default()
        };
        let json = serde_json::to_string(&chosen).unwrap_or_default();
        for field in [
            r#""board_style":"plain""#,
            r#""piece_style":"marked""#,
            r#""animation_speed":"slow""#,
            r#""text_size":"largest""#,
        ] {
            assert!(json.contains(field), "{json}");
        }
        let back: Settings = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, chosen);
        assert_eq!(back.animation(), Some(AnimationSpeed::Slow));
        // A style this version does not know (a newer one's) is the usual one; the rest of
        // the file still counts.
        let newer: Settings = serde_json::from_str(
            r#"{"board_style": "marble", "text_size": 3, "flip_board": true}"#,
        )
        .unwrap_or_default();
        assert_eq!(newer.board_style, BoardStyle::Wood);
        assert_eq!(newer.text_size, TextSize::Normal);
        assert!(newer.flip_board);
    }

    #[test]
    fn results_are_counted_by_colour_and_an_older_file_has_none() {
        let mut stats = Stats::default();
        stats.record_side(GameId::Wudao, Side::White, Outcome::Win);
        stats.record_side(GameId::Wudao, Side::White, Outcome::Draw);
        stats.record_side(GameId::Wudao, Side::Black, Outcome::Loss);
        assert_eq!(
            stats.side_tally(GameId::Wudao, Side::White),
            Tally {
                wins: 1,
                losses: 0,
                draws: 1
            }
        );
        assert_eq!(stats.side_tally(GameId::Wudao, Side::Black).losses, 1);
        assert_eq!(stats.side_tally(GameId::Flying, Side::Black).games(), 0);
        assert_eq!(
            stats.side_tally(GameId::Wudao, Side::White).score(),
            Some(0.75)
        );
        assert_eq!(Tally::default().score(), None);
        let json = serde_json::to_string(&stats).unwrap_or_default();
        assert!(json.contains(r#""wudao/white""#), "{json}");
        let old: Stats =
            serde_json::from_str(r#"{"version": 1, "tallies": {"wudao/easy": {"wins": 2}}}"#)
                .unwrap_or_default();
        assert_eq!(old.total(GameId::Wudao).wins, 2);
        assert!(old.sides.is_empty());
    }

    #[test]
    fn partial_settings_take_defaults() {
        let settings: Settings =
            serde_json::from_str(r#"{"flip_board": true, "future_field": 3}"#).unwrap_or_default();
        assert!(settings.flip_board);
        assert!(settings.animations);
        assert_eq!(settings.version, SETTINGS_VERSION);
        assert_eq!(settings.last_setup, Setup::default());
    }

    #[test]
    fn stats_add_up_per_game() {
        let mut stats = Stats::default();
        stats.record(GameId::Flying, "hard", Outcome::Win);
        stats.record(GameId::Flying, "hard", Outcome::Loss);
        stats.record(GameId::Flying, Stats::HUMAN, Outcome::Draw);
        stats.record(GameId::Wudao, "hard", Outcome::Win);
        assert_eq!(
            stats.tally(GameId::Flying, "hard"),
            Tally {
                wins: 1,
                losses: 1,
                draws: 0
            }
        );
        // A hot-seat result that an older version counted is not the person's own.
        assert_eq!(stats.total(GameId::Flying).games(), 2);
        assert_eq!(stats.total(GameId::Neihuang), Tally::default());
    }
}
