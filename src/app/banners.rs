//! The messages at the top of the window: a store notice, an error, news of the Flying table
//! or of a game kept as a record, each with a button to dismiss it (and one to open the
//! record kept).

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::RichText;

use super::command::Command;
use super::error::AppError;
use super::error::store_notice;
use super::i18n::I18n;
use super::storage::StoreNotice;
use super::text::{duration_text, shown_path};
use super::theme;
use crate::echo::one_line;

/// A message shown at the top of the window until dismissed.
#[derive(Clone, Debug, PartialEq)]
pub enum Banner {
    /// From the store: a file set aside, or nothing can be saved.
    Store(StoreNotice),
    /// Something that could not be done, and why.
    Error(AppError),
    /// What became of the Flying table, for Master and the hints.
    Table(TableNotice),
    /// An unfinished game was replaced by another and kept as this record.
    Kept(PathBuf),
    /// A link was copied to the clipboard: the link.
    LinkCopied(String),
    /// A link for pasting into Sanqi was copied (no web page is set up for links): the link,
    /// and whether it is a game's (which can be exported as a file instead) or a puzzle's.
    LinkCopiedForApp {
        /// The link.
        link: String,
        /// A game's link, not a puzzle's.
        game: bool,
    },
}

/// The news of the Flying table's build. (That Master searches without the table is said in
/// the side panel of the game it concerns, not across every screen.)
#[derive(Clone, Debug, PartialEq)]
pub enum TableNotice {
    /// The table was built, in this much time.
    Built(Duration),
    /// The build stopped with an error (in English, from the file system).
    BuildFailed(String),
}

impl Banner {
    /// The message in the interface language.
    pub fn text(&self, i18n: &I18n) -> String {
        match self {
            Banner::Store(notice) => store_notice(i18n, notice),
            Banner::Error(error) => error.message(i18n),
            Banner::Table(TableNotice::Built(time)) => i18n.format(
                "table.notice_built",
                &[("time", &duration_text(i18n, *time))],
            ),
            Banner::Table(TableNotice::BuildFailed(why)) => {
                i18n.format("table.notice_failed", &[("reason", &one_line(why, 200))])
            }
            Banner::Kept(path) => {
                let name = path.file_name().map_or(path.as_path(), Path::new);
                i18n.format("notice.kept", &[("name", &shown_path(name))])
            }
            Banner::LinkCopied(link) => {
                i18n.format("link.copied", &[("link", &one_line(link, 120))])
            }
            Banner::LinkCopiedForApp { link, game } => {
                let key = if *game {
                    "link.copied_app"
                } else {
                    "link.copied_app_puzzle"
                };
                i18n.format(key, &[("link", &one_line(link, 120))])
            }
        }
    }

    /// The button beside the message that acts on it, if any: its text and its commands.
    fn action(&self, i18n: &I18n) -> Option<(String, Vec<Command>)> {
        match self {
            // Over a game in progress, the app asks first.
            Banner::Kept(path) => Some((
                i18n.t("notice.open_kept").to_string(),
                vec![Command::OpenRecord(path.clone())],
            )),
            // A link nobody without Sanqi can open: the game itself, as a file, can be sent.
            Banner::LinkCopiedForApp { game: true, .. } => Some((
                i18n.t("records.export").to_string(),
                vec![Command::ExportRecord],
            )),
            _ => None,
        }
    }
}

/// Draws the banners across the top of the window; returns what was clicked: a dismissal, or
/// a banner's own action.
pub fn banners_ui(ui: &mut egui::Ui, i18n: &I18n, banners: &[Banner]) -> Vec<Command> {
    let mut out = Vec::new();
    if banners.is_empty() {
        return out;
    }
    egui::Panel::top("banners")
        .frame(
            egui::Frame::new()
                .fill(theme::notice())
                .inner_margin(egui::Margin::symmetric(14, 8)),
        )
        .show(ui, |ui| banner_rows(ui, i18n, banners, &mut out));
    out
}

/// Draws the banners over the top of `area` (the board's part of the game screen) rather than
/// above it: a notice that comes in the middle of a game moves nothing a player may click. What
/// it covers is under it only until it is dismissed, and a click on it never reaches the board.
pub fn banners_over(
    ctx: &egui::Context,
    i18n: &I18n,
    banners: &[Banner],
    area: egui::Rect,
) -> Vec<Command> {
    let mut out = Vec::new();
    if banners.is_empty() {
        return out;
    }
    let margin = 8.0;
    let width = (area.width() - 2.0 * margin).clamp(120.0, OVERLAY_WIDTH);
    let left = area.center().x - width / 2.0;
    egui::Area::new(egui::Id::unique("banners_over"))
        .order(egui::Order::Middle)
        .fixed_pos(egui::pos2(left, area.top() + margin))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(theme::notice())
                .stroke(egui::Stroke::new(1.0, theme::line()))
                .corner_radius(egui::CornerRadius::same(6))
                .shadow(ui.visuals().popup_shadow)
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    // The frame's margin is inside the width.
                    ui.set_width(width - 24.0);
                    banner_rows(ui, i18n, banners, &mut out);
                });
        });
    out
}

/// The widest a notice laid over the board gets.
const OVERLAY_WIDTH: f32 = 640.0;

/// Each banner on a row: the message first, its buttons after it on the right, as people read.
fn banner_rows(ui: &mut egui::Ui, i18n: &I18n, banners: &[Banner], out: &mut Vec<Command>) {
    for (i, banner) in banners.iter().enumerate() {
        egui::Sides::new().shrink_left().wrap().show(
            ui,
            |ui| {
                ui.label(RichText::new(banner.text(i18n)).color(theme::ink()));
            },
            |ui| {
                if ui.button(i18n.t("notice.dismiss")).clicked() {
                    out.push(Command::DismissBanner(i));
                }
                if let Some((label, commands)) = banner.action(i18n)
                    && ui.button(label).clicked()
                {
                    out.extend(commands);
                }
            },
        );
    }
}
