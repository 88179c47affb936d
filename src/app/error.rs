//! The app's errors, kept typed until they reach the person: [`AppError`] is what went wrong
//! when the user asked for something, and [`AppError::message`] and [`store_error`] turn it
//! (and the store, record and saved-game errors inside it) into one translated line — the one
//! place where that happens, for the banners and the dialogs alike. What came from outside
//! (paths, a file's fields, a parser's description) is shown through [`crate::echo`], so it
//! cannot break the line.

use std::fmt::{self, Display};

use super::i18n::{I18n, Language};
use super::link::LinkError;
use super::settings::SavedGameError;
use super::storage::{StoreError, StoreNotice};
use super::text::{game_name, illegal, shown, shown_path};
use crate::echo::one_line;
use crate::files::{NameProblem, ReadError, size_text};
use crate::rules::GameId;
use crate::rules::records::{self, MAX_DETAIL_CHARS, RecordError};

/// Something the user asked for that could not be done.
#[derive(Clone, Debug, PartialEq)]
pub enum AppError {
    /// A file of the app's could not be written.
    Save(StoreError),
    /// The saved game could not be resumed.
    Resume(SavedGameError),
    /// A record file could not be opened.
    OpenRecord(StoreError),
    /// The record could not be written.
    Export(StoreError),
    /// There is no game to export.
    NothingToExport,
    /// The unfinished game could not be kept as a record, so nothing took its place.
    KeepGame(StoreError),
    /// A lesson step could not be set up.
    LessonUnavailable,
    /// The game that has just ended could not be kept in the history.
    KeepFinished(StoreError),
    /// A record of the history could not be deleted.
    DeleteRecord(StoreError),
    /// A deleted record could not be brought back.
    RestoreRecord(StoreError),
    /// There is no puzzle to show (none of the game and theme chosen, or a puzzle that
    /// does not set up).
    PuzzleUnavailable,
    /// A shared link opens nothing.
    OpenLink(LinkError),
    /// The game does not start from its usual position, so no link can tell it.
    NoLink,
    /// The online server's address cannot be used.
    ServerAddress(String),
    /// What was typed to join a friend's game is neither a code nor an invitation.
    InvitationCode(String),
}

impl AppError {
    /// The error as one translated sentence, ending with its full stop.
    pub fn message(&self, i18n: &I18n) -> String {
        let with_reason = |key: &str, reason: &dyn fmt::Display| {
            full_stop(i18n, i18n.format(key, &[("reason", reason)]))
        };
        match self {
            AppError::Save(e) => with_reason("notice.save_failed", &store_error(i18n, e)),
            AppError::Resume(e) => with_reason("notice.resume_failed", &saved_game_error(i18n, e)),
            AppError::OpenRecord(e) => with_reason("records.open_failed", &store_error(i18n, e)),
            AppError::Export(e) => with_reason("records.export_failed", &store_error(i18n, e)),
            AppError::NothingToExport => with_reason(
                "records.export_failed",
                &i18n.t("records.nothing_to_export"),
            ),
            AppError::KeepGame(e) => with_reason("records.keep_failed", &store_error(i18n, e)),
            AppError::LessonUnavailable => i18n.t("lesson.unavailable").to_string(),
            AppError::KeepFinished(e) => with_reason("history.keep_failed", &store_error(i18n, e)),
            AppError::DeleteRecord(e) => {
                with_reason("history.delete_failed", &store_error(i18n, e))
            }
            AppError::RestoreRecord(e) => {
                with_reason("history.restore_failed", &store_error(i18n, e))
            }
            AppError::PuzzleUnavailable => i18n.t("puzzle.unavailable").to_string(),
            AppError::OpenLink(e) => with_reason("link.open_failed", &link_error(i18n, e)),
            AppError::NoLink => i18n.t("link.none").to_string(),
            AppError::ServerAddress(text) => {
                i18n.format("online.bad_address", &[("address", &shown(text))])
            }
            AppError::InvitationCode(text) => {
                i18n.format("online.bad_code", &[("code", &shown(text))])
            }
        }
    }
}

/// Why a link opens nothing, in the interface language.
fn link_error(i18n: &I18n, error: &LinkError) -> String {
    match error {
        LinkError::Empty => i18n.t("link.empty").to_string(),
        LinkError::TooLong => i18n.t("link.too_long").to_string(),
        LinkError::UnknownGame(game) => i18n.format("link.unknown_game", &[("game", &shown(game))]),
        LinkError::BadAction { number, text } => i18n.format(
            "link.bad_action",
            &[("number", number as &dyn Display), ("action", &shown(text))],
        ),
        LinkError::Illegal { number, text } => i18n.format(
            "link.illegal",
            &[("number", number as &dyn Display), ("action", &shown(text))],
        ),
        LinkError::UnknownPuzzle(id) => i18n.format("link.unknown_puzzle", &[("id", &shown(id))]),
        LinkError::BadInvitation(code) => i18n.format("online.bad_code", &[("code", &shown(code))]),
    }
}

impl fmt::Display for AppError {
    /// In English, for logs and tests.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Save(e) => write!(f, "could not save: {e}"),
            AppError::Resume(why) => write!(f, "the saved game could not be resumed: {why}"),
            AppError::OpenRecord(why) => write!(f, "could not open the record: {why}"),
            AppError::Export(e) => write!(f, "could not export the game: {e}"),
            AppError::NothingToExport => f.write_str("there is no game to export"),
            AppError::KeepGame(e) => {
                write!(f, "the unfinished game could not be kept, so it stays: {e}")
            }
            AppError::LessonUnavailable => f.write_str("the lesson step could not be set up"),
            AppError::KeepFinished(e) => {
                write!(f, "the game could not be kept in the history: {e}")
            }
            AppError::DeleteRecord(e) => write!(f, "could not delete the record: {e}"),
            AppError::RestoreRecord(e) => write!(f, "could not bring the record back: {e}"),
            AppError::PuzzleUnavailable => f.write_str("there is no puzzle to show"),
            AppError::OpenLink(e) => write!(f, "the link opens nothing: {e}"),
            AppError::NoLink => f.write_str("this game does not start from the usual position"),
            AppError::ServerAddress(text) => write!(f, "{text:?} is not a server's address"),
            AppError::InvitationCode(text) => {
                write!(f, "{text:?} is neither an invitation code nor its link")
            }
        }
    }
}

impl std::error::Error for AppError {}

/// `text` ending as a sentence does in the interface language: with a full stop unless it
/// ends with one already (a reason given in full may bring its own).
fn full_stop(i18n: &I18n, mut text: String) -> String {
    let ended = text
        .trim_end()
        .ends_with(['.', '。', '!', '！', '?', '？', '…']);
    if !ended {
        text.truncate(text.trim_end().len());
        text.push_str(match i18n.language() {
            Language::Chinese => "。",
            Language::English => ".",
        });
    }
    text
}

/// A store notice in the interface language.
pub fn store_notice(i18n: &I18n, notice: &StoreNotice) -> String {
    match notice {
        // Left where it was: said without "kept as" the file's own name.
        StoreNotice::SetAside {
            file,
            reason: StoreError::NotSetAside { reason, error },
            ..
        } => {
            let why = match error {
                Some(error) => system(i18n, error),
                None => i18n.t("error.no_free_name_aside").to_string(),
            };
            i18n.format(
                "notice.left_as_it_is",
                &[
                    ("file", file),
                    ("reason", &store_error(i18n, reason)),
                    ("error", &why),
                ],
            )
        }
        StoreNotice::SetAside {
            file,
            moved_to,
            reason,
        } => i18n.format(
            "notice.set_aside",
            &[
                ("file", file),
                ("path", &shown_path(moved_to)),
                ("reason", &store_error(i18n, reason)),
            ],
        ),
        StoreNotice::NotWritable {
            dir: Some(dir),
            reason,
        } => i18n.format(
            "notice.not_writable",
            &[
                ("path", &shown_path(dir)),
                ("reason", &store_error(i18n, reason)),
            ],
        ),
        StoreNotice::NotWritable { dir: None, reason } => i18n.format(
            "notice.no_folder",
            &[("reason", &store_error(i18n, reason))],
        ),
        StoreNotice::RatingReset { games, kept_as } => {
            let names: Vec<String> = games
                .iter()
                .map(|id| {
                    GameId::parse(id).map_or_else(|| shown(id), |g| game_name(i18n, g).to_string())
                })
                .collect();
            i18n.format(
                "notice.rating_reset",
                &[("games", &names.join(", ")), ("path", &shown_path(kept_as))],
            )
        }
    }
}

/// A store, record or saved-game error as one line in the interface language.
pub fn store_error(i18n: &I18n, error: &StoreError) -> String {
    let detail = |text: &str| one_line(text, MAX_DETAIL_CHARS);
    match error {
        StoreError::NoHomeFolder => i18n.t("error.no_home_folder").to_string(),
        StoreError::NoDataFolder => i18n.t("error.no_data_folder").to_string(),
        StoreError::NotWritable { dir } => {
            i18n.format("error.not_writable", &[("path", &shown_path(dir))])
        }
        StoreError::Io(failure) => system(i18n, failure),
        StoreError::Read(e) => read_error(i18n, e),
        StoreError::NotJson(why) => i18n.format("error.not_json", &[("detail", &detail(why))]),
        StoreError::NotAnObject => i18n.t("error.not_an_object").to_string(),
        StoreError::NewerVersion { found, known } => i18n.format(
            "error.newer_version",
            &[("found", found as &dyn Display), ("known", known)],
        ),
        StoreError::BadVersion => i18n.t("error.bad_version").to_string(),
        StoreError::UnexpectedContent(why) => {
            i18n.format("error.unexpected_content", &[("detail", &detail(why))])
        }
        StoreError::SavedGame(e) => saved_game_error(i18n, e),
        StoreError::Record(e) => record_error(i18n, e),
        // A full disk, or in the browser a full storage: what was kept before stays.
        StoreError::Write { path, error } if error.kind == std::io::ErrorKind::StorageFull => {
            i18n.format("error.storage_full", &[("path", &shown_path(path))])
        }
        StoreError::Write { path, error } => file_failure(i18n, "error.write", path, error),
        StoreError::BadName { path, problem } => i18n.format(
            "error.write",
            &[
                ("path", &shown_path(path)),
                ("reason", &name_problem(i18n, problem)),
            ],
        ),
        StoreError::Remove { path, error } => file_failure(i18n, "error.remove", path, error),
        StoreError::CreateFolder { path, error } => {
            file_failure(i18n, "error.create_folder", path, error)
        }
        StoreError::NoFreeName { dir } => {
            i18n.format("error.no_free_name", &[("path", &shown_path(dir))])
        }
        StoreError::Encode(why) => i18n.format("error.encode", &[("detail", &detail(why))]),
        StoreError::LeftAsItIs { path } => {
            i18n.format("error.left_as_it_is", &[("path", &shown_path(path))])
        }
        StoreError::NotSetAside { reason, error } => {
            let why = match error {
                Some(error) => system(i18n, error),
                None => i18n.t("error.no_free_name_aside").to_string(),
            };
            i18n.format(
                "error.not_set_aside",
                &[("reason", &store_error(i18n, reason)), ("error", &why)],
            )
        }
    }
}

/// What the system said, which stays in its own words (they come from the system, in the
/// system's language).
fn system(i18n: &I18n, failure: &impl Display) -> String {
    i18n.format(
        "error.system",
        &[("reason", &one_line(&failure.to_string(), MAX_DETAIL_CHARS))],
    )
}

fn file_failure(i18n: &I18n, key: &str, path: &std::path::Path, error: &impl Display) -> String {
    i18n.format(
        key,
        &[
            ("path", &shown_path(path)),
            ("reason", &system(i18n, error)),
        ],
    )
}

fn read_error(i18n: &I18n, error: &ReadError) -> String {
    match error {
        ReadError::NotFound => i18n.t("error.not_found").to_string(),
        ReadError::Folder => i18n.t("error.folder").to_string(),
        ReadError::NotRegular => i18n.t("error.not_regular").to_string(),
        ReadError::TooLarge { limit } => {
            i18n.format("error.too_large", &[("size", &size_text(*limit))])
        }
        ReadError::BadName(problem) => name_problem(i18n, problem),
        ReadError::Io(failure) => system(i18n, failure),
    }
}

/// Why Windows cannot hold a file name, with what to do about it.
fn name_problem(i18n: &I18n, problem: &NameProblem) -> String {
    match problem {
        NameProblem::Device(name) => i18n.format("error.name_device", &[("name", &shown(name))]),
        NameProblem::TrailingDotOrSpace => i18n.t("error.name_trailing").to_string(),
        NameProblem::Character(c) => {
            i18n.format("error.name_character", &[("char", &shown(&c.to_string()))])
        }
    }
}

fn record_error(i18n: &I18n, error: &RecordError) -> String {
    match error {
        RecordError::Malformed(why) => i18n.format(
            "error.record_malformed",
            &[("detail", &one_line(why, MAX_DETAIL_CHARS))],
        ),
        RecordError::NotARecord(format) => {
            i18n.format("error.record_not_a_record", &[("format", &shown(format))])
        }
        RecordError::UnsupportedVersion(version) => i18n.format(
            "error.record_version",
            &[
                ("version", version as &dyn Display),
                ("known", &records::VERSION),
            ],
        ),
        RecordError::UnknownGame(game) => {
            i18n.format("error.record_unknown_game", &[("game", &shown(game))])
        }
        RecordError::Unparsable { index, text } => i18n.format(
            "error.record_unparsable",
            &[("index", index as &dyn Display), ("text", &shown(text))],
        ),
        RecordError::Illegal {
            index,
            action,
            reason,
        } => i18n.format(
            "error.record_illegal",
            &[
                ("index", index as &dyn Display),
                ("action", &shown(&action.to_string())),
                ("reason", &clause(&illegal(i18n, *reason))),
            ],
        ),
    }
}

/// A sentence as a clause after a colon: its first letter small (unless the second is a
/// capital too, as in a name), its full stop dropped. "The game is over." → "the game is
/// over"; Chinese keeps its characters and loses its "。".
fn clause(sentence: &str) -> String {
    let sentence = sentence.trim_end_matches(['.', '。']);
    let mut chars = sentence.chars();
    match (chars.next(), chars.next()) {
        (Some(first), second) if !second.is_some_and(char::is_uppercase) => first
            .to_lowercase()
            .chain(sentence[first.len_utf8()..].chars())
            .collect(),
        _ => sentence.to_string(),
    }
}

fn saved_game_error(i18n: &I18n, error: &SavedGameError) -> String {
    match error {
        SavedGameError::Record(e) => record_error(i18n, e),
        SavedGameError::OtherGame { record, setup } => i18n.format(
            "error.saved_other_game",
            &[
                ("record", &game_name(i18n, *record)),
                ("setup", &game_name(i18n, *setup)),
            ],
        ),
        SavedGameError::Finished => i18n.t("error.saved_finished").to_string(),
        SavedGameError::Redo { index, text } => i18n.format(
            "error.saved_redo",
            &[("index", index as &dyn Display), ("text", &shown(text))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::files::IoFailure;
    use crate::rules::{Action, GameId, IllegalAction, Point};

    #[test]
    fn a_reason_after_a_colon_is_a_clause() {
        assert_eq!(clause("The game is over."), "the game is over");
        assert_eq!(clause("c3 is already taken."), "c3 is already taken");
        assert_eq!(clause("对局已经结束。"), "对局已经结束");
        assert_eq!(clause("OK then."), "OK then");
        assert_eq!(clause(""), "");
    }

    /// One of every error the store can give, nested ones included.
    fn every_error() -> Vec<StoreError> {
        let path = PathBuf::from("/data/sanqi");
        let failure = IoFailure {
            kind: std::io::ErrorKind::PermissionDenied,
            message: "Permission denied (os error 13)".to_string(),
        };
        let records = [
            RecordError::Malformed("expected value at line 1 column 1".to_string()),
            RecordError::NotARecord("chess".to_string()),
            RecordError::UnsupportedVersion(2),
            RecordError::UnknownGame("go".to_string()),
            RecordError::Unparsable {
                index: 3,
                text: "z9".to_string(),
            },
            RecordError::Illegal {
                index: 31,
                action: Action::Place(Point::ALL[12]),
                reason: IllegalAction::Occupied(Point::ALL[12]),
            },
        ];
        let saved = [
            SavedGameError::OtherGame {
                record: GameId::Flying,
                setup: GameId::Wudao,
            },
            SavedGameError::Finished,
            SavedGameError::Redo {
                index: 1,
                text: "q".to_string(),
            },
        ];
        let mut errors = vec![
            StoreError::NoHomeFolder,
            StoreError::NoDataFolder,
            StoreError::NotWritable { dir: path.clone() },
            StoreError::Io(failure.clone()),
            StoreError::Read(ReadError::NotFound),
            StoreError::Read(ReadError::Folder),
            StoreError::Read(ReadError::NotRegular),
            StoreError::Read(ReadError::TooLarge { limit: 1 << 24 }),
            StoreError::Read(ReadError::Io(failure.clone())),
            StoreError::Read(ReadError::BadName(NameProblem::Device("CON".to_string()))),
            StoreError::Read(ReadError::BadName(NameProblem::TrailingDotOrSpace)),
            StoreError::Read(ReadError::BadName(NameProblem::Character(':'))),
            StoreError::BadName {
                path: path.join("NUL.json"),
                problem: NameProblem::Device("NUL".to_string()),
            },
            StoreError::NotJson("trailing characters at line 1 column 3".to_string()),
            StoreError::NotAnObject,
            StoreError::NewerVersion { found: 9, known: 1 },
            StoreError::BadVersion,
            StoreError::UnexpectedContent("unknown variant `x`".to_string()),
            StoreError::Write {
                path: path.join("settings.json"),
                error: failure.clone(),
            },
            StoreError::Remove {
                path: path.join("game.json"),
                error: failure.clone(),
            },
            StoreError::CreateFolder {
                path: path.clone(),
                error: failure.clone(),
            },
            StoreError::NoFreeName { dir: path.clone() },
            StoreError::Encode("key must be a string".to_string()),
            StoreError::LeftAsItIs {
                path: path.join("settings.json"),
            },
            StoreError::NotSetAside {
                reason: Box::new(StoreError::NotAnObject),
                error: Some(failure),
            },
            StoreError::NotSetAside {
                reason: Box::new(StoreError::BadVersion),
                error: None,
            },
        ];
        errors.extend(records.iter().cloned().map(StoreError::Record));
        errors.extend(
            records
                .into_iter()
                .map(|e| StoreError::SavedGame(SavedGameError::Record(e))),
        );
        errors.extend(saved.into_iter().map(StoreError::SavedGame));
        errors
    }

    #[test]
    fn every_error_is_one_translated_line_in_both_languages() {
        let english = I18n::new(Language::English);
        let chinese = I18n::new(Language::Chinese);
        for error in every_error() {
            let en = store_error(&english, &error);
            let zh = store_error(&chinese, &error);
            for text in [&en, &zh] {
                assert!(!text.is_empty(), "{error:?}");
                assert!(!text.contains('\n'), "{error:?}: {text}");
                assert!(
                    !text.contains("error."),
                    "{error:?}: a missing key in {text}"
                );
                assert!(
                    !text.contains('{'),
                    "{error:?}: a placeholder left in {text}"
                );
            }
            assert_ne!(en, zh, "{error:?} is not translated");
        }
    }

    #[test]
    fn a_file_left_as_it_is_is_said_to_be_left_and_not_kept_under_its_own_name() {
        let notice = StoreNotice::SetAside {
            file: "settings.json".to_string(),
            moved_to: std::path::PathBuf::from("/data/settings.json"),
            reason: StoreError::NotSetAside {
                reason: Box::new(StoreError::NotAnObject),
                error: None,
            },
        };
        for language in Language::ALL {
            let text = store_notice(&I18n::new(language), &notice);
            assert!(!text.contains("/data/settings.json"), "{text}");
            assert!(!text.contains('{') && !text.contains("error."), "{text}");
        }
        let english = store_notice(&I18n::new(Language::English), &notice);
        assert!(
            english.contains("It is left as it is, nothing is saved over it"),
            "{english}"
        );
    }

    #[test]
    fn messages_carry_the_facts() {
        let english = I18n::new(Language::English);
        let illegal = StoreError::Record(RecordError::Illegal {
            index: 31,
            action: Action::Place(Point::ALL[12]),
            reason: IllegalAction::Occupied(Point::ALL[12]),
        });
        let text = store_error(&english, &illegal);
        assert!(
            text.contains("31") && text.contains("\u{201c}c3\u{201d}"),
            "{text}"
        );
        let large = store_error(
            &english,
            &StoreError::Read(ReadError::TooLarge { limit: 1 << 24 }),
        );
        assert!(large.contains("16 MiB"), "{large}");
        let chinese = I18n::new(Language::Chinese);
        let device = StoreError::BadName {
            path: std::path::PathBuf::from("张伟").join("lpt1.json"),
            problem: NameProblem::Device("lpt1".to_string()),
        };
        assert_eq!(
            store_error(&english, &device),
            "could not write \u{201c}张伟/lpt1.json\u{201d}: \u{201c}lpt1\u{201d} is a name that Windows keeps for a device; choose another name"
                .replace('/', std::path::MAIN_SEPARATOR_STR)
        );
        assert_eq!(
            store_error(
                &chinese,
                &StoreError::Read(ReadError::BadName(NameProblem::Character('|')))
            ),
            "Windows 不允许文件名中有 \u{201c}|\u{201d}，请换一个名称"
        );
        // What came from a file is escaped and shortened.
        let hostile = StoreError::Record(RecordError::UnknownGame(format!(
            "go\n\u{1b}[2J{}",
            "x".repeat(10_000)
        )));
        let text = store_error(&english, &hostile);
        assert!(
            text.contains("go\\n\\u{1b}[2J") && text.len() < 300,
            "{text}"
        );
    }

    #[test]
    fn every_error_has_a_message_in_both_languages() {
        let errors = [
            AppError::Save(StoreError::NoDataFolder),
            AppError::Resume(SavedGameError::Finished),
            AppError::OpenRecord(StoreError::Read(ReadError::NotRegular)),
            AppError::Export(StoreError::NotAnObject),
            AppError::NothingToExport,
        ];
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for error in &errors {
                let text = error.message(&i18n);
                assert!(!text.contains('{') && !text.contains("notice."), "{text}");
                assert!(!text.contains("records."), "{text}");
            }
        }
        let english = I18n::new(Language::English);
        assert_eq!(
            AppError::NothingToExport.message(&english),
            "Could not export the game: There is no game to export."
        );
    }

    #[test]
    fn every_error_ends_with_one_full_stop() {
        let illegal = RecordError::Illegal {
            index: 3,
            action: Action::Move(Point::ALL[0], Point::ALL[6]),
            reason: IllegalAction::NotStraight,
        };
        let errors = [
            AppError::OpenRecord(StoreError::Record(RecordError::UnknownGame("go".into()))),
            AppError::OpenRecord(StoreError::Record(illegal)),
            AppError::OpenRecord(StoreError::Read(ReadError::NotFound)),
            AppError::Export(StoreError::NotAnObject),
            AppError::KeepGame(StoreError::NoDataFolder),
            AppError::NothingToExport,
        ];
        for (language, stop) in [(Language::English, "."), (Language::Chinese, "。")] {
            let i18n = I18n::new(language);
            for error in &errors {
                let text = error.message(&i18n);
                assert!(text.ends_with(stop), "{text}");
                assert!(!text.ends_with(&format!("{stop}{stop}")), "{text}");
            }
        }
    }
}
