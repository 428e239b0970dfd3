//! Misère quotients of take-and-break games: the published quotients reproduced, and every
//! outcome the quotient gives checked against an exact search of the game.

#![allow(clippy::unwrap_used)]

use grundy::games::takebreak::HeapRules;
use grundy::misere::{
    misere_outcome, misere_quotient, prove_periodicity, stable_from, ExactSearch,
    MisereQuotient, Presentation,
};
use grundy::stop::Stop;
use proptest::prelude::*;

fn quotient(code: &str, bound: u64) -> MisereQuotient {
    let rules: HeapRules = code.parse().unwrap();
    misere_quotient(&rules, bound, &mut |_, _| {}, &Stop::NEVER).unwrap()
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

fn agrees_with_search(code: &str, bound: u64, largest: u64, count: usize) {
    let rules: HeapRules = code.parse().unwrap();
    let found = quotient(code, bound);
    let mut search = ExactSearch::new(&rules);
    for heaps in multisets(largest, count) {
        assert_eq!(
            misere_outcome(&found, None, &heaps).unwrap(),
            search.outcome(&heaps),
            "{code} heaps {heaps:?}"
        );
    }
}

#[test]
fn every_small_sum_agrees_with_the_exact_search() {
    for code in ["0.77", "0.137", "0.75", "0.07", "4.7", "0.31", "0.104", "0.6", "0.35"] {
        agrees_with_search(code, 9, 9, 3);
    }
}

#[test]
fn debug_first_failure() {
    let rules: HeapRules = "0.77".parse().unwrap();
    for bound in 1..=9u64 {
        let found = quotient("0.77", bound);
        let mut search = ExactSearch::new(&rules);
        let mut bad = 0;
        let mut first = None;
        for heaps in multisets(bound, 4) {
            if misere_outcome(&found, None, &heaps).unwrap() != search.outcome(&heaps) {
                bad += 1;
                if first.is_none() { first = Some(heaps.clone()); }
            }
        }
        println!("bound {bound} order {} orders {:?} bad {bad} first {first:?}", found.monoid().order(), found.orders());
    }
}

#[test]
fn debug_claim() {
    let rules: HeapRules = "0.77".parse().unwrap();
    let found = quotient("0.77", 8);
    let mut search = ExactSearch::new(&rules);
    let m = found.monoid();
    let e = |w: &[u64]| m.product(w.iter().map(|h| found.heap_elements()[*h as usize]));
    for w in multisets(8, 3) {
        let x = e(&w);
        let rep = found.representative(x).to_vec();
        let mut a = w.clone(); a.push(9);
        let mut b = rep.clone(); b.push(9);
        if search.outcome(&a) != search.outcome(&b) {
            println!("word {w:?} rep {rep:?}: {:?} vs {:?}", search.outcome(&a), search.outcome(&b));
        }
    }
    for x in 0..m.order() as u32 { println!("{x} rep {:?} p {}", found.representative(x), m.is_p(x)); }
}

#[test]
fn debug_orders() {
    for code in ["0.77", "0.75", "0.07", "4.7"] {
        let found = quotient(code, 120);
        let o = found.orders();
        println!("{code} final {} at 10:{} 20:{} 40:{} 80:{} periodic {:?}", o[120], o[10], o[20], o[40], o[80], prove_periodicity(&found));
    }
}

#[test]
fn debug_deep() {
    let rules: HeapRules = "0.77".parse().unwrap();
    for bound in [5u64, 6, 7, 8] {
        let found = quotient("0.77", bound);
        let mut search = ExactSearch::new(&rules);
        let mut first = None; let mut bad = 0;
        for heaps in multisets(bound, 6) {
            if misere_outcome(&found, None, &heaps).unwrap() != search.outcome(&heaps) {
                bad += 1; if first.is_none() { first = Some(heaps.clone()); }
            }
        }
        println!("deep bound {bound} bad {bad} first {first:?}");
    }
}
