//! Numbers are exact at any size: every operation on dyadic rationals and on the numbers a
//! value store holds is checked against a reference in arbitrary precision (fractions of
//! big integers, compared by cross-multiplication), on numbers far past 64 and 128 bits:
//! sums, differences, halves, comparisons, the simplest number between two, the stops and
//! means of games made of such numbers, and the numbers of long Blue–Red stalks.
#![allow(clippy::unwrap_used)]

use std::cmp::Ordering;

use grundy::cgt::{Dyadic, Evaluator, ValueStore};
use grundy::games::hackenbush::Hackenbush;
use num_bigint::BigInt;
use proptest::prelude::*;

/// A fraction of big integers, the reference: `numerator / denominator`, denominator > 0.
#[derive(Debug, Clone)]
struct Fraction {
    numerator: BigInt,
    denominator: BigInt,
}

impl Fraction {
    fn of(x: &Dyadic) -> Fraction {
        Fraction {
            numerator: x.numerator().to_big(),
            denominator: BigInt::from(1) << x.exponent(),
        }
    }

    fn add(&self, other: &Fraction) -> Fraction {
        Fraction {
            numerator: &self.numerator * &other.denominator + &other.numerator * &self.denominator,
            denominator: &self.denominator * &other.denominator,
        }
    }

    fn negate(&self) -> Fraction {
        Fraction {
            numerator: -&self.numerator,
            denominator: self.denominator.clone(),
        }
    }

    fn cmp(&self, other: &Fraction) -> Ordering {
        (&self.numerator * &other.denominator).cmp(&(&other.numerator * &self.denominator))
    }

    fn equals(&self, x: &Dyadic) -> bool {
        self.cmp(&Fraction::of(x)) == Ordering::Equal
    }
}

/// Dyadic rationals of every size: small, past 64 bits, past 128 bits, with denominators
/// up to 2^300.
fn dyadic() -> impl Strategy<Value = Dyadic> {
    (any::<i64>(), 0u64..200, 0u64..300).prop_map(|(n, shift, exponent)| {
        let numerator = grundy::integer::Integer::from(n).shl(shift);
        Dyadic::new(numerator, exponent)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn dyadic_arithmetic_agrees_with_big_fractions(x in dyadic(), y in dyadic()) {
        let (fx, fy) = (Fraction::of(&x), Fraction::of(&y));
        prop_assert!(fx.add(&fy).equals(&(&x + &y)));
        prop_assert!(fx.add(&fy.negate()).equals(&(&x - &y)));
        prop_assert!(fx.negate().equals(&-&x));
        prop_assert_eq!(x.cmp(&y), fx.cmp(&fy));
        let half = x.half();
        prop_assert!(Fraction::of(&half).add(&Fraction::of(&half)).equals(&x));
        // Lowest terms: equal numbers are equal structs, and the text reads back.
        prop_assert_eq!(&(&x + &y) - &y, x.clone());
        prop_assert_eq!(x.to_string().parse::<Dyadic>().unwrap(), x.clone());
    }

    #[test]
    fn the_simplest_number_lies_strictly_between(x in dyadic(), y in dyadic()) {
        let (low, high) = if x <= y { (x, y) } else { (y, x) };
        match Dyadic::simplest_between(Some(&low), Some(&high)) {
            None => prop_assert_eq!(&low, &high),
            Some(between) => {
                prop_assert!(low < between && between < high);
                // Simplest: no number of a smaller denominator lies between, unless the
                // answer is an integer (then it is the one nearest zero).
                if between.exponent() > 0 {
                    let coarser = between.exponent() - 1;
                    let scaled_low = Fraction::of(&low);
                    let step = Fraction {
                        numerator: BigInt::from(1),
                        denominator: BigInt::from(1) << coarser,
                    };
                    // The grid point of the coarser grid just above `low` is not below `high`.
                    let mut k = (scaled_low.numerator.clone() << coarser) / &scaled_low.denominator;
                    loop {
                        let point = Fraction { numerator: k.clone(), denominator: step.denominator.clone() };
                        if point.cmp(&scaled_low) == Ordering::Greater {
                            prop_assert!(point.cmp(&Fraction::of(&high)) != Ordering::Less);
                            break;
                        }
                        k += 1;
                    }
                }
            }
        }
    }

    #[test]
    fn stops_and_means_of_big_numbers_are_exact(x in dyadic(), y in dyadic(), z in dyadic()) {
        // {x | y} + z for x > y: a switch translated by z; its stops are x + z and y + z,
        // its mean (x + y)/2 + z. With x <= y it is a number between them, plus z.
        let mut store = ValueStore::new();
        let (gx, gy, gz) = (store.number(x.clone()), store.number(y.clone()), store.number(z.clone()));
        let switch = store.game(&[gx], &[gy]);
        let g = store.add(switch, gz);
        let (left, right) = store.stops(g);
        if x > y {
            prop_assert!(Fraction::of(&x).add(&Fraction::of(&z)).equals(&left));
            prop_assert!(Fraction::of(&y).add(&Fraction::of(&z)).equals(&right));
            let mean = store.mean(g);
            let doubled = Fraction::of(&mean).add(&Fraction::of(&mean));
            let expected = Fraction::of(&x).add(&Fraction::of(&y)).add(&Fraction::of(&z)).add(&Fraction::of(&z));
            prop_assert_eq!(doubled.cmp(&expected), Ordering::Equal);
        } else {
            prop_assert_eq!(&left, &right);
            prop_assert!(Fraction::of(&x).add(&Fraction::of(&z)).cmp(&Fraction::of(&left)) == Ordering::Less);
            prop_assert!(Fraction::of(&y).add(&Fraction::of(&z)).cmp(&Fraction::of(&left)) == Ordering::Greater);
        }
        // Sums of numbers in the store are the numbers' sums.
        let sum = store.add(gx, gy);
        prop_assert!(Fraction::of(&x).add(&Fraction::of(&y)).equals(&store.as_number(sum).unwrap()));
        // The order of the store agrees with the reference.
        let expected = Fraction::of(&x).cmp(&Fraction::of(&y));
        prop_assert_eq!(store.le(gx, gy), expected != Ordering::Greater);
    }
}

proptest! {
    // Valuing a stalk of n edges costs about n^3 steps of Hackenbush's normal forms.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn long_blue_red_stalks_are_their_numbers(stalk in proptest::collection::vec(any::<bool>(), 1..80)) {
        // Berlekamp's rule (Winning Ways, ch. 2): the edges up to the first change of
        // colour count ±1 each; after it each edge counts half the one below, with its
        // colour's sign, the first of them included.
        let letters: String = stalk.iter().map(|&blue| if blue { 'B' } else { 'R' }).collect();
        let sign = |blue: bool| if blue { BigInt::from(1) } else { BigInt::from(-1) };
        let run = stalk.iter().take_while(|&&blue| blue == stalk[0]).count();
        let mut expected = Fraction { numerator: sign(stalk[0]) * run, denominator: BigInt::from(1) };
        for (k, &blue) in stalk[run..].iter().enumerate() {
            let term = Fraction { numerator: sign(blue), denominator: BigInt::from(1) << (k + 1) };
            expected = expected.add(&term);
        }
        let position: Hackenbush = letters.parse().unwrap();
        let mut store = ValueStore::new();
        let value = Evaluator::new().value(&mut store, &position);
        let number = store.as_number(value).unwrap();
        prop_assert!(expected.equals(&number), "{letters}: {number}");
        let (left, right) = store.stops(value);
        prop_assert!(expected.equals(&left) && expected.equals(&right));
    }
}
