//! Konane's values against an independent brute force: the rules written again plainly on
//! a grid of characters (no bitboards, no components, no symmetry), the game tree built
//! from them option by option in the value store, compared with the evaluator (components
//! and cache) on every small board; and values published for Konane.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::cgt::{Evaluator, GameId, ValueStore};
use grundy::games::konane::Konane;

/// A board as rows of characters.
type Grid = Vec<Vec<char>>;

/// Every board after a move of the player with stones `me` (the other's are `them`): a
/// stone steps over an adjacent enemy stone onto the empty cell beyond, removing it, and may
/// go on the same way in the same direction; each stop is a move.
fn moves(grid: &Grid, me: char, them: char) -> Vec<Grid> {
    let (height, width) = (grid.len() as i64, grid[0].len() as i64);
    let at = |g: &Grid, r: i64, c: i64| -> Option<char> {
        (r >= 0 && c >= 0 && r < height && c < width).then(|| g[r as usize][c as usize])
    };
    let mut result = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if at(grid, r, c) != Some(me) {
                continue;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut next = grid.clone();
                next[r as usize][c as usize] = '.';
                let (mut rr, mut cc) = (r, c);
                while at(&next, rr + dr, cc + dc) == Some(them)
                    && at(&next, rr + 2 * dr, cc + 2 * dc) == Some('.')
                {
                    next[(rr + dr) as usize][(cc + dc) as usize] = '.';
                    rr += 2 * dr;
                    cc += 2 * dc;
                    let mut landed = next.clone();
                    landed[rr as usize][cc as usize] = me;
                    result.push(landed);
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
    let lefts: Vec<GameId> = moves(grid, 'x', 'o')
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let rights: Vec<GameId> = moves(grid, 'o', 'x')
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
    let mut count = 0;
    for (width, height) in [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (7, 1),
        (2, 2),
        (3, 2),
        (2, 3),
        (4, 2),
        (3, 3),
    ] {
        let cells = width * height;
        for mut code in 0..3u32.pow(cells) {
            let mut grid = vec![vec!['.'; width as usize]; height as usize];
            for cell in 0..cells {
                grid[(cell / width) as usize][(cell % width) as usize] =
                    ['.', 'x', 'o'][(code % 3) as usize];
                code /= 3;
            }
            let expected = brute(&mut store, &mut memo, &grid);
            let position: Konane = text(&grid).parse().unwrap();
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
    assert_eq!(
        count,
        3 + 9 + 27 + 81 + 243 + 729 + 2187 + 81 + 729 * 2 + 6561 + 19683
    );
}

/// The canonical value of `board` by the evaluator, in notation.
fn value(board: &str) -> String {
    let mut store = ValueStore::new();
    let id = Evaluator::new().value(&mut store, &board.parse::<Konane>().unwrap());
    store.display(id)
}

/// Canonical forms from the tests of cgt-tools (github.com/t4ccer/cgt-tools,
/// cgt/short/partizan/games/konane.rs, `values`), whose Left plays `x` as here and whose
/// rows are joined by `|` (here `/`): `..ox` = 1, `.ox.` = `*`, `.ox.|o..x|....` = `{1|-1}`
/// (printed here `±1`).
#[test]
fn cgt_tools_konane_values() {
    let mut store = ValueStore::new();
    for (board, expected) in [("..ox", "1"), (".ox.", "*"), (".ox./o..x/....", "{1|-1}")] {
        let ours = Evaluator::new().value(&mut store, &board.parse::<Konane>().unwrap());
        let theirs = store.evaluate(expected).unwrap();
        assert_eq!(ours, theirs, "{board}: {}", store.display(ours));
    }
    assert_eq!(value(".ox./o..x/...."), "±1");
}

/// Values from the rules by hand (as in Ernst, "Playing Konane mathematically", UMAP
/// Journal 16(2), 1995, whose 1 × n analysis starts from them): a stone of yours with an
/// enemy stone and room beyond is a move, `xo.` = 1 and `.ox` = 1 read from either end;
/// `xo.o.` = `{0, -1 |}` = 1 too (the double jump ends the game; the single one leaves
/// `..xo.` = -1);
/// `x.xo.` = `{0|1}` = 1/2 (Left's jump ends the game, Right's leaves `xo...` = 1); two
/// `*`s apart on a row are 0 (`.ox....xo.`); stones with no room are 0.
#[test]
fn small_rows_by_hand() {
    for (board, expected) in [
        ("xo.", "1"),
        (".ox", "1"),
        ("ox.", "-1"),
        ("xo.o.", "1"),
        ("x.xo.", "1/2"),
        (".ox....xo.", "0"),
        ("xo", "0"),
    ] {
        assert_eq!(value(board), expected, "{board}");
    }
}
