//! Fission's values against an independent brute force: the rules written again plainly on
//! a grid of characters (no bitboards, no components, no symmetry), the game tree built from
//! them option by option in the value store, compared with the evaluator (components and
//! cache) on every small board; and the values published with cgt-tools.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::cgt::{Evaluator, GameId, ValueStore};
use grundy::games::fission::Fission;

/// A board as rows of characters: `x` a stone, `.` empty, `#` blocked.
type Grid = Vec<Vec<char>>;

/// Every board after a split along `(dr, dc)`: a stone whose two neighbours at `-(dr, dc)`
/// and `+(dr, dc)` are on the board and empty is removed, and a stone goes on each.
fn moves(grid: &Grid, dr: i64, dc: i64) -> Vec<Grid> {
    let (height, width) = (grid.len() as i64, grid[0].len() as i64);
    let empty = |r: i64, c: i64| {
        r >= 0 && c >= 0 && r < height && c < width && grid[r as usize][c as usize] == '.'
    };
    let mut result = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if grid[r as usize][c as usize] == 'x' && empty(r - dr, c - dc) && empty(r + dr, c + dc)
            {
                let mut next = grid.clone();
                next[r as usize][c as usize] = '.';
                next[(r - dr) as usize][(c - dc) as usize] = 'x';
                next[(r + dr) as usize][(c + dc) as usize] = 'x';
                result.push(next);
            }
        }
    }
    result
}

/// The value of `grid` by the definition: `{ Left's options | Right's options }`, Left
/// splitting vertically and Right horizontally.
fn brute(store: &mut ValueStore, memo: &mut HashMap<Grid, GameId>, grid: &Grid) -> GameId {
    if let Some(&id) = memo.get(grid) {
        return id;
    }
    let lefts: Vec<GameId> = moves(grid, 1, 0)
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let rights: Vec<GameId> = moves(grid, 0, 1)
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

#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_board() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let mut count = 0u32;
    let shapes = [
        (1u32, 1u32),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (1, 5),
        (2, 2),
        (3, 2),
        (2, 3),
        (4, 2),
        (2, 4),
        (3, 3),
    ];
    for (width, height) in shapes {
        let cells = width * height;
        for mut code in 0..3u32.pow(cells) {
            let mut grid = vec![vec!['.'; width as usize]; height as usize];
            for cell in 0..cells {
                grid[(cell / width) as usize][(cell % width) as usize] =
                    ['.', 'x', '#'][(code % 3) as usize];
                code /= 3;
            }
            let expected = brute(&mut store, &mut memo, &grid);
            let position: Fission = text(&grid).parse().unwrap();
            let ours = evaluator.value(&mut store, &position);
            assert_eq!(
                ours,
                expected,
                "{}: {} against {}",
                text(&grid),
                store.display(ours),
                store.display(expected)
            );
            count += 1;
        }
    }
    let expected: u32 = shapes.iter().map(|&(w, h)| 3u32.pow(w * h)).sum();
    assert_eq!(count, expected);
}

/// Boards of 4 × 4 whose stones are at most three, every placement (no blocked cell): the
/// brute force against the evaluator where the game trees are longer.
#[test]
fn the_evaluator_agrees_with_the_rules_on_sparse_4x4_boards() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let mut count = 0;
    for stones in 0u32..1 << 16 {
        if stones.count_ones() > 3 {
            continue;
        }
        let mut grid = vec![vec!['.'; 4]; 4];
        for cell in 0..16 {
            if stones & (1 << cell) != 0 {
                grid[cell / 4][cell % 4] = 'x';
            }
        }
        let expected = brute(&mut store, &mut memo, &grid);
        let ours = evaluator.value(&mut store, &text(&grid).parse::<Fission>().unwrap());
        assert_eq!(ours, expected, "{}", text(&grid));
        count += 1;
    }
    assert_eq!(count, 1 + 16 + 120 + 560);
}

/// Canonical forms from the tests of cgt-tools (github.com/t4ccer/cgt-tools,
/// cgt/short/partizan/games/fission.rs, `canonical_form`), whose Left splits vertically as
/// here and whose rows are joined by `|` (here `/`).
#[test]
fn cgt_tools_fission_values() {
    let mut store = ValueStore::new();
    for (board, expected) in [
        ("..../..x./..../....", "0"),
        ("..x./..../..x./....", "-2"),
        (".x.x/..../..x./....", "-1"),
        (".x.x/..x./..../..x.", "{-1|-4}"),
        ("..../..x./..../#..#", "0"),
    ] {
        let ours = Evaluator::new().value(&mut store, &board.parse::<Fission>().unwrap());
        let theirs = store.evaluate(expected).unwrap();
        assert_eq!(ours, theirs, "{board}: {}", store.display(ours));
    }
}
