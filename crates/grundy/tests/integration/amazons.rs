//! Amazons' values against an independent brute force: the rules written again plainly on a
//! grid of characters (no bitboards, no regions, no symmetry), the game tree built from them
//! option by option in the value store, compared with the evaluator (regions and cache) and
//! the plain recursion on every small board; and the values CGSuite publishes.
#![allow(clippy::unwrap_used)]

use std::collections::{HashMap, HashSet};

use grundy::cgt::{plain_value, Evaluator, GameId, ValueStore};
use grundy::games::amazons::Amazons;

/// A board as rows of characters.
type Grid = Vec<Vec<char>>;

/// The eight directions a queen goes, as (row step, column step).
const LINES: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The empty cells a queen on (`r`, `c`) reaches in `grid`, line by line.
fn reach(grid: &Grid, r: i64, c: i64) -> Vec<(i64, i64)> {
    let (height, width) = (grid.len() as i64, grid[0].len() as i64);
    let mut cells = Vec::new();
    for (dr, dc) in LINES {
        let (mut rr, mut cc) = (r + dr, c + dc);
        while rr >= 0
            && cc >= 0
            && rr < height
            && cc < width
            && grid[rr as usize][cc as usize] == '.'
        {
            cells.push((rr, cc));
            rr += dr;
            cc += dc;
        }
    }
    cells
}

/// Every board after a move of the player whose amazons are `me`: lift the amazon, put it
/// on a cell a queen reaches, then burn a cell a queen reaches from there (the lifted
/// amazon's cell is empty by then).
fn moves(grid: &Grid, me: char) -> Vec<Grid> {
    let mut result = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if cell != me {
                continue;
            }
            let mut lifted = grid.clone();
            lifted[r][c] = '.';
            for (tr, tc) in reach(&lifted, r as i64, c as i64) {
                let mut landed = lifted.clone();
                landed[tr as usize][tc as usize] = me;
                for (ar, ac) in reach(&landed, tr, tc) {
                    let mut shot = landed.clone();
                    shot[ar as usize][ac as usize] = '#';
                    result.push(shot);
                }
            }
        }
    }
    result
}

/// The value of `grid` by the definition: `{ Left's options | Right's options }`.
fn brute(store: &mut ValueStore, memo: &mut HashMap<Grid, GameId>, grid: &Grid) -> GameId {
    if let Some(&id) = memo.get(grid) {
        return id;
    }
    let lefts: Vec<GameId> = moves(grid, 'x')
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let rights: Vec<GameId> = moves(grid, 'o')
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let id = store.game(&lefts, &rights);
    memo.insert(grid.clone(), id);
    id
}

fn text(grid: &Grid) -> String {
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    rows.join("/")
}

/// The board of `width × height` cells whose cell `i` is digit `i` of `code` in base 4
/// (empty, Left's amazon, Right's, burnt).
fn board(width: u32, height: u32, mut code: u64) -> Grid {
    let mut grid = vec![vec!['.'; width as usize]; height as usize];
    for cell in 0..width * height {
        grid[(cell / width) as usize][(cell % width) as usize] =
            ['.', 'x', 'o', '#'][(code % 4) as usize];
        code /= 4;
    }
    grid
}

/// Checks the evaluator's value of `grid` against the brute force's.
fn check(
    store: &mut ValueStore,
    memo: &mut HashMap<Grid, GameId>,
    evaluator: &mut Evaluator<Amazons>,
    grid: &Grid,
) {
    let expected = brute(store, memo, grid);
    let position: Amazons = text(grid).parse().unwrap();
    let ours = evaluator.value(store, &position);
    assert_eq!(
        ours,
        expected,
        "{}: {} against {}",
        text(grid),
        store.display(ours),
        store.display(expected)
    );
}

#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_board() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let mut count = 0;
    for (width, height) in [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (2, 2),
        (3, 2),
        (2, 3),
    ] {
        for code in 0..4u64.pow(width * height) {
            check(
                &mut store,
                &mut memo,
                &mut evaluator,
                &board(width, height, code),
            );
            count += 1;
        }
    }
    assert_eq!(count, 4 + 16 + 64 + 256 + 1024 + 256 + 4096 * 2);
}

/// One 3 × 3 board in 61 of every pattern (4 299 boards), and the 3 × 3 boards with one
/// amazon of each colour and nothing burnt, the largest (72 boards).
#[test]
fn the_evaluator_agrees_with_the_rules_on_three_by_three_boards() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    for code in (0..4u64.pow(9)).step_by(61) {
        check(&mut store, &mut memo, &mut evaluator, &board(3, 3, code));
    }
    for left in 0..9 {
        for right in (0..9).filter(|&right| right != left) {
            let code = 4u64.pow(left) + 2 * 4u64.pow(right);
            check(&mut store, &mut memo, &mut evaluator, &board(3, 3, code));
        }
    }
}

/// The evaluator (regions, symmetries, colour swaps, cache) and the plain recursion (none
/// of them) give one value on boards that split.
#[test]
fn the_evaluator_agrees_with_the_plain_recursion() {
    for text in ["x.#o/o#.x", "x.o/###/.ox", "x..#o/.o#.x", "x../o.."] {
        let position: Amazons = text.parse().unwrap();
        let mut store = ValueStore::new();
        let cached = Evaluator::new().value(&mut store, &position);
        let plain = plain_value(&mut store, &position);
        assert_eq!(cached, plain, "{text}: {}", store.display(cached));
    }
}

/// The canonical value of `board` by the evaluator, in notation.
fn value(board: &str) -> String {
    let mut store = ValueStore::new();
    let id = Evaluator::new().value(&mut store, &board.parse::<Amazons>().unwrap());
    store.display(id)
}

/// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala, "define Amazons properly"):
/// `game.grid.Amazons("x...|o...").CanonicalForm` is
/// `+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}`. CGSuite's `x` is Left's amazon
/// as here, and its rows are joined by `|`, which is read here too.
#[test]
fn cgsuite_two_by_four_value() {
    let published = "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}";
    let mut store = ValueStore::new();
    let ours = Evaluator::new().value(&mut store, &"x...|o...".parse::<Amazons>().unwrap());
    let theirs = store.evaluate(published).unwrap();
    assert_eq!(ours, theirs, "{}", store.display(ours));
    // Right's amazon above and Left's below: the same board turned over, the same value;
    // the colours swapped: the negative, which for ± is the same.
    assert_eq!(value("o.../x..."), value("x.../o..."));
}

/// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala, "Followers"):
/// `game.grid.Amazons("x...|o...").Followers.Size` is 2784, the positions reachable from
/// the board by moves of either player in any order, the board included.
#[test]
fn cgsuite_two_by_four_followers() {
    let start: Amazons = "x.../o...".parse().unwrap();
    let mut seen = HashSet::from([start]);
    let mut frontier = vec![start];
    while let Some(position) = frontier.pop() {
        use grundy::position::PartizanPosition;
        for next in position
            .left_options()
            .into_iter()
            .chain(position.right_options())
        {
            if seen.insert(next) {
                frontier.push(next);
            }
        }
    }
    assert_eq!(seen.len(), 2784);
}

/// Values from the rules by hand: a lone amazon is worth the moves it has left (`x.` = 1,
/// `x..` = 2, as `{1, 0 |}`), a cell both can take is `*` (`x.o`), two apart cancel, and
/// nothing to move to is 0.
#[test]
fn small_boards_by_hand() {
    for (board, expected) in [
        ("x.", "1"),
        ("x..", "2"),
        ("o..", "-2"),
        ("x.o", "*"),
        ("x.o/###/x.o", "0"),
        ("x#o", "0"),
        ("x.|#o", "*"),
    ] {
        assert_eq!(value(board), expected, "{board}");
    }
}
