//! The app's errors: what can go wrong when the user asks for something, kept typed until
//! [`AppError::message`] turns it into a translated sentence — the one place where that
//! happens, for the banners and the dialogs alike.

use std::fmt;

use super::i18n::I18n;
use super::storage::StoreError;

/// Something the user asked for that could not be done.
#[derive(Clone, Debug, PartialEq)]
pub enum AppError {
    /// A file of the app's could not be written.
    Save(StoreError),
    /// The saved game could not be resumed (the reason, from the rules' replay).
    Resume(String),
    /// A record file could not be opened (the reason names the file and the problem).
    OpenRecord(String),
    /// The record could not be written.
    Export(StoreError),
    /// There is no game to export.
    NothingToExport,
}

impl AppError {
    /// The error as one translated sentence.
    pub fn message(&self, i18n: &I18n) -> String {
        let with_reason =
            |key: &str, reason: &dyn fmt::Display| i18n.format(key, &[("reason", reason)]);
        match self {
            AppError::Save(e) => with_reason("notice.save_failed", e),
            AppError::Resume(why) => with_reason("notice.resume_failed", why),
            AppError::OpenRecord(why) => with_reason("records.open_failed", why),
            AppError::Export(e) => with_reason("records.export_failed", e),
            AppError::NothingToExport => with_reason(
                "records.export_failed",
                &i18n.t("records.nothing_to_export"),
            ),
        }
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
        }
    }
}

impl std::error::Error for AppError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::Language;

    #[test]
    fn every_error_has_a_message_in_both_languages() {
        let errors = [
            AppError::Save(StoreError("disk full".to_string())),
            AppError::Resume("action 3".to_string()),
            AppError::OpenRecord("bad.json: not JSON".to_string()),
            AppError::Export(StoreError("read-only".to_string())),
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
}
