//! CGSuite's own test values for loopy games (github.com/aaron-siegel/cgsuite,
//! lib/core/src/test/scala/org/cgsuite/lang/: `CanonicalStopperTestCase.scala`,
//! `SidedValueTestCase.scala`, and the loopy values printed in `GameGridTest.scala` and
//! `GameStripTest.scala`), every one the notation expresses.
//!
//! CGSuite prints `+-` where this printer writes `±`; expected texts are compared after
//! that one substitution. What is not checked, and why:
//!
//! - `.Class` (`Pseudonumber`, `CanonicalStopper`, `StopperSidedValue`, `SidedValue`):
//!   CGSuite's class names; the same distinction is checked through `is_pseudonumber`,
//!   `is_stopper` and `is_stopper_sided`.
//! - The order of the printed `Followers` set (a CGSuite set prints in its own order): the
//!   followers are compared as sets; the two cases without a `Followers` value in CGSuite's
//!   table are checked by their count.
//! - `begin uponth := …; {0|uponth||-uponth} end` is a CGSuite script: it is written here
//!   with `uponth` spelt out.
//! - The values of `GameGridTest`/`GameStripTest` come from games (Fox and Geese,
//!   Backsliding Toads and Frogs) that are not rulesets here yet: their printed values are
//!   read and printed back, and their facts checked against the sides they name.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::cgt::ValueStore;

/// CGSuite's printed text as this printer writes it.
fn printed(cgsuite: &str) -> String {
    cgsuite.replace("+-", "±")
}

/// One `CanonicalStopperTestCase`.
struct StopperCase {
    input: &'static str,
    output: &'static str,
    pseudonumber: bool,
    degree: &'static str,
    follower_count: usize,
    followers: Option<&'static [&'static str]>,
    idempotent: bool,
    infinitesimal: bool,
    numberish: bool,
    number_tiny: bool,
    plumtree: bool,
    /// `Err` names CGSuite's error: the degree is not idempotent.
    stable: Result<bool, &'static str>,
    left_options: &'static [&'static str],
    left_stop: &'static str,
    outcome: &'static str,
    right_options: &'static [&'static str],
    right_stop: &'static str,
    /// `Err`: no variety, for the reason named.
    variety: Result<&'static str, &'static str>,
}

const NOT_IDEMPOTENT: &str = "idempotent";
const NOT_STABLE: &str = "not stable";

const STOPPER_CASES: &[StopperCase] = &[
    StopperCase {
        input: "on",
        output: "on",
        pseudonumber: true,
        degree: "on",
        follower_count: 1,
        followers: Some(&["on"]),
        idempotent: true,
        infinitesimal: false,
        numberish: false,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["on"],
        left_stop: "on",
        outcome: "L",
        right_options: &[],
        right_stop: "on",
        variety: Ok("on"),
    },
    StopperCase {
        input: "off",
        output: "off",
        pseudonumber: true,
        degree: "on",
        follower_count: 1,
        followers: Some(&["off"]),
        idempotent: true,
        infinitesimal: false,
        numberish: false,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &[],
        left_stop: "off",
        outcome: "R",
        right_options: &["off"],
        right_stop: "off",
        variety: Ok("off"),
    },
    StopperCase {
        input: "over",
        output: "over",
        pseudonumber: true,
        degree: "over",
        follower_count: 2,
        followers: Some(&["0", "over"]),
        idempotent: true,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["0"],
        left_stop: "over",
        outcome: "L",
        right_options: &["over"],
        right_stop: "over",
        variety: Ok("over"),
    },
    StopperCase {
        input: "{pass|3/2}",
        output: "3/2under",
        pseudonumber: true,
        degree: "over",
        follower_count: 5,
        followers: Some(&["0", "1", "3/2", "2", "3/2under"]),
        idempotent: false,
        infinitesimal: false,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["3/2under"],
        left_stop: "3/2under",
        outcome: "L",
        right_options: &["3/2"],
        right_stop: "3/2under",
        variety: Ok("under"),
    },
    StopperCase {
        input: "{-1/4+*|pass}",
        output: "-1/4v[on]",
        pseudonumber: false,
        degree: "^<on>",
        follower_count: 6,
        followers: Some(&["-1", "-1/2", "-1/4", "0", "-1/4*", "-1/4v[on]"]),
        idempotent: false,
        infinitesimal: false,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["-1/4*"],
        left_stop: "-1/4",
        outcome: "R",
        right_options: &["-1/4v[on]"],
        right_stop: "-1/4",
        variety: Ok("^<on>"),
    },
    // CGSuite: begin uponth := {0||0|0,pass}; {0|uponth||-uponth} end
    StopperCase {
        input: "{0|{0||0|0,pass}||-{0||0|0,pass}}",
        output: "{0|^<on>||v<on>}",
        pseudonumber: false,
        degree: "^<on>",
        follower_count: 7,
        followers: Some(&[
            "0",
            "v[on]*",
            "^[on]*",
            "v<on>",
            "{0|^<on>||v<on>}",
            "^<on>",
            "{0|^<on>}",
        ]),
        idempotent: false,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["{0|^<on>}"],
        left_stop: "0",
        outcome: "N",
        right_options: &["v<on>"],
        right_stop: "0",
        variety: Ok("{^[on]*,^<on>||v<on>|0}"),
    },
    StopperCase {
        input: "{0|||0||0|off}",
        output: "{0|Tiny(on)}",
        pseudonumber: false,
        degree: "{0||||0|||Miny(on)|0||off}",
        follower_count: 5,
        followers: Some(&["0", "off", "Tiny(on)", "{0|Tiny(on)}", "{0|off}"]),
        idempotent: false,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Err(NOT_IDEMPOTENT),
        left_options: &["0"],
        left_stop: "0",
        outcome: "L",
        right_options: &["Tiny(on)"],
        right_stop: "0",
        variety: Err(NOT_IDEMPOTENT),
    },
    StopperCase {
        input: "{on|0||0}",
        output: "Miny(on)",
        pseudonumber: false,
        degree: "Tiny(on)",
        follower_count: 4,
        followers: Some(&["0", "on", "{on|0}", "Miny(on)"]),
        idempotent: true,
        infinitesimal: true,
        numberish: true,
        number_tiny: true,
        plumtree: true,
        stable: Ok(true),
        left_options: &["{on|0}"],
        left_stop: "0",
        outcome: "R",
        right_options: &["0"],
        right_stop: "0",
        variety: Ok("Miny(on)"),
    },
    StopperCase {
        input: "{0||0|under}",
        output: "Tiny(over)",
        pseudonumber: false,
        degree: "Tiny(over)",
        follower_count: 4,
        followers: Some(&["0", "under", "{0|under}", "Tiny(over)"]),
        idempotent: true,
        infinitesimal: true,
        numberish: true,
        number_tiny: true,
        plumtree: true,
        stable: Ok(true),
        left_options: &["0"],
        left_stop: "0",
        outcome: "L",
        right_options: &["{0|under}"],
        right_stop: "0",
        variety: Ok("Tiny(over)"),
    },
    StopperCase {
        input: "+-{0|pass}",
        output: "+-over",
        pseudonumber: false,
        degree: "over",
        follower_count: 4,
        followers: Some(&["0", "under", "over", "+-over"]),
        idempotent: false,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["over"],
        left_stop: "over",
        outcome: "N",
        right_options: &["under"],
        right_stop: "under",
        variety: Ok("+-over"),
    },
    StopperCase {
        input: "+-{5|pass}",
        output: "+-(5over)",
        pseudonumber: false,
        degree: "over",
        follower_count: 14,
        followers: Some(&[
            "-5",
            "-4",
            "-3",
            "-2",
            "-1",
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "-5under",
            "5over",
            "+-(5over)",
        ]),
        idempotent: false,
        infinitesimal: false,
        numberish: false,
        number_tiny: false,
        plumtree: true,
        stable: Ok(true),
        left_options: &["5over"],
        left_stop: "5over",
        outcome: "N",
        right_options: &["-5under"],
        right_stop: "-5under",
        variety: Ok("+-{10over|over}"),
    },
    StopperCase {
        input: "a{0||||0|||a|*||*}",
        output: "a{0||||0|||a|*||*}",
        pseudonumber: false,
        degree: "{0|a{0|0,{0|||a|0||0}}}",
        follower_count: 6,
        followers: Some(&[
            "0",
            "*",
            "a{0||||0|||a|*||*}",
            "a{0||||0|a||*|||*}",
            "a{0||0|a|||*||||*}",
            "a{0|||0||a|*||||*}",
        ]),
        idempotent: false,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: false,
        stable: Ok(true),
        left_options: &["0"],
        left_stop: "0",
        outcome: "L",
        right_options: &["a{0||||0|a||*|||*}"],
        right_stop: "0",
        variety: Ok("{a{0,{0||0|a|||0}|0}|0}"),
    },
    StopperCase {
        input: "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
        output: "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        pseudonumber: false,
        degree: "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        follower_count: 17,
        followers: None,
        idempotent: true,
        infinitesimal: true,
        numberish: true,
        number_tiny: true,
        plumtree: false,
        stable: Ok(true),
        left_options: &["0"],
        left_stop: "0",
        outcome: "L",
        right_options: &[
            "{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}",
        ],
        right_stop: "0",
        variety: Ok("{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}"),
    },
    // Grenville's example of an unstable game.
    StopperCase {
        input: "a{0|{0||||0,*2|||a|0||0}||0}",
        output: "a{0|{0||||0,*2|||a|0||0}||0}",
        pseudonumber: false,
        degree: "a{0||0|{0|a||0,*2|||0||||0}}",
        follower_count: 9,
        followers: None,
        idempotent: false,
        infinitesimal: true,
        numberish: true,
        number_tiny: false,
        plumtree: false,
        stable: Ok(false),
        left_options: &["a{0||0|{0,*2||||a|0||0|||0}}"],
        left_stop: "0",
        outcome: "N",
        right_options: &["0"],
        right_stop: "0",
        variety: Err(NOT_STABLE),
    },
];

fn sorted(mut texts: Vec<String>) -> Vec<String> {
    texts.sort();
    texts
}

fn expected(texts: &[&str]) -> Vec<String> {
    sorted(texts.iter().map(|t| printed(t)).collect())
}

fn undefined_for(result: Result<String, LoopyError>, reason: &str, input: &str) {
    match result {
        Err(LoopyError::Undefined(message)) => {
            assert!(message.contains(reason), "{input}: {message}");
        }
        other => panic!("{input}: expected no variety ({reason}), got {other:?}"),
    }
}

#[test]
fn canonical_stopper_test_cases() {
    for case in STOPPER_CASES {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let input = case.input;
        let value = engine.evaluate(input).unwrap();
        assert_eq!(
            engine.display(&value).unwrap(),
            printed(case.output),
            "{input}"
        );
        let form = value.as_stopper().expect("a stopper").clone();
        // The fixed answers of every case: a stopper, stopper-sided, not loopfree, not a
        // number, nimber, integer, uptimal or zero; its onside and offside are itself.
        assert!(value.is_stopper() && value.is_stopper_sided(), "{input}");
        assert!(form.short().is_none(), "{input}: loopy");
        assert!(!engine.is_number(&value), "{input}");
        assert_eq!(
            engine.display_form(value.onside()).unwrap(),
            printed(case.output)
        );
        assert_eq!(
            engine.display_form(value.offside()).unwrap(),
            printed(case.output)
        );
        assert_eq!(engine.is_pseudonumber(&form), case.pseudonumber, "{input}");
        let degree = engine.degree(&form).unwrap();
        assert_eq!(
            engine.display_form(&degree).unwrap(),
            printed(case.degree),
            "{input}"
        );
        assert_eq!(form.len(), case.follower_count, "{input}");
        let followers: Vec<String> = engine
            .followers(&form)
            .iter()
            .map(|f| engine.display_form(f).unwrap())
            .collect();
        assert_eq!(followers.len(), case.follower_count, "{input}");
        if let Some(expected_followers) = case.followers {
            assert_eq!(sorted(followers), expected(expected_followers), "{input}");
        }
        assert_eq!(
            engine.is_idempotent(&value).unwrap(),
            case.idempotent,
            "{input}"
        );
        assert_eq!(
            engine.is_infinitesimal(&value).unwrap(),
            case.infinitesimal,
            "{input}"
        );
        assert_eq!(
            engine.is_numberish(&value).unwrap(),
            case.numberish,
            "{input}"
        );
        assert_eq!(
            engine.is_number_tiny(&form).unwrap(),
            case.number_tiny,
            "{input}"
        );
        assert_eq!(engine.is_plumtree(&form), case.plumtree, "{input}");
        match case.stable {
            Ok(stable) => assert_eq!(engine.is_stable(&form).unwrap(), stable, "{input}"),
            Err(reason) => undefined_for(
                engine.is_stable(&form).map(|b| b.to_string()),
                reason,
                input,
            ),
        }
        let options = |engine: &mut LoopyEngine<'_>, left: bool| -> Vec<String> {
            let options = engine.options(&form, left);
            sorted(
                options
                    .iter()
                    .map(|o| engine.display_form(o).unwrap())
                    .collect(),
            )
        };
        assert_eq!(
            options(&mut engine, true),
            expected(case.left_options),
            "{input}"
        );
        assert_eq!(
            options(&mut engine, false),
            expected(case.right_options),
            "{input}"
        );
        assert_eq!(
            engine.stop(&form, true).unwrap().to_string(),
            case.left_stop,
            "{input}"
        );
        assert_eq!(
            engine.stop(&form, false).unwrap().to_string(),
            case.right_stop,
            "{input}"
        );
        assert_eq!(
            engine.outcome(&value).unwrap().name(),
            case.outcome,
            "{input}"
        );
        match case.variety {
            Ok(variety) => {
                let got = engine.variety(&form).unwrap();
                assert_eq!(
                    engine.display_form(&got).unwrap(),
                    printed(variety),
                    "{input}"
                );
            }
            Err(reason) => {
                let got = engine.variety(&form);
                let text = got.and_then(|v| engine.display_form(&v));
                undefined_for(text, reason, input);
            }
        }
        // The printed form reads back to the same text.
        let again = engine.evaluate(&printed(case.output)).unwrap();
        assert_eq!(
            engine.display(&again).unwrap(),
            printed(case.output),
            "{input}"
        );
        assert!(engine.equal(&again, &value).unwrap(), "{input}");
    }
}

/// One `SidedValueTestCase`.
struct SidedCase {
    input: &'static str,
    output: &'static str,
    idempotent: bool,
    /// `None` where CGSuite answers `false` for want of stopper sides.
    infinitesimal: Option<bool>,
    numberish: Option<bool>,
    stopper_sided: bool,
    /// CGSuite's sides of a value whose sides are not stoppers are not members; here they
    /// are the sides of the printed output.
    onside: &'static str,
    offside: &'static str,
    outcome: &'static str,
}

const SIDED_CASES: &[SidedCase] = &[
    SidedCase {
        input: "dud",
        output: "dud",
        idempotent: true,
        infinitesimal: Some(false),
        numberish: Some(false),
        stopper_sided: true,
        onside: "on",
        offside: "off",
        outcome: "D",
    },
    SidedCase {
        input: "a{{|a}|}",
        output: "1 & 0",
        idempotent: false,
        infinitesimal: Some(false),
        numberish: Some(false),
        stopper_sided: true,
        onside: "1",
        offside: "0",
        outcome: "PHat",
    },
    SidedCase {
        input: "{0|{dud|},*}",
        output: "^ & v*",
        idempotent: false,
        infinitesimal: Some(true),
        numberish: Some(true),
        stopper_sided: true,
        onside: "^",
        offside: "v*",
        outcome: "NHat",
    },
    // Bach's carousel.
    SidedCase {
        input: "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
        output: "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
        idempotent: false,
        infinitesimal: None,
        numberish: None,
        stopper_sided: false,
        onside: "a{1|1,{1*|a||*}||0}",
        offside: "a{0,{1|||1*|a||*}|0}",
        outcome: "N",
    },
];

#[test]
fn sided_value_test_cases() {
    for case in SIDED_CASES {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let input = case.input;
        let value = engine.evaluate(input).unwrap();
        assert_eq!(engine.display(&value).unwrap(), case.output, "{input}");
        assert!(!value.is_stopper(), "{input}");
        assert_eq!(value.is_stopper_sided(), case.stopper_sided, "{input}");
        assert!(
            value.short().is_none() && !engine.is_number(&value),
            "{input}"
        );
        assert_eq!(
            engine.is_idempotent(&value).unwrap(),
            case.idempotent,
            "{input}"
        );
        if case.stopper_sided {
            assert_eq!(
                Some(engine.is_infinitesimal(&value).unwrap()),
                case.infinitesimal
            );
            assert_eq!(Some(engine.is_numberish(&value).unwrap()), case.numberish);
        }
        assert_eq!(
            engine.display_form(value.onside()).unwrap(),
            case.onside,
            "{input}"
        );
        assert_eq!(
            engine.display_form(value.offside()).unwrap(),
            case.offside,
            "{input}"
        );
        assert_eq!(
            engine.outcome(&value).unwrap().name(),
            case.outcome,
            "{input}"
        );
        // The printed value reads back to an equal value, printed the same.
        let again = engine.evaluate(case.output).unwrap();
        assert!(engine.equal(&again, &value).unwrap(), "{input}");
        assert_eq!(engine.display(&again).unwrap(), case.output, "{input}");
    }
}

/// The loopy values CGSuite's `GameGridTest` (Fox and Geese and its variants) and
/// `GameStripTest` (Backsliding Toads and Frogs) print: read, they print the same, and each
/// side of the sided one is the stopper it names.
#[test]
fn game_grid_and_strip_values_read_back_unchanged() {
    for cgsuite in [
        // FoxAndGeese, CeyloneseFoxAndGeese, GenFoxAndGeese.
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}",
        "{6over|5*}",
        // FoxAndGeese.ValuesTable (the loopy entries).
        "2over",
        "4over",
        "{6|2over}",
        "{2over|2}",
        "{4over|3*}",
        // BackslidingToadsAndFrogs("ttt..fff").
        "{on||0|-1/2} & {1/2|0||off}",
    ] {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.evaluate(cgsuite).unwrap();
        assert_eq!(engine.display(&value).unwrap(), cgsuite, "{cgsuite}");
    }
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let toads = engine.evaluate("{on||0|-1/2} & {1/2|0||off}").unwrap();
    assert!(toads.is_stopper_sided() && !toads.is_stopper());
    let onside = engine.evaluate("{on||0|-1/2}").unwrap();
    let offside = engine.evaluate("{1/2|0||off}").unwrap();
    assert!(engine
        .equal(&onside, &LoopyValue::Stopper(toads.onside().clone()))
        .unwrap());
    assert!(engine
        .equal(&offside, &LoopyValue::Stopper(toads.offside().clone()))
        .unwrap());
}

/// The tutorial's examples of sidling (CGSuite help, "Loopy Games"): `on + off` is `dud`;
/// `over - over` and `upon - upon` are sided values, their sides the upsum and downsum.
#[test]
fn the_tutorial_sums_are_sided() {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let dud = engine.evaluate("on + off").unwrap();
    assert_eq!(engine.display(&dud).unwrap(), "dud");
    for text in ["over - over", "upon - upon"] {
        let value = engine.evaluate(text).unwrap();
        assert!(value.is_stopper_sided() && !value.is_stopper(), "{text}");
        let zero = engine.evaluate("0").unwrap();
        // The onside is at least 0 and the offside at most 0.
        let onside = LoopyValue::Stopper(value.onside().clone());
        let offside = LoopyValue::Stopper(value.offside().clone());
        assert!(engine.le(&zero, &onside).unwrap() && engine.le(&offside, &zero).unwrap());
    }
    let over = engine.evaluate("over - over").unwrap();
    assert_eq!(engine.display(&over).unwrap(), "over & under");
}
