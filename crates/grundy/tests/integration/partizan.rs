//! The partizan games' values: the evaluator with components and cache against the plain
//! recursion (no components, no cache) on every small position of every game, and golden
//! values from the literature and from play-outs worked by hand.
#![allow(clippy::unwrap_used)]

use grundy::cgt::{plain_value, plain_value_within, Evaluator, ValueStore, Watch};
use grundy::games::clobber::Clobber;
use grundy::games::cutcake::{published_value, Cutcake};
use grundy::games::domineering::Domineering;
use grundy::games::hackenbush::Hackenbush;
use grundy::games::skijumps::SkiJumps;
use grundy::games::toadsfrogs::ToadsFrogs;
use grundy::partizan::solver::PartizanSolver;
use grundy::partizan::PartizanGame;
use grundy::player::Player;
use grundy::position::PartizanPosition;
use proptest::prelude::*;

/// The canonical value of `position` by the evaluator, in notation.
fn value<P: PartizanPosition>(position: &P) -> String {
    let mut store = ValueStore::new();
    let id = Evaluator::new().value(&mut store, position);
    store.display(id)
}

/// The evaluator and the plain recursion give one id in one store, when the plain recursion
/// (which values every follower as often as it is reached) finishes within `visits`
/// positions; true when it did and they agree.
fn agree_within<P: PartizanPosition + std::fmt::Debug>(position: &P, visits: u64) -> bool {
    let mut store = ValueStore::new();
    let cached = Evaluator::new().value(&mut store, position);
    let mut budget = visits;
    let Some(plain) = plain_value_within(&mut store, position, &mut budget) else {
        return false;
    };
    assert_eq!(store.display(cached), store.display(plain), "{position:?}");
    assert_eq!(cached, plain, "{position:?}");
    true
}

/// The evaluator and the plain recursion give one id in one store.
fn agree<P: PartizanPosition + std::fmt::Debug>(position: &P) {
    let mut store = ValueStore::new();
    let cached = Evaluator::new().value(&mut store, position);
    let plain = plain_value(&mut store, position);
    assert_eq!(store.display(cached), store.display(plain), "{position:?}");
    assert_eq!(cached, plain, "{position:?}");
}

#[test]
fn the_evaluator_agrees_with_the_plain_recursion_on_every_small_domineering_board() {
    // Every pattern of blocked cells on the 3 × 3 and 4 × 2 boards.
    for (width, height) in [(3, 3), (4, 2), (2, 4)] {
        let cells = width * height;
        for mask in 0u64..(1 << cells) {
            let rows: Vec<String> = (0..height)
                .map(|row| {
                    (0..width)
                        .map(|column| {
                            if mask >> (row * width + column) & 1 == 1 {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            agree(&rows.join("/").parse::<Domineering>().unwrap());
        }
    }
}

#[test]
fn a_domineering_component_turned_a_quarter_is_its_negative() {
    // The evaluator values one of a component and its quarter turn; the plain recursion
    // checks that the turn negates the value, on every component of every 3 x 3 and 4 x 2
    // pattern.
    let mut store = ValueStore::new();
    for (width, height) in [(3, 3), (4, 2)] {
        let geometry = grundy::grid::Geometry::new(width, height).unwrap();
        for mask in 0..=geometry.all() {
            let board = Domineering::from_empty_cells(geometry, mask);
            for component in board.components() {
                let turned = component.negative().unwrap();
                assert_eq!(turned.components(), vec![turned], "{component:?}");
                assert_eq!(turned.negative().unwrap(), component, "{component:?}");
                let value = plain_value(&mut store, &component);
                let negative = store.neg(value);
                assert_eq!(plain_value(&mut store, &turned), negative, "{component:?}");
            }
        }
    }
}

#[test]
fn a_watched_valuation_reports_progress_and_keeps_to_its_memory_limit() {
    use grundy::cgt::Interrupted;
    use grundy::stop::Stop;
    let board: Domineering = "5x5".parse().unwrap();
    let stop = Stop::never();
    // Reports come every Watch::EVERY new components, with growing counts.
    let mut reports = Vec::new();
    let mut keep = |progress: &grundy::cgt::Progress| reports.push(*progress);
    let mut store = ValueStore::new();
    let mut evaluator = Evaluator::new();
    let mut watch = Watch::new(&stop).report(&mut keep);
    let value = evaluator
        .value_watched(&mut store, &board, &mut watch)
        .unwrap();
    assert_eq!(store.display(value), "0");
    assert_eq!(reports.len() as u64, evaluator_valued(&reports));
    assert!(reports.len() >= 5, "{}", reports.len());
    for pair in reports.windows(2) {
        assert_eq!(pair[1].valued, pair[0].valued + Watch::EVERY);
        assert!(pair[1].cached >= pair[0].cached && pair[1].bytes > 0);
    }
    // A limit of 1 MB ends the same valuation early, naming the sizes.
    let mut store = ValueStore::new();
    let mut watch = Watch::new(&stop).memory_limit(1_000_000);
    let error = Evaluator::new()
        .value_watched(&mut store, &board, &mut watch)
        .unwrap_err();
    // The watch or the store, whichever looks first (the store's size counts the cache).
    assert!(
        matches!(
            error,
            Interrupted::OverMemory {
                limit: 1_000_000,
                ..
            } | Interrupted::StoreOverMemory {
                limit: 1_000_000,
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains("past the limit of 1 MB"),
        "{error}"
    );
}

/// How many reports a valuation whose last report counted `reports` should have made.
fn evaluator_valued(reports: &[grundy::cgt::Progress]) -> u64 {
    reports.last().map_or(0, |last| last.valued / Watch::EVERY)
}

#[test]
fn the_evaluator_agrees_with_the_plain_recursion_on_every_short_toads_and_frogs_row() {
    for length in 1..=7u32 {
        for code in 0..3u32.pow(length) {
            let row: String = (0..length)
                .map(|cell| match code / 3u32.pow(cell) % 3 {
                    0 => '.',
                    1 => 'T',
                    _ => 'F',
                })
                .collect();
            agree(&row.parse::<ToadsFrogs>().unwrap());
        }
    }
}

#[test]
fn the_evaluator_agrees_with_the_plain_recursion_on_every_small_clobber_board() {
    for (width, height) in [(3, 2), (2, 3), (5, 1)] {
        let cells = width * height;
        for code in 0..3u32.pow(cells) {
            let rows: Vec<String> = (0..height)
                .map(|row| {
                    (0..width)
                        .map(|column| match code / 3u32.pow(row * width + column) % 3 {
                            0 => '.',
                            1 => 'x',
                            _ => 'o',
                        })
                        .collect()
                })
                .collect();
            agree(&rows.join("/").parse::<Clobber>().unwrap());
        }
    }
}

proptest! {
    #[test]
    fn the_evaluator_agrees_with_the_plain_recursion_on_random_hackenbush_pictures(
        edges in prop::collection::vec((0u8..5, 1u8..6, 0usize..3), 1..8)
    ) {
        // Each edge joins a node to a later one, so every node hangs from the ground (0).
        let text: Vec<String> = edges
            .iter()
            .map(|(from, up, colour)| {
                let from = from.min(&4);
                format!("{from}-{}:{}", from + up, ["B", "R", "G"][*colour])
            })
            .collect();
        if let Ok(picture) = text.join(",").parse::<Hackenbush>() {
            agree(&picture);
        }
    }
}

/// Domineering: a lone domino's room is a free move (Winning Ways, ch. 2, "Domineering":
/// a vertical pair is 1 for Left, a horizontal pair -1); the 2 × 2 board is ±1 (ibid.); the
/// 5 × 5 board is a second-player win (Breuker, Uiterwijk and van den Herik, "Solving 8 × 8
/// Domineering", Theoretical Computer Science 230, 2000), so its value is 0, the only value
/// that loses for whoever starts.
#[test]
fn domineering_golden_values() {
    for (board, expected) in [
        ("1x2", "1"),
        ("2x1", "-1"),
        ("1x5", "2"),
        ("2x2", "±1"),
        ("5x5", "0"),
    ] {
        assert_eq!(
            value(&board.parse::<Domineering>().unwrap()),
            expected,
            "{board}"
        );
    }
}

/// Blue-Red Hackenbush stalks are numbers by Berlekamp's rule (Winning Ways, ch. 1, "Blue-
/// Red Hackenbush"): the first run of one colour counts whole, then each edge after the
/// first change of colour adds or takes away half of the previous one. A Green stalk of n
/// edges is the nimber *n (ibid., ch. 2, "Green Hackenbush").
#[test]
fn hackenbush_stalks_are_dyadic_numbers_and_nimbers() {
    for (stalk, expected) in [
        ("B", "1"),
        ("BB", "2"),
        ("BR", "1/2"),
        ("BRR", "1/4"),
        ("BRB", "3/4"),
        ("BBR", "3/2"),
        ("RBB", "-1/4"),
        ("BR+R", "-1/2"),
        ("G", "*"),
        ("GGG", "*3"),
        ("G+GG", "*3"),
    ] {
        assert_eq!(
            value(&stalk.parse::<Hackenbush>().unwrap()),
            expected,
            "{stalk}"
        );
    }
}

/// Toads and Frogs, worked by hand from the rules (Winning Ways, ch. 1, "Toads and Frogs").
/// `FT.` = {F.T | } = {0 | } = 1 (only the Toad moves); `.FT` = { | F.T} = -1; so
/// `TF.` = {.FT | } = {-1 | } = 0 and `.TF` = { | FT.} = { | 1} = 0, and
/// `T.F` = {.TF | TF.} = {0 | 0} = *. A Toad with n empty cells ahead is worth n.
#[test]
fn toads_and_frogs_golden_values() {
    for (row, expected) in [
        ("FT.", "1"),
        (".FT", "-1"),
        ("TF.", "0"),
        (".TF", "0"),
        ("T.F", "*"),
        ("T...", "3"),
        ("...F", "-3"),
    ] {
        assert_eq!(
            value(&row.parse::<ToadsFrogs>().unwrap()),
            expected,
            "{row}"
        );
    }
}

/// Clobber: a pair of opposite stones is * (Albert, Grossman, Nowakowski and Wolfe, "An
/// introduction to Clobber", INTEGERS 5(2), 2005: each player's only move ends the game);
/// two such pairs apart are * + * = 0; stones of one colour are 0. Clobber is all-small
/// (a player with a move always leaves the other one, or nobody, a move), so atomic
/// weights apply: that of * is 0.
#[test]
fn clobber_golden_values_and_atomic_weights() {
    for (board, expected) in [("xo", "*"), ("x/o", "*"), ("xo.ox", "0"), ("xx.oo", "0")] {
        assert_eq!(
            value(&board.parse::<Clobber>().unwrap()),
            expected,
            "{board}"
        );
    }
    let mut store = ValueStore::new();
    let star = Evaluator::new().value(&mut store, &"xo".parse::<Clobber>().unwrap());
    let weight = store.atomic_weight(star).unwrap();
    assert_eq!(store.display(weight), "0");
}

/// Canonical forms from CGSuite's own test suite (github.com/aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala): Clobber `xox|ox.` is
/// `{^^*|*,v}` and Domineering on the empty 4 x 4 board is
/// `+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}` (CGSuite writes `+-` for `±`). CGSuite's Left is
/// this project's Left in both games: the `x` stones, the vertical dominoes.
#[test]
fn cgsuite_golden_values_of_clobber_and_domineering() {
    assert_eq!(value(&"xox/ox.".parse::<Clobber>().unwrap()), "{^^*|*,v}");
    assert_eq!(
        value(&"4x4".parse::<Domineering>().unwrap()),
        "±{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    );
}

/// Every game of the list with canonical values, on each of its sample positions that the
/// plain recursion finishes within a million visits: the evaluator that `grundy solve`
/// uses agrees with the plain recursion. Every such game has at least two positions
/// compared, so none passes by having only large samples. A new game is checked here by
/// its registry line alone.
#[test]
fn every_valued_game_in_the_registry_agrees_with_the_plain_recursion_on_its_samples() {
    const MOST_VISITS: u64 = 1_000_000;
    let mut compared: Vec<(&str, usize)> = Vec::new();
    for game in grundy::registry::all() {
        let entry = game.entry();
        let Some(valuations) = entry.valuations() else {
            continue;
        };
        let mut count = 0;
        for position in entry.sample_positions() {
            let Some(plain) = valuations
                .plain(position, &mut MOST_VISITS.clone())
                .unwrap()
            else {
                continue;
            };
            let evaluated = valuations.evaluated(position).unwrap();
            assert_eq!(evaluated, plain, "{} {position}", entry.name());
            count += 1;
        }
        assert!(
            count >= 2,
            "{}: {count} sample positions compared",
            entry.name()
        );
        compared.push((entry.name(), count));
    }
    let valued: Vec<&str> = grundy::registry::all()
        .iter()
        .map(|game| game.entry())
        .filter(|entry| !entry.is_impartial() && !entry.is_searched() && !entry.may_not_end())
        .map(|entry| entry.name())
        .collect();
    for name in &valued {
        assert!(
            compared.iter().any(|(checked, _)| checked == name),
            "{name} not compared: {compared:?}"
        );
    }
}

/// Values from the help file of Jeff Erickson's Toads and Frogs program
/// (jeffe.cs.illinois.edu/pubs/misc/HELP_TOADS, whose boxes `|t f|` are rows here with `.`
/// for a space): `t f` = `*`, `t tf` = `1/2`, and the positions of its worked lines,
/// ` tf` = 0, `ft ` = 1, `f t` = 0, ` ttf` = 0 and `tft ` = 1. Its Left moves the toads,
/// as here.
#[test]
fn toads_and_frogs_values_from_ericksons_program() {
    for (row, expected) in [
        ("T.F", "*"),
        ("T.TF", "1/2"),
        (".TF", "0"),
        ("FT.", "1"),
        ("F.T", "0"),
        (".TTF", "0"),
        ("TFT.", "1"),
    ] {
        assert_eq!(
            value(&row.parse::<ToadsFrogs>().unwrap()),
            expected,
            "{row}"
        );
    }
}

/// Canonical forms from the tests of cgt-tools (github.com/t4ccer/cgt-tools,
/// cgt/short/partizan/games/toads_and_frogs.rs, `canonical_form`), whose Left moves the
/// Toads rightwards as here. They are compared as values: cgt-tools writes `{0|^}`, which is
/// `^^*` and printed so here (as CGSuite prints it).
#[test]
fn toads_and_frogs_values_from_cgt_tools() {
    let mut store = ValueStore::new();
    for (row, expected) in [
        ("TFTF.TF", "0"),
        ("TFTFTF.", "0"),
        ("TFTFT.F", "*"),
        ("TF.TTFF", "0"),
        ("TFT.TFF", "^"),
        (".TTFTFF", "0"),
        ("T.TFTFF", "{0|^}"),
    ] {
        let position = row.parse::<ToadsFrogs>().unwrap();
        let ours = Evaluator::new().value(&mut store, &position);
        let theirs = store.evaluate(expected).unwrap();
        assert_eq!(
            ours,
            theirs,
            "{row}: {} against {expected}",
            store.display(ours)
        );
    }
    let position = "T.TFTFF".parse::<ToadsFrogs>().unwrap();
    let value = Evaluator::new().value(&mut store, &position);
    assert_eq!(store.display(value), "^^*");
}

/// CGSuite's canonical form of the Toads and Frogs start `ttttt..fffff`, from its test suite
/// (github.com/aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
/// GameStripTest.scala): `+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}
/// |||v<2>|-1/2||-1*}|||0}}`, in which `v<2>` is the uptimal `↓² = {↑*|0}`. It reads here to
/// our value; printed here `↓²` is in braces (as CGSuite's own `CanonicalShortGameTestCase`
/// prints uptimals), which nests that part one level deeper, so the texts differ.
#[test]
fn cgsuite_golden_value_of_a_toads_and_frogs_start() {
    let mut store = ValueStore::new();
    let cgsuite = "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}";
    let expected = store.evaluate(cgsuite).unwrap();
    let position = "TTTTT..FFFFF".parse::<ToadsFrogs>().unwrap();
    let ours = Evaluator::new().value(&mut store, &position);
    assert_eq!(ours, expected, "{}", store.display(ours));
}

/// What the plain Cutcake searches below remember: cakes and whether Left moves.
type CakeMemo<T> = std::collections::HashMap<(Vec<(u64, u64)>, bool), T>;

/// Cutcake by its rules written again, plainly: a position is a sorted list of cakes
/// `(width, height)`; Left cuts a width, Right a height; whoever cannot cut loses.
/// Whether `mover` (true: Left) wins moving first, memoised.
fn cutcake_wins(cakes: &[(u64, u64)], left_moves: bool, memo: &mut CakeMemo<bool>) -> bool {
    if let Some(&known) = memo.get(&(cakes.to_vec(), left_moves)) {
        return known;
    }
    let mut wins = false;
    'search: for (index, &(width, height)) in cakes.iter().enumerate() {
        let side = if left_moves { width } else { height };
        for at in 1..side {
            let mut after: Vec<(u64, u64)> = cakes.to_vec();
            after.remove(index);
            if left_moves {
                after.extend([(at, height), (width - at, height)]);
            } else {
                after.extend([(width, at), (width, height - at)]);
            }
            after.sort_unstable();
            if !cutcake_wins(&after, !left_moves, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert((cakes.to_vec(), left_moves), wins);
    wins
}

/// Every sum of two cakes up to 4×4 (and every single cake up to 6×6): the outcome by the
/// rules written again is the outcome of the engine's value, and the evaluator (with the
/// closed form) agrees with the plain recursion (without it).
#[test]
fn cutcake_outcomes_by_the_rules_on_every_small_position() {
    let mut memo = std::collections::HashMap::new();
    let mut positions: Vec<Vec<(u64, u64)>> = Vec::new();
    for w in 1..=6 {
        for h in 1..=6 {
            positions.push(vec![(w, h)]);
        }
    }
    for a in 1..=4 {
        for b in 1..=4 {
            for c in 1..=4 {
                for d in 1..=4 {
                    positions.push(vec![(a, b), (c, d)]);
                }
            }
        }
    }
    for cakes in positions {
        let text: Vec<String> = cakes.iter().map(|(w, h)| format!("{w}x{h}")).collect();
        let position: Cutcake = text.join("+").parse().unwrap();
        let mut sorted = cakes.clone();
        sorted.sort_unstable();
        let left = cutcake_wins(&sorted, true, &mut memo);
        let right = cutcake_wins(&sorted, false, &mut memo);
        let mut store = ValueStore::new();
        let id = Evaluator::new().value(&mut store, &position);
        assert_eq!(store.left_wins_moving_first(id), left, "{position}");
        assert_eq!(store.right_wins_moving_first(id), right, "{position}");
        // The plain recursion pays for every order of the cuts: it is held to a budget,
        // within which every sum of up to 8 squares stays.
        let area = cakes.iter().map(|(w, h)| w * h).sum::<u64>();
        if area <= 12 {
            let compared = agree_within(&position, 200_000);
            assert!(compared || area > 8, "{position}");
        }
    }
}

/// Cutcake's remoteness by its rules written again, with the cakes kept in the order the
/// cuts leave them (no sorting, no cake dropped): the fastest win, the slowest loss.
fn cutcake_remoteness(cakes: &[(u64, u64)], left_moves: bool, memo: &mut CakeMemo<u32>) -> u32 {
    if let Some(&known) = memo.get(&(cakes.to_vec(), left_moves)) {
        return known;
    }
    let (mut fastest_win, mut slowest_loss, mut any) = (None::<u32>, 0, false);
    for (index, &(width, height)) in cakes.iter().enumerate() {
        let side = if left_moves { width } else { height };
        for at in 1..side {
            let pieces = if left_moves {
                [(at, height), (width - at, height)]
            } else {
                [(width, at), (width, height - at)]
            };
            let mut after = cakes[..index].to_vec();
            after.extend(pieces);
            after.extend_from_slice(&cakes[index + 1..]);
            let r = cutcake_remoteness(&after, !left_moves, memo);
            any = true;
            if r % 2 == 0 {
                fastest_win = Some(fastest_win.map_or(r, |best: u32| best.min(r)));
            } else {
                slowest_loss = slowest_loss.max(r);
            }
        }
    }
    let remoteness = match fastest_win {
        Some(r) => r + 1,
        None if !any => 0,
        None => slowest_loss + 1,
    };
    memo.insert((cakes.to_vec(), left_moves), remoteness);
    remoteness
}

/// The remoteness search remembers Cutcake positions with their cakes sorted and the
/// `1x1` ones dropped (`remoteness_key`): on every sum of two cakes up to 3×3 and every
/// cake up to 4×4, each player's remoteness is the one of the rules written again on the
/// cakes as the cuts leave them.
#[test]
fn cutcake_remoteness_by_the_rules_on_every_small_position() {
    let mut memo = std::collections::HashMap::new();
    let mut positions: Vec<Vec<(u64, u64)>> = Vec::new();
    for w in 1..=4 {
        for h in 1..=4 {
            positions.push(vec![(w, h)]);
        }
    }
    for a in 1..=3 {
        for b in 1..=3 {
            for c in 1..=3 {
                for d in 1..=3 {
                    positions.push(vec![(a, b), (c, d)]);
                }
            }
        }
    }
    for cakes in positions {
        let position = Cutcake::new(cakes.clone()).unwrap();
        let mut solver = PartizanSolver::<Cutcake>::default();
        for (side, left_moves) in [(Player::Left, true), (Player::Right, false)] {
            assert_eq!(
                solver.remoteness(&position, side),
                Some(cutcake_remoteness(&cakes, left_moves, &mut memo)),
                "{position} {side}"
            );
        }
    }
}

/// The published values of python/examples/rulesets/cutcake.py (its `published_value`,
/// Winning Ways chapter 2: `width // 2^k - 1` with `2^k` the greatest power of two at most
/// the shorter side, negated for a cake higher than wide), written out as it computes
/// them for the cakes up to 8×8 (rows: height 1 to 8; columns: width 1 to 8), and the
/// values of its doctest (`5x1` 4, `1x5` -4, `4x4` 0, `8x3` 3).
#[test]
fn cutcake_published_values() {
    const TABLE: [[i64; 8]; 8] = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [-1, 0, 0, 1, 1, 2, 2, 3],
        [-2, 0, 0, 1, 1, 2, 2, 3],
        [-3, -1, -1, 0, 0, 0, 0, 1],
        [-4, -1, -1, 0, 0, 0, 0, 1],
        [-5, -2, -2, 0, 0, 0, 0, 1],
        [-6, -2, -2, 0, 0, 0, 0, 1],
        [-7, -3, -3, -1, -1, -1, -1, 0],
    ];
    for (row, values) in TABLE.iter().enumerate() {
        for (column, &expected) in values.iter().enumerate() {
            let (width, height) = (column as u64 + 1, row as u64 + 1);
            assert_eq!(published_value(width, height), expected, "{width}x{height}");
            assert_eq!(
                value(&Cutcake::new(vec![(width, height)]).unwrap()),
                expected.to_string()
            );
        }
    }
    for (cake, expected) in [("5x1", "4"), ("1x5", "-4"), ("4x4", "0"), ("8x3", "3")] {
        assert_eq!(value(&cake.parse::<Cutcake>().unwrap()), expected, "{cake}");
    }
    assert_eq!(
        value(&"1000000x3+3x5".parse::<Cutcake>().unwrap()),
        "499998"
    );
}

/// The remoteness keys of `side`'s options of `position`, listed at once and reached by
/// playing each move, each sorted: the remoteness search lists the options of a small
/// position and plays the moves of a large one (one option at a time), so the two must be
/// the same game tree.
fn options_and_moves_played<G: PartizanGame>(
    position: &G,
    side: Player,
) -> (Vec<String>, Vec<String>) {
    let mut listed: Vec<String> = PartizanPosition::left_options(position)
        .into_iter()
        .filter(|_| side == Player::Left)
        .chain(
            PartizanPosition::right_options(position)
                .into_iter()
                .filter(|_| side == Player::Right),
        )
        .map(|option| option.remoteness_key().to_string())
        .collect();
    let mut played: Vec<String> = position
        .moves(side)
        .iter()
        .map(|mv| {
            position
                .play(side, mv)
                .unwrap()
                .remoteness_key()
                .to_string()
        })
        .collect();
    listed.sort();
    played.sort();
    (listed, played)
}

/// Every sample position of the game `name` in the registry, with its example and default
/// position, and `more`, read as positions of `G` (the player to move dropped).
fn samples<G: PartizanGame>(name: &str, more: &[String]) -> Vec<G> {
    let entry = grundy::registry::find(name).unwrap();
    entry
        .sample_positions()
        .iter()
        .chain([entry.example(), entry.default_position()].iter())
        .map(|text| text.to_string())
        .chain(more.iter().cloned())
        .map(|text| {
            let position = text.split('@').next().unwrap_or_default().to_string();
            position.parse::<G>().unwrap()
        })
        .collect()
}

#[test]
fn the_options_of_every_game_owning_heap_memory_are_its_moves_played() {
    use grundy::games::col::Col;
    use grundy::games::psub::PartizanSubtraction;
    use grundy::games::snort::Snort;
    fn check<G: PartizanGame>(positions: Vec<G>) {
        for position in positions {
            for side in [Player::Left, Player::Right] {
                let (listed, played) = options_and_moves_played(&position, side);
                assert_eq!(listed, played, "{position} {side}");
            }
        }
    }
    let cakes = vec![["2x1", "3x5", "1x7", "4x4"].repeat(80).join("+")];
    check(samples::<Cutcake>("cutcake", &cakes));
    let stalks = vec![["BRB", "GG", "RBG"].repeat(20).join("+")];
    check(samples::<Hackenbush>("hackenbush", &stalks));
    let heaps = vec![format!("1,3|2,3:{}", vec!["6"; 64].join("+"))];
    check(samples::<PartizanSubtraction>("psub", &heaps));
    check(samples::<Col>("col", &["0-1,1-2,2-3,3-0,4".to_string()]));
    check(samples::<Snort>(
        "snort",
        &["0-1,1-2,2-3,3-0,4".to_string()],
    ));
}

#[test]
fn a_sum_of_many_parts_is_searched_one_option_at_a_time_with_its_exact_remoteness() {
    // 300 cakes own more than 4 KB: the search plays one move at a time. Left cuts a 2x1,
    // and Right, with only 1-high cakes, cannot move: Left wins in 1, Right loses in 0.
    let cakes: Cutcake = vec!["2x1"; 300].join("+").parse().unwrap();
    let mut solver = PartizanSolver::<Cutcake>::default();
    assert_eq!(solver.remoteness(&cakes, Player::Left), Some(1));
    assert_eq!(solver.remoteness(&cakes, Player::Right), Some(0));
    // Small cakes beside 300 uncuttable 1x1 ones (still past 4 KB at every move): each
    // player's remoteness is the one of the rules written again.
    let mut memo = std::collections::HashMap::new();
    for small in [
        vec![(2, 2), (3, 1), (1, 3)],
        vec![(2, 3), (3, 2), (2, 1)],
        vec![(4, 1), (1, 2), (2, 2)],
    ] {
        let all: Vec<(u64, u64)> = vec![(1, 1); 300].into_iter().chain(small).collect();
        let position = Cutcake::new(all.clone()).unwrap();
        let mut solver = PartizanSolver::<Cutcake>::default();
        for (side, left_moves) in [(Player::Left, true), (Player::Right, false)] {
            assert_eq!(
                solver.remoteness(&position, side),
                Some(cutcake_remoteness(&all, left_moves, &mut memo)),
                "{position} {side}"
            );
        }
    }
}

/// Ski Jumps: the values of Winning Ways' slopes (ch. 3, "Ski-Jumps"; cgt-tools checks the
/// same ones), with the landing rule of `games/skijumps/mod.rs` (a jump lands on the empty
/// cell directly below the skier jumped over). `L..../R..../.....` = {4 | 5} = 9/2: Left's
/// best is the jump (her skier 5 from her edge, his slipper 1 from his), Right's only move
/// leaves Left 5 free moves.
#[test]
fn ski_jumps_values_of_winning_ways() {
    for (slope, expected) in [
        ("...L..../..R...../........", "2"),
        ("......../...l..../.......R/......../......L.", "-1"),
        (".L.../.R.../.....", "5/2"),
        ("...R./...L./.....", "-5/2"),
        ("L..../....R/.....", "1/2"),
        ("L..../R..../.....", "9/2"),
        ("L..../....R/l....", "5"),
        ("L.R", "*"),
        ("L/R", "0"),
    ] {
        let position = slope.parse::<SkiJumps>().unwrap();
        assert_eq!(value(&position), expected, "{slope}");
        // The plain recursion pays for every order of the skiers' moves: it is held to a
        // budget, and the small slopes stay within it.
        let compared = agree_within(&position, 200_000);
        assert!(compared || slope.len() > 12, "{slope}");
    }
}
