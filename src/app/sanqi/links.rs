//! Shared links: opening the game or puzzle a link holds, and copying the link of a game or
//! a puzzle for the person to send (see [`crate::app::link`]).

use std::path::Path;

use super::SanqiApp;
use crate::app::banners::Banner;
use crate::app::command::{Done, Open, Outcome};
use crate::app::error::AppError;
use crate::app::link::{self, Link, LinkError};
use crate::app::puzzles::OWN_FIRST;
use crate::app::storage::read_record_file;
use crate::rules::records::Metadata;
use crate::rules::{Game, State};

impl SanqiApp {
    /// Opens what `link` holds: its game for review (the game in progress set aside for
    /// "Continue"), or its puzzle.
    pub(super) fn open_link(&mut self, link: &Link) -> Outcome {
        match link.replay() {
            Some(game) => {
                let game = game.map_err(AppError::OpenLink)?;
                self.review_game(game, Metadata::default());
                Ok(Done::Ok)
            }
            None => {
                if let Link::Join(room) = link {
                    // The friend says their name and joins in one click.
                    self.open_dialog(Open::Friend {
                        game: None,
                        join: Some(crate::app::online::spoken_code(room)),
                    });
                    return Ok(Done::Ok);
                }
                let Link::Puzzle(id) = link else {
                    return Ok(Done::Ok);
                };
                let puzzle = self
                    .puzzles
                    .find(id)
                    .filter(|p| p.number < OWN_FIRST)
                    .ok_or_else(|| AppError::OpenLink(LinkError::UnknownPuzzle(id.clone())))?;
                self.show_puzzle(puzzle, 0, false, false)?;
                Ok(Done::Ok)
            }
        }
    }

    /// Copies the link of the game on the screen, or of the record in `from`.
    pub(super) fn copy_link(&mut self, from: Option<&Path>) -> Result<(), AppError> {
        let game = match from {
            Some(path) => read_record_file(path).map_err(AppError::OpenRecord)?.1,
            None => {
                let session = self.session.as_ref().ok_or(AppError::NothingToExport)?;
                session.game().clone()
            }
        };
        self.copy(link_of(&game)?);
        Ok(())
    }

    /// Copies the link of the puzzle on the screen: a shipped one by its id, one from the
    /// person's own games as the game that leads to it.
    pub(super) fn copy_puzzle_link(&mut self) -> Result<(), AppError> {
        let run = self.puzzle.as_ref().ok_or(AppError::PuzzleUnavailable)?;
        let puzzle = run.puzzle().clone();
        let link = if puzzle.number < OWN_FIRST {
            Link::Puzzle(puzzle.id())
        } else {
            let start = puzzle.start().map_err(|_| AppError::PuzzleUnavailable)?;
            link_of(&start)?
        };
        self.copy(link);
        Ok(())
    }

    /// Opens the link the page was opened with, or one the address took since (the web
    /// build; elsewhere none arrives).
    pub(super) fn open_arrived_link(&mut self) {
        let Some(text) = link::arrived() else {
            return;
        };
        let outcome = match Link::parse(&text) {
            Ok(link) => self.open_link(&link),
            Err(e) => Err(AppError::OpenLink(e)),
        };
        if let Err(error) = outcome {
            self.add_banner(Banner::Error(error));
        }
    }

    /// Copies `link` to the system's clipboard and says so: with the web page's address when
    /// there is one to point at, else as the fragment alone, for pasting into Sanqi.
    fn copy(&mut self, link: Link) {
        let (text, banner) = match link::address() {
            Some(address) => {
                let url = link.url(&address);
                (url.clone(), Banner::LinkCopied(url))
            }
            None => {
                let fragment = link.fragment();
                let banner = Banner::LinkCopiedForApp {
                    link: fragment.clone(),
                    game: matches!(link, Link::Game { .. }),
                };
                (fragment, banner)
            }
        };
        self.ctx.copy_text(text);
        self.banners
            .retain(|b| !matches!(b, Banner::LinkCopied(_) | Banner::LinkCopiedForApp { .. }));
        self.add_banner(banner);
    }
}

/// The link of `game`, which must start from its game's usual position.
fn link_of(game: &Game) -> Result<Link, AppError> {
    if *game.start_state() != State::start(game.id()) {
        return Err(AppError::NoLink);
    }
    Ok(Link::of_game(game))
}
