//! Nim's closed form (Bouton) against the generic memoised solver on every small position,
//! and perfect play against the generic remoteness.

#![allow(clippy::unwrap_used)]

use std::cell::Cell;
use std::collections::BTreeSet;

use grundy::game::{Budget, Status};
use grundy::games::nim::solve::{self, REMOTENESS_TOKENS};
use grundy::games::nim::{Nim, NimGame, NimMove};
use grundy::impartial::Solver;
use grundy::position::ImpartialGame;
use grundy::registry;
use proptest::prelude::*;

/// Every list of `count` heaps of 1 to `largest` tokens, in every order.
fn every_position(count: usize, largest: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        let mut longer = Vec::new();
        for heaps in &all {
            for heap in 1..=largest {
                let mut next: Vec<u64> = heaps.clone();
                next.push(heap);
                longer.push(next);
            }
        }
        all.extend(longer.iter().cloned());
        all.retain(|heaps| heaps.len() <= count);
        all.sort();
        all.dedup();
    }
    all
}

/// Compares the closed form with the generic solver on one position.
fn agree(solver: &mut Solver<NimGame>, heaps: &[u64]) -> Result<(), String> {
    let position = Nim::new(heaps.to_vec()).map_err(|error| error.to_string())?;
    let generic_value = solver.grundy_value(&heaps.to_vec());
    if solve::grundy_value(&position) != generic_value {
        return Err(format!("{position}: value {generic_value}"));
    }
    if solve::outcome(&position) != solver.outcome(&heaps.to_vec()) {
        return Err(format!("{position}: outcome"));
    }
    let closed: BTreeSet<NimMove> = solve::winning_moves(&position).into_iter().collect();
    let generic: BTreeSet<NimMove> = solver.winning_moves(&heaps.to_vec()).into_iter().collect();
    if closed != generic {
        return Err(format!(
            "{position}: winning {closed:?} against {generic:?}"
        ));
    }
    Ok(())
}

#[test]
fn the_closed_form_agrees_with_the_generic_solver_on_every_small_position() {
    let mut solver = Solver::new(NimGame);
    let positions = every_position(4, 7);
    // 1 + 7 + 7^2 + 7^3 + 7^4 lists of heaps.
    assert_eq!(positions.len(), 2801);
    for heaps in positions {
        agree(&mut solver, &heaps).unwrap();
    }
}

#[test]
fn perfect_play_lasts_the_generic_remoteness() {
    let nim = registry::find("nim").unwrap();
    let mut solver = Solver::new(NimGame);
    let budget = Budget::default();
    for heaps in every_position(3, 5) {
        let text = Nim::new(heaps.clone()).unwrap().to_string();
        let mut game = nim.start(&text).unwrap();
        let analysis = game.analyse(&budget);
        let mut moves = 0u64;
        while game.status() == Status::Ongoing {
            let mv = game.perfect_move(&budget).unwrap();
            game.play(&mv).unwrap();
            moves += 1;
        }
        let remoteness = solver.remoteness(&heaps);
        assert_eq!(moves, remoteness, "{text}");
        assert_eq!(analysis.remoteness, Some(u128::from(remoteness)), "{text}");
        assert!(analysis.remoteness_exact, "{text}");
    }
}

/// Nim's rules, counting the positions the solver expands and the moves it looks at: the
/// work of a solve, in units that do not depend on the machine.
struct Counted {
    positions: Cell<u64>,
    moves: Cell<u64>,
}

impl ImpartialGame for Counted {
    type Position = <NimGame as ImpartialGame>::Position;
    type Move = <NimGame as ImpartialGame>::Move;

    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move> {
        let moves = NimGame.legal_moves(position);
        self.positions.set(self.positions.get() + 1);
        self.moves.set(self.moves.get() + moves.len() as u64);
        moves
    }

    fn apply(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Self::Position, grundy::error::RuleError> {
        NimGame.apply(position, mv)
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        NimGame.components(position)
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        NimGame.canonical(position)
    }
}

#[test]
fn the_remoteness_bound_keeps_the_work_small_at_its_worst() {
    // Many small distinct heaps reach the most positions for their tokens. The work is
    // counted, not timed: each position the memoised solver meets is expanded once, and
    // the positions below 1+2+…+8+4 are 8 398.
    let position: Nim = "1+2+3+4+5+6+7+8+4".parse().unwrap();
    assert_eq!(position.tokens(), u128::from(REMOTENESS_TOKENS));
    let mut solver = Solver::new(Counted {
        positions: Cell::new(0),
        moves: Cell::new(0),
    });
    let moves = solver.remoteness(&position.heaps().to_vec());
    assert_eq!(
        moves,
        solve::remoteness(&position, &mut Solver::new(NimGame)).unwrap()
    );
    assert_eq!(moves % 2 == 1, solve::grundy_value(&position) != 0);
    let (positions, looked_at) = (solver.game().positions.get(), solver.game().moves.get());
    println!("remoteness {moves}: {positions} positions expanded, {looked_at} moves looked at");
    assert_eq!(positions, positions_below(&[1, 2, 3, 4, 4, 5, 6, 7, 8], 0));
    assert!(positions <= 10_000, "{positions}");
}

/// The positions (heap multisets, the empty one included) that moves lead to from the heaps
/// `sorted` (in increasing order): the multisets whose heaps, sorted and padded with empty
/// heaps in front, lie under `sorted` one by one. Counted as the non-decreasing sequences
/// `b` with `b[i] <= sorted[i]`, from `i` on, each at least `least`.
fn positions_below(sorted: &[u64], least: u64) -> u64 {
    match sorted.split_first() {
        None => 1,
        Some((&first, rest)) => (least..=first).map(|b| positions_below(rest, b)).sum(),
    }
}

#[test]
fn perfect_play_beyond_the_bound_still_wins() {
    let nim = registry::find("nim").unwrap();
    let budget = Budget::default();
    for (start, winner_first) in [("10+20+30", false), ("10+20+31", true), ("25+30+44", true)] {
        for (first, second) in [("perfect", "stubborn"), ("stubborn", "perfect")] {
            let mut game = nim.start(start).unwrap();
            let mut turn = 0;
            while game.status() == Status::Ongoing {
                let mv = if (turn % 2 == 0) == (first == "perfect") {
                    game.perfect_move(&budget)
                } else {
                    game.stubborn_move(&budget)
                }
                .unwrap();
                game.play(&mv).unwrap();
                turn += 1;
            }
            assert_eq!(turn % 2 == 1, winner_first, "{start} {first} {second}");
        }
    }
}

proptest! {
    #[test]
    fn the_closed_form_agrees_on_random_small_positions(
        heaps in prop::collection::vec(1u64..=12, 0..6)
    ) {
        let mut solver = Solver::new(NimGame);
        prop_assert_eq!(agree(&mut solver, &heaps), Ok(()));
    }

    #[test]
    fn winning_moves_leave_a_nim_sum_of_zero_on_any_heaps(
        heaps in prop::collection::vec(1u64.., 0..8)
    ) {
        let position = Nim::new(heaps).unwrap();
        let winning = solve::winning_moves(&position);
        prop_assert_eq!(winning.is_empty(), solve::grundy_value(&position) == 0);
        for mv in winning {
            let next = position.apply(&mv).unwrap();
            prop_assert_eq!(solve::grundy_value(&next), 0);
        }
    }
}
