//! The locale files and the embedded font: both locales parse, have the same keys, the same
//! placeholders and the same help structure, no text is empty, every key the code uses is in
//! them and they hold no other, and every character they use has a glyph in the embedded
//! font.

use std::collections::{BTreeMap, BTreeSet};

use sanqi::ai::Level;
use sanqi::ai::analysis::Label;
use sanqi::app::i18n::{self, EN_JSON, I18n, Language, Locale, ZH_CN_JSON};
use sanqi::app::lessons::{self, Course};
use sanqi::app::{fonts, hint, keys};
use sanqi::learn::puzzles::{Goal, Theme};
use sanqi::rules::GameId;
use serde_json::Value;

fn value(json: &str, name: &str) -> Value {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{name} is not valid JSON: {e}"))
}

fn locale(language: Language) -> Locale {
    Locale::parse(language.locale_json())
        .unwrap_or_else(|e| panic!("{} does not parse: {e}", language.code()))
}

#[test]
fn both_locales_parse_strictly() {
    for language in Language::ALL {
        let locale = locale(language);
        assert!(
            locale.strings.contains_key("app.name"),
            "{}: no app.name",
            language.code()
        );
        for game in GameId::ALL {
            let help = locale.help.game(game);
            assert!(!help.name.is_empty());
            assert!(!help.summary.is_empty());
            assert!(!help.key_points.is_empty());
            assert!(!help.quick_start.is_empty());
            assert!(!help.rules.is_empty());
            assert!(!help.house_rules.is_empty());
        }
        assert!(!locale.help.common.notation.is_empty());
    }
}

#[test]
fn flat_keys_are_the_same_in_every_locale() {
    let en: BTreeSet<String> = locale(Language::English).strings.into_keys().collect();
    let zh: BTreeSet<String> = locale(Language::Chinese).strings.into_keys().collect();
    let only_en: Vec<_> = en.difference(&zh).collect();
    let only_zh: Vec<_> = zh.difference(&en).collect();
    assert!(
        only_en.is_empty() && only_zh.is_empty(),
        "keys only in en.json: {only_en:?}; keys only in zh-CN.json: {only_zh:?}"
    );
}

#[test]
fn placeholders_match_per_key() {
    let en = locale(Language::English).strings;
    let zh = locale(Language::Chinese).strings;
    let mut mismatches = Vec::new();
    for (key, en_text) in &en {
        let Some(zh_text) = zh.get(key) else { continue };
        let en_names: BTreeSet<&str> = i18n::placeholders(en_text).into_iter().collect();
        let zh_names: BTreeSet<&str> = i18n::placeholders(zh_text).into_iter().collect();
        if en_names != zh_names {
            mismatches.push(format!("{key}: en {en_names:?}, zh-CN {zh_names:?}"));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

// ------------------------------------------------------------------ the keys the code uses

/// The string literals of Rust source, comments left out; escapes stay as written.
fn string_literals(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (i == 0 || !ident(chars[i - 1])) && matches!(next, Some('"' | '#')) {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            let start = i + 1 + hashes + 1;
            if chars.get(start - 1) != Some(&'"') {
                i += 1;
                continue;
            }
            let closing: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let mut j = start;
            while j < chars.len() && !chars[j..].starts_with(&closing) {
                j += 1;
            }
            found.push(chars[start..j.min(chars.len())].iter().collect());
            i = j + closing.len();
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            found.push(chars[i + 1..j.min(chars.len())].iter().collect());
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('"', '\''), or else a lifetime.
            if next == Some('\\') {
                // The escaped character may be a quote itself ('\'').
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    found
}

/// Every `.rs` file below `dir`, with its path from the crate's folder.
fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .expect("inside the crate")
                .to_string_lossy()
                .replace('\\', "/");
            out.push((
                name,
                std::fs::read_to_string(&path).expect("readable source"),
            ));
        }
    }
}

fn all_sources() -> Vec<(String, String)> {
    let mut out = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

/// The first parts of the locales' flat keys: `app`, `level`, `lesson` …
fn namespaces() -> BTreeSet<String> {
    Language::ALL
        .iter()
        .flat_map(|&l| locale(l).strings.into_keys())
        .filter_map(|k| k.split('.').next().map(str::to_string))
        .collect()
}

/// Whether a literal is written like a locale key: dotted lowercase parts, the first a
/// namespace of the locales (a file name such as `settings.json` or `online.sqlite3` is not
/// a key).
fn looks_like_a_key(text: &str, namespaces: &BTreeSet<String>) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        })
        && namespaces.contains(parts[0])
        && !parts
            .last()
            .is_some_and(|p| ["json", "sqlite3"].contains(p))
}

/// Every key built by `sanqi::app::keys`, each family with every value its parts take.
fn built_keys() -> BTreeSet<String> {
    let mut built = BTreeSet::new();
    // Every level, the reference players too: a record may name any of them.
    for level in Level::ALL {
        built.insert(keys::level(level));
    }
    for label in Label::ALL {
        built.insert(keys::label(label));
    }
    for whose in hint::Whose::ALL {
        for kind in hint::GAIN_KINDS {
            built.insert(keys::gain(whose.id(), kind));
        }
    }
    for theme in Theme::ALL {
        built.insert(keys::puzzle_theme(theme));
        built.insert(keys::puzzle_idea(theme));
    }
    for goal in Goal::ALL {
        built.insert(keys::puzzle_goal_idea(goal));
    }
    for course in Course::ALL {
        built.insert(course.name_key());
        for step in course.steps() {
            for part in lessons::text_parts(step) {
                built.insert(course.key(step, part));
            }
        }
    }
    built
}

/// The templates of the key families `built_keys` enumerates: a new family in
/// `src/app/keys.rs` must be added there too.
const FAMILIES: [&str; 8] = [
    "level.{}",
    "puzzle.theme.{}",
    "puzzle.idea.{}",
    "puzzle.goal_idea.{}",
    "analysis.label.{}",
    "hint.{whose}.{kind}",
    "lesson.course.{course}",
    "lesson.{course}.{step}.{part}",
];

/// The keys the code uses: the ones written out whole, and the built ones.
fn used_keys() -> BTreeSet<String> {
    let namespaces = namespaces();
    let mut used = built_keys();
    for (_, text) in all_sources() {
        used.extend(
            string_literals(&text)
                .into_iter()
                .filter(|s| looks_like_a_key(s, &namespaces)),
        );
    }
    used
}

#[test]
fn every_key_the_code_uses_is_in_both_locales_and_no_other() {
    let used = used_keys();
    assert!(
        used.contains("app.name") && used.contains("level.master"),
        "{used:?}"
    );
    for language in Language::ALL {
        let held: BTreeSet<String> = locale(language).strings.into_keys().collect();
        let missing: Vec<&String> = used.difference(&held).collect();
        let unused: Vec<&String> = held.difference(&used).collect();
        assert!(
            missing.is_empty(),
            "{}.json lacks keys the code uses: {missing:?}",
            language.code()
        );
        assert!(
            unused.is_empty(),
            "{}.json holds keys nothing uses: {unused:?}",
            language.code()
        );
    }
}

#[test]
fn keys_are_built_only_in_the_keys_module() {
    let namespaces = namespaces();
    let mut elsewhere = Vec::new();
    for (file, text) in all_sources() {
        for literal in string_literals(&text) {
            // A template with a namespace and a placeholder among its dotted parts.
            let parts: Vec<&str> = literal.split('.').collect();
            let built = parts.len() >= 2
                && parts.iter().any(|p| namespaces.contains(*p))
                && parts.iter().any(|p| p.starts_with('{') && p.ends_with('}'))
                && !literal.contains(' ');
            if !built {
                continue;
            }
            if file == "src/app/keys.rs" {
                assert!(
                    FAMILIES.contains(&literal.as_str()),
                    "a new key family {literal:?}: enumerate it in built_keys and FAMILIES"
                );
            } else {
                elsewhere.push(format!("{file}: {literal:?}"));
            }
        }
    }
    assert!(
        elsewhere.is_empty(),
        "keys built outside src/app/keys.rs: {elsewhere:?}"
    );
}

#[test]
fn the_key_reader_finds_keys_and_nothing_else() {
    let namespaces: BTreeSet<String> = ["app", "level"].map(String::from).into();
    let source = r##"
        // i18n.t("app.in_a_comment")
        let a = i18n.t("app.title"); let b = r#"level.easy"#; let c = '"';
        let d = "settings.json"; let e = "no.such"; /* "app.block" */ let f = "a \" b";
    "##;
    let keys: Vec<String> = string_literals(source)
        .into_iter()
        .filter(|s| looks_like_a_key(s, &namespaces))
        .collect();
    assert_eq!(keys, ["app.title", "level.easy"]);
}

/// Compares the shape of two JSON trees: the same keys, the same list lengths, the same kinds
/// of value. `path` names where a difference is.
fn same_shape(path: &str, a: &Value, b: &Value, differences: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            let keys_a: BTreeSet<&String> = a.keys().collect();
            let keys_b: BTreeSet<&String> = b.keys().collect();
            if keys_a != keys_b {
                differences.push(format!("{path}: keys {keys_a:?} vs {keys_b:?}"));
            }
            for (key, va) in a {
                if let Some(vb) = b.get(key) {
                    same_shape(&format!("{path}.{key}"), va, vb, differences);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                differences.push(format!("{path}: {} items vs {}", a.len(), b.len()));
            }
            for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                same_shape(&format!("{path}[{i}]"), va, vb, differences);
            }
        }
        (Value::String(_), Value::String(_)) => {}
        _ => differences.push(format!("{path}: {a} vs {b}")),
    }
}

#[test]
fn help_has_the_same_structure_in_every_locale() {
    let en = value(EN_JSON, "en.json");
    let zh = value(ZH_CN_JSON, "zh-CN.json");
    let mut differences = Vec::new();
    same_shape("help", &en["help"], &zh["help"], &mut differences);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn diagrams_are_the_same_in_every_locale_and_well_formed() {
    let en = locale(Language::English).help;
    let zh = locale(Language::Chinese).help;
    let mut count = 0;
    for game in GameId::ALL {
        let (en, zh) = (en.game(game), zh.game(game));
        assert_eq!(en.diagrams.len(), zh.diagrams.len(), "{game}");
        for (i, (a, b)) in en.diagrams.iter().zip(&zh.diagrams).enumerate() {
            assert_eq!(a.rows, b.rows, "{game} diagram {i}: rows");
            assert_eq!(a.last, b.last, "{game} diagram {i}: last");
            assert_eq!(a.marked, b.marked, "{game} diagram {i}: marked");
            assert_eq!(a.rows.len(), 5, "{game} diagram {i}");
            for row in &a.rows {
                assert!(
                    row.len() == 5 && row.chars().all(|c| matches!(c, 'B' | 'W' | '.')),
                    "{game} diagram {i}: bad row {row:?}"
                );
            }
            for point in a.last.iter().chain(&a.marked) {
                assert!(
                    sanqi::rules::Point::parse(point).is_some(),
                    "{game} diagram {i}: bad point {point:?}"
                );
            }
            count += 1;
        }
    }
    assert!(count > 0, "no diagrams at all");
}

/// Every string in a JSON tree, with where it is.
fn strings<'a>(path: String, value: &'a Value, out: &mut Vec<(String, &'a str)>) {
    match value {
        Value::String(s) => out.push((path, s)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                strings(format!("{path}[{i}]"), item, out);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                strings(format!("{path}.{key}"), item, out);
            }
        }
        _ => {}
    }
}

#[test]
fn no_text_is_empty() {
    for (name, json) in [("en.json", EN_JSON), ("zh-CN.json", ZH_CN_JSON)] {
        let value = value(json, name);
        let mut all = Vec::new();
        strings(String::new(), &value, &mut all);
        let empty: Vec<&String> = all
            .iter()
            .filter(|(_, s)| s.trim().is_empty())
            .map(|(path, _)| path)
            .collect();
        assert!(empty.is_empty(), "{name}: empty text at {empty:?}");
    }
}

/// Every text of a locale file, with where it is.
fn all_texts(json: &str, name: &str) -> Vec<(String, String)> {
    let value = value(json, name);
    let mut all = Vec::new();
    strings(String::new(), &value, &mut all);
    all.into_iter()
        .map(|(path, s)| (path, s.to_string()))
        .collect()
}

#[test]
fn the_game_history_has_one_name_and_a_game_one_word_for_its_length() {
    // The place where games are kept is called the same wherever it is named, and nothing
    // calls it by another name ("Records", 「棋谱」) as if it were a place to go.
    for (language, others) in [
        (
            Language::English,
            ["from Records", "Records to", "Game records"],
        ),
        (Language::Chinese, ["「棋谱」", "棋谱文件夹里", "存为棋谱"]),
    ] {
        let i18n = I18n::new(language);
        let name = i18n.t("history.title");
        for key in ["home.history", "records.history"] {
            assert_eq!(i18n.t(key), name, "{key} in {}", language.code());
        }
        assert_ne!(i18n.t("game.records"), i18n.t("records.filter"));
        let json = language.locale_json();
        for (path, text) in all_texts(json, language.code()) {
            for other in others {
                assert!(!text.contains(other), "{path} says {other:?}: {text}");
            }
        }
        // The game screen's button for saving and opening files is not a second name for
        // the history.
        let button = i18n.t("game.records");
        assert!(!button.contains(name) && !name.contains(button));
        assert_ne!(button, "Records");
        assert_ne!(button, "棋谱");
    }
    // How long a game is: counted in moves, as the move list numbers them, everywhere.
    let en = I18n::new(Language::English);
    for key in ["home.actions_played", "history.length"] {
        assert!(en.t(key).contains("{n} moves"), "{key}: {}", en.t(key));
    }
    for (path, text) in all_texts(EN_JSON, "en.json") {
        assert!(!text.contains("{n} actions"), "{path}: {text}");
    }
    let zh = I18n::new(Language::Chinese);
    for key in ["home.actions_played", "history.length"] {
        assert!(zh.t(key).contains("{n} 步"), "{key}: {}", zh.t(key));
    }
}

#[test]
fn chinese_text_quotes_with_corner_brackets() {
    // Curly quotes come from the Latin font, which draws them narrow and straight beside
    // Chinese characters; the corner brackets come from the Chinese font.
    let value = value(ZH_CN_JSON, "zh-CN.json");
    let mut all = Vec::new();
    strings(String::new(), &value, &mut all);
    let straight: Vec<&String> = all
        .iter()
        .filter(|(_, s)| s.contains(['“', '”', '"', '″', '‘', '’']))
        .map(|(path, _)| path)
        .collect();
    assert!(straight.is_empty(), "Latin quotes in {straight:?}");
    let opened = all
        .iter()
        .map(|(_, s)| s.matches('「').count())
        .sum::<usize>();
    let closed = all
        .iter()
        .map(|(_, s)| s.matches('」').count())
        .sum::<usize>();
    assert_eq!(opened, closed);
    assert!(opened > 0);
}

#[test]
fn the_tables_build_time_is_the_one_the_readme_gives() {
    // "it takes about 12 minutes of one core": the solve's 720 s of CPU (docs/FLYING.md).
    let readme = include_str!("../README.md");
    let minutes = |text: &str, after: &str| -> Option<u32> {
        let rest = &text[text.find(after)? + after.len()..];
        rest.split_whitespace().next()?.parse().ok()
    };
    let readme_minutes = minutes(readme, "it takes about").expect("the README gives the time");
    for (name, json) in [("en.json", EN_JSON), ("zh-CN.json", ZH_CN_JSON)] {
        let value = value(json, name);
        for key in ["table.offer", "table.missing_detail"] {
            let text = value[key].as_str().expect("a text");
            let said = text
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse::<u32>().ok())
                .filter(|n| (5..60).contains(n))
                .collect::<Vec<_>>();
            assert_eq!(said, [readme_minutes], "{name} {key}: {text}");
        }
    }
}

#[test]
fn i18n_switches_language_and_falls_back() {
    let mut i18n = I18n::new(Language::English);
    let english_title = i18n.t("app.name").to_string();
    assert!(!english_title.is_empty());
    assert_eq!(i18n.help(GameId::Flying).name, "Square Flying Chess");
    i18n.set_language(Language::Chinese);
    assert_eq!(i18n.language(), Language::Chinese);
    assert!(
        i18n.help(GameId::Flying)
            .name
            .chars()
            .any(|c| c > '\u{2E80}')
    );
    assert!(!i18n.common_help().timer.is_empty());
    // A key no locale has is never shown itself.
    assert_eq!(i18n.t("missing.key.for.sure"), "");
    // Every key with placeholders formats without leaving any behind when given all of them.
    let en = locale(Language::English).strings;
    for (key, text) in &en {
        let names = i18n::placeholders(text);
        let args: Vec<(&str, &dyn std::fmt::Display)> = names
            .iter()
            .map(|n| (*n, &"X" as &dyn std::fmt::Display))
            .collect();
        for language in Language::ALL {
            i18n.set_language(language);
            let filled = i18n.format(key, &args);
            assert!(
                i18n::placeholders(&filled).is_empty(),
                "{}: {key} keeps a placeholder: {filled}",
                language.code()
            );
        }
    }
}

/// The characters an OpenType font maps to a glyph, from its `cmap` table (formats 4 and 12).
struct Cmap<'a> {
    font: &'a [u8],
    subtables: Vec<usize>,
}

fn u16_at(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

impl<'a> Cmap<'a> {
    fn parse(font: &'a [u8]) -> Option<Cmap<'a>> {
        let tables = usize::from(u16_at(font, 4)?);
        let cmap = (0..tables).find_map(|i| {
            let record = 12 + 16 * i;
            (font.get(record..record + 4)? == b"cmap")
                .then(|| u32_at(font, record + 8))
                .flatten()
        })? as usize;
        let count = usize::from(u16_at(font, cmap + 2)?);
        let mut subtables = Vec::new();
        for i in 0..count {
            let offset = cmap + u32_at(font, cmap + 4 + 8 * i + 4)? as usize;
            if matches!(u16_at(font, offset)?, 4 | 12) {
                subtables.push(offset);
            }
        }
        Some(Cmap { font, subtables })
    }

    fn glyph(&self, c: char) -> Option<u32> {
        self.subtables
            .iter()
            .find_map(|&t| match u16_at(self.font, t)? {
                4 => self.glyph4(t, c),
                12 => self.glyph12(t, c),
                _ => None,
            })
    }

    fn glyph4(&self, t: usize, c: char) -> Option<u32> {
        let c = u16::try_from(u32::from(c)).ok()?;
        let f = self.font;
        let segments = usize::from(u16_at(f, t + 6)? / 2);
        let ends = t + 14;
        let starts = ends + 2 * segments + 2;
        let deltas = starts + 2 * segments;
        let range_offsets = deltas + 2 * segments;
        for s in 0..segments {
            if c > u16_at(f, ends + 2 * s)? {
                continue;
            }
            let start = u16_at(f, starts + 2 * s)?;
            if c < start {
                return None;
            }
            let delta = u16_at(f, deltas + 2 * s)?;
            let range_offset = usize::from(u16_at(f, range_offsets + 2 * s)?);
            let glyph = if range_offset == 0 {
                c.wrapping_add(delta)
            } else {
                let at = range_offsets + 2 * s + range_offset + 2 * usize::from(c - start);
                match u16_at(f, at)? {
                    0 => 0,
                    g => g.wrapping_add(delta),
                }
            };
            return (glyph != 0).then_some(u32::from(glyph));
        }
        None
    }

    fn glyph12(&self, t: usize, c: char) -> Option<u32> {
        let c = u32::from(c);
        let groups = u32_at(self.font, t + 12)? as usize;
        for g in 0..groups {
            let at = t + 16 + 12 * g;
            let (start, end) = (u32_at(self.font, at)?, u32_at(self.font, at + 4)?);
            if (start..=end).contains(&c) {
                let glyph = u32_at(self.font, at + 8)? + (c - start);
                return (glyph != 0).then_some(glyph);
            }
        }
        None
    }
}

#[test]
fn the_cmap_reader_works() {
    let cmap = Cmap::parse(fonts::CHINESE_FONT).expect("the embedded font has a cmap");
    assert!(!cmap.subtables.is_empty());
    for c in ['A', 'z', '中', '棋', '方'] {
        assert!(cmap.glyph(c).is_some(), "{c:?} should be in the font");
    }
    // A private-use character and a Hangul syllable are not in the subset.
    for c in ['\u{E000}', '한'] {
        assert!(cmap.glyph(c).is_none(), "{c:?} should not be in the font");
    }
}

#[test]
fn every_character_of_the_locales_has_a_glyph() {
    let cmap = Cmap::parse(fonts::CHINESE_FONT).expect("the embedded font has a cmap");
    for (name, json) in [("zh-CN.json", ZH_CN_JSON), ("en.json", EN_JSON)] {
        let value = value(json, name);
        let mut all = Vec::new();
        strings(String::new(), &value, &mut all);
        let mut missing: BTreeMap<char, String> = BTreeMap::new();
        for (path, text) in all {
            for c in text.chars().filter(|c| !c.is_control()) {
                if cmap.glyph(c).is_none() {
                    missing.entry(c).or_insert_with(|| path.clone());
                }
            }
        }
        assert!(
            missing.is_empty(),
            "{name}: characters without a glyph in the embedded font (run \
             scripts/make-font-subset.sh): {missing:?}"
        );
    }
}

#[test]
fn font_definitions_put_the_chinese_font_last_in_both_families() {
    let definitions = fonts::definitions();
    assert!(definitions.font_data.contains_key(fonts::CHINESE_FONT_NAME));
    let defaults = egui::FontDefinitions::default();
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = &definitions.families[&family];
        assert_eq!(
            list.last().map(String::as_str),
            Some(fonts::CHINESE_FONT_NAME)
        );
        assert_eq!(&list[..list.len() - 1], &defaults.families[&family][..]);
    }
}

/// Whether a context with `install` (or without) has a glyph for `c` in both families.
fn context_has_glyph(install: bool, c: char) -> bool {
    let ctx = egui::Context::default();
    if install {
        fonts::install(&ctx);
    }
    let mut has_glyph = false;
    let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
        ui.label("三棋");
        has_glyph = ui.ctx().fonts_mut(|f| {
            f.has_glyph(&egui::FontId::proportional(14.0), c)
                && f.has_glyph(&egui::FontId::monospace(14.0), c)
        });
    });
    // No renderer takes the font atlas here.
    output.textures_delta.clear();
    has_glyph
}

#[test]
fn installed_fonts_have_chinese_glyphs() {
    assert!(
        !context_has_glyph(false, '棋'),
        "egui's own fonts should lack Chinese glyphs, or this test proves nothing"
    );
    assert!(
        context_has_glyph(true, '棋'),
        "the installed fonts have no glyph for 棋"
    );
    assert!(context_has_glyph(true, 'a'));
}

/// Whether the installed fonts have a glyph for `c` in the monospace family.
fn monospace_has_glyph(c: char) -> bool {
    let ctx = egui::Context::default();
    fonts::install(&ctx);
    let mut has_glyph = false;
    let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
        has_glyph = ui
            .ctx()
            .fonts_mut(|f| f.has_glyph(&egui::FontId::monospace(14.0), c));
    });
    output.textures_delta.clear();
    has_glyph
}

#[test]
fn the_move_lists_marks_have_glyphs() {
    // The move list (monospace) marks captures, flips and yields: `c3-c2 ▦×1`, `b3-b5 ⇄2`,
    // `xc4 ↺`. The shapes' marks are in the embedded subset too, for any other text.
    for c in ['▦', '═', '×', '⇄', '↺'] {
        assert!(monospace_has_glyph(c), "no monospace glyph for {c:?}");
    }
    let cmap = Cmap::parse(fonts::CHINESE_FONT).expect("the embedded font has a cmap");
    for c in ['▦', '═'] {
        assert!(cmap.glyph(c).is_some(), "{c:?} is not in the embedded font");
    }
}
