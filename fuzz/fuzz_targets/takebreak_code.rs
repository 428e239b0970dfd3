//! Take-and-break rules: `HeapRules::from_str` must never panic; rules that parse print a
//! text that parses to the same rules, and the first values of their nim sequence are
//! computed (a short sequence: at most 64 values).
#![no_main]

use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;
use libfuzzer_sys::fuzz_target;

/// The length of the nim sequence computed for rules that parse.
const VALUES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(rules) = text.parse::<HeapRules>() else {
        return;
    };
    let shown = rules.to_string();
    let again: HeapRules = shown
        .parse()
        .unwrap_or_else(|error| panic!("{shown:?} from {text:?}: {error}"));
    assert_eq!(again, rules, "{shown:?} from {text:?}");
    let _ = rules.as_code();
    let _ = rules.max_take();
    let _ = rules.max_heaps_left();
    let _ = plain_values(&rules, VALUES, &mut |_, _| {}, &Stop::NEVER);
});
