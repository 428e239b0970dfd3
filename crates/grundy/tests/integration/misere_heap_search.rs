//! The exact misère search of sums of heaps (`misere_play::heap_search`) against the
//! general search of any game, which walks the registry's take-and-break and Nim states
//! through their notation: the same value and remoteness for every position, and the same
//! value for every move; and the moves it lists are the ones the games list.

#![allow(clippy::unwrap_used)]

use grundy::game::GameState;
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
use grundy::registry;
use grundy::stop::Stop;
use proptest::prelude::*;

/// A new game of `game` from `position`, `None` when the game refuses the position.
fn start(game: &str, position: &str) -> Option<Box<dyn GameState>> {
    registry::find(game).unwrap().entry().start(position).ok()
}

/// Both searches agree on `state`: its value, and every move's value in the game's order.
fn agree(state: &dyn GameState) -> Result<(), TestCaseError> {
    let position = state.position();
    let mut general = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER).general();
    let mut by_heaps = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
    prop_assert_eq!(
        general.value(state).unwrap(),
        by_heaps.value(state).unwrap(),
        "value of {}",
        position
    );
    prop_assert_eq!(
        general.move_values(state).unwrap(),
        by_heaps.move_values(state).unwrap(),
        "moves of {}",
        position
    );
    // Both have valued every position reachable, each once.
    prop_assert_eq!(general.positions(), by_heaps.positions(), "{}", position);
    Ok(())
}

/// The moves the heap search lists from `state` are the game's, in its notation.
fn same_moves(state: &dyn GameState) -> Result<(), TestCaseError> {
    let sum = state.heap_sum().unwrap();
    let mut search = HeapSearch::new(sum.rules.as_ref(), HEAP_LIMIT, &Stop::NEVER);
    let mut listed: Vec<String> = search
        .move_values(&sum.heaps)
        .unwrap()
        .into_iter()
        .map(|(mv, _)| mv.to_string())
        .collect();
    let mut games = state.legal_moves(usize::MAX).moves;
    listed.sort();
    games.sort();
    games.dedup();
    prop_assert_eq!(listed, games, "moves of {}", state.position());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random octal codes of up to three digits, on up to four heaps of at most 9 tokens.
    #[test]
    fn take_and_break_sums_agree(
        digits in prop::collection::vec(0u8..8, 1..=3),
        heaps in prop::collection::vec(0u64..=9, 1..=4),
    ) {
        let code: String = digits.iter().map(|digit| char::from(b'0' + digit)).collect();
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let position = format!("0.{code}:{}", heaps.join("+"));
        let state = start("takebreak", &position);
        prop_assume!(state.is_some());
        let state = state.unwrap();
        agree(state.as_ref())?;
        same_moves(state.as_ref())?;
    }

    /// Nim on up to four heaps of 1 to 7 tokens.
    #[test]
    fn nim_sums_agree(heaps in prop::collection::vec(1u64..=7, 1..=4)) {
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let state = start("nim", &heaps.join("+")).unwrap();
        agree(state.as_ref())?;
        same_moves(state.as_ref())?;
    }
}

/// Named codes the random ones may miss: Kayles, Dawson's chess, Grundy's game, a
/// subtraction game and a hexadecimal code, each on a sum with a wild heap.
#[test]
fn named_rulesets_agree() {
    for position in [
        "0.77:9+5+3",
        "0.137:11+6+2",
        "grundy:12+7",
        "S(2,3):14+9+4",
        "4.7:8+5",
        "0.07:10+4",
    ] {
        let state = start("takebreak", position).unwrap();
        agree(state.as_ref()).unwrap();
        same_moves(state.as_ref()).unwrap();
    }
}

/// A misère game in play keeps the heap search's memo between moves: a second question
/// about a position already searched is answered without valuing anything new.
#[test]
fn the_memo_is_kept_between_moves() {
    let state = start("takebreak", "0.137:14+9+5").unwrap();
    let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
    let value = search.value(state.as_ref()).unwrap();
    let memo = search.into_memo();
    let known = memo.positions();
    let mut again = MisereSearch::with_memo(memo, 1, &Stop::NEVER);
    assert_eq!(again.value(state.as_ref()).unwrap(), value);
    assert_eq!(
        again.move_values(state.as_ref()).unwrap().len(),
        state.legal_moves(usize::MAX).moves.len()
    );
    assert_eq!(again.positions(), known);
}
