//! User-defined heap rulesets ([`Tabulated`]) through the engines that work on any heap game:
//! Kayles written out heap by heap gets the answers of the octal code 0.77 (nim values,
//! misère quotient, exact misère outcomes), and on small random rulesets the misère
//! quotient's outcome is the exact search's.

#![allow(clippy::unwrap_used)]

use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::HeapRules;
use grundy::heap::{apparent_period, HeapRuleset, Tabulated};
use grundy::impartial::heap_values::nim_values;
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::misere_quotient::{
    misere_outcome, misere_quotient, misere_quotient_within, prove_periodicity, MisereQuotient,
    Presentation, QuotientError,
};
use grundy::stop::Stop;
use proptest::prelude::*;

/// Kayles written out for heaps up to `largest`: knock down one pin or two neighbours of a
/// row of `n`, leaving the pins on either side.
fn kayles_table(largest: u64) -> Tabulated {
    Tabulated::from_fn("kayles", largest, |n| {
        let mut options = Vec::new();
        for knocked in 1..=n.min(2) {
            for left in 0..=n - knocked {
                options.push(vec![left, n - knocked - left]);
            }
        }
        options
    })
    .unwrap()
}

fn kayles_code() -> HeapRules {
    "0.77".parse().unwrap()
}

fn quotient(rules: &dyn HeapRuleset, bound: u64) -> MisereQuotient {
    misere_quotient(rules, bound, &mut |_| {}, &Stop::NEVER).unwrap()
}

/// Every multiset of at most `count` heaps of 1 to `largest` tokens.
fn multisets(largest: u64, count: usize) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for set in &frontier {
            let low = set.last().copied().unwrap_or(1);
            for heap in low..=largest {
                let mut longer: Vec<u64> = set.clone();
                longer.push(heap);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

#[test]
fn tabulated_kayles_has_the_nim_values_of_0_77() {
    let table = kayles_table(200);
    let from_table = nim_values(&table, 200, &Stop::NEVER, &mut |_, _| {}).unwrap();
    let from_code = nim_values(&kayles_code(), 200, &Stop::NEVER, &mut |_, _| {}).unwrap();
    let plain: Vec<u64> = plain_values(&kayles_code(), 201, &mut |_, _| {}, &Stop::NEVER)
        .unwrap()
        .into_iter()
        .map(u64::from)
        .collect();
    assert_eq!(from_table, plain);
    assert_eq!(from_code, plain);
    // Kayles' values repeat with period 12 from heap 71: seen in 200 values, not proved.
    let seen = apparent_period(&from_table).unwrap();
    assert_eq!((seen.preperiod, seen.period), (71, 12));
    // The table knows heaps up to 200 only.
    let error = nim_values(&table, 201, &Stop::NEVER, &mut |_, _| {}).unwrap_err();
    assert!(error.to_string().contains("up to 200"), "{error}");
}

#[test]
fn tabulated_kayles_has_the_misere_quotient_of_0_77() {
    let table = kayles_table(30);
    let from_table = quotient(&table, 30);
    let from_code = quotient(&kayles_code(), 30);
    assert_eq!(from_table.monoid().order(), 40);
    assert_eq!(from_table.monoid().order(), from_code.monoid().order());
    assert_eq!(
        from_table.monoid().p_portion(),
        from_code.monoid().p_portion()
    );
    assert_eq!(from_table.heap_elements(), from_code.heap_elements());
    assert_eq!(from_table.orders(), from_code.orders());
    assert_eq!(
        Presentation::of(&from_table).relation_texts(),
        Presentation::of(&from_code).relation_texts()
    );
    assert_eq!(from_table.rules_name(), "kayles");
    assert_eq!(from_code.rules_name(), "0.77");
    // The periodicity theorem needs the rules of a code: a table gets no proof.
    assert_eq!(prove_periodicity(&from_table), None);
    assert!(from_code.periodicity_bounds().is_some());
    // A bound past the table is refused, naming it.
    let error = misere_quotient(&table, 31, &mut |_| {}, &Stop::NEVER).unwrap_err();
    assert_eq!(
        error,
        QuotientError::BeyondRules {
            rules: "kayles".into(),
            bound: 31,
            largest: 30
        }
    );
}

#[test]
fn tabulated_kayles_has_the_exact_misere_outcomes_of_0_77() {
    let table = kayles_table(12);
    let code = kayles_code();
    let found = quotient(&table, 12);
    let mut by_table = HeapSearch::new(&table, HEAP_LIMIT, &Stop::NEVER);
    let mut by_code = HeapSearch::new(&code, HEAP_LIMIT, &Stop::NEVER);
    for heaps in multisets(12, 3) {
        let outcome = by_code.outcome(&heaps).unwrap();
        assert_eq!(by_table.outcome(&heaps).unwrap(), outcome, "{heaps:?}");
        assert_eq!(
            misere_outcome(&found, None, &heaps).unwrap(),
            outcome,
            "{heaps:?}"
        );
    }
}

/// A ruleset of heaps up to `largest` whose heap of `n` has the given options, each part
/// taken modulo `n` (so below it; a part of 0 is no heap).
fn random_table(largest: u64, rows: &[Vec<Vec<u64>>]) -> Tabulated {
    Tabulated::from_fn("random", largest, |n| {
        rows[(n - 1) as usize]
            .iter()
            .map(|option| option.iter().map(|part| part % n).collect())
            .collect()
    })
    .unwrap()
}

/// A heap of 3 whose only move leaves 2 + 2: more tokens than before, so the sum 3 comes
/// before its option 2 + 2 by tokens, and the quotient must order sums by a measure that
/// every move decreases. Found by the property test below.
#[test]
fn a_move_may_leave_more_tokens_than_it_takes() {
    let rules = Tabulated::new(
        "3 to 2+2",
        vec![
            vec![],
            vec![vec![]],
            vec![vec![], vec![1]],
            vec![vec![2, 2]],
        ],
    )
    .unwrap();
    let found = quotient(&rules, 3);
    let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
    for heaps in multisets(3, 5) {
        assert_eq!(
            misere_outcome(&found, None, &heaps).unwrap(),
            search.outcome(&heaps).unwrap(),
            "{heaps:?}"
        );
    }
    // The heap of 3 is the product ab² of misère Nim's quotient on heaps 1 and 2.
    assert_eq!(found.monoid().order(), 6);
    let [_, a, b, c] = found.heap_elements() else {
        panic!("four heaps")
    };
    assert_eq!(*c, found.monoid().product([*a, *b, *b]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Small random rulesets (heaps up to 6, up to four options a heap, each leaving up to
    /// two heaps, of any sizes below the heap moved in): every sum of up to three heaps
    /// gets the exact search's outcome through the quotient.
    ///
    /// Some such rulesets have quotients of thousands of elements, or none that the
    /// construction's corrections find (a move may leave more tokens than it takes, and the
    /// quotient may then be infinite). The construction refuses those, within a memory
    /// limit of 16 MB, and the case is rejected: a refusal is never a wrong outcome.
    #[test]
    fn random_rulesets_agree_with_the_exact_search(
        largest in 1u64..=6,
        rows in proptest::collection::vec(
            proptest::collection::vec(proptest::collection::vec(0u64..6, 0..=2), 0..=4),
            6,
        ),
    ) {
        let rules = random_table(largest, &rows);
        let built = misere_quotient_within(&rules, largest, &mut |_| {}, &Stop::NEVER, 16_000_000);
        let found = match built {
            Err(
                QuotientError::TooLarge { .. }
                | QuotientError::OverMemory { .. }
                | QuotientError::ProofTooLarge(_)
                | QuotientError::Unproved(_),
            ) => return Err(TestCaseError::reject("refused")),
            built => built.unwrap(),
        };
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        for heaps in multisets(largest, 3) {
            prop_assert_eq!(
                misere_outcome(&found, None, &heaps).unwrap(),
                search.outcome(&heaps).unwrap(),
                "heaps {:?} of {:?}",
                heaps,
                rules
            );
        }
    }
}
