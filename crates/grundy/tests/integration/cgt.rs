//! Property tests of `grundy::cgt` on random game trees, checked against a brute-force
//! win/loss search that knows nothing of canonical forms, and golden values from the
//! literature.

#![allow(clippy::unwrap_used)]

use grundy::cgt::toy::{Domineering, GameTree};
use grundy::cgt::{plain_value, Comparison, Dyadic, Evaluator, OutcomeClass, Value, ValueStore};
use grundy::position::PartizanPosition;
use proptest::collection::vec;
use proptest::prelude::*;

/// Random game trees of depth at most 4 with at most three options a side.
fn tree() -> impl Strategy<Value = GameTree> {
    let leaf = Just(GameTree::default());
    leaf.prop_recursive(4, 48, 3, |inner| {
        (vec(inner.clone(), 0..3), vec(inner, 0..3))
            .prop_map(|(left, right)| GameTree::new(left, right))
    })
}

/// Random narrow trees as deep as 7, whose canonical forms need long bars, nested braces,
/// tinies and switches when printed.
fn deep_tree() -> impl Strategy<Value = GameTree> {
    let leaf = Just(GameTree::default());
    leaf.prop_recursive(7, 64, 2, |inner| {
        (vec(inner.clone(), 0..3), vec(inner, 0..3))
            .prop_map(|(left, right)| GameTree::new(left, right))
    })
}

/// Random all-small trees: every node lets both players move or neither.
fn all_small_tree() -> impl Strategy<Value = GameTree> {
    let leaf = Just(GameTree::default());
    leaf.prop_recursive(4, 40, 3, |inner| {
        (vec(inner.clone(), 1..3), vec(inner, 1..3))
            .prop_map(|(left, right)| GameTree::new(left, right))
    })
}

/// A random dyadic number with denominator at most 8.
fn number() -> impl Strategy<Value = Dyadic> {
    (-24i64..24, 0u32..4).prop_map(|(n, k)| Dyadic::from_ratio(n, 1 << k).unwrap())
}

/// Whether Left, moving first, wins the sum of `parts` (explicit trees), by exhaustive
/// search: a player wins moving first when some move leaves a sum the opponent loses
/// moving first.
fn left_wins_first(parts: &[GameTree]) -> bool {
    parts.iter().enumerate().any(|(i, part)| {
        part.left.iter().any(|option| {
            let mut next = parts.to_vec();
            next[i] = option.clone();
            !right_wins_first(&next)
        })
    })
}

fn right_wins_first(parts: &[GameTree]) -> bool {
    parts.iter().enumerate().any(|(i, part)| {
        part.right.iter().any(|option| {
            let mut next = parts.to_vec();
            next[i] = option.clone();
            !left_wins_first(&next)
        })
    })
}

/// The tree of a number, built from its definition (not from the store).
fn number_tree(x: Dyadic) -> GameTree {
    if x == Dyadic::ZERO {
        return GameTree::default();
    }
    if x.is_integer() {
        return if x.signum() > 0 {
            GameTree::new(vec![number_tree(x - Dyadic::integer(1))], vec![])
        } else {
            GameTree::new(vec![], vec![number_tree(x + Dyadic::integer(1))])
        };
    }
    let step = Dyadic::new(1, x.exponent());
    GameTree::new(vec![number_tree(&x - &step)], vec![number_tree(x + step)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_group_laws_hold(g in tree(), h in tree(), k in tree()) {
        let mut store = ValueStore::new();
        let (a, b, c) = (plain_value(&mut store, &g), plain_value(&mut store, &h), plain_value(&mut store, &k));
        let zero = store.zero();
        let minus_a = store.neg(a);
        prop_assert_eq!(store.add(a, minus_a), zero);
        prop_assert_eq!(store.add(a, b), store.add(b, a));
        let ab = store.add(a, b);
        let bc = store.add(b, c);
        prop_assert_eq!(store.add(ab, c), store.add(a, bc));
        prop_assert_eq!(store.add(a, zero), a);
        prop_assert_eq!(store.neg(minus_a), a);
        // The value of the written-out sum is the sum of the values.
        prop_assert_eq!(plain_value(&mut store, &g.sum(&h)), ab);
    }

    #[test]
    fn order_is_left_winning_the_difference_moving_second(g in tree(), h in tree()) {
        let mut store = ValueStore::new();
        let (a, b) = (plain_value(&mut store, &g), plain_value(&mut store, &h));
        // G <= H exactly when Right, moving first in H - G, loses.
        let brute = !right_wins_first(&[h.clone(), g.negative()]);
        prop_assert_eq!(store.le(a, b), brute);
        // The outcome class of G from the explicit tree.
        let class = match (left_wins_first(std::slice::from_ref(&g)), right_wins_first(std::slice::from_ref(&g))) {
            (true, true) => OutcomeClass::Next,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Previous,
        };
        prop_assert_eq!(store.outcome(a), class);
        let expected = match (store.le(a, b), store.le(b, a)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Fuzzy,
        };
        prop_assert_eq!(store.compare(a, b), expected);
        prop_assert_eq!(expected == Comparison::Equal, a == b);
    }

    #[test]
    fn dominated_and_reversible_options_change_nothing(g in tree(), junk in tree()) {
        let mut store = ValueStore::new();
        let value = plain_value(&mut store, &g);
        // A reversible Left option {junk | G} and a reversible Right option {G | junk}.
        let mut padded = g.clone();
        padded.left.push(GameTree::new(vec![junk.clone()], vec![g.clone()]));
        padded.right.push(GameTree::new(vec![g.clone()], vec![junk.clone()]));
        // Dominated options: each Left option minus 1, each Right option plus 1.
        let minus_one = number_tree(Dyadic::integer(-1));
        let one = number_tree(Dyadic::integer(1));
        let extra_left: Vec<GameTree> = g.left.iter().map(|l| l.sum(&minus_one)).collect();
        let extra_right: Vec<GameTree> = g.right.iter().map(|r| r.sum(&one)).collect();
        padded.left.extend(extra_left);
        padded.right.extend(extra_right);
        prop_assert_eq!(plain_value(&mut store, &padded), value);
        // And in a fresh store, built in another order, the canonical form reads the same.
        let mut other = ValueStore::new();
        let again = plain_value(&mut other, &padded);
        prop_assert_eq!(other.display(again), store.display(value));
    }

    #[test]
    fn numbers_are_avoided_and_translate(g in tree(), x in number()) {
        let mut store = ValueStore::new();
        let a = plain_value(&mut store, &g);
        let n = store.number(x.clone());
        let sum = store.add(a, n);
        // The sum computed from the written-out tree agrees with the number fast path.
        prop_assert_eq!(plain_value(&mut store, &g.sum(&number_tree(x.clone()))), sum);
        // Stops and means shift by x.
        let (l, r) = store.stops(a);
        prop_assert_eq!(store.stops(sum), (&l + &x, &r + &x));
        prop_assert_eq!(store.mean(sum), store.mean(a) + x);
        if !store.is_number(a) {
            // Translation: the temperature of G + x is that of G (G not a number).
            prop_assert_eq!(store.temperature(sum), store.temperature(a));
            // Number avoidance: if Left wins G + x moving first, a move in G wins.
            if store.left_wins_moving_first(sum) {
                let zero = store.zero();
                let lefts = store.left_options(a);
                let mut found = false;
                for l in lefts {
                    let moved = store.add(l, n);
                    found |= store.le(zero, moved);
                }
                prop_assert!(found);
            }
        }
    }

    #[test]
    fn thermographs_agree_with_stops_and_means_add(g in tree(), h in tree()) {
        let mut store = ValueStore::new();
        let (a, b) = (plain_value(&mut store, &g), plain_value(&mut store, &h));
        let thermograph = store.thermograph(a);
        // Cooling by 0 changes nothing: the walls at t = 0 are the stops (for a number the
        // mast is the number itself).
        let (l, r) = store.stops(a);
        prop_assert_eq!(thermograph.left_at(&Dyadic::ZERO), l.clone());
        prop_assert_eq!(thermograph.right_at(&Dyadic::ZERO), r.clone());
        prop_assert!(thermograph.temperature() >= Dyadic::integer(-1));
        prop_assert!(r <= l);
        // The mean value theorem: means add (Siegel, CGT, II.5).
        let sum = store.add(a, b);
        prop_assert_eq!(store.mean(sum), store.mean(a) + store.mean(b));
        // Temperature of a sum is at most the larger temperature (for non-numbers).
        if !store.is_number(a) && !store.is_number(b) && !store.is_number(sum) {
            let hottest = store.temperature(a).max(store.temperature(b));
            prop_assert!(store.temperature(sum) <= hottest);
        }
    }

    #[test]
    fn atomic_weights_add_and_decide_two_ahead(g in all_small_tree(), h in all_small_tree()) {
        let mut store = ValueStore::new();
        let (a, b) = (plain_value(&mut store, &g), plain_value(&mut store, &h));
        prop_assert!(store.is_all_small(a));
        let (wa, wb) = (store.atomic_weight(a).unwrap(), store.atomic_weight(b).unwrap());
        let sum = store.add(a, b);
        let wsum = store.atomic_weight(sum).unwrap();
        // Atomic weight is additive (Siegel, CGT, II.7).
        prop_assert_eq!(wsum, store.add(wa, wb));
        // aw(-G) = -aw(G).
        let minus_a = store.neg(a);
        prop_assert_eq!(store.atomic_weight(minus_a).unwrap(), store.neg(wa));
        // The two-ahead rule: aw(G) >= 2 means Left wins whoever starts.
        let two = store.integer(2);
        if store.le(two, wa) {
            prop_assert_eq!(store.outcome(a), OutcomeClass::Left);
        }
    }

    #[test]
    fn printing_then_parsing_gives_the_same_value(g in tree(), h in tree()) {
        let mut store = ValueStore::new();
        let a = plain_value(&mut store, &g);
        let b = plain_value(&mut store, &h);
        let c = store.add(a, b);
        for value in [a, b, c] {
            let text = store.display(value);
            prop_assert_eq!(store.evaluate(&text).unwrap(), value, "{}", text);
            // In a fresh store too: the text alone carries the value.
            let mut fresh = ValueStore::new();
            let again = fresh.evaluate(&text).unwrap();
            prop_assert_eq!(fresh.display(again), text);
        }
        // An expression of printed forms.
        let expression = format!("{} + ({})", store.display(a), store.display(b));
        prop_assert_eq!(store.evaluate(&expression).unwrap(), c);
    }

    #[test]
    fn deep_values_print_then_read_back_to_the_same_id(g in deep_tree(), h in deep_tree()) {
        let mut store = ValueStore::new();
        let a = plain_value(&mut store, &g);
        let b = plain_value(&mut store, &h);
        let sum = store.add(a, b);
        let minus_b = store.neg(b);
        let switch = store.game(&[a], &[minus_b]);
        for value in [a, b, sum, switch] {
            let text = store.display(value);
            prop_assert_eq!(store.evaluate(&text).unwrap(), value, "{}", text);
            let mut fresh = ValueStore::new();
            let again = fresh.evaluate(&text).unwrap();
            prop_assert!(!text.contains("|||||"), "{}", text);
            prop_assert_eq!(fresh.display(again), text);
        }
    }

    #[test]
    fn both_evaluators_agree_on_trees(g in tree()) {
        let mut store = ValueStore::new();
        let plain = plain_value(&mut store, &g);
        prop_assert_eq!(Evaluator::new().value(&mut store, &g), plain);
    }

    #[test]
    fn both_evaluators_agree_on_domineering(rows in 1u8..4, cols in 1u8..5, holes in vec(0u8..20, 0..4)) {
        let board = holed_board(rows, cols, &holes);
        let mut store = ValueStore::new();
        let plain = plain_value(&mut store, &board);
        prop_assert_eq!(Evaluator::new().value(&mut store, &board), plain);
    }
}

/// A `rows` × `cols` board with a cell blocked for each of `holes` (taken modulo the cells).
fn holed_board(rows: u8, cols: u8, holes: &[u8]) -> Domineering {
    let mut lines: Vec<Vec<u8>> = vec![vec![b'.'; cols as usize]; rows as usize];
    for hole in holes {
        let cell = *hole as usize % (rows as usize * cols as usize);
        lines[cell / cols as usize][cell % cols as usize] = b'#';
    }
    let text: Vec<String> = lines
        .into_iter()
        .map(|line| String::from_utf8(line).unwrap())
        .collect();
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    Domineering::from_rows(&refs).unwrap()
}

/// Whether the player (Left when `left`) wins `board` moving first, by memoised search over
/// whole boards (no components, no values).
fn wins_first(
    board: &Domineering,
    left: bool,
    memo: &mut std::collections::HashMap<(Domineering, bool), bool>,
) -> bool {
    if let Some(&answer) = memo.get(&(board.clone(), left)) {
        return answer;
    }
    let options = if left {
        board.left_options()
    } else {
        board.right_options()
    };
    let answer = options.iter().any(|next| !wins_first(next, !left, memo));
    memo.insert((board.clone(), left), answer);
    answer
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn domineering_outcomes_match_a_search_of_the_board(rows in 1u8..4, cols in 1u8..5, holes in vec(0u8..20, 0..4)) {
        let board = holed_board(rows, cols, &holes);
        let mut store = ValueStore::new();
        let value = Evaluator::new().value(&mut store, &board);
        let mut memo = std::collections::HashMap::new();
        let class = match (wins_first(&board, true, &mut memo), wins_first(&board, false, &mut memo)) {
            (true, true) => OutcomeClass::Next,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Previous,
        };
        prop_assert_eq!(store.outcome(value), class);
    }
}

fn eval(store: &mut ValueStore, text: &str) -> grundy::cgt::GameId {
    store.evaluate(text).unwrap()
}

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

#[test]
fn golden_values_of_infinitesimals() {
    let mut store = ValueStore::new();
    // Winning Ways, ch. 2 and 3; Siegel, CGT, I.4 and II.4: * = {0|0}, ↑ = {0|*},
    // ↑ + ↑ = ⇑ = {0|↑*}, ↑* = {0,*|0}, * + * = 0, ↑ > 0 and ↑* || 0.
    assert_eq!(eval(&mut store, "{0|0}"), eval(&mut store, "*"));
    assert_eq!(eval(&mut store, "{0|*}"), eval(&mut store, "^"));
    assert_eq!(eval(&mut store, "^ + ^"), eval(&mut store, "⇑"));
    assert_eq!(eval(&mut store, "{0|^*}"), eval(&mut store, "^^"));
    assert_eq!(eval(&mut store, "{0,*|0}"), eval(&mut store, "^*"));
    assert_eq!(eval(&mut store, "* + *"), store.zero());
    let up = eval(&mut store, "^");
    let up_star = eval(&mut store, "^*");
    assert_eq!(store.outcome(up), OutcomeClass::Left);
    assert_eq!(store.outcome(up_star), OutcomeClass::Next);
    // *2 = {0, * | 0, *} (Winning Ways, ch. 3, nimbers).
    assert_eq!(eval(&mut store, "{0,*|0,*}"), store.nimber(2));
    // Tiny: {0 || 0 | -1} is positive but smaller than ↑ (Winning Ways, ch. 5; Siegel II.4).
    let tiny = eval(&mut store, "{0||0|-1}");
    assert_eq!(store.compare(tiny, up), Comparison::Less);
    assert_eq!(store.outcome(tiny), OutcomeClass::Left);
    // CGSuite writes it Tiny(1) (its CanonicalShortGame output, isNumberTiny).
    assert_eq!(store.display(tiny), "Tiny(1)");
}

#[test]
fn golden_values_of_numbers() {
    let mut store = ValueStore::new();
    // On Numbers and Games, ch. 0: {|} = 0, {0|} = 1, {0|1} = 1/2, {1/2|1} = 3/4,
    // {0|}+{0|} = {1|} = 2, {-1|} = 0 (the simplicity rule).
    let half = eval(&mut store, "{0|1}");
    assert_eq!(store.display(half), "1/2");
    let three_quarters = eval(&mut store, "{1/2|1}");
    assert_eq!(store.display(three_quarters), "3/4");
    assert_eq!(eval(&mut store, "{0|} + {0|}"), eval(&mut store, "{1|}"));
    assert_eq!(eval(&mut store, "{1|}"), store.integer(2));
    assert_eq!(eval(&mut store, "{-1|}"), store.zero());
    assert_eq!(eval(&mut store, "1/2 + 1/2"), store.integer(1));
    let half = eval(&mut store, "1/2");
    assert_eq!(store.temperature(half), d("-1/2"));
}

#[test]
fn golden_values_of_hot_games() {
    let mut store = ValueStore::new();
    // {1|0} = 1/2 ± 1/2: stops 1 and 0, mean 1/2, temperature 1/2 (Winning Ways, ch. 6;
    // Siegel, CGT, II.5).
    let g = eval(&mut store, "{1|0}");
    assert_eq!(store.stops(g), (d("1"), d("0")));
    assert_eq!(store.mean(g), d("1/2"));
    assert_eq!(store.temperature(g), d("1/2"));
    // ±1 = {1|-1}: temperature 1, mean 0.
    let pm = eval(&mut store, "±1");
    assert_eq!(pm, eval(&mut store, "{1|-1}"));
    assert_eq!(store.temperature(pm), d("1"));
    assert_eq!(store.mean(pm), d("0"));
    // {2|-1}: stops 2 and -1, mean 1/2, temperature 3/2.
    let g = eval(&mut store, "{2|-1}");
    assert_eq!(store.stops(g), (d("2"), d("-1")));
    assert_eq!(store.mean(g), d("1/2"));
    assert_eq!(store.temperature(g), d("3/2"));
    // {3|-1}: the walls 3 - t and -1 + t meet at t = 2 over the mast at 1 (Winning Ways,
    // ch. 6, thermographs of switches {x|y}: temperature (x-y)/2, mean (x+y)/2).
    let g = eval(&mut store, "{3|-1}");
    let thermograph = store.thermograph(g);
    let pairs = |wall: Vec<grundy::cgt::WallPoint>| {
        wall.into_iter()
            .map(|p| (p.temperature.to_string(), p.value.to_string()))
            .collect::<Vec<_>>()
    };
    let p = |t: &str, x: &str| (t.to_string(), x.to_string());
    assert_eq!(
        pairs(thermograph.left_wall()),
        vec![p("-1", "4"), p("2", "1")]
    );
    assert_eq!(
        pairs(thermograph.right_wall()),
        vec![p("-1", "-2"), p("2", "1")]
    );
    assert_eq!(thermograph.temperature(), d("2"));
    assert_eq!(thermograph.mast(), d("1"));
}

#[test]
fn golden_atomic_weights() {
    let mut store = ValueStore::new();
    // Winning Ways, ch. 7 (atomic weights): aw(↑) = 1, aw(*) = 0, aw(⇑*) = 2, aw(↓) = -1.
    for (text, weight) in [
        ("^", "1"),
        ("*", "0"),
        ("^^*", "2"),
        ("v", "-1"),
        ("0", "0"),
    ] {
        let g = eval(&mut store, text);
        let w = store.atomic_weight(g).unwrap();
        assert_eq!(store.display(w), weight, "{text}");
    }
    // A game that is not all-small has none.
    let one = store.integer(1);
    assert!(store.atomic_weight(one).is_err());
    let switch = eval(&mut store, "{1|0}");
    assert!(store.atomic_weight(switch).is_err());
}

#[test]
fn values_have_operators() {
    let up: Value = "^".parse().unwrap();
    let star: Value = "*".parse().unwrap();
    assert_eq!((up + star).to_string(), "^*");
    assert_eq!((up - up).to_string(), "0");
    assert_eq!((-up).to_string(), "v");
    assert!(up > Value::zero());
    assert!(up + star >= Value::zero() || (up + star).partial_cmp(&Value::zero()).is_none());
    assert_eq!(
        Value::evaluate("{1|0} + ^ - (1/2 + *)")
            .unwrap()
            .to_string(),
        "{1/2^*|-1/2^*}"
    );
}

#[test]
fn bad_input_is_refused_with_a_position() {
    let mut store = ValueStore::new();
    for (text, token, position) in [
        ("1/3", "1/3", 0),
        ("{1|0} + q", "q", 8),
        ("{1|0", "{", 0),
        ("1 +", "", 3),
        ("*2 ^", "^", 3),
        ("{1||2||3}", "||", 5),
    ] {
        let error = store.evaluate(text).unwrap_err();
        assert_eq!(
            (error.token.as_str(), error.position),
            (token, position),
            "{text}: {error}"
        );
        assert!(
            error.to_string().contains(&format!("byte {position}")),
            "{error}"
        );
    }
}
