//! CGSuite's own test values for loopy games, checked here.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::cgt::ValueStore;

#[test]
fn explore() {
    let inputs = [
        "on",
        "off",
        "over",
        "{pass|3/2}",
        "{-1/4+*|pass}",
        "{0|{0||0|0,pass}||-{0||0|0,pass}}",
        "{0|||0||0|off}",
        "{on|0||0}",
        "{0||0|under}",
        "+-{0|pass}",
        "+-{5|pass}",
        "a{0||||0|||a|*||*}",
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
        "a{0|{0||||0,*2|||a|0||0}||0}",
        "dud",
        "a{{|a}|}",
        "{0|{dud|},*}",
        "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
    ];
    for input in inputs {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.evaluate(input);
        match value {
            Err(e) => println!("{input}: ERROR {e}"),
            Ok(value) => {
                let summary = engine.summary(&value);
                println!("{input}\n   {summary:?}");
            }
        }
    }
}
