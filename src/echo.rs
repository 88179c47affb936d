//! Showing the user's own input back inside a one-line message, safely: every error that
//! repeats an argument, a file's field or a path goes through [`quoted`], [`quoted_path`] or
//! [`one_line`], so that nothing the user typed or a file holds can split the line, move the
//! cursor, recolour the terminal or flood it.

use std::path::Path;

/// The most characters of a value [`quoted`] shows (the ellipsis not counted).
pub const MAX_QUOTED_CHARS: usize = 60;
/// The most characters of a path [`quoted_path`] shows (the ellipsis not counted).
pub const MAX_PATH_CHARS: usize = 100;

/// `text` between backticks, made safe for one line and shortened to
/// [`MAX_QUOTED_CHARS`] characters with a trailing `…`.
pub fn quoted(text: &str) -> String {
    format!("`{}`", one_line(text, MAX_QUOTED_CHARS))
}

/// A path between backticks, made safe for one line; a long path keeps its end (the file
/// name), with a leading `…`.
pub fn quoted_path(path: &Path) -> String {
    format!("`{}`", path_line(path))
}

/// A path made safe for one line, without quotes; a long path keeps its end (the file name),
/// with a leading `…`.
pub fn path_line(path: &Path) -> String {
    let mut escaped = String::new();
    for c in path.to_string_lossy().chars() {
        escape(c, &mut escaped);
    }
    let length = escaped.chars().count();
    if length <= MAX_PATH_CHARS {
        escaped
    } else {
        let tail: String = escaped.chars().skip(length - MAX_PATH_CHARS).collect();
        format!("…{tail}")
    }
}

/// `text` made safe for one line (see [`escape`]) and cut after `max_chars` characters of
/// the result, with `…` to show that something was left out. An escape is never cut.
pub fn one_line(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut piece = String::new();
    let mut count = 0;
    for c in text.chars() {
        piece.clear();
        escape(c, &mut piece);
        let length = piece.chars().count();
        if count + length > max_chars {
            out.push('…');
            break;
        }
        count += length;
        out.push_str(&piece);
    }
    out
}

/// Appends a character as it may appear in a one-line message: itself, or for a control
/// character or an invisible character that changes how text is laid out (line and
/// paragraph separators, bidirectional overrides, zero-width characters, the byte-order
/// mark), an escape such as `\n` or `\u{1b}`.
pub fn escape(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() || is_layout_character(c) => {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
        c => out.push(c),
    }
}

/// Invisible format characters that can hide or reorder the rest of a line.
fn is_layout_character(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_quoted_as_it_is() {
        assert_eq!(quoted("chess"), "`chess`");
        assert_eq!(quoted("五道棋"), "`五道棋`");
        assert_eq!(quoted(""), "``");
    }

    #[test]
    fn control_and_layout_characters_are_escaped() {
        assert_eq!(quoted("a\nb\r\tc"), "`a\\nb\\r\\tc`");
        assert_eq!(quoted("\u{1b}[31mred"), "`\\u{1b}[31mred`");
        assert_eq!(quoted("\u{7f}\u{9b}"), "`\\u{7f}\\u{9b}`");
        assert_eq!(quoted("x\u{202e}y\u{2028}"), "`x\\u{202e}y\\u{2028}`");
        assert_eq!(quoted("\u{feff}bom"), "`\\u{feff}bom`");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "a".repeat(50_000_000);
        let q = quoted(&long);
        assert_eq!(q.chars().count(), MAX_QUOTED_CHARS + 3);
        assert!(q.ends_with("a…`"));
        let exact = "b".repeat(MAX_QUOTED_CHARS);
        assert_eq!(quoted(&exact), format!("`{exact}`"));
        // An escape is never cut in half.
        assert_eq!(one_line("ab\ncd", 3), "ab…");
        assert_eq!(one_line("ab\ncd", 4), "ab\\n…");
    }

    #[test]
    fn long_paths_keep_their_end() {
        let path = Path::new("/tmp").join("x".repeat(300)).join("game.json");
        let q = quoted_path(&path);
        assert!(q.starts_with("`…") && q.ends_with("x/game.json`"), "{q}");
        assert_eq!(q.chars().count(), MAX_PATH_CHARS + 3);
        assert_eq!(quoted_path(Path::new("a\nb.json")), "`a\\nb.json`");
    }
}
