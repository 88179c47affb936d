//! Exact values from the Flying table as the interface says them: "wins in 19", "draw",
//! "loses in 22" for the side that plays a move, and a short form for labels on the board.
//! The hint and the analysis both use these, so that a value reads the same everywhere.

use super::i18n::I18n;
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
}
