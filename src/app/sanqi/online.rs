//! The app's commands for online games: inviting a friend, joining a friend's game, the
//! invitation's link, and each frame's news from the server shown on the board.

use std::sync::Arc;

use super::SanqiApp;
use crate::app::banners::Banner;
use crate::app::command::{Done, FriendGame, Outcome};
use crate::app::error::AppError;
use crate::app::link::{self, Link};
use crate::app::online::{DEFAULT_SERVER, LinkState, OnlinePlay, typed_code};
use crate::app::screens::Screen;
use crate::app::session::{OnlineRole, Session};
use crate::app::settings::PlayerNames;
use crate::app::storage::KeptSeat;
use crate::online::client::{Entry, Update};
use crate::online::protocol::Token;

impl SanqiApp {
    /// Makes an online game for a friend to join: the game screen opens once the server has
    /// made the room, with the invitation on it.
    pub(super) fn invite_friend(&mut self, friend: &FriendGame) -> Outcome {
        let entry = Entry::Create {
            game: friend.game,
            side: friend.side,
            clock: friend.clock.seconds(),
        };
        self.start_online(entry, &friend.name, &friend.server)
    }

    /// Joins a friend's game by the code read aloud, or the invitation's link.
    pub(super) fn join_friend(&mut self, code: &str, name: &str, server: &str) -> Outcome {
        let room = match Link::parse(code) {
            Ok(Link::Join(room)) => Some(room),
            _ => typed_code(code),
        }
        .ok_or_else(|| AppError::InvitationCode(code.trim().to_string()))?;
        // A link names its server: the page it points at.
        let server = match code.trim().split_once("://") {
            Some(_) => code.trim().split('#').next().unwrap_or(server).to_string(),
            None => server.to_string(),
        };
        self.start_online(Entry::Join { room }, name, &server)
    }

    /// Takes the seat of the online game under way when the app last closed (or the page
    /// was reloaded), if one is kept: the game comes back with no click.
    pub(super) fn resume_online(&mut self) {
        let Some(seat) = self.store.load_online().value else {
            return;
        };
        let token = Token::parse(&seat.token);
        if self
            .connect_online(
                Entry::Join { room: seat.room },
                &seat.name,
                &seat.server,
                token,
            )
            .is_err()
        {
            let _ = self.store.clear_online();
        }
    }

    /// Connects to the server (the page's own on the web, else the one typed, else the usual
    /// one) and enters as `entry`; the name and the server are remembered.
    fn start_online(&mut self, entry: Entry, name: &str, server: &str) -> Outcome {
        self.connect_online(entry, name, server, None)?;
        self.settings.names.you = name.to_string();
        if !cfg!(target_arch = "wasm32") {
            self.settings.server = server.trim().to_string();
        }
        self.save_settings();
        Ok(Done::Ok)
    }

    /// Connects to the server at `server` and enters as `entry` under `name`, with the seat's
    /// `token` when coming back.
    fn connect_online(
        &mut self,
        entry: Entry,
        name: &str,
        server: &str,
        token: Option<Token>,
    ) -> Result<(), AppError> {
        let address = if cfg!(target_arch = "wasm32") {
            link::address().unwrap_or_default()
        } else if server.trim().is_empty() {
            DEFAULT_SERVER.to_string()
        } else {
            server.trim().to_string()
        };
        let ctx = self.ctx.clone();
        let notify = Arc::new(move || ctx.request_repaint());
        let play = OnlinePlay::start(
            entry,
            &address,
            name,
            token,
            self.options.time.clone(),
            notify,
        )
        .map_err(|bad| AppError::ServerAddress(bad.0))?;
        self.online = Some(play);
        Ok(())
    }

    /// Leaves the online game: the connection closes (the seat stays the player's on the
    /// server).
    pub(super) fn leave_online(&mut self) {
        self.online = None;
        self.forget_online_seat();
        // The game goes on on the server without this screen; a finished one is in the
        // history already.
        if self.session.as_ref().is_some_and(|s| s.online().is_some()) {
            self.session = None;
        }
    }

    /// Resigns the online game: the server decides, and the game ends here when it says so.
    pub(super) fn resign_online(&mut self) {
        if let Some(play) = &mut self.online {
            play.resign();
        }
    }

    /// Claims the online game from a friend who left.
    pub(super) fn claim_online(&mut self) {
        if let Some(play) = &mut self.online {
            play.claim();
        }
    }

    /// Copies the invitation's link.
    pub(super) fn copy_invitation(&mut self) -> Outcome {
        let link = self
            .online
            .as_ref()
            .and_then(OnlinePlay::invitation)
            .ok_or(AppError::NothingToExport)?;
        self.ctx.copy_text(link.clone());
        self.add_banner(Banner::LinkCopied(link));
        Ok(Done::Ok)
    }

    /// Sends the person's actions played on the board, reads the server's news, and shows
    /// the client's position on the board.
    pub(super) fn advance_online(&mut self) {
        let Some(play) = &mut self.online else {
            return;
        };
        // What the person played on the board since the last frame goes to the server.
        if let Some(s) = self.session.as_ref().filter(|s| s.online().is_some()) {
            for action in s.online_actions_after(&play.client().position()) {
                if !play.act(action) {
                    break;
                }
            }
        }
        let updates = play.poll();
        let client = play.client().clone();
        let welcomed_now = updates.contains(&Update::Welcomed);
        let names = PlayerNames {
            you: self.settings.names.you.clone(),
            black: client.seats()[0].name.clone(),
            white: client.seats()[1].name.clone(),
        };
        let fresh = welcomed_now
            && self
                .session
                .as_ref()
                .is_none_or(|s| s.online().is_none() || s.setup().game != client.game());
        if fresh {
            let role = match client.side() {
                Some(side) => OnlineRole::Plays(side),
                None => OnlineRole::Watches,
            };
            self.keep_finished_or_unfinished();
            let mut session = Session::online_game(
                client.game(),
                client.clock(),
                role,
                self.options.time.clone(),
            );
            session.set_names(names.clone());
            self.session = Some(session);
            self.saved = None;
            self.screen = Screen::Game;
            self.dialogs.close_all();
        }
        let position = client.position();
        let turn_used = welcomed_now
            .then(|| std::time::Duration::from_millis(client.turn_ms()))
            .filter(|_| client.both_seated());
        let at = self.moment();
        if let Some(s) = self.session.as_mut().filter(|s| s.online().is_some()) {
            if !updates.is_empty() {
                s.set_names(names);
            }
            let _ = s.follow_online(
                &position,
                client.both_seated(),
                client.resigned().map(|side| (side, client.left())),
                turn_used,
                at,
            );
        }
        self.keep_online_seat();
        if let Some(play) = &self.online
            && let LinkState::Reconnecting { .. } = play.state()
            && let Some(wait) = play.next_try()
        {
            self.ctx.request_repaint_after(wait);
        }
    }

    /// Keeps the seat while its game goes on (so that a reload or a restart takes it again),
    /// and forgets it once the game is over.
    fn keep_online_seat(&mut self) {
        let Some(play) = &self.online else {
            return;
        };
        let client = play.client();
        let over = self
            .session
            .as_ref()
            .is_some_and(|s| s.online().is_some() && s.is_over());
        if over && play.is_kept() {
            self.forget_online_seat();
            if let Some(play) = &mut self.online {
                play.set_kept(false);
            }
            return;
        }
        let (Some(room), Some(token)) = (client.room(), client.token()) else {
            return;
        };
        if play.is_kept() || over || client.side().is_none() || !self.keeps_files {
            return;
        }
        let seat = KeptSeat {
            version: 0,
            room: room.to_string(),
            token: token.text(),
            server: play.base().to_string(),
            name: client.name().to_string(),
        };
        match self.store.save_online(&seat) {
            Ok(()) => {
                if let Some(play) = &mut self.online {
                    play.set_kept(true);
                }
            }
            Err(e) => {
                self.report_save_error(e);
                // Said once: the game goes on, only a restart would not find it.
                if let Some(play) = &mut self.online {
                    play.set_kept(true);
                }
            }
        }
    }

    /// Forgets the kept seat, if any.
    pub(super) fn forget_online_seat(&mut self) {
        if self.keeps_files
            && let Err(e) = self.store.clear_online()
        {
            self.report_save_error(e);
        }
    }

    /// The game on the screen, set aside before an online game takes its place: a live one
    /// is kept as a record.
    fn keep_finished_or_unfinished(&mut self) {
        if let Err(e) = self.keep_unfinished(self.unfinished()) {
            self.add_banner(Banner::Error(e));
        }
        self.computer.cancel();
    }
}
