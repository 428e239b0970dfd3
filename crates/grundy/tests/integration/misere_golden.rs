//! Misère quotients of seven octal games held to a table: for each row the order after
//! every heap, and at the bound the P-portion, the generators, the relations and the
//! element of every heap, as the construction gave them before it was rebuilt for speed
//! (the table is tests/data/misere_golden.json, written by
//! crates/lab/scripts/misere-golden.sh from `grundy misere-quotient CODE --heaps N --json`;
//! its orders and P-portions are those of the reference solver, MisereSolver). The long
//! rows are slow in a debug build and run with `--ignored`.

#![allow(clippy::unwrap_used)]

use grundy::games::takebreak::HeapRules;
use grundy::misere_quotient::{misere_quotient, Presentation};
use grundy::stop::Stop;
use serde_json::Value;

fn table() -> Vec<Value> {
    serde_json::from_str(include_str!("../data/misere_golden.json")).unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item.as_str().unwrap().to_string())
        .collect()
}

/// Builds the row's quotient and compares everything the table keeps of it.
fn check(row: &Value) {
    let code = row["rules"].as_str().unwrap();
    let heaps = row["heaps"].as_u64().unwrap();
    let rules: HeapRules = code.parse().unwrap();
    let quotient = misere_quotient(&rules, heaps, &mut |_| {}, &Stop::NEVER).unwrap();
    let presentation = Presentation::of(&quotient);
    let monoid = quotient.monoid();
    let row_name = format!("{code} to heap {heaps}");
    assert_eq!(
        monoid.order() as u64,
        row["order"].as_u64().unwrap(),
        "{row_name}: order"
    );
    let orders: Vec<u64> = quotient.orders().iter().map(|o| *o as u64).collect();
    let expected: Vec<u64> = row["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_u64().unwrap())
        .collect();
    assert_eq!(orders, expected, "{row_name}: orders heap by heap");
    let p_portion: Vec<String> = monoid
        .p_portion()
        .iter()
        .map(|x| presentation.element_word(*x))
        .collect();
    assert_eq!(
        p_portion,
        strings(&row["p_portion"]),
        "{row_name}: P-portion"
    );
    let generators: Vec<(String, u64)> = presentation
        .generators
        .iter()
        .map(|g| (g.name.clone(), g.heap))
        .collect();
    let expected: Vec<(String, u64)> = row["generators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g[0].as_str().unwrap().to_string(), g[1].as_u64().unwrap()))
        .collect();
    assert_eq!(generators, expected, "{row_name}: generators");
    assert_eq!(
        presentation.relation_texts(),
        strings(&row["relations"]),
        "{row_name}: relations"
    );
    let heap_words: Vec<String> = quotient
        .heap_elements()
        .iter()
        .map(|x| presentation.element_word(*x))
        .collect();
    assert_eq!(
        heap_words,
        strings(&row["heap_elements"]),
        "{row_name}: element of each heap"
    );
}

fn check_row(code: &str, heaps: u64) {
    let table = table();
    let row = table
        .iter()
        .find(|row| row["rules"] == code && row["heaps"] == heaps)
        .unwrap_or_else(|| panic!("no row {code} to heap {heaps} in the table"));
    check(row);
}

#[test]
fn the_short_rows_match_the_table() {
    let table = table();
    let fast: Vec<&Value> = table.iter().filter(|row| row["slow"] == false).collect();
    assert_eq!(fast.len(), 7, "one short row per game");
    for row in fast {
        check(row);
    }
}

#[test]
#[ignore = "slow in a debug build: run with --ignored"]
fn kayles_to_heap_200_matches_the_table() {
    check_row("0.77", 200);
}

#[test]
#[ignore = "slow in a debug build: run with --ignored"]
fn dawsons_chess_to_heap_32_matches_the_table() {
    check_row("0.137", 32);
}

#[test]
#[ignore = "slow in a debug build: run with --ignored"]
fn dawsons_kayles_to_heap_33_matches_the_table() {
    check_row("0.07", 33);
}

#[test]
#[ignore = "slow in a debug build: run with --ignored"]
fn game_0_456_to_heap_30_matches_the_table() {
    check_row("0.456", 30);
}

#[test]
#[ignore = "slow in a debug build: run with --ignored"]
fn game_0_456_to_heap_40_matches_the_table() {
    check_row("0.456", 40);
}
