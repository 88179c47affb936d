//! Every sentence that tells a player why a wrong try fails is true of the position: for every
//! shipped puzzle, every decision of its line and every legal action there that is not the
//! answer, the refutation's claims are checked against what the two actions do on the board
//! (counted from their effects, not from the explanation that wrote the sentence), against
//! what the opponent could do if the solver passed, and against how the line ends.

use sanqi::app::i18n::{I18n, Language};
use sanqi::app::screens::puzzle::{idea_text, miss_text};
use sanqi::learn::puzzles::miss::{miss, threat};
use sanqi::learn::puzzles::quality::material_won;
use sanqi::learn::puzzles::{Goal, Puzzle, Theme, embedded};
use sanqi::rules::{Action, Effects, Game, GameId, Side};

/// What an action gains its side at once, counted here from its effects: captures earned, the
/// opponent's pieces removed, pieces turned over.
fn gain(effects: &Effects) -> u32 {
    let taken = match effects.removed_owner {
        Some(owner) if owner != effects.actor => effects.removed.count_ones(),
        _ => 0,
    };
    u32::from(effects.owed) + taken + effects.flipped.count_ones()
}

/// The first number in `text` ("2 white pieces" → 2, "over 1 piece" → 1).
fn number_in(text: &str) -> u32 {
    text.split_whitespace()
        .find_map(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number in {text:?}"))
}

/// The text after `marker` in `said`, up to the end of its sentence.
fn after<'s>(said: &'s str, marker: &str) -> Option<&'s str> {
    let at = said.find(marker)? + marker.len();
    let rest = &said[at..];
    Some(rest.split('.').next().unwrap_or(rest))
}

/// Checks the refutation of `tried` at decision `at` of `puzzle`; returns the sentence.
fn check(puzzle: &Puzzle, at: usize, before: &Game, tried: Action, i18n: &I18n) -> String {
    let id = puzzle.id();
    let solver = before.state().to_act().expect("the solver acts");
    let right = puzzle.line[at];
    let mut after_try = before.clone();
    let tried_effects = after_try.apply(tried).expect("legal");
    let mut after_right = before.clone();
    let right_effects = after_right.apply(right).expect("legal");
    let Some(m) = miss(puzzle, at, &after_try) else {
        panic!("{id}: no refutation of {tried}");
    };
    let said = miss_text(i18n, puzzle.game, &m);
    let at_once = |what: &str| format!("{id}, {tried} for {right}: {what}: {said:?}");
    let (g_try, g_right) = (gain(&tried_effects), gain(&right_effects));
    // What the right action does at once is a reason only where the try does less.
    for marker in [
        "misses the 2×2 square",
        "misses the line of five",
        "misses the pincer",
        "misses the insertion",
        "misses the flank",
        "misses the counter-capture",
    ] {
        if said.contains(marker) {
            assert!(g_try < g_right, "{}", at_once("the try gains as much"));
        }
    }
    if said.contains("misses the 2×2 square") || said.contains("misses the line of five") {
        assert!(
            right_effects.owed > 0,
            "{}",
            at_once("the right move makes no shape")
        );
    }
    for marker in ["that turns over ", "that takes "] {
        if let Some(pieces) = after(&said, marker) {
            assert_eq!(number_in(pieces), g_right, "{}", at_once("the count"));
        }
    }
    if said.contains("gains as much as the right move") {
        assert!(g_try >= g_right, "{}", at_once("the try gains less"));
    }
    // A threat named is what the opponent could play at once if the solver passed.
    if let Some(threat) = after(&said, "threat: ") {
        let action: Action = threat
            .split(',')
            .next()
            .and_then(|a| a.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}", at_once("no action named")));
        let pieces = number_in(threat.split("would ").nth(1).unwrap_or_default());
        let mut passed = before.clone();
        passed.apply(Action::Timeout).expect("the solver passes");
        let effects = passed.apply(action).expect("the threat is legal");
        assert_eq!(gain(&effects), pieces, "{}", at_once("the threat's gain"));
        assert!(pieces > 0);
    }
    // How the line ends.
    let start = puzzle.start().expect("the puzzle starts");
    let mut end = start.clone();
    for &a in &puzzle.line {
        end.apply(a).expect("the line is legal");
    }
    let won_game = end.status().winner() == Some(solver);
    if said.contains("The right line wins the game") {
        assert!(
            won_game || puzzle.goal == Goal::Win,
            "{}",
            at_once("the line does not end the game")
        );
    }
    if let Some(pieces) =
        after(&said, "The right line wins ").filter(|p| !p.starts_with("the game"))
    {
        assert!(!won_game, "{}", at_once("a won game said as material"));
        let won = material_won(&start, &puzzle.line).expect("counted");
        assert_eq!(
            number_in(pieces) as i32,
            won,
            "{}",
            at_once("the line's gain")
        );
    }
    if won_game {
        assert!(
            said.contains("The right line wins the game"),
            "{}",
            at_once("undersold")
        );
    }
    said
}

#[test]
fn every_wrong_try_of_every_shipped_puzzle_is_refuted_truthfully() {
    let i18n = I18n::new(Language::English);
    let mut tries = 0;
    let mut as_much = 0;
    let mut threats = 0;
    for game in GameId::ALL {
        let collection = embedded(game);
        assert!(collection.puzzles.len() > 200, "{game:?}");
        for puzzle in &collection.puzzles {
            let mut before = puzzle.start().expect("the puzzle starts");
            let solver: Side = before.state().to_act().expect("a side to act");
            let free_from = puzzle.line.len() - usize::from(puzzle.free);
            for (at, &right) in puzzle.line.iter().enumerate() {
                if before.state().to_act() == Some(solver) && at < free_from {
                    for tried in before.state().legal_vec() {
                        if tried != right {
                            let said = check(puzzle, at, &before, tried, &i18n);
                            tries += 1;
                            as_much += usize::from(said.contains("gains as much"));
                            threats += usize::from(said.contains("threat: "));
                        }
                    }
                }
                before.apply(right).expect("the line is legal");
            }
        }
    }
    // Enough to mean something, and the new sentence is met where it belongs.
    assert!(tries > 5_000, "{tries} tries");
    eprintln!("{tries} tries, {as_much} gain as much at once, {threats} name a threat");
    assert!(as_much > 0, "no try gains as much as the answer at once");
    assert!(threats > 0, "no threat named");
}

#[test]
fn the_square_both_moves_complete_is_not_given_as_the_reason() {
    let i18n = I18n::new(Language::English);
    let find = |game: GameId, id: &str| {
        embedded(game)
            .puzzles
            .iter()
            .find(|p| p.id() == id)
            .unwrap_or_else(|| panic!("{id} is shipped"))
            .clone()
    };
    // N0010: b4-c4 and c5-c4 both complete the c3–d4 square.
    let puzzle = find(GameId::Neihuang, "N0010");
    let before = puzzle.start().expect("starts");
    let said = check(
        &puzzle,
        0,
        &before,
        "c5-c4".parse().expect("an action"),
        &i18n,
    );
    assert!(!said.contains("misses the 2×2 square"), "{said}");
    assert!(said.contains("gains as much as the right move"), "{said}");
}

#[test]
fn a_solved_puzzle_s_idea_names_the_threat_met_and_a_game_won() {
    let i18n = I18n::new(Language::English);
    let (mut named, mut won) = (0, 0);
    for game in GameId::ALL {
        for puzzle in &embedded(game).puzzles {
            let idea = idea_text(&i18n, puzzle);
            let start = puzzle.start().expect("starts");
            let solver = start.state().to_act().expect("a side to act");
            assert!(
                !idea.contains("met the threat first"),
                "{}: {idea}",
                puzzle.id()
            );
            // A threat named is the one there: the opponent's best at once, had the solver
            // passed; without one, none is claimed.
            let there = threat(&start);
            if puzzle.themes.contains(Theme::Defence) {
                match there {
                    Some(t) => {
                        assert!(
                            idea.contains(&format!("threat: {} would have", t.action)),
                            "{}: {idea}",
                            puzzle.id()
                        );
                        named += 1;
                    }
                    None => assert!(!idea.contains("threat"), "{}: {idea}", puzzle.id()),
                }
            }
            let mut end = start.clone();
            for &a in &puzzle.line {
                end.apply(a).expect("legal");
            }
            if end.status().winner() == Some(solver) {
                assert!(idea.contains("wins the game"), "{}: {idea}", puzzle.id());
                won += 1;
            }
        }
    }
    eprintln!("{named} threats named, {won} lines that win the game");
    assert!(named > 0);
}
