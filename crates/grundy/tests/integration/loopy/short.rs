//! Graphs without a cycle get exactly the short-game solvers' answers: every small position
//! of Nim and of the subtraction game S(1,3,4) (outcome, remoteness and winning moves under
//! normal play against the generic Sprague–Grundy solver, values against its Grundy
//! values, misère outcome and remoteness against the exact misère search), and every
//! Domineering position of a 3 × 3 board and more (who wins with each player to move, the
//! remoteness, the winning moves, against the partizan solver).

use grundy::games::domineering::Domineering;
use grundy::games::nim::NimGame;
use grundy::games::takebreak::HeapGame;
use grundy::impartial::Solver;
use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::{solve, Outcome, Play};
use grundy::loopy::value::LoopyNimber;
use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};
use grundy::misere_play::search::MisereSearch;
use grundy::partizan::solver::PartizanSolver;
use grundy::partizan::PartizanGame;
use grundy::player::Player;
use grundy::position::ImpartialGame;
use grundy::registry;
use grundy::report::Outcome as ShortOutcome;
use grundy::stop::Stop;

/// An impartial game of the short solver, for the loopy engine: states are canonical
/// positions, moves in the order of the game's `legal_moves`.
struct Short<G>(G);

impl<G: ImpartialGame> Rules for Short<G> {
    type State = G::Position;

    fn moves(&self, state: &G::Position, into: &mut Vec<G::Position>) -> Result<(), RulesFailed> {
        for mv in self.0.legal_moves(state) {
            let next = self
                .0
                .apply(state, &mv)
                .map_err(|error| RulesFailed::new(error.to_string()))?;
            into.push(self.0.canonical(&next));
        }
        Ok(())
    }
}

/// Checks every position reachable from `start` against the short solvers: normal play
/// against `solver`, misère play against the exact misère search of the registry's game
/// `game` at the position written `written(position)`.
fn check_impartial<G: ImpartialGame + Clone>(
    game: G,
    start: G::Position,
    registry_game: &str,
    written: impl Fn(&G::Position) -> Option<String>,
) {
    let mut solver = Solver::new(game.clone());
    let rules = Short(game.clone());
    let explored = Explored::explore(&rules, game.canonical(&start), &mut Bounds::none()).unwrap();
    let graph = explored.graph();
    let normal = solve(graph, Play::Normal, &mut Bounds::none()).unwrap();
    let misere = solve(graph, Play::Misere, &mut Bounds::none()).unwrap();
    let values = label(graph, &mut Bounds::none()).unwrap();
    let entry = registry::find(registry_game).unwrap().entry();
    for id in 0..explored.positions() as u32 {
        let position = explored.state(id);
        let outcome = match solver.outcome(position) {
            ShortOutcome::Win => Outcome::Win,
            ShortOutcome::Loss => Outcome::Loss,
        };
        assert_eq!(normal.outcome(id), outcome, "{position:?}");
        assert_eq!(
            normal.remoteness(id).map(u64::from),
            Some(solver.remoteness(position)),
            "{position:?}"
        );
        let moves = game.legal_moves(position);
        let winning: Vec<_> = normal
            .winning_moves(graph, id)
            .into_iter()
            .map(|index| moves[index].clone())
            .collect();
        assert_eq!(
            format!("{winning:?}"),
            format!("{:?}", solver.winning_moves(position)),
            "{position:?}"
        );
        assert_eq!(
            values.value(graph, id),
            LoopyNimber::Finite(solver.grundy_value(position)),
            "{position:?}"
        );
        if let Some(text) = written(position) {
            let state = entry.start(&text).unwrap();
            let value = MisereSearch::new(1_000_000, &Stop::NEVER)
                .value(state.as_ref())
                .unwrap();
            assert_eq!(
                misere.outcome(id),
                if value.wins {
                    Outcome::Win
                } else {
                    Outcome::Loss
                },
                "misère {text}"
            );
            assert_eq!(
                misere.remoteness(id).map(u64::from),
                Some(value.remoteness),
                "misère {text}"
            );
        }
    }
    assert_eq!(normal.counts().2, 0);
    assert_eq!(misere.counts().2, 0);
}

fn heaps_text(heaps: &[u64]) -> Option<String> {
    let heaps: Vec<String> = heaps
        .iter()
        .filter(|&&heap| heap > 0)
        .map(u64::to_string)
        .collect();
    (!heaps.is_empty()).then(|| heaps.join("+"))
}

#[test]
fn nim_positions_are_answered_as_the_short_solvers_answer() {
    // Every sum of heaps below 7, 5, 4 and 2 (the positions the start reaches).
    check_impartial(NimGame, vec![6, 5, 4, 2], "nim", |heaps: &Vec<u64>| {
        heaps_text(heaps)
    });
}

#[test]
fn subtraction_positions_are_answered_as_the_short_solvers_answer() {
    let game = HeapGame {
        rules: "S(1,3,4)".parse().unwrap(),
    };
    check_impartial(game, vec![17, 9, 6], "takebreak", |heaps| {
        heaps_text(heaps).map(|text| format!("S(1,3,4):{text}"))
    });
}

/// A partizan game of the short solver, for the loopy engine: a state is a position and
/// the player to move, moves in the order of the game's `moves`.
struct Turns;

impl Rules for Turns {
    type State = (Domineering, Player);

    fn moves(
        &self,
        (position, side): &(Domineering, Player),
        into: &mut Vec<(Domineering, Player)>,
    ) -> Result<(), RulesFailed> {
        for mv in position.moves(*side) {
            let next = position
                .play(*side, &mv)
                .map_err(|error| RulesFailed::new(error.to_string()))?;
            into.push((next, side.opponent()));
        }
        Ok(())
    }
}

fn check_domineering(starts: &[&str]) -> usize {
    let mut solver = PartizanSolver::<Domineering>::default();
    let mut states = Vec::new();
    for text in starts {
        let position: Domineering = text.parse().unwrap();
        states.push((position, Player::Left));
        states.push((position, Player::Right));
    }
    let explored = Explored::explore_all(&Turns, states, &mut Bounds::none()).unwrap();
    let graph = explored.graph();
    let solution = solve(graph, Play::Normal, &mut Bounds::none()).unwrap();
    for id in 0..explored.positions() as u32 {
        let (position, side) = explored.state(id);
        let wins = solver.wins(position, *side);
        assert_eq!(
            solution.outcome(id),
            if wins { Outcome::Win } else { Outcome::Loss },
            "{position} {side}"
        );
        assert_eq!(
            solution.remoteness(id),
            Some(solver.remoteness(position, *side).unwrap()),
            "{position} {side}"
        );
        let moves = position.moves(*side);
        let winning: Vec<String> = solution
            .winning_moves(graph, id)
            .into_iter()
            .map(|index| moves[index].to_string())
            .collect();
        let expected: Vec<String> = solver
            .move_values(position, *side)
            .into_iter()
            .filter(|candidate| candidate.wins)
            .map(|candidate| candidate.mv.to_string())
            .collect();
        assert_eq!(winning, expected, "{position} {side}");
    }
    assert_eq!(solution.counts().2, 0);
    explored.positions()
}

#[test]
fn domineering_positions_are_answered_as_the_partizan_solver_answers() {
    // Every set of empty cells of a 3 × 3 board, with either player to move.
    let boards: Vec<String> = (0u32..512)
        .map(|mask| {
            (0..3)
                .map(|row| {
                    (0..3)
                        .map(|column| {
                            if mask >> (row * 3 + column) & 1 == 1 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    let boards: Vec<&str> = boards.iter().map(String::as_str).collect();
    assert_eq!(check_domineering(&boards), 1024);
    // Larger boards from the start, with everything they reach.
    assert!(check_domineering(&["4x3", "3x4", "5x2"]) > 1000);
}
