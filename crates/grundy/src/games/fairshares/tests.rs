//! Fair Shares and Varied Pairs' notation and moves. Its values, outcomes and moves on every
//! position of the totals up to 12 are checked against the brute force in
//! `crates/grundy/tests/integration/loopy/rulesets.rs`.

#![allow(clippy::unwrap_used)]

use super::*;

#[test]
fn positions_read_back_in_increasing_order() {
    for (text, shown) in [("3+1+2", "1+2+3"), (" 4 + 4 ", "4+4"), ("0", "0")] {
        let position: FairShares = text.parse().unwrap();
        assert_eq!(position.to_string(), shown);
        assert_eq!(position.to_string().parse::<FairShares>().unwrap(), position);
    }
    assert!("".parse::<FairShares>().is_err());
    assert!("0+0".parse::<FairShares>().is_err());
}

#[test]
fn splits_and_unions_are_the_moves() {
    let position: FairShares = "2+4+4".parse().unwrap();
    let moves: Vec<String> = position
        .moves()
        .iter()
        .map(|(mv, next)| format!("{mv}={next}"))
        .collect();
    assert_eq!(
        moves,
        [
            "2->1+1=1+1+4+4",
            "4->1+1+1+1=1+1+1+1+2+4",
            "4->2+2=2+2+2+4",
            "2+4->6=4+6",
        ]
    );
    // Every move reads back as itself, and the total never changes.
    for (mv, next) in position.moves() {
        assert_eq!(mv.to_string().parse::<Share>().unwrap(), mv);
        assert_eq!(next.total(), position.total());
    }
    assert!("1".parse::<FairShares>().unwrap().moves().is_empty());
}

#[test]
fn moves_that_are_not_fair_or_varied_are_refused() {
    assert_eq!(
        "3+2->5".parse::<Share>().unwrap(),
        Share::Unite { small: 2, large: 3 }
    );
    for text in ["6->3+2+1", "6->6", "2+2->4", "2+3->6", "6->2+2", "6", "x->1+1"] {
        assert!(text.parse::<Share>().is_err(), "{text}");
    }
}
