//! Random text and random call sequences never panic the libraries' logic: every outcome is
//! a value (a referee, a verdict), as the C boundary needs.
#![allow(clippy::unwrap_used)]

use grundy::games::rectangle::Rectangle;
use grundy_ffi::config::Environment;
use grundy_ffi::lic::{self, LicReferee, LicStrategy};
use grundy_ffi::rec::{RecReferee, RecStrategy};
use grundy_ffi::VerdictKind;
use proptest::prelude::*;

/// One call of the Licytacja protocol.
#[derive(Debug, Clone)]
enum Call {
    Inicjuj,
    Alojzy(i32),
    Bajtazar,
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        Just(Call::Inicjuj),
        (-2i32..6).prop_map(Call::Alojzy),
        Just(Call::Bajtazar),
    ]
}

proptest! {
    #[test]
    fn any_bytes_give_a_referee_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let env = Environment::default();
        let _ = RecReferee::from_input(&bytes, &env);
        let _ = lic::parse_input(&bytes);
    }

    #[test]
    fn any_text_of_numbers(text in "[-+0-9 \n]{0,30}") {
        let env = Environment::default();
        if let Ok(referee) = RecReferee::from_input(text.as_bytes(), &env) {
            prop_assert!(referee.dimension_x() >= 1 && referee.dimension_y() >= 1);
        }
        if let Ok(input) = lic::parse_input(text.as_bytes()) {
            prop_assert!(input.n >= 1 && input.n <= lic::MAX_N);
        }
    }

    #[test]
    fn any_cuts_end_in_a_verdict_or_go_on(
        w in 1u64..40, h in 1u64..40, seed in any::<u64>(),
        cuts in proptest::collection::vec((-1i32..3, -2i32..45), 0..30),
    ) {
        let strategy = RecStrategy::ALL[(seed % 5) as usize];
        let mut referee = RecReferee::new(Rectangle::new(w, h).unwrap(), strategy, seed);
        for (dir, position) in cuts {
            let before = referee.position();
            if let Some(verdict) = referee.cut(dir, position) {
                let legal = (dir == 0 && position >= 1 && (position as u64) < before.width())
                    || (dir == 1 && position >= 1 && (position as u64) < before.height());
                prop_assert_eq!(matches!(verdict.kind, VerdictKind::Illegal(_)), !legal);
                break;
            }
        }
    }

    #[test]
    fn any_call_sequence_ends_in_a_verdict_or_goes_on(
        n in 1u64..60, seed in any::<u64>(),
        calls in proptest::collection::vec(call(), 0..40),
    ) {
        let strategy = LicStrategy::ALL[(seed % 6) as usize];
        let mut referee = LicReferee::new(n, strategy, seed).unwrap();
        for call in calls {
            let verdict = match call {
                Call::Inicjuj => referee.inicjuj().err(),
                Call::Alojzy(x) => referee.alojzy(x),
                Call::Bajtazar => referee.bajtazar().err(),
            };
            if let Some(verdict) = verdict {
                prop_assert!(!matches!(verdict.kind, VerdictKind::Error(_)), "{}", verdict);
                break;
            }
        }
    }
}
