//! The library's layers, checked on its source tree.
//!
//! Bottom to top: the foundations; the traits a game implements, the value engines and the
//! machinery every game of a kind shares; the games (`games/`, one folder each); the list of
//! games (`registry`); then the front ends, which are other crates. No import runs back up:
//! a module names no module of a higher layer (tests inside it included: a test that needs
//! the games goes to `crates/grundy/tests/`, above everything), and no code outside a game's
//! folder names the folder (`games::<game>`), so nothing below the list asks which game it
//! holds and no game leans on another.
//!
//! [`LAYERS`] is the one table of the layers; a new top-level module gets a line there.
//! Every `crate::…`, `super::…` and `self::…` path in code (comments and doc comments are
//! not imports) is resolved to the module it names, inline modules (`mod tests { … }`)
//! included, and a failure names the file and the line.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom to top, by name.
const LAYER_NAMES: [&str; 5] = [
    "the foundations",
    "the traits and engines",
    "the games",
    "the list of games",
    "the crate root",
];

/// The layer of every top-level module of `src/`, bottom (0) to top: the one table.
const LAYERS: &[(&str, usize)] = &[
    // The foundations: errors, numbers, stops, table files, token and checksum helpers.
    // They know nothing of games.
    ("error", 0),
    ("integer", 0),
    ("stop", 0),
    ("checksum", 0),
    ("tokens", 0),
    ("tables", 0),
    // Small undirected graphs and their edge-list notation, for the games on graphs.
    ("graph", 0),
    // The traits a game implements (the entry, the play interface, the impartial and
    // partizan positions, the heap ruleset) and the value engines, with what plays them and what every game
    // of a kind shares: strategies, reports, misère play, the partizan adapter.
    ("nim", 1),
    ("heap", 1),
    ("impartial", 1),
    ("cgt", 1),
    ("misere", 1),
    ("entry", 1),
    ("board", 1),
    ("play", 1),
    ("strategy", 1),
    ("report", 1),
    ("misere_play", 1),
    ("partizan", 1),
    // Games that can loop: draws by retrograde analysis and loopy impartial values, over
    // the explicit graph of a game's positions; on the foundations alone.
    ("loopy", 1),
    // The games, one folder each, and their list in `games/mod.rs`.
    ("games", 2),
    // The list of games, and what needs every game at once.
    ("registry", 3),
];

/// The layer of `lib.rs`, which declares every module and re-exports a few names.
const ROOT_LAYER: usize = 4;

/// Imports known to run up the layers, each as (file under `src/`, the module path it names
/// a prefix of), to be removed with the violation: none. An entry that no longer matches an
/// import fails the test, so that the list cannot outlive a violation.
const KNOWN: &[(&str, &str)] = &[];

/// One path in code: where it is and the module path it names, from the crate root.
#[derive(Debug)]
struct Import {
    line: usize,
    path: Vec<String>,
}

#[test]
fn no_import_runs_up_the_layers_and_no_game_is_named_outside_its_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let games = game_folders(&src);
    let mut failures = Vec::new();
    let mut used_known = BTreeSet::new();
    for file in rust_files(&src) {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let module = module_path(&relative);
        let own_layer = match module.first() {
            None => ROOT_LAYER,
            Some(top) => match layer_of(top) {
                Some(layer) => layer,
                None => {
                    failures.push(format!(
                        "src/{relative}: the module `{top}` has no layer; add it to LAYERS in \
                         crates/grundy/tests/layers.rs"
                    ));
                    continue;
                }
            },
        };
        let text = fs::read_to_string(&file).unwrap();
        for import in imports(&text, &module) {
            let named = import.path.join("::");
            let known = KNOWN
                .iter()
                .find(|(known_file, prefix)| {
                    *known_file == relative
                        && (named == *prefix || named.starts_with(&format!("{prefix}::")))
                })
                .copied();
            let mut wrong = Vec::new();
            if let Some(top) = import.path.first() {
                if let Some(layer) = layer_of(top) {
                    if layer > own_layer {
                        wrong.push(format!(
                            "imports `{named}`, in {} (layer {layer}), from {} (layer \
                             {own_layer})",
                            LAYER_NAMES[layer], LAYER_NAMES[own_layer]
                        ));
                    }
                }
            }
            if import.path.len() >= 2
                && import.path[0] == "games"
                && games.contains(&import.path[1])
            {
                let folder = format!("games/{}/", import.path[1]);
                if !relative.starts_with(&folder) {
                    wrong.push(format!(
                        "names the game `{}` outside its folder src/{folder}",
                        import.path[1]
                    ));
                }
            }
            if wrong.is_empty() {
                continue;
            }
            match known {
                Some(entry) => {
                    used_known.insert(entry);
                }
                None => failures.push(format!(
                    "src/{relative}:{}: {}",
                    import.line,
                    wrong.join("; ")
                )),
            }
        }
    }
    for entry in KNOWN {
        if !used_known.contains(entry) {
            failures.push(format!(
                "KNOWN lists ({:?}, {:?}), which no longer runs up the layers: remove it",
                entry.0, entry.1
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} import(s) against the layers:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The layer of the top-level module `name`, if it is in the table.
fn layer_of(name: &str) -> Option<usize> {
    LAYERS
        .iter()
        .find(|(module, _)| *module == name)
        .map(|(_, layer)| *layer)
}

/// The names of the folders of `src/games/`: the games.
fn game_folders(src: &Path) -> BTreeSet<String> {
    fs::read_dir(src.join("games"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of the file `relative` (under `src/`): `games/nim/play.rs` is
/// `games::nim::play`, `games/nim/mod.rs` is `games::nim`, `lib.rs` the root.
fn module_path(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// A token of Rust source, as far as paths and modules need: words, `::`, braces and
/// commas; everything else is skipped.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semicolon,
    Other,
}

/// The tokens of `text` with their lines, comments, strings and character literals left
/// out.
fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let count_lines = |from: usize, to: usize, line: &mut usize| {
        *line += chars[from..to].iter().filter(|&&c| c == '\n').count();
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let (start, mut depth) = (i, 0);
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            count_lines(start, i, &mut line);
        } else if c == '"' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            count_lines(start, i.min(chars.len()), &mut line);
            out.push((Token::Other, line));
        } else if (c == 'r' || c == 'b')
            && (i == 0 || !is_word_char(chars[i - 1]))
            && raw_string_start(&chars[i..]).is_some()
        {
            let (open, hashes, raw) = raw_string_start(&chars[i..]).unwrap();
            let start = i;
            i += open;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&h| h == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += if chars[i] == '\\' && !raw { 2 } else { 1 };
            }
            count_lines(start, i.min(chars.len()), &mut line);
            out.push((Token::Other, line));
        } else if c == '\'' {
            // A character literal (`'a'`, `'\n'`, `'{'`) or a lifetime (`'a`).
            if next == Some('\\') {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            out.push((Token::Other, line));
        } else if is_word_char(c) {
            let start = i;
            while i < chars.len() && is_word_char(chars[i]) {
                i += 1;
            }
            out.push((Token::Word(chars[start..i].iter().collect()), line));
        } else if c == ':' && next == Some(':') {
            out.push((Token::PathSep, line));
            i += 2;
        } else {
            out.push((
                match c {
                    '{' => Token::Open,
                    '}' => Token::Close,
                    ',' => Token::Comma,
                    ';' => Token::Semicolon,
                    _ => Token::Other,
                },
                line,
            ));
            i += 1;
        }
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// When `chars` starts a raw or byte string (`r"`, `r#"`, `br"`, `b"`): the length of its
/// opening, its number of `#` and whether it is raw (backslashes are no escapes).
fn raw_string_start(chars: &[char]) -> Option<(usize, usize, bool)> {
    let mut i = 0;
    if chars.first() == Some(&'b') {
        i += 1;
    }
    let raw = chars.get(i) == Some(&'r');
    if raw {
        i += 1;
    }
    if !raw && i == 0 {
        return None;
    }
    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
    (chars.get(i + hashes) == Some(&'"') && (raw || hashes == 0)).then_some((
        i + hashes + 1,
        hashes,
        raw,
    ))
}

/// Every path in `text` (a file of the module `module`) that starts at `crate`, `super` or
/// `self`, resolved from the crate root; a `use` group (`crate::{a, b::c}`) gives one path
/// per branch.
fn imports(text: &str, module: &[String]) -> Vec<Import> {
    let tokens = tokens(text);
    let mut found = Vec::new();
    // The inline modules open around the current token: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i].0 {
            Token::Open => depth += 1,
            Token::Close => {
                if inline.last().is_some_and(|(_, open)| *open == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Token::Word(word) if word == "mod" => {
                if let (Some((Token::Word(name), _)), Some((Token::Open, _))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Token::Word(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && tokens.get(i + 1).map(|t| &t.0) == Some(&Token::PathSep)
                    && !(i > 0 && tokens[i - 1].0 == Token::PathSep) =>
            {
                let line = tokens[i].1;
                let mut here: Vec<String> = module.to_vec();
                here.extend(inline.iter().map(|(name, _)| name.clone()));
                let mut base = match word.as_str() {
                    "crate" => Vec::new(),
                    "self" => here.clone(),
                    _ => {
                        here.pop();
                        here.clone()
                    }
                };
                i += 2;
                // Further `super::` steps.
                while let (Some((Token::Word(w), _)), Some((Token::PathSep, _))) =
                    (tokens.get(i), tokens.get(i + 1))
                {
                    if w != "super" {
                        break;
                    }
                    base.pop();
                    i += 2;
                }
                i = path_branches(&tokens, i, base, line, &mut found);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Reads a path's continuation from `tokens[i]` onwards (words joined by `::`, maybe a
/// `{…}` group), pushing one import per branch onto `found` with `base` before it; returns
/// the index after the path.
fn path_branches(
    tokens: &[(Token, usize)],
    mut i: usize,
    mut base: Vec<String>,
    line: usize,
    found: &mut Vec<Import>,
) -> usize {
    loop {
        match tokens.get(i).map(|t| &t.0) {
            Some(Token::Word(word)) => {
                if word != "self" {
                    base.push(word.clone());
                }
                i += 1;
                if tokens.get(i).map(|t| &t.0) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                break;
            }
            Some(Token::Open) => {
                i += 1;
                loop {
                    match tokens.get(i).map(|t| &t.0) {
                        Some(Token::Close) => return i + 1,
                        Some(Token::Comma) => i += 1,
                        None => return i,
                        _ => {
                            let branch_line = tokens[i].1;
                            i = path_branches(tokens, i, base.clone(), branch_line, found);
                            // Skip what follows the branch (`as name`).
                            while !matches!(
                                tokens.get(i).map(|t| &t.0),
                                Some(Token::Comma | Token::Close) | None
                            ) {
                                i += 1;
                            }
                        }
                    }
                }
            }
            _ => break,
        }
    }
    found.push(Import { line, path: base });
    i
}

#[test]
fn the_reader_resolves_paths_groups_and_inline_modules() {
    let module: Vec<String> = vec!["games".into(), "nim".into(), "play".into()];
    let text = r#"
// use crate::registry; (a comment)
use crate::{entry::Game, games::{nim, rectangle::play::X}};
use super::super::cuboid;
const S: &str = "crate::registry::all";
fn f() { let c = '{'; let _ = crate::report::Report::Solved; }
mod tests {
    use super::*;
    use super::Thing;
}
"#;
    let found: Vec<(usize, String)> = imports(text, &module)
        .into_iter()
        .map(|import| (import.line, import.path.join("::")))
        .collect();
    assert_eq!(
        found,
        [
            (3, "entry::Game".to_string()),
            (3, "games::nim".to_string()),
            (3, "games::rectangle::play::X".to_string()),
            (4, "games::cuboid".to_string()),
            (6, "report::Report::Solved".to_string()),
            (8, "games::nim::play".to_string()),
            (9, "games::nim::play::Thing".to_string()),
        ]
    );
    assert_eq!(module_path("games/nim/mod.rs"), ["games", "nim"]);
    assert_eq!(module_path("lib.rs"), Vec::<String>::new());
    assert_eq!(layer_of("registry"), Some(3));
}
