//! A shared game is a link: the address of the web page with the game and its actions in the
//! fragment, `…#wudao:c3,b2,c2-c4,xb3`, which opens the game for review at its last position
//! (so a position is the game that reaches it); a shipped puzzle is `…#puzzle:W0042`. The
//! actions are written in the notation of the records, so a link reads as the game does.
//!
//! The web page opens the link it was opened with; the desktop app opens one pasted where a
//! record's path is typed. "Copy link" makes one in both: on the web with the page's own
//! address, on the desktop with [`desktop_address`] when a page is named, else the fragment
//! alone, to paste into Sanqi.

use std::fmt;

use crate::rules::{Action, Game, GameId};

/// The most characters a link's fragment may have: far more than any game's actions.
pub const MAX_FRAGMENT: usize = 32 * 1024;

/// What a link opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A game from its start, by its actions.
    Game {
        /// The game.
        game: GameId,
        /// Its actions, in order.
        actions: Vec<Action>,
    },
    /// A shipped puzzle, by its id.
    Puzzle(String),
    /// An invitation to a friend's online game, by its room's code.
    Join(String),
}

/// Why a link opens nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The address has no fragment, or an empty one.
    Empty,
    /// The fragment is longer than [`MAX_FRAGMENT`].
    TooLong,
    /// The fragment names no game Sanqi plays.
    UnknownGame(String),
    /// An action is not in the notation.
    BadAction {
        /// Its place in the list, from 1.
        number: usize,
        /// What it says.
        text: String,
    },
    /// An action is not legal where it is played.
    Illegal {
        /// Its place in the list, from 1.
        number: usize,
        /// What it says.
        text: String,
    },
    /// No shipped puzzle has this id.
    UnknownPuzzle(String),
    /// An invitation whose code cannot be a room's.
    BadInvitation(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |t: &str| crate::echo::quoted(t);
        match self {
            LinkError::Empty => f.write_str("the link holds no game"),
            LinkError::TooLong => f.write_str("the link is too long"),
            LinkError::UnknownGame(g) => write!(f, "{} is not a game Sanqi plays", shown(g)),
            LinkError::BadAction { number, text } => {
                write!(f, "action {number} {} is not an action", shown(text))
            }
            LinkError::Illegal { number, text } => {
                write!(f, "action {number} {} is not legal there", shown(text))
            }
            LinkError::UnknownPuzzle(id) => write!(f, "there is no puzzle {}", shown(id)),
            LinkError::BadInvitation(code) => {
                write!(f, "{} is not an invitation's code", shown(code))
            }
        }
    }
}

impl Link {
    /// The link to `game` as it stands (its start must be the game's usual start).
    pub fn of_game(game: &Game) -> Link {
        Link::Game {
            game: game.id(),
            actions: game.action_list(),
        }
    }

    /// The fragment, without its `#`: `wudao:c3,b2`, `puzzle:W0042`.
    pub fn fragment(&self) -> String {
        match self {
            Link::Game { game, actions } => {
                let actions: Vec<String> = actions.iter().map(Action::to_string).collect();
                format!("{}:{}", game.id(), actions.join(","))
            }
            Link::Puzzle(id) => format!("puzzle:{id}"),
            Link::Join(room) => format!("join:{room}"),
        }
    }

    /// The whole link: `address` (any fragment of it dropped) and the fragment.
    pub fn url(&self, address: &str) -> String {
        let page = address.split('#').next().unwrap_or_default();
        format!("{page}#{}", self.fragment())
    }

    /// The link in `text`: a whole address or its fragment alone, with or without `#`, as a
    /// browser hands it over or a person types it. The fragment is percent-decoded first (a
    /// browser gives `c3,%20b2` for `c3, b2`, and `%E4%BA%94…` for Chinese); game names and
    /// actions are read in any case; actions are parted by commas (also the Chinese `，` and
    /// `、`), semicolons or white space, as in the records. Only the form is checked here;
    /// [`Link::replay`] checks the actions' legality.
    pub fn parse(text: &str) -> Result<Link, LinkError> {
        let text = text.trim();
        let fragment = if text.contains("://") {
            // An address: its fragment is everything after its first `#`, and one without a
            // fragment holds nothing.
            text.split_once('#').map_or("", |(_, fragment)| fragment)
        } else {
            text.strip_prefix('#').unwrap_or(text)
        };
        // Each byte takes at most three characters once encoded.
        if fragment.len() > 3 * MAX_FRAGMENT {
            return Err(LinkError::TooLong);
        }
        let decoded = percent_decode(fragment);
        if decoded.len() > MAX_FRAGMENT {
            return Err(LinkError::TooLong);
        }
        let fragment = decoded.trim();
        if fragment.is_empty() {
            return Err(LinkError::Empty);
        }
        let (kind, rest) = fragment
            .split_once([':', '\u{ff1a}'])
            .unwrap_or((fragment, ""));
        let kind = kind.trim();
        if kind.eq_ignore_ascii_case("puzzle") || kind == "习题" {
            let id = rest.trim();
            let wellformed =
                (2..=12).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric());
            return if wellformed {
                Ok(Link::Puzzle(id.to_ascii_uppercase()))
            } else {
                Err(LinkError::UnknownPuzzle(id.to_string()))
            };
        }
        if kind.eq_ignore_ascii_case("join") || kind == "加入" {
            return crate::app::online::typed_code(rest)
                .map(Link::Join)
                .ok_or_else(|| LinkError::BadInvitation(rest.trim().to_string()));
        }
        let game = game_named(kind).ok_or_else(|| LinkError::UnknownGame(kind.to_string()))?;
        let actions = rest
            .split(|c: char| c.is_whitespace() || [',', ';', '\u{ff0c}', '\u{3001}'].contains(&c))
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, text)| {
                Action::parse(&text.to_ascii_lowercase()).map_err(|_| LinkError::BadAction {
                    number: i + 1,
                    text: text.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Link::Game { game, actions })
    }

    /// The game of a game link, played out from its start; `None` for a puzzle link or an
    /// invitation.
    pub fn replay(&self) -> Option<Result<Game, LinkError>> {
        let Link::Game { game, actions } = self else {
            return None;
        };
        let mut replayed = Game::new(*game);
        for (i, &action) in actions.iter().enumerate() {
            if replayed.apply(action).is_err() {
                return Some(Err(LinkError::Illegal {
                    number: i + 1,
                    text: action.to_string(),
                }));
            }
        }
        Some(Ok(replayed))
    }
}

/// The game a link names: its id (`wudao`), in any case, or its name in either language
/// (`Wu Dao Qi`, `五道棋`, `五道`), spaces and hyphens aside.
fn game_named(text: &str) -> Option<GameId> {
    let name: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !['-', '_', '\''].contains(c))
        .flat_map(char::to_lowercase)
        .collect();
    let names = |game: GameId| -> &'static [&'static str] {
        match game {
            GameId::Neihuang => &[
                "neihuang",
                "neihuanggefangqi",
                "gefangqi",
                "内黄割方棋",
                "割方棋",
            ],
            GameId::Flying => &[
                "flying",
                "squareflyingchess",
                "方格飞棋",
                "飞棋",
                "方格飛棋",
                "飛棋",
            ],
            GameId::Wudao => &["wudao", "wudaoqi", "五道棋", "五道"],
        }
    };
    GameId::ALL
        .into_iter()
        .find(|&game| names(game).contains(&name.as_str()))
}

/// `text` with each `%` and two hexadecimal digits replaced by the byte they stand for, read
/// as UTF-8 (bytes that are not UTF-8 become `\u{fffd}`); a `%` not followed by two
/// hexadecimal digits is kept as it is.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let (Some(high), Some(low)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            decoded.push((high * 16 + low) as u8);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// The address a copied link starts with: the page's own in the web build, else
/// [`desktop_address`]; `None` on a desktop with no web page to point at.
pub fn address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    return Some(crate::platform::web::page_address());
    #[cfg(not(target_arch = "wasm32"))]
    desktop_address(std::env::var(WEB_ADDRESS_VARIABLE).ok().as_deref())
}

/// The link the page's address brought, once: the one it was opened with, then each one it
/// is given while open. Always `None` outside the web build.
pub fn arrived() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    return crate::platform::web::take_fragment();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The locale key of "Copy link"'s hint, `key` (a game's or a puzzle's): the one that says
/// the link is for pasting into Sanqi where no web page is set up for links.
pub fn copy_hint(key: &'static str) -> &'static str {
    match (address().is_some(), key) {
        (true, _) => key,
        (false, "link.copy_puzzle_hint") => "link.copy_puzzle_hint_app",
        (false, _) => "link.copy_hint_app",
    }
}

/// The variable that names the web page a link made on the desktop points to (a public page
/// of Sanqi's web version, or one served on a network), when the app runs or when it is built.
pub const WEB_ADDRESS_VARIABLE: &str = "SANQI_WEB_ADDRESS";

/// The address of the web page that a link made on the desktop points to: `at_run` (the
/// variable's value as the app runs), else the one named when the app was built; `None` when
/// neither names an `http://` or `https://` page. A friend can open only what they can reach,
/// so nothing is made up: without a page, a link is for pasting into Sanqi.
pub fn desktop_address(at_run: Option<&str>) -> Option<String> {
    [at_run, option_env!("SANQI_WEB_ADDRESS")]
        .into_iter()
        .flatten()
        .map(str::trim)
        .find(|a| a.starts_with("http://") || a.starts_with("https://"))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desktop_link_points_only_at_a_page_that_was_named() {
        assert_eq!(
            desktop_address(Some(" https://sanqi.example/play/ ")),
            Some("https://sanqi.example/play/".to_string())
        );
        assert_eq!(
            desktop_address(Some("http://192.168.1.20:8080/")),
            Some("http://192.168.1.20:8080/".to_string())
        );
        // Not a web page: the build's own (none here), else no page at all.
        for odd in [Some(""), Some("sanqi.example"), Some("file:///tmp/x"), None] {
            assert_eq!(desktop_address(odd), None, "{odd:?}");
        }
    }

    #[test]
    fn links_read_as_they_are_written() {
        let link = Link::parse("https://example.org/sanqi/#wudao:c3,b2").expect("a link");
        assert_eq!(link.fragment(), "wudao:c3,b2");
        assert_eq!(
            link.url("http://127.0.0.1:8000/#flying:a1"),
            "http://127.0.0.1:8000/#wudao:c3,b2"
        );
        assert_eq!(
            Link::parse("#puzzle:W0042"),
            Ok(Link::Puzzle("W0042".into()))
        );
        assert_eq!(
            Link::parse("neihuang: a1 , b2 ,"),
            Ok(Link::Game {
                game: GameId::Neihuang,
                actions: ["a1", "b2"]
                    .map(|t| Action::parse(t).expect("an action"))
                    .to_vec()
            })
        );
        assert_eq!(
            Link::parse("flying:"),
            Ok(Link::Game {
                game: GameId::Flying,
                actions: vec![]
            })
        );
    }

    /// What a browser hands over for a link typed or edited by hand reads as the person
    /// typed it: spaces, Chinese and upper case.
    #[test]
    fn links_typed_by_hand_read_as_typed() {
        let wudao = |actions: &[&str]| {
            Ok(Link::Game {
                game: GameId::Wudao,
                actions: actions
                    .iter()
                    .map(|t| Action::parse(t).expect("an action"))
                    .collect(),
            })
        };
        assert_eq!(Link::parse("wudao:c3,%20b2"), wudao(&["c3", "b2"]));
        assert_eq!(
            Link::parse("http://x/#wudao:c3,%20b2"),
            wudao(&["c3", "b2"])
        );
        assert_eq!(Link::parse("#WuDao:C3, B2"), wudao(&["c3", "b2"]));
        assert_eq!(Link::parse("wudao:c3 b2;c2"), wudao(&["c3", "b2", "c2"]));
        assert_eq!(
            Link::parse("%E4%BA%94%E9%81%93%E6%A3%8B%EF%BC%9Ac3%EF%BC%8Cb2"),
            wudao(&["c3", "b2"]),
            "五道棋：c3，b2"
        );
        assert_eq!(Link::parse("Wu Dao Qi: c3"), wudao(&["c3"]));
        assert_eq!(
            Link::parse("%E6%96%B9%E6%A0%BC%E9%A3%9E%E6%A3%8B:").map(|l| l.fragment()),
            Ok("flying:".to_string()),
            "方格飞棋"
        );
        assert_eq!(
            Link::parse("puzzle:w0042"),
            Ok(Link::Puzzle("W0042".into()))
        );
        // What cannot be read is named decoded, never by its percent-codes.
        assert_eq!(
            Link::parse("%E5%9B%B4%E6%A3%8B:c3"),
            Err(LinkError::UnknownGame("围棋".into()))
        );
        assert_eq!(
            Link::parse("wudao:c3,%F0%9F%98%80"),
            Err(LinkError::BadAction {
                number: 2,
                text: "\u{1f600}".into()
            })
        );
        // A second `#` belongs to the actions, and is said there.
        assert_eq!(
            Link::parse("#wudao:c3#b2"),
            Err(LinkError::BadAction {
                number: 1,
                text: "c3#b2".into()
            })
        );
        // A `%` that starts no code, and codes that are not UTF-8, are kept.
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%ff"), "\u{fffd}");
    }

    #[test]
    fn a_bad_link_says_what_is_wrong() {
        assert_eq!(Link::parse("http://x/"), Err(LinkError::Empty));
        assert_eq!(Link::parse("#"), Err(LinkError::Empty));
        assert_eq!(
            Link::parse("#go:a1"),
            Err(LinkError::UnknownGame("go".into()))
        );
        assert_eq!(
            Link::parse("#wudao:c3,z9"),
            Err(LinkError::BadAction {
                number: 2,
                text: "z9".into()
            })
        );
        assert_eq!(
            Link::parse("#puzzle:../x"),
            Err(LinkError::UnknownPuzzle("../x".into()))
        );
        assert_eq!(
            Link::parse(&"#wudao:".repeat(10_000)),
            Err(LinkError::TooLong)
        );
        let illegal = Link::parse("#neihuang:a1,a1").expect("well formed");
        assert_eq!(
            illegal.replay(),
            Some(Err(LinkError::Illegal {
                number: 2,
                text: "a1".into()
            }))
        );
        assert_eq!(Link::Puzzle("N0001".into()).replay(), None);
    }
}
