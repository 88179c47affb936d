//! Values as the interface says them: exact ones from the Flying table ("wins in 19", "draw",
//! "loses in 22" for the side that plays a move, and a short form for labels on the board),
//! and any evaluation in words as people read it: the side ahead, how far, and its winning
//! chances ("Black is better (76% winning chances)", "White wins in 13"). The hint, the
//! analysis graph and its read-out all use these, so that a value reads the same everywhere.

use super::i18n::I18n;
use super::text::side_name;
use crate::ai::analysis::Evaluation;
use crate::rules::{GameId, Side};
use crate::tablebase::Value;

/// The value of a move for the side that plays it, e.g. "wins in 19", "draw", "loses in 22"
/// (plies with best play by both sides).
pub fn value_text(i18n: &I18n, value: Value) -> String {
    match value {
        Value::Win(n) => i18n.format("exact.win", &[("n", &n)]),
        Value::Loss(n) => i18n.format("exact.loss", &[("n", &n)]),
        Value::Draw => i18n.t("exact.draw").to_string(),
    }
}

/// An evaluation from Black's side in words: "+1.25", "Black wins in 19", "Draw".
pub fn evaluation_text(i18n: &I18n, e: Evaluation) -> String {
    let winner = |side: Side, plies: u32| {
        let side = side_name(i18n, side);
        if plies == 0 {
            i18n.format("analysis.has_won", &[("side", &side)])
        } else {
            i18n.format("analysis.wins_in", &[("side", &side), ("n", &plies)])
        }
    };
    match e {
        Evaluation::Score(_) => e.to_string(),
        Evaluation::Win(n) => winner(Side::Black, n),
        Evaluation::Loss(n) => winner(Side::White, n),
        Evaluation::Draw => i18n.t("analysis.draw").to_string(),
    }
}

/// The winning chances, from 0.5 up, above which the side ahead is slightly better, better,
/// and winning.
const BANDS: [f64; 3] = [0.55, 0.7, 0.85];

/// An evaluation from Black's side in `game`, in words as people read it: the side ahead and
/// how far ("Black is better"), with its winning chances ("70%"), or a decided game ("White
/// wins in 13", "Draw"). The evaluation's own units are not pieces, so they are never shown.
pub fn value_words(i18n: &I18n, e: Evaluation, game: GameId) -> String {
    let Evaluation::Score(score) = e else {
        return evaluation_text(i18n, e);
    };
    let black = Evaluation::Score(score).winning_chances(game);
    let (ahead, chances) = if black >= 0.5 {
        (Side::Black, black)
    } else {
        (Side::White, 1.0 - black)
    };
    let key = if chances < BANDS[0] {
        return i18n.t("value.equal").to_string();
    } else if chances < BANDS[1] {
        "value.slightly_better"
    } else if chances < BANDS[2] {
        "value.better"
    } else {
        "value.winning"
    };
    // Never 100%: only a forced win is sure.
    let percent = (chances * 100.0).round().clamp(50.0, 99.0);
    i18n.format(
        key,
        &[("side", &side_name(i18n, ahead)), ("chances", &percent)],
    )
}

/// The same value in a few characters for a label on a point: "+19", "=", "−22".
pub fn value_label(value: Value) -> String {
    match value {
        Value::Win(n) => format!("+{n}"),
        Value::Loss(n) => format!("\u{2212}{n}"),
        Value::Draw => "=".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::Language;

    #[test]
    fn values_read_in_both_languages() {
        let en = I18n::new(Language::English);
        assert_eq!(value_text(&en, Value::Win(19)), "wins in 19");
        assert_eq!(value_text(&en, Value::Loss(22)), "loses in 22");
        assert_eq!(value_text(&en, Value::Draw), "draw");
        let zh = I18n::new(Language::Chinese);
        assert_eq!(value_text(&zh, Value::Win(19)), "19 步胜");
        assert_eq!(value_text(&zh, Value::Loss(22)), "22 步负");
        assert_eq!(value_text(&zh, Value::Draw), "和棋");
        assert_eq!(value_label(Value::Win(3)), "+3");
        assert_eq!(value_label(Value::Loss(0)), "\u{2212}0");
        assert_eq!(value_label(Value::Draw), "=");
    }

    #[test]
    fn an_evaluation_reads_as_winning_chances_never_as_pieces() {
        let en = I18n::new(Language::English);
        let words = |e, game| value_words(&en, e, game);
        let cases = [
            // 11 against 9 once read "about 10 pieces ahead": it is a won game.
            (
                Evaluation::Score(-1000),
                GameId::Neihuang,
                "White is winning (99% winning chances)",
            ),
            (
                Evaluation::Score(200),
                GameId::Flying,
                "Black is better (76% winning chances)",
            ),
            (
                Evaluation::Score(120),
                GameId::Flying,
                "Black is slightly better (67% winning chances)",
            ),
            (
                Evaluation::Score(-40),
                GameId::Flying,
                "White is slightly better (56% winning chances)",
            ),
            (Evaluation::Score(20), GameId::Flying, "About equal"),
            // A piece decides more in Wu Dao.
            (
                Evaluation::Score(120),
                GameId::Wudao,
                "Black is winning (90% winning chances)",
            ),
            (Evaluation::Win(13), GameId::Flying, "Black wins in 13"),
            (Evaluation::Loss(7), GameId::Flying, "White wins in 7"),
            (Evaluation::Draw, GameId::Flying, "Draw"),
        ];
        for (e, game, said) in cases {
            assert_eq!(words(e, game), said, "{e:?} in {game}");
        }
        let zh = I18n::new(Language::Chinese);
        assert_eq!(
            value_words(&zh, Evaluation::Score(120), GameId::Flying),
            "黑方稍优（胜率约 67%）"
        );
        for score in [-5000, -300, 0, 300, 5000] {
            for game in GameId::ALL {
                let said = words(Evaluation::Score(score), game);
                assert!(!said.contains("piece"), "{said}");
            }
        }
    }
}
