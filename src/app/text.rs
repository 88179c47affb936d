//! Translated descriptions of the game's vocabulary: sides, levels, what the side to act must
//! do, why a click is not allowed, how a game ended and what a timeout did.
//! All text comes from the locale files through [`I18n`].

use std::fmt::Display;

use super::i18n::{I18n, fill};
use super::settings::ClockSetting;
use crate::ai::Level;
use crate::rules::{
    Action, Decision, DrawReason, GameId, IllegalAction, Side, State, Status, WinReason,
};

/// A path as the interface shows it: between quotation marks, on one line, a long one cut
/// short at its start so that the file's name stays.
pub fn shown_path(path: &std::path::Path) -> String {
    format!("\u{201c}{}\u{201d}", crate::echo::path_line(path))
}

/// Something a file or the user wrote, as the interface shows it: between quotation marks,
/// on one line, cut short.
pub fn shown(text: &str) -> String {
    format!(
        "\u{201c}{}\u{201d}",
        crate::echo::one_line(text, crate::echo::MAX_QUOTED_CHARS)
    )
}

/// `Black` or `White`.
pub fn side_name(i18n: &I18n, side: Side) -> &str {
    match side {
        Side::Black => i18n.t("side.black"),
        Side::White => i18n.t("side.white"),
    }
}

/// `Easy` … `Master`: the text of the key `level.<id>`.
pub fn level_name(i18n: &I18n, level: Level) -> String {
    i18n.t(&super::keys::level(level)).to_string()
}

/// `Easy · 1420`: a level's name with its rating in `game` (the name alone if it has none).
pub fn level_rated(i18n: &I18n, level: Level, game: GameId) -> String {
    match crate::arena::ladder::rating_of(game, level) {
        Some(rating) => i18n.format(
            "level.rated",
            &[("level", &level_name(i18n, level)), ("rating", &rating)],
        ),
        None => level_name(i18n, level),
    }
}

/// A person's rating as it is shown: `1240`, or `1240?` while it is provisional.
pub fn rating_shown(rating: &crate::arena::glicko::Glicko) -> String {
    let points = rating.rating.round() as i64;
    if rating.is_provisional() {
        format!("{points}?")
    } else {
        points.to_string()
    }
}

/// `30 s` … `Off`.
pub fn clock_name(i18n: &I18n, clock: ClockSetting) -> String {
    match clock.seconds() {
        Some(s) => i18n.format("clock.seconds", &[("n", &s)]),
        None => i18n.t("clock.off").to_string(),
    }
}

/// The game's name in the interface language.
pub fn game_name(i18n: &I18n, game: GameId) -> &str {
    &i18n.help(game).name
}

/// One action as the move list shows it: the notation, with `timeout` translated.
pub fn action_text(i18n: &I18n, action: Action) -> String {
    match action {
        Action::Timeout => i18n.t("notation.timeout").to_string(),
        other => other.to_string(),
    }
}

/// What a side has, as a plate or the panel says it through `keys` (with the hand, board
/// only): on the board, and in hand in the games that have a hand. Square Flying Chess has
/// none: all its pieces start on the board.
pub fn piece_counts(i18n: &I18n, state: &State, side: Side, keys: [&str; 2]) -> String {
    let board = state.counts()[side.index()];
    if state.game() == GameId::Flying {
        return i18n.format(keys[1], &[("board", &board)]);
    }
    let hand = state.hands()[side.index()];
    i18n.format(keys[0], &[("board", &board), ("hand", &hand)])
}

fn fmt1(i18n: &I18n, key: &str, name: &str, value: &dyn Display) -> String {
    i18n.format(key, &[(name, value)])
}

/// What the side to act must do now, such as "White: remove one Black piece". `taken` says
/// whether the side has already captured in this turn: the pieces still owed are then "more".
pub fn instruction(i18n: &I18n, state: &State, taken: bool) -> String {
    let (Some(side), Some(decision)) = (state.to_act(), state.decision()) else {
        return String::new();
    };
    let me = side_name(i18n, side);
    let enemy = side_name(i18n, side.other());
    let args: [(&str, &dyn Display); 2] = [("side", &me), ("enemy", &enemy)];
    match decision {
        Decision::Place => i18n.format("do.place", &args),
        Decision::Pull => i18n.format("do.pull", &args),
        Decision::Move => fill(&i18n.help(state.game()).move_instruction, &args),
        Decision::Capture { owed } => {
            let n = owed;
            let key = match (taken, n == 1) {
                (true, true) => "do.capture_one",
                (true, false) => "do.capture_many",
                (false, true) => "do.capture_first_one",
                (false, false) => "do.capture_first_many",
            };
            i18n.format(key, &[("side", &me), ("enemy", &enemy), ("n", &n)])
        }
        Decision::Yield => i18n.format("do.yield", &args),
    }
}

/// Why an action is not allowed, in a short sentence.
pub fn illegal(i18n: &I18n, error: IllegalAction) -> String {
    match error {
        IllegalAction::GameOver => i18n.t("illegal.game_over").to_string(),
        IllegalAction::WrongKind { expected } => i18n
            .t(match expected {
                Decision::Place => "illegal.expected_place",
                Decision::Pull => "illegal.expected_pull",
                Decision::Move => "illegal.expected_move",
                Decision::Capture { .. } => "illegal.expected_capture",
                Decision::Yield => "illegal.expected_yield",
            })
            .to_string(),
        IllegalAction::Occupied(p) => fmt1(i18n, "illegal.occupied", "point", &p),
        IllegalAction::EmptyHand => i18n.t("illegal.empty_hand").to_string(),
        IllegalAction::NoPiece(p) => fmt1(i18n, "illegal.no_piece", "point", &p),
        IllegalAction::NotYourPiece(p) => fmt1(i18n, "illegal.not_yours", "point", &p),
        IllegalAction::DestinationOccupied(p) => {
            fmt1(i18n, "illegal.destination_occupied", "point", &p)
        }
        IllegalAction::SamePoint => i18n.t("illegal.same_point").to_string(),
        IllegalAction::NotAStep => i18n.t("illegal.not_a_step").to_string(),
        IllegalAction::NotStraight => i18n.t("illegal.not_straight").to_string(),
        IllegalAction::PathBlocked(p) => fmt1(i18n, "illegal.path_blocked", "point", &p),
        IllegalAction::NotEnemyPiece(p) => fmt1(i18n, "illegal.not_enemy", "point", &p),
        IllegalAction::CannotYield(p) => fmt1(i18n, "illegal.cannot_yield", "point", &p),
    }
}

/// The headline of a finished game: "Black wins", "You win", "Draw".
pub fn result_headline(
    i18n: &I18n,
    status: Status,
    resigned: Option<Side>,
    human_side: Option<Side>,
) -> String {
    let winner = match resigned {
        Some(loser) => Some(loser.other()),
        None => status.winner(),
    };
    match (winner, human_side) {
        (None, _) => i18n.t("result.draw").to_string(),
        (Some(w), Some(me)) if w == me => i18n.t("result.you_win").to_string(),
        (Some(_), Some(_)) => i18n.t("result.computer_wins").to_string(),
        (Some(w), None) => fmt1(i18n, "result.side_wins", "side", &side_name(i18n, w)),
    }
}

/// Why a game ended: "White has 3 pieces left", "Draw by repetition", "Board full: Black 14,
/// White 11".
pub fn result_reason(i18n: &I18n, status: Status, resigned: Option<Side>) -> String {
    if let Some(loser) = resigned {
        return fmt1(i18n, "reason.resigned", "side", &side_name(i18n, loser));
    }
    match status {
        Status::Ongoing => String::new(),
        Status::Won { winner, reason } => {
            let loser = side_name(i18n, winner.other());
            match reason {
                WinReason::Reduced { pieces } => {
                    let key = if pieces == 1 {
                        "reason.reduced_one"
                    } else {
                        "reason.reduced"
                    };
                    i18n.format(key, &[("side", &loser), ("n", &pieces)])
                }
                WinReason::NoPieces => fmt1(i18n, "reason.no_pieces", "side", &loser),
                WinReason::NoMoves => fmt1(i18n, "reason.no_moves", "side", &loser),
                WinReason::BoardFull { black, white } => {
                    i18n.format("reason.board_full", &[("black", &black), ("white", &white)])
                }
            }
        }
        Status::Drawn(reason) => i18n
            .t(match reason {
                DrawReason::Repetition => "reason.repetition",
                DrawReason::NoCaptureLimit => "reason.no_capture",
                DrawReason::BoardFullEqual => "reason.board_full_equal",
            })
            .to_string(),
    }
}

/// A length of time as the table's build reports it: "27 min 41 s", "41 s".
pub fn duration_text(i18n: &I18n, time: std::time::Duration) -> String {
    let total = time.as_secs();
    let (m, s) = (total / 60, total % 60);
    if m == 0 {
        i18n.format("time.seconds", &[("s", &s)])
    } else {
        i18n.format("time.minutes_seconds", &[("m", &m), ("s", &s)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::Language;
    use crate::rules::Point;

    #[test]
    fn flying_counts_no_pieces_in_hand() {
        for language in [Language::English, Language::Chinese] {
            let i18n = I18n::new(language);
            let keys = ["plate.counts", "plate.on_board"];
            let flying = piece_counts(&i18n, &GameId::Flying.start(), Side::Black, keys);
            let neihuang = piece_counts(&i18n, &GameId::Neihuang.start(), Side::Black, keys);
            let hand = i18n.format("plate.counts", &[("board", &0), ("hand", &13)]);
            assert_eq!(neihuang, hand);
            assert_eq!(flying, i18n.format("plate.on_board", &[("board", &5)]));
            assert!(
                !flying.contains("hand") && !flying.contains("手中"),
                "{flying}"
            );
        }
    }

    #[test]
    fn every_illegal_action_has_a_message_in_both_languages() {
        let p = Point::ALL[7];
        let errors = [
            IllegalAction::GameOver,
            IllegalAction::WrongKind {
                expected: Decision::Yield,
            },
            IllegalAction::Occupied(p),
            IllegalAction::EmptyHand,
            IllegalAction::NoPiece(p),
            IllegalAction::NotYourPiece(p),
            IllegalAction::DestinationOccupied(p),
            IllegalAction::SamePoint,
            IllegalAction::NotAStep,
            IllegalAction::NotStraight,
            IllegalAction::PathBlocked(p),
            IllegalAction::NotEnemyPiece(p),
            IllegalAction::CannotYield(p),
        ];
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for e in errors {
                let text = illegal(&i18n, e);
                assert!(!text.starts_with("illegal."), "{language:?} {e:?}: {text}");
                assert!(!text.contains('{'), "{language:?} {e:?}: {text}");
            }
        }
    }

    #[test]
    fn instructions_name_the_side_and_the_count() {
        let i18n = I18n::new(Language::English);
        let state = State::start(GameId::Neihuang);
        assert_eq!(
            instruction(&i18n, &state, false),
            "Black: place a piece on an empty point"
        );
    }

    #[test]
    fn a_games_end_names_the_sides_and_counts_one_piece_in_the_singular() {
        use crate::rules::WinReason;
        let en = I18n::new(Language::English);
        let won = |reason| Status::Won {
            winner: Side::White,
            reason,
        };
        let full = won(WinReason::BoardFull {
            black: 11,
            white: 14,
        });
        assert_eq!(
            result_reason(&en, full, None),
            "Board full: Black 11, White 14"
        );
        let zh = I18n::new(Language::Chinese);
        assert_eq!(
            result_reason(&zh, full, None),
            "棋盘已满：黑方 11 子，白方 14 子"
        );
        let one = won(WinReason::Reduced { pieces: 1 });
        assert_eq!(result_reason(&en, one, None), "Black has 1 piece left");
        let two = won(WinReason::Reduced { pieces: 2 });
        assert_eq!(result_reason(&en, two, None), "Black has 2 pieces left");
    }

    #[test]
    fn durations_read_as_the_settings_show_them() {
        let en = I18n::new(crate::app::i18n::Language::English);
        let d = std::time::Duration::from_secs;
        assert_eq!(duration_text(&en, d(41)), "41 s");
        assert_eq!(duration_text(&en, d(27 * 60 + 41)), "27 min 41 s");
    }
}
