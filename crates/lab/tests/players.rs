//! The players of in-process matches: the greedy player and the engine at a fixed depth.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::{
    BitBoard, Board, BoardGame, Colour, Position, PousseStatus, RuleSet, Size,
};
use grundy_lab::players::{play_game, EnginePlayer, Greedy, Player, RandomPlayer};

fn position<B: Board>(text: &str) -> Position<B> {
    text.parse().unwrap()
}

#[test]
fn greedy_takes_a_win_and_avoids_a_loss() {
    let game = BoardGame::from_position(position::<BitBoard>("XX./.../O.O:X"), RuleSet::Icfp);
    let mut greedy = Greedy::new(3);
    for _ in 0..10 {
        let m = greedy.choose(&game).unwrap();
        assert!(matches!(
            game.clone().play(m),
            Ok(PousseStatus::Won {
                winner: Colour::X,
                ..
            })
        ));
    }
    // Pushing column 1 from the top hands O row 2; greedy never does that.
    let game = BoardGame::from_position(position::<BitBoard>("O../.OO/X..:X"), RuleSet::Icfp);
    for _ in 0..20 {
        let m = greedy.choose(&game).unwrap();
        assert_eq!(game.clone().play(m), Ok(PousseStatus::Ongoing), "{m}");
    }
}

#[test]
fn engine_beats_weak_players_with_legal_moves() {
    let size = Size::new(5).unwrap();
    for seed in 0..3 {
        let mut engine = EnginePlayer::fixed_depth(3);
        let mut random = RandomPlayer::new(seed);
        let (status, moves) =
            play_game::<BitBoard>(size, RuleSet::Icfp, &mut engine, &mut random, 400);
        assert_eq!(
            status,
            PousseStatus::Won {
                winner: Colour::X,
                by_repetition: false
            },
            "{moves:?}"
        );
        let mut greedy = Greedy::new(seed);
        let mut engine = EnginePlayer::fixed_depth(3);
        let (status, _) = play_game::<BitBoard>(size, RuleSet::Icfp, &mut greedy, &mut engine, 400);
        assert!(matches!(
            status,
            PousseStatus::Won {
                winner: Colour::O,
                ..
            }
        ));
    }
}
