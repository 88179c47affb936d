//! The languages of the interface and their text, from `locales/*.json` embedded in the
//! binary.
//!
//! A locale file is one JSON object. Its key `"help"` holds, under each game's id, that
//! game's texts (its name, a line about it, how its pieces move, its help pages), and under
//! `"common"` the pages the games share; every other key is a flat, dotted string key (`"app.name"`)
//! whose value may contain `{name}` placeholders. A key missing from a locale falls back to
//! English (and is logged once), never to the key itself; `tests/locales.rs` checks that
//! every key the code uses is in both locales and that they hold no other.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::sync::{LazyLock, Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use crate::rules::GameId;

/// The English locale file.
pub const EN_JSON: &str = include_str!("../../locales/en.json");
/// The Simplified Chinese locale file.
pub const ZH_CN_JSON: &str = include_str!("../../locales/zh-CN.json");

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Language {
    #[serde(rename = "en")]
    /// English, the language every text falls back to.
    English,
    /// Simplified Chinese.
    #[serde(rename = "zh-CN")]
    Chinese,
}

impl Language {
    /// Every language, in the order the settings offer them.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's tag, which is also its locale file's name: `en` or `zh-CN`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh-CN",
        }
    }

    /// The language of a BCP 47 tag or a POSIX locale name (`zh`, `zh-CN`, `zh_CN.UTF-8`,
    /// `zh-Hans`, `en-GB`, `fr_FR`, `C`): Chinese for every Chinese locale, English for every
    /// other language, as English is the only other one the app has. `None` for text that is
    /// not a language tag at all (empty, or not starting with letters).
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code
            .trim()
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default();
        if primary.eq_ignore_ascii_case("C") || primary.eq_ignore_ascii_case("POSIX") {
            return Some(Language::English);
        }
        if !(2..=3).contains(&primary.len()) || !primary.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        if primary.eq_ignore_ascii_case("zh") || primary.eq_ignore_ascii_case("zho") {
            Some(Language::Chinese)
        } else {
            Some(Language::English)
        }
    }

    /// The language's name in itself: `English`, `中文`.
    pub const fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "中文",
        }
    }

    /// The embedded locale file.
    pub const fn locale_json(self) -> &'static str {
        match self {
            Language::English => EN_JSON,
            Language::Chinese => ZH_CN_JSON,
        }
    }

    const fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::Chinese => 1,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.native_name())
    }
}

/// The language of the system: Chinese if the user's preferred locale is Chinese, otherwise
/// English. Uses the operating system's preferences (on Linux and other Unixes the
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` variables, in that order).
pub fn system_language() -> Language {
    sys_locale::get_locales()
        .find_map(|locale| Language::from_code(&locale))
        .unwrap_or(Language::English)
}

/// The help pages of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct GameHelp {
    /// The game's full name.
    pub name: String,
    /// What the game is about, in one line (the home screen's cards).
    pub summary: String,
    /// What the side to act does when it moves a piece (`{side}` names it); empty for a game
    /// whose pieces never move.
    #[serde(default)]
    pub move_instruction: String,
    /// The rules in a few lines.
    pub key_points: Vec<String>,
    /// Steps for a first game.
    pub quick_start: Vec<String>,
    /// The full rules.
    pub rules: Vec<HelpSection>,
    /// Where this app decides what the traditional rules leave open.
    pub house_rules: Vec<String>,
    /// Positions that show the rules at work.
    pub diagrams: Vec<Diagram>,
}

/// A titled part of the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct HelpSection {
    /// Its title.
    pub title: String,
    /// Its paragraphs.
    pub paragraphs: Vec<String>,
}

/// A position drawn in the help.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Diagram {
    /// What it shows, in a sentence.
    pub caption: String,
    /// Five rows of five characters, `B` (Black), `W` (White) or `.` (empty), the top row
    /// (row 5) first.
    pub rows: Vec<String>,
    /// Points of the last action (`c3`).
    #[serde(default)]
    pub last: Vec<String>,
    /// Points to highlight (captured, to be removed).
    #[serde(default)]
    pub marked: Vec<String>,
}

/// The help pages shared by the three games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct CommonHelp {
    /// The draw rules.
    pub draws: Vec<String>,
    /// The turn clock.
    pub timer: Vec<String>,
    /// How actions are written.
    pub notation: Vec<String>,
}

/// The `"help"` object of a locale file: each game's texts by its id, and the shared pages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Help {
    /// The pages shared by the games.
    pub common: CommonHelp,
    /// Every other key is a game's id (an unknown id is an error).
    #[serde(flatten)]
    pub games: BTreeMap<GameId, GameHelp>,
}

/// The texts of a game the locale lacks: all empty, so that they fall back to English.
static NO_HELP: LazyLock<GameHelp> = LazyLock::new(GameHelp::default);

impl Help {
    /// The texts of one game.
    pub fn game(&self, game: GameId) -> &GameHelp {
        self.games.get(&game).unwrap_or(&NO_HELP)
    }
}

/// One parsed locale file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locale {
    /// The flat string keys and their text.
    pub strings: HashMap<String, String>,
    /// The help pages.
    pub help: Help,
}

impl Locale {
    /// Parses a locale file strictly: every key but `"help"` must hold a string, and `"help"`
    /// must have the shape of [`Help`].
    pub fn parse(json: &str) -> Result<Locale, String> {
        let object: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(json).map_err(|e| e.to_string())?;
        let mut strings = HashMap::with_capacity(object.len());
        let mut help = None;
        for (key, value) in object {
            if key == "help" {
                let parsed = Help::deserialize(value).map_err(|e| format!("key `help`: {e}"))?;
                help = Some(parsed);
            } else if let serde_json::Value::String(text) = value {
                strings.insert(key, text);
            } else {
                return Err(format!("key `{key}`: expected a string"));
            }
        }
        let help = help.ok_or_else(|| "no `help` key".to_string())?;
        Ok(Locale { strings, help })
    }
}

/// The text of the interface in the chosen language, with English behind it.
#[derive(Clone, Debug)]
pub struct I18n {
    language: Language,
    /// Both locales, indexed by [`Language::index`].
    locales: [Locale; 2],
}

impl I18n {
    /// Parses both embedded locales and selects `language`. A locale that does not parse
    /// (which the locale tests rule out) is left empty, so that its text falls back to
    /// English or to the keys.
    pub fn new(language: Language) -> I18n {
        let parse = |l: Language| Locale::parse(l.locale_json()).unwrap_or_default();
        I18n {
            language,
            locales: [parse(Language::English), parse(Language::Chinese)],
        }
    }

    /// The selected language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Selects another language.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    fn locale(&self, language: Language) -> &Locale {
        &self.locales[language.index()]
    }

    /// The text of `key` in the selected language, else in English, else nothing: a key is
    /// never shown itself. A key missing from a locale is logged, once per run.
    pub fn t<'a>(&'a self, key: &str) -> &'a str {
        if let Some(text) = self.locale(self.language).strings.get(key) {
            return text;
        }
        report_missing(self.language, key);
        match self.locale(Language::English).strings.get(key) {
            Some(text) => text,
            None => {
                if self.language != Language::English {
                    report_missing(Language::English, key);
                }
                ""
            }
        }
    }

    /// The text of `key` with each `{name}` replaced by the value named `name` in `args`.
    /// Placeholders with no value are left as they are.
    pub fn format(&self, key: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.t(key), args)
    }

    /// The help of one game in the selected language (in English if the locale has none).
    pub fn help(&self, game: GameId) -> &GameHelp {
        let help = self.locale(self.language).help.game(game);
        if help.name.is_empty() {
            self.locale(Language::English).help.game(game)
        } else {
            help
        }
    }

    /// The help pages shared by the games in the selected language.
    pub fn common_help(&self) -> &CommonHelp {
        let help = &self.locale(self.language).help.common;
        if help.notation.is_empty() {
            &self.locale(Language::English).help.common
        } else {
            help
        }
    }
}

/// Logs, on stderr, that `key` is missing from `language`'s locale, the first time only.
/// Returns whether this was the first time.
fn report_missing(language: Language, key: &str) -> bool {
    static REPORTED: Mutex<BTreeSet<(Language, String)>> = Mutex::new(BTreeSet::new());
    let mut reported = REPORTED.lock().unwrap_or_else(PoisonError::into_inner);
    let first = reported.insert((language, key.to_string()));
    if first {
        let instead = match language {
            Language::English => "nothing is shown",
            Language::Chinese => "the English text is shown",
        };
        eprintln!(
            "sanqi: the text {} is missing from locales/{}.json; {instead}",
            crate::echo::quoted(key),
            language.code()
        );
    }
    first
}

/// Replaces each `{name}` in `template` by the value named `name`; other braces stay.
pub fn fill(template: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    use fmt::Write as _;
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, value)| (close, value))
        });
        match value {
            Some((close, value)) => {
                // Writing into a String cannot fail.
                let _ = write!(out, "{value}");
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The names of the `{name}` placeholders in a text, in order of appearance (a name is ASCII
/// letters, digits and `_`).
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if close > 0
                    && after[..close]
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
            {
                names.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_map_to_languages() {
        for code in ["zh", "zh-CN", "zh_CN.UTF-8", "zh-Hans", "zh_TW", "ZH-cn"] {
            assert_eq!(Language::from_code(code), Some(Language::Chinese), "{code}");
        }
        for code in ["en", "en-US", "en_GB.UTF-8", "fr_FR", "C", "POSIX", "de"] {
            assert_eq!(Language::from_code(code), Some(Language::English), "{code}");
        }
        for code in ["", "  ", "1234", "*"] {
            assert_eq!(Language::from_code(code), None, "{code:?}");
        }
        for language in Language::ALL {
            assert_eq!(Language::from_code(language.code()), Some(language));
        }
    }

    #[test]
    fn language_serialises_as_its_code() {
        for language in Language::ALL {
            let json = serde_json::to_string(&language).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", language.code()));
        }
    }

    #[test]
    fn fill_replaces_named_placeholders_only() {
        let n = 3;
        let side = "Black";
        let args: [(&str, &dyn fmt::Display); 2] = [("n", &n), ("side", &side)];
        assert_eq!(fill("{side} owes {n}", &args), "Black owes 3");
        assert_eq!(fill("{n}{n} {other} {", &args), "33 {other} {");
        assert_eq!(fill("no braces", &args), "no braces");
        assert_eq!(fill("{}{side}}", &args), "{}Black}");
    }

    #[test]
    fn placeholders_are_found() {
        assert_eq!(placeholders("{a} and {b_2}, not {} or { x }"), ["a", "b_2"]);
    }

    #[test]
    fn missing_keys_fall_back_to_english_and_never_show_themselves() {
        let i18n = I18n::new(Language::Chinese);
        assert_eq!(i18n.t("no.such.key"), "");
        assert_eq!(i18n.format("no.such.key {x}", &[("x", &1)]), "");
        // A key only English has is shown in English.
        let mut partial = I18n::new(Language::Chinese);
        partial.locales[1].strings.remove("app.name");
        let english = I18n::new(Language::English);
        assert!(!english.t("app.name").is_empty());
        assert_eq!(partial.t("app.name"), english.t("app.name"));
    }

    #[test]
    fn a_missing_key_is_logged_once() {
        assert!(report_missing(Language::Chinese, "missing.once.only"));
        assert!(!report_missing(Language::Chinese, "missing.once.only"));
        assert!(report_missing(Language::English, "missing.once.only"));
    }
}
