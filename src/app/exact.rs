//! Values as the interface says them: exact ones from the Flying table ("wins in 19", "draw",
//! "loses in 22" for the side that plays a move, and a short form for labels on the board),
//! and any evaluation in words, with the side ahead and the unit ("Black is about 2 pieces
//! ahead", "White wins in 13"). The hint and the analysis both use these, so that a value
//! reads the same everywhere.

use super::i18n::I18n;
use super::text::side_name;
use crate::ai::analysis::Evaluation;
use crate::rules::Side;
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

/// An evaluation from Black's side in words, with the side ahead and the unit: "Black is
/// about 2 pieces ahead", "About even", "White wins in 13", "Draw".
pub fn value_words(i18n: &I18n, e: Evaluation) -> String {
    let Evaluation::Score(centipieces) = e else {
        return evaluation_text(i18n, e);
    };
    let ahead = if centipieces > 0 {
        Side::Black
    } else {
        Side::White
    };
    let side = side_name(i18n, ahead);
    let pieces = f64::from(centipieces.unsigned_abs()) / 100.0;
    if pieces < 0.3 {
        i18n.t("value.even").to_string()
    } else if pieces < 0.75 {
        i18n.format("value.slightly_ahead", &[("side", &side)])
    } else if pieces < 1.5 {
        i18n.format("value.one_piece_ahead", &[("side", &side)])
    } else {
        let n = pieces.round();
        i18n.format("value.pieces_ahead", &[("side", &side), ("n", &n)])
    }
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
    fn an_evaluation_reads_with_its_side_and_unit() {
        let en = I18n::new(Language::English);
        let words = |e| value_words(&en, e);
        assert_eq!(
            words(Evaluation::Score(210)),
            "Black is about 2 pieces ahead"
        );
        assert_eq!(
            words(Evaluation::Score(-95)),
            "White is about 1 piece ahead"
        );
        assert_eq!(words(Evaluation::Score(-50)), "White is slightly ahead");
        assert_eq!(words(Evaluation::Score(20)), "About even");
        assert_eq!(words(Evaluation::Win(13)), "Black wins in 13");
        assert_eq!(words(Evaluation::Loss(7)), "White wins in 7");
        assert_eq!(words(Evaluation::Draw), "Draw");
        let zh = I18n::new(Language::Chinese);
        assert_eq!(value_words(&zh, Evaluation::Score(210)), "黑方约领先 2 子");
    }
}
