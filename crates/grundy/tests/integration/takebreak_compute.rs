//! The sequence as `grundy sequence` computes it (`games::takebreak::compute`): every method,
//! with the period copied once proved, gives the plain loop's values; the sparse method on
//! every core gives its one-core values; the auto method follows its rule.

#![allow(clippy::unwrap_used)]

use grundy::games::takebreak::compute::{compute, sparse_is_faster, Method};
use grundy::games::takebreak::find_period;
use grundy::games::takebreak::sequence::{plain_values, MAX_LENGTH};
use grundy::games::takebreak::sparse::{
    sparse_values, sparse_values_after, sparse_values_one_core,
};
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;
use proptest::prelude::*;

fn rules(text: &str) -> HeapRules {
    text.parse().unwrap()
}

fn plain(text: &str, count: usize) -> Vec<u32> {
    plain_values(&rules(text), count, &mut |_, _| {}, &Stop::NEVER).unwrap()
}

#[test]
fn a_proved_period_is_copied_and_gives_the_plain_loops_values() {
    // Dawson's chess: period 34 from heap 52, proved by the values below 175.
    let count = 100_001;
    let computed = compute(
        &rules("0.137"),
        count,
        Method::Auto,
        &mut |_, _| {},
        &Stop::NEVER,
    )
    .unwrap();
    assert_eq!(computed.values, plain("0.137", count));
    assert!(computed.computed <= 1024, "{}", computed.computed);
    let found = computed.period.unwrap();
    assert_eq!((found.preperiod, found.period), (52, 34));
    // The period reported over all the values is the one proved on the way.
    assert_eq!(
        find_period(&rules("0.137"), &computed.values, count / 2),
        Ok(found)
    );
}

#[test]
fn every_method_gives_the_plain_loops_values() {
    for text in [
        "0.77", "0.161", "grundy", "0.6", "4.07", "S(1,3,4)", "AB(1)",
    ] {
        let count = 40_000;
        let expected = plain(text, count);
        for method in [Method::Auto, Method::Plain, Method::Sparse] {
            match compute(&rules(text), count, method, &mut |_, _| {}, &Stop::NEVER) {
                Ok(computed) => assert_eq!(computed.values, expected, "{text} {method:?}"),
                // The sparse method does not apply to games that never split.
                Err(error) => {
                    assert_eq!(method, Method::Sparse, "{text}: {error}");
                    assert!(error.to_string().contains("splits heaps"), "{error}");
                }
            }
        }
    }
}

#[test]
fn the_auto_method_follows_its_rule() {
    // Kayles is periodic early, so the period is used before the rule is needed.
    let kayles = compute(
        &rules("0.77"),
        40_000,
        Method::Auto,
        &mut |_, _| {},
        &Stop::NEVER,
    )
    .unwrap();
    assert!(kayles.trial.is_none() && kayles.period.is_some());
    // 0.161 has no known period: the trial decides, for the sparse method.
    let computed = compute(
        &rules("0.161"),
        40_000,
        Method::Auto,
        &mut |_, _| {},
        &Stop::NEVER,
    )
    .unwrap();
    let trial = computed.trial.unwrap();
    assert!(sparse_is_faster(&trial, 40_000), "{trial:?}");
    assert_eq!(computed.method, Method::Sparse);
}

#[test]
fn every_core_gives_the_one_core_values() {
    for text in ["grundy", "0.161", "0.6", "0.165"] {
        let (one, one_report) =
            sparse_values_one_core(&rules(text), 200_000, &mut |_, _| {}, &Stop::NEVER).unwrap();
        let (all, all_report) =
            sparse_values(&rules(text), 200_000, &mut |_, _| {}, &Stop::NEVER).unwrap();
        assert_eq!(one, all, "{text}");
        assert_eq!(one_report.rare_heaps, all_report.rare_heaps, "{text}");
    }
}

#[test]
fn progress_reaches_the_end_by_every_path() {
    for (text, count) in [("0.137", 100_001), ("grundy", 50_000), ("0.161", 50_000)] {
        let mut last = (0, 0);
        let mut reports = 0;
        compute(
            &rules(text),
            count,
            Method::Auto,
            &mut |done, total| {
                assert!(done >= last.0 && done <= total, "{done} of {total}");
                last = (done, total);
                reports += 1;
            },
            &Stop::NEVER,
        )
        .unwrap();
        assert_eq!(last, (count, count), "{text}");
        assert!(reports > 1, "{text}");
    }
}

#[test]
fn the_longest_sequence_is_2_to_the_28() {
    assert_eq!(MAX_LENGTH, 1 << 28);
    let error = compute(
        &rules("grundy"),
        MAX_LENGTH + 1,
        Method::Auto,
        &mut |_, _| {},
        &Stop::NEVER,
    )
    .unwrap_err();
    assert!(error.to_string().contains("1024 MiB"), "{error}");
    assert!(
        error.to_string().contains(&(MAX_LENGTH + 1).to_string()),
        "{error}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_method_agrees_with_the_plain_loop_on_random_splitting_codes(
        digits in proptest::collection::vec(0u8..8, 1..4),
        split_at in 0usize..3,
    ) {
        let mut digits = digits;
        let at = split_at.min(digits.len() - 1);
        digits[at] |= 4;
        let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        let text = format!("0.{text}");
        let count = 20_000;
        let expected = plain(&text, count);
        for method in [Method::Auto, Method::Plain, Method::Sparse] {
            let computed =
                compute(&rules(&text), count, method, &mut |_, _| {}, &Stop::NEVER).unwrap();
            prop_assert_eq!(&computed.values, &expected, "{} {:?}", text, method);
        }
        // Every core, with a short sample, so that the blocks do most of the work.
        let (sparse, _) =
            sparse_values_after(&rules(&text), 6000, 100, &mut |_, _| {}, &Stop::NEVER).unwrap();
        prop_assert_eq!(&sparse[..], &expected[..6000], "{}", text);
    }
}
