//! The misère quotient in play: the element of a position and of each move's result
//! ([`quotient_reading`]), the quotients kept between questions ([`shared_quotient`]), and
//! the analysis of a misère game too large for the exact search, checked against the exact
//! search of the game ([`HeapSearch`]) on small sums.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use grundy::game::Budget;
use grundy::heap::{HeapRuleset, HeapSum};
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::misere_play::theory::{by_theory, quotient_reading};
use grundy::misere_quotient::{shared_quotient, Element, SharedQuotient};
use grundy::registry;
use grundy::report::Outcome;
use grundy::stop::Stop;

/// The rules of a take-and-break code, from a position of the registry's family.
fn rules(code: &str) -> Arc<dyn HeapRuleset> {
    let game = registry::find("takebreak")
        .unwrap()
        .start(&format!("{code}:1"))
        .unwrap();
    game.heap_sum().unwrap().rules
}

/// The element a word in the quotient's generators stands for: the product of the
/// generators' elements to their exponents, read from the word's text (`ab^2c`, `1`).
fn evaluate(shared: &SharedQuotient, word: &str) -> Element {
    let presentation = shared.presentation();
    let monoid = shared.quotient().monoid();
    if word == "1" {
        return 0;
    }
    let mut total = 0;
    let mut rest = word;
    while !rest.is_empty() {
        let generator = presentation
            .generators
            .iter()
            .filter(|generator| rest.starts_with(generator.name.as_str()))
            .max_by_key(|generator| generator.name.len())
            .unwrap();
        rest = &rest[generator.name.len()..];
        let mut exponent = 1;
        if let Some(power) = rest.strip_prefix('^') {
            let digits: String = power.chars().take_while(char::is_ascii_digit).collect();
            exponent = digits.parse::<u64>().unwrap();
            rest = &power[digits.len()..];
        }
        total = monoid.multiply(total, monoid.power(generator.element, exponent));
    }
    total
}

/// Every sum of one to three heaps of 1 to `largest` tokens, heaps in increasing order.
fn small_sums(largest: u64) -> Vec<Vec<u64>> {
    let mut sums = Vec::new();
    for a in 1..=largest {
        sums.push(vec![a]);
        for b in a..=largest {
            sums.push(vec![a, b]);
            for c in b..=largest {
                sums.push(vec![a, b, c]);
            }
        }
    }
    sums
}

/// On every small sum of `code`, the element read from the quotient is the product of the
/// elements of its heaps, its word stands for it, and it is in the P-portion exactly when
/// the exact search of the game says the player to move loses; the same for every move's
/// result.
fn elements_agree_with_the_exact_search(code: &str, largest: u64) {
    let rules = rules(code);
    let mut exact = HeapSearch::new(rules.as_ref(), HEAP_LIMIT, &Stop::NEVER);
    let shared = shared_quotient(rules.as_ref(), largest, &mut |_| {}, &Stop::NEVER).unwrap();
    let monoid = shared.quotient().monoid();
    for heaps in small_sums(largest) {
        let position = HeapSum {
            rules: Arc::clone(&rules),
            heaps: heaps.clone(),
        };
        let reading = quotient_reading(&position, &Stop::NEVER).unwrap();
        // Elements of sums multiply: the first heap times the rest.
        let (first, rest) = heaps.split_at(1);
        let product = monoid.multiply(
            shared.element_of(first).unwrap(),
            shared.element_of(rest).unwrap(),
        );
        assert_eq!(
            shared.element_of(&heaps).unwrap(),
            product,
            "{code}: {heaps:?}"
        );
        // The reading may come from a kept quotient of a larger bound: its word is read in
        // that quotient, and names the same outcome.
        let kept = shared_quotient(
            rules.as_ref(),
            *heaps.iter().max().unwrap(),
            &mut |_| {},
            &Stop::NEVER,
        )
        .unwrap();
        let element = kept.element_of(&heaps).unwrap();
        assert_eq!(
            reading.position.word,
            kept.word(element),
            "{code}: {heaps:?}"
        );
        assert_eq!(
            evaluate(&kept, &reading.position.word),
            element,
            "{code}: {heaps:?}"
        );
        let loses = exact.outcome(&heaps).unwrap() == Outcome::Loss;
        assert_eq!(reading.position.p_portion, loses, "{code}: {heaps:?}");
        assert_eq!(monoid.is_p(product), loses, "{code}: {heaps:?}");
        // Each move's result, against the exact search of the sum it leaves.
        assert!(!reading.moves.is_empty() || heaps.iter().all(|heap| !rules.has_option(*heap)));
        for (mv, after) in &reading.moves {
            let (heap, left) = mv.split_once("->").unwrap();
            let heap: u64 = heap.parse().unwrap();
            let mut rest = heaps.clone();
            let at = rest.iter().position(|size| *size == heap).unwrap();
            rest.remove(at);
            if left != "0" {
                rest.extend(left.split('+').map(|part| part.parse::<u64>().unwrap()));
            }
            let element = kept.element_of(&rest).unwrap();
            assert_eq!(after.word, kept.word(element), "{code}: {heaps:?} {mv}");
            assert_eq!(
                after.p_portion,
                exact.outcome(&rest).unwrap() == Outcome::Loss,
                "{code}: {heaps:?} {mv}"
            );
        }
    }
}

#[test]
fn dawsons_chess_elements_multiply_and_agree_with_the_exact_search() {
    elements_agree_with_the_exact_search("0.137", 10);
}

#[test]
fn kayles_elements_multiply_and_agree_with_the_exact_search() {
    elements_agree_with_the_exact_search("0.77", 10);
}

#[test]
fn a_quotient_is_built_once_and_serves_smaller_bounds() {
    // 0.75 is used by no other test of this file: the first question builds it.
    let rules = rules("0.75");
    let mut steps = 0;
    let first = shared_quotient(rules.as_ref(), 12, &mut |_| steps += 1, &Stop::NEVER).unwrap();
    assert!(steps > 0);
    let mut again = 0;
    let second = shared_quotient(rules.as_ref(), 12, &mut |_| again += 1, &Stop::NEVER).unwrap();
    let smaller = shared_quotient(rules.as_ref(), 7, &mut |_| again += 1, &Stop::NEVER).unwrap();
    assert_eq!(again, 0, "a kept quotient is not built again");
    assert!(Arc::ptr_eq(&first, &second) && Arc::ptr_eq(&first, &smaller));
    // R8 of Plambeck and Siegel, Misère quotients for impartial games (2008).
    assert_eq!(first.quotient().monoid().order(), 8);
    // A larger bound is built, and then serves the smaller ones.
    let mut larger_steps = 0;
    let larger =
        shared_quotient(rules.as_ref(), 14, &mut |_| larger_steps += 1, &Stop::NEVER).unwrap();
    assert!(larger_steps > 0);
    let after = shared_quotient(rules.as_ref(), 12, &mut |_| again += 1, &Stop::NEVER).unwrap();
    assert!(Arc::ptr_eq(&larger, &after));
    assert_eq!(again, 0);
}

#[test]
fn a_stopped_build_is_not_kept() {
    // 0.26 is used by no other test of this file.
    let rules = rules("0.26");
    let stop = Stop::new();
    stop.raise();
    assert!(shared_quotient(rules.as_ref(), 9, &mut |_| {}, &stop).is_err());
    let mut steps = 0;
    let built = shared_quotient(rules.as_ref(), 9, &mut |_| steps += 1, &Stop::NEVER).unwrap();
    assert!(
        steps > 0,
        "the stopped build was not kept, so this one builds"
    );
    assert_eq!(built.quotient().bound(), 9);
}

#[test]
fn nim_and_tame_sums_say_their_theorem_and_show_no_element() {
    let nim = registry::find("nim").unwrap().start("3+5+1000000").unwrap();
    let answer = by_theory(nim.as_ref(), &Stop::NEVER).unwrap();
    assert!(answer.theorem.contains("Bouton"));
    assert_eq!(answer.quotient, None);
    // 0.3 (take one token) is tame: every heap is misère *0 or *1.
    let tame = registry::find("takebreak")
        .unwrap()
        .start("0.3:7+9+12")
        .unwrap();
    let answer = by_theory(tame.as_ref(), &Stop::NEVER).unwrap();
    assert!(answer.theorem.contains("tame"), "{}", answer.theorem);
    assert_eq!(answer.quotient, None);
}

#[test]
fn a_large_dawsons_chess_sum_is_played_from_the_quotient() {
    let mut game = registry::find("takebreak")
        .unwrap()
        .start("0.137:32+31+30+29@misere")
        .unwrap();
    let usual = game.usual_rules().unwrap().clone_box();
    let answer = by_theory(usual.as_ref(), &Stop::NEVER).unwrap();
    let reading = answer.quotient.clone().unwrap();
    assert!(
        reading.quotient.contains("0.137 on heaps up to 32"),
        "{}",
        reading.quotient
    );
    // Its order, 638, is the one docs/misere.md reports for heaps up to 32.
    assert!(
        reading.quotient.contains("order 638"),
        "{}",
        reading.quotient
    );
    assert_eq!(answer.wins, !reading.position.p_portion);
    let budget = Budget::default();
    let analysis = game.analyse(&budget);
    // The exact search refuses the sum (past its million positions): the quotient answers.
    assert!(analysis
        .comment
        .as_deref()
        .unwrap_or("")
        .contains("misère quotient"));
    assert_eq!(analysis.to_move_wins, Some(answer.wins));
    assert_eq!(
        analysis.quotient_element.as_deref(),
        Some(reading.position.word.as_str())
    );
    assert!(analysis
        .to_string()
        .contains(&format!("element {}", reading.position.word)));
    // The winning moves are the moves to the P-portion; the perfect move is one of them.
    let winning: Vec<&String> = reading
        .moves
        .iter()
        .filter(|(_, after)| after.p_portion)
        .map(|(mv, _)| mv)
        .collect();
    assert_eq!(winning.len(), analysis.winning_moves.len());
    if answer.wins {
        let chosen = game.perfect_move(&budget).unwrap();
        assert!(winning.contains(&&chosen), "{chosen}");
        game.play(&chosen).unwrap();
        let after = game.analyse(&budget);
        assert_eq!(after.to_move_wins, Some(false));
        let word = reading.moves.iter().find(|(mv, _)| *mv == chosen).unwrap();
        assert_eq!(
            after.quotient_element.as_deref(),
            Some(word.1.word.as_str())
        );
    }
}

#[test]
fn sums_past_the_exact_search_within_theorys_reach_are_served_as_jobs() {
    let takebreak = registry::find("takebreak").unwrap();
    let large = takebreak.start("0.137:32+31+30+29@misere").unwrap();
    assert!(takebreak.check_served(large.as_ref()).is_err());
    assert!(takebreak.check_job(large.as_ref()).is_ok());
    // A heap past the quotient's reach: neither.
    let beyond = takebreak.start("0.137:201+30@misere").unwrap();
    assert!(takebreak.check_job(beyond.as_ref()).is_err());
    // Normal play keeps its own caps; Nim follows Bouton's rule at any size.
    let usual = takebreak.start("0.137:32+31+30+29").unwrap();
    assert!(takebreak.check_job(usual.as_ref()).is_ok());
    let nim = registry::find("nim").unwrap();
    let huge = nim.start("1000+2000+3000@misere").unwrap();
    assert!(nim.check_served(huge.as_ref()).is_err());
    assert!(nim.check_job(huge.as_ref()).is_ok());
}

/// Two rulesets of one name that differ on a single large heap (a user's class edited and
/// loaded again under its name) get each its own quotient: the cache never answers one
/// with the other's.
#[test]
fn rulesets_of_one_name_differing_on_a_large_heap_are_not_confused() {
    use grundy::heap::Tabulated;
    // Subtraction of 1 or 2 tokens to heap 60; the edited one may also empty heap 60.
    let table = |edited: bool| {
        let options: Vec<Vec<Vec<u64>>> = (0..=60u64)
            .map(|heap| {
                let mut moves: Vec<Vec<u64>> = (1..=2u64)
                    .filter(|take| *take <= heap)
                    .map(|take| {
                        if take == heap {
                            vec![]
                        } else {
                            vec![heap - take]
                        }
                    })
                    .collect();
                if edited && heap == 60 {
                    moves.push(vec![]);
                }
                moves
            })
            .collect();
        Tabulated::new("a user's ruleset", options).unwrap()
    };
    let (plain, edited) = (table(false), table(true));
    let first = shared_quotient(&plain, 60, &mut |_| {}, &Stop::NEVER).unwrap();
    let second = shared_quotient(&edited, 60, &mut |_| {}, &Stop::NEVER).unwrap();
    // The exact search finds a sum with the heap of 60 whose outcome the edit changes, and
    // each ruleset's quotient must give every such sum its own ruleset's outcome.
    let mut plain_search = HeapSearch::new(&plain, HEAP_LIMIT, &Stop::NEVER);
    let mut edited_search = HeapSearch::new(&edited, HEAP_LIMIT, &Stop::NEVER);
    let told_apart = (0..=60u64).any(|other| {
        plain_search.outcome(&[60, other]).unwrap() != edited_search.outcome(&[60, other]).unwrap()
    });
    assert!(told_apart, "the edit changes some outcome");
    for other in 0..=60u64 {
        let is_p = |shared: &SharedQuotient| {
            let element = shared.element_of(&[60, other]).unwrap();
            shared.quotient().monoid().is_p(element)
        };
        assert_eq!(
            is_p(&first),
            plain_search.outcome(&[60, other]).unwrap() == Outcome::Loss,
            "plain 60 + {other}"
        );
        assert_eq!(
            is_p(&second),
            edited_search.outcome(&[60, other]).unwrap() == Outcome::Loss,
            "edited 60 + {other}"
        );
    }
}

/// A solve whose exact search is refused names the quotient that answered, the position's
/// element and the element each winning move leaves, all as the theory reads them.
#[test]
fn a_solve_answered_by_the_quotient_reports_the_elements() {
    use grundy::misere_play::solve::solve_with_limit;
    use grundy::report::{Report, SolveOptions};
    let position = "0.137:12+11+9+7";
    let game = registry::find("takebreak").unwrap();
    // A search limit of a thousand positions sends the position to theory at once.
    let Report::Solved(report) =
        solve_with_limit(game.entry(), position, &SolveOptions::default(), 1_000).unwrap()
    else {
        panic!("a solved report");
    };
    let usual = game.start(position).unwrap();
    let answer = by_theory(usual.as_ref(), &Stop::NEVER).unwrap();
    let reading = answer.quotient.unwrap();
    assert!(answer.wins, "the sum is a first-player win");
    let note = |prefix: &str| {
        report
            .notes
            .iter()
            .find(|note| note.starts_with(prefix))
            .unwrap_or_else(|| panic!("a note {prefix:?} in {:?}", report.notes))
            .clone()
    };
    assert_eq!(
        note("quotient: "),
        format!("quotient: {}", reading.quotient)
    );
    assert_eq!(
        note("quotient element: "),
        format!(
            "quotient element: {} (not in the P-portion: won by the player to move)",
            reading.position.word
        )
    );
    let left = note("winning moves' elements: ");
    assert!(!report.winning_moves.is_empty());
    for mv in &report.winning_moves {
        let (_, element) = reading.moves.iter().find(|(m, _)| m == mv).unwrap();
        assert!(element.p_portion, "{mv} leaves a P-position");
        assert!(
            left.contains(&format!("{mv} leaves {}", element.word)),
            "{left}"
        );
    }
}
