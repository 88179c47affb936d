//! Two friends play online through a real `sanqi serve` on 127.0.0.1, each in an app window
//! of their own (egui_kittest): one invites (the game, Black, no clock), the other joins with
//! the code read aloud, and they play a whole game by clicking the board. Each sees the
//! other's actions as they come, nobody can act out of turn, and both histories keep the same
//! game with both names.

#[path = "common/server.rs"]
mod server;
#[path = "common/window.rs"]
mod window;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use sanqi::app::Command;
use sanqi::app::command::FriendGame;
use sanqi::app::i18n::{I18n, Language};
use sanqi::app::lessons::clicks;
use sanqi::app::online::{LinkState, spoken_code};
use sanqi::app::session::OnlineRole;
use sanqi::app::settings::ClockSetting;
use sanqi::app::storage::read_record_file;
use sanqi::rules::{Action, GameId, Side};
use window::{Window, WindowSpec, apply, has_text};

/// Runs both windows' frames until `done` holds (a few seconds at most).
fn until(windows: &mut [&mut Window; 2], what: &str, done: impl Fn(&[&mut Window; 2]) -> bool) {
    let start = Instant::now();
    while !done(windows) {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        for h in windows.iter_mut() {
            h.step();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    for h in windows.iter_mut() {
        h.run();
    }
}

/// Ann (the first window) invites to `game` on `side` with `clock`; the room's name once made.
fn invite(
    windows: &mut [&mut Window; 2],
    server: &str,
    game: GameId,
    side: Side,
    clock: ClockSetting,
) -> String {
    apply(
        windows[0],
        Command::InviteFriend(FriendGame {
            game,
            side: Some(side),
            clock,
            name: "Ann".into(),
            server: server.to_string(),
        }),
    );
    until(windows, "the room is made", |w| {
        w[0].state()
            .online()
            .and_then(|p| p.client().room())
            .is_some()
    });
    windows[0]
        .state()
        .online()
        .and_then(|p| p.client().room())
        .expect("a room")
        .to_string()
}

/// Bo (the second window) joins with `code` (typed, or a link) through `server`; both seated.
fn join(windows: &mut [&mut Window; 2], code: String, server: String) {
    apply(
        windows[1],
        Command::JoinFriend {
            code,
            name: "Bo".into(),
            server,
        },
    );
    until(windows, "both are seated", |w| {
        w.iter().all(|h| {
            h.state()
                .session()
                .is_some_and(|s| s.online().is_some() && !s.online_waiting())
        })
    });
}

fn shown(h: &Window) -> Vec<Action> {
    h.state()
        .session()
        .map(|s| s.game().action_list())
        .unwrap_or_default()
}

fn records(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir.join("records"))
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default()
}

#[test]
fn two_friends_play_a_whole_game_through_the_server() {
    let server_dir = tempfile::tempdir().expect("a folder");
    let server = server::start(server_dir.path());
    let (dir_a, _time_a, mut ann) = WindowSpec::default().open();
    let (dir_b, _time_b, mut bo) = WindowSpec::default().language(Language::Chinese).open();

    let mut windows = [&mut ann, &mut bo];
    let room = invite(
        &mut windows,
        &server.address(),
        GameId::Wudao,
        Side::Black,
        ClockSetting::Off,
    );
    // The invitation is on Ann's screen: the code to read aloud, and nobody may act yet.
    let english = I18n::new(Language::English);
    assert!(has_text(windows[0], &spoken_code(&room)));
    assert!(has_text(windows[0], english.t("online.waiting_friend")));
    let s = windows[0].state().session().expect("the game screen");
    assert_eq!(s.online(), Some(OnlineRole::Plays(Side::Black)));
    assert!(!s.human_to_act(), "nobody acts before the friend comes");

    // Bo types the code as it was read to him, in capitals with a space.
    join(
        &mut windows,
        spoken_code(&room).to_uppercase(),
        server.address(),
    );
    assert_eq!(
        windows[1].state().session().and_then(|s| s.online()),
        Some(OnlineRole::Plays(Side::White))
    );
    assert!(has_text(windows[0], "Online with Bo."));
    assert!(has_text(windows[1], "正在和Ann在线对局。"));

    // The whole game by clicks: whoever is to act clicks the first legal action.
    let mut played = 0;
    loop {
        let s = windows[0].state().session().expect("a game");
        if s.is_over() {
            break;
        }
        let side = s.to_act().expect("a side to act");
        let mover = side.index();
        let other = 1 - mover;
        let action = s.game().state().legal_vec()[0];
        // The other cannot act for them.
        assert!(
            !windows[other]
                .state()
                .session()
                .expect("a game")
                .human_to_act()
        );
        for p in clicks(action) {
            windows[mover].get_by_label(&p.to_string()).click();
            windows[mover].run();
        }
        played += 1;
        until(&mut windows, "the action reaches both", |w| {
            shown(w[0]).len() == played && shown(w[1]).len() == played
        });
        assert_eq!(shown(windows[0]), shown(windows[1]));
        assert!(played < 200, "the game never ends");
    }
    // The result on both screens, and the same game in both histories with both names.
    until(&mut windows, "both have kept the game", |_| {
        records(dir_a.path()).len() == 1 && records(dir_b.path()).len() == 1
    });
    let game = shown(windows[0]);
    for dir in [dir_a.path(), dir_b.path()] {
        let (record, replayed) = read_record_file(&records(dir)[0]).expect("a record");
        assert_eq!(replayed.action_list(), game);
        let name = |p: &Option<sanqi::rules::records::Player>| {
            p.as_ref().and_then(|p| p.name.clone()).unwrap_or_default()
        };
        assert_eq!(name(&record.metadata.black), "Ann");
        assert_eq!(name(&record.metadata.white), "Bo");
    }
    assert!(matches!(
        windows[0].state().online().map(|p| p.state().clone()),
        Some(LinkState::Connected)
    ));
}

#[test]
fn a_friend_who_restarts_the_app_is_back_in_the_game_with_no_click() {
    let server_dir = tempfile::tempdir().expect("a folder");
    let server = server::start(server_dir.path());
    let (_dir_a, _time_a, mut ann) = WindowSpec::default().open();
    let spec = WindowSpec::default();
    let (dir_b, time_b, mut bo) = spec.open();
    let mut windows = [&mut ann, &mut bo];
    let room = invite(
        &mut windows,
        &server.address(),
        GameId::Neihuang,
        Side::White,
        ClockSetting::S120,
    );
    join(
        &mut windows,
        format!("{}/#join:{room}", server.address()),
        String::new(),
    );
    // Bo (Black) places, Ann answers.
    for (n, (mover, point)) in [(1, "c3"), (0, "b2")].into_iter().enumerate() {
        windows[mover].get_by_label(point).click();
        windows[mover].run();
        until(&mut windows, "both see the action", |w| {
            shown(w[0]).len() == n + 1 && shown(w[1]).len() == n + 1
        });
    }
    // Bo's app closes and starts again on the same folder: the game is back at once.
    drop(bo);
    let mut bo = spec.window_at(dir_b.path(), &time_b);
    let mut windows = [&mut ann, &mut bo];
    until(&mut windows, "Bo is back in the game", |w| {
        shown(w[1]).len() == 2 && w[1].state().session().is_some_and(|s| s.human_to_act())
    });
    assert_eq!(shown(windows[0]), shown(windows[1]));
    windows[1].get_by_label("d4").click();
    windows[1].run();
    until(&mut windows, "Ann sees Bo's action", |w| {
        shown(w[0]).len() == 3
    });
    // Leaving forgets the seat: the next start is Home.
    apply(windows[1], Command::LeaveOnline);
    drop(bo);
    let bo = spec.window_at(dir_b.path(), &time_b);
    assert!(bo.state().online().is_none());
}

#[test]
fn the_server_killed_mid_game_and_started_again_loses_nothing_and_both_come_back_by_themselves() {
    let server_dir = tempfile::tempdir().expect("a folder");
    let server = server::start(server_dir.path());
    let port = server.port;
    let (_dir_a, time_a, mut ann) = WindowSpec::default().open();
    let (_dir_b, time_b, mut bo) = WindowSpec::default().open();
    let mut windows = [&mut ann, &mut bo];
    let room = invite(
        &mut windows,
        &server.address(),
        GameId::Flying,
        Side::Black,
        ClockSetting::Off,
    );
    join(&mut windows, room.clone(), server.address());
    // Four moves, then the server is killed outright.
    let play = |windows: &mut [&mut Window; 2], n: usize| {
        let s = windows[0].state().session().expect("a game");
        let mover = s.to_act().expect("a side to act").index();
        let action = s.game().state().legal_vec()[0];
        for p in clicks(action) {
            windows[mover].get_by_label(&p.to_string()).click();
            windows[mover].run();
        }
        until(windows, "the move reaches both", |w| {
            shown(w[0]).len() == n && shown(w[1]).len() == n
        });
    };
    for n in 1..=4 {
        play(&mut windows, n);
    }
    drop(server);
    until(&mut windows, "both see the connection lost", |w| {
        w.iter().all(|h| {
            matches!(
                h.state().online().map(|p| p.state()),
                Some(LinkState::Reconnecting { .. })
            )
        })
    });
    // Started again on the same folder and port: both come back when their next try is due.
    let _server = server::start_on(server_dir.path(), port);
    time_a.advance(Duration::from_secs(2));
    time_b.advance(Duration::from_secs(2));
    until(&mut windows, "both are back", |w| {
        w.iter().all(|h| {
            matches!(
                h.state().online().map(|p| p.state()),
                Some(LinkState::Connected)
            )
        })
    });
    assert_eq!(shown(windows[0]).len(), 4);
    assert_eq!(shown(windows[0]), shown(windows[1]));
    for n in 5..=6 {
        play(&mut windows, n);
    }
}

#[test]
fn a_friend_resigns_and_both_see_the_game_end_with_the_resignation_kept() {
    let server_dir = tempfile::tempdir().expect("a folder");
    let server = server::start(server_dir.path());
    let (dir_a, _time_a, mut ann) = WindowSpec::default().open();
    let (dir_b, _time_b, mut bo) = WindowSpec::default().open();
    let mut windows = [&mut ann, &mut bo];
    let room = invite(
        &mut windows,
        &server.address(),
        GameId::Neihuang,
        Side::Black,
        ClockSetting::S60,
    );
    // Nobody can resign a game that has not begun.
    assert_eq!(
        windows[0]
            .state()
            .session()
            .and_then(|s| s.resigning_side()),
        None
    );
    join(&mut windows, room.clone(), server.address());
    windows[0].get_by_label("c3").click();
    windows[0].run();
    until(&mut windows, "the move reaches both", |w| {
        shown(w[1]).len() == 1
    });
    // Home says with whom the game in progress is played, and Continue goes back to it.
    apply(windows[0], Command::GoHome);
    assert!(has_text(windows[0], "online with Bo"));
    apply(windows[0], Command::ContinueGame);
    assert!(
        windows[0]
            .state()
            .session()
            .is_some_and(|s| s.online().is_some())
    );
    // Bo resigns through the question Resign asks.
    let english = I18n::new(Language::English);
    windows[1].get_by_label(english.t("panel.resign")).click();
    windows[1].run();
    apply(windows[1], Command::Resign);
    until(&mut windows, "both see the game over", |w| {
        w.iter()
            .all(|h| h.state().session().is_some_and(|s| s.is_over()))
    });
    for h in windows.iter() {
        let s = h.state().session().expect("a game");
        assert_eq!(s.resigned(), Some(Side::White));
        assert_eq!(s.winner(), Some(Side::Black));
    }
    assert!(has_text(windows[0], "You win!"));
    // The loser's screen names the friend who won, not "the computer".
    assert!(has_text(windows[1], "Ann wins"));
    until(&mut windows, "both have kept the game", |_| {
        records(dir_a.path()).len() == 1 && records(dir_b.path()).len() == 1
    });
    for dir in [dir_a.path(), dir_b.path()] {
        let (record, _) = read_record_file(&records(dir)[0]).expect("a record");
        assert_eq!(record.metadata.result.as_deref(), Some("white resigned"));
        assert!(!dir.join("online.json").exists(), "the seat is forgotten");
    }
}
