//! The layers of the library and the circles of every crate, checked on the source tree.
//!
//! The library's layers, bottom to top (docs/architecture.md draws them): the foundations,
//! which know nothing of games; the traits a game implements, with nothing of the engines in
//! them; the engines; the games (`games/`, one folder each); the list of games
//! (`registry`); then the front ends, which are other crates. Three rules hold:
//!
//! - No import runs back up: a module names no module of a higher layer (tests inside it
//!   included: a test that needs the games goes to `crates/grundy/tests/`, above
//!   everything), and no code outside a game's folder names the folder (`games::<game>`),
//!   so nothing below the list asks which game it holds and no game leans on another.
//! - No circle of imports joins two top-level modules (a file or folder of `src/`), in any
//!   crate of the repository: every crate's modules stand in an order, each above what it
//!   imports (tests inside them included).
//! - No circle of imports joins two files, in any crate, tests aside: within a module too,
//!   every file stands above what it imports.
//!
//! [`LAYERS`] is the one table of the library's layers; a new top-level module gets a line
//! there. Every `crate::…`, `super::…` and `self::…` path in code (comments and doc comments
//! are not imports) is resolved to the module it names, inline modules (`mod tests { … }`)
//! included, and a failure names the file and the line. A path names the file of the
//! longest module it starts with (`crate::game::Rules` names `game/mod.rs`, which hands the
//! name on); a module declared under `#[cfg(test)]` is test code, and so is everything in
//! it.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom to top, by name.
const LAYER_NAMES: [&str; 6] = [
    "the foundations",
    "the traits a game implements",
    "the engines",
    "the games",
    "the list of games",
    "the crate root",
];

/// The layer of every top-level module of `src/`, bottom (0) to top: the one table.
const LAYERS: &[(&str, usize)] = &[
    // The foundations: errors, numbers and nimbers, stops, table files, checksums, the
    // contests' input reader, small graphs and grids with their notations. They know
    // nothing of games.
    ("error", 0),
    ("integer", 0),
    ("nimber", 0),
    ("stop", 0),
    ("checksum", 0),
    ("contest_input", 0),
    ("tables", 0),
    ("graph", 0),
    ("grid", 0),
    // The traits a game implements and the types they speak in: the players and seats, the
    // reports, the drawing of a board, the heap ruleset, the position traits, the entry
    // and the game in progress. Nothing of the engines.
    ("player", 1),
    ("report", 1),
    ("drawing", 1),
    ("heap", 1),
    ("position", 1),
    ("game", 1),
    // The engines: the generic impartial solver, the values of partizan games, misère
    // quotients, misère play (a wrapper around any impartial game), what every partizan
    // game shares, the strategies, and the loopy games' engine.
    ("impartial", 2),
    ("cgt", 2),
    ("misere_quotient", 2),
    ("misere_play", 2),
    ("partizan", 2),
    ("strategy", 2),
    // Games that can loop: draws by retrograde analysis and loopy impartial values, over
    // the explicit graph of a game's positions.
    ("loopy", 2),
    // The games, one folder each, and their list of entries in `games/mod.rs`.
    ("games", 3),
    // The list of games, what needs every game at once, and the handle front ends hold.
    ("registry", 4),
];

/// The layer of `lib.rs`, which declares every module.
const ROOT_LAYER: usize = 5;

/// Imports known to run up the layers, each as (file under `src/`, the module path it names
/// a prefix of), to be removed with the violation: none. An entry that no longer matches an
/// import fails the test, so that the list cannot outlive a violation.
const KNOWN: &[(&str, &str)] = &[];

/// Circles known, each as the crate's folder and the sorted modules or files (under its
/// `src/`) that import each other, to be opened: an entry that no longer matches a circle
/// fails the test, so that the list cannot outlive it, and a circle not listed fails it too.
const KNOWN_CIRCLES: &[(&str, &[&str])] = &[
    // The value store holds the guard of a bounded run (`bounds.rs`) and its thermographs
    // (`thermograph.rs`), which work on the store, as the watch of a valuation (`watch.rs`)
    // does.
    (
        "crates/grundy/src",
        &[
            "cgt/bounds.rs",
            "cgt/store.rs",
            "cgt/thermograph.rs",
            "cgt/watch.rs",
        ],
    ),
    // The Python package: the functions of its API (`grundy.value`, `grundy.define`) live
    // with the games a user writes (`user/`) and return the classes of the modules above
    // them; the class of a game and of a game in progress name each other. A loopy value
    // (`value_loopy`) is a kind of `grundy.Value`, and a user's game that loops is valued
    // into one (`user/loopy.rs`).
    (
        "python/src",
        &[
            "budget",
            "game",
            "games",
            "state",
            "takebreak",
            "user",
            "value",
            "value_loopy",
        ],
    ),
    (
        "python/src",
        &[
            "games.rs",
            "user/api.rs",
            "user/entry.rs",
            "user/loopy.rs",
            "user/solver.rs",
            "user/state.rs",
            "value.rs",
            "value_loopy.rs",
        ],
    ),
    ("python/src", &["game.rs", "state.rs"]),
];

/// One path in code: where it is, the module path it names (from the crate root), and
/// whether it is in test code (a module declared under `#[cfg(test)]`).
#[derive(Debug)]
struct Import {
    line: usize,
    path: Vec<String>,
    test: bool,
}

/// A source file of a crate: its path under `src/`, its module path, and its imports.
#[derive(Debug)]
struct SourceFile {
    relative: String,
    module: Vec<String>,
    imports: Vec<Import>,
    /// True when the whole file is test code (declared under `#[cfg(test)]`, or inside such
    /// a module).
    test: bool,
}

/// The library's own `src/`.
fn library_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_import_runs_up_the_layers_and_no_game_is_named_outside_its_folder() {
    let src = library_src();
    let games = game_folders(&src);
    let mut failures = Vec::new();
    let mut used_known = BTreeSet::new();
    for file in read_crate(&src) {
        let relative = &file.relative;
        let own_layer = match file.module.first() {
            None => ROOT_LAYER,
            Some(top) => match layer_of(top) {
                Some(layer) => layer,
                None => {
                    failures.push(format!(
                        "src/{relative}: the module `{top}` has no layer; add it to LAYERS in \
                         crates/grundy/tests/integration/layers.rs"
                    ));
                    continue;
                }
            },
        };
        for import in &file.imports {
            let named = import.path.join("::");
            let known = KNOWN
                .iter()
                .find(|(known_file, prefix)| {
                    known_file == relative
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

#[test]
fn every_top_level_module_of_the_library_has_a_layer_and_every_layer_a_module() {
    let src = library_src();
    let modules: BTreeSet<String> = read_crate(&src)
        .into_iter()
        .filter_map(|file| file.module.first().cloned())
        .collect();
    let listed: BTreeSet<String> = LAYERS.iter().map(|(name, _)| name.to_string()).collect();
    assert_eq!(modules, listed, "LAYERS and the modules of src/ differ");
}

#[test]
fn no_circle_of_imports_joins_two_modules_or_two_files_in_any_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let crates = crate_sources(&root);
    assert!(
        crates.len() >= 6,
        "the crates of the repository were not found: {crates:?}"
    );
    let mut failures = Vec::new();
    let mut used_known: BTreeSet<usize> = BTreeSet::new();
    for src in &crates {
        let shown = src
            .strip_prefix(&root)
            .unwrap_or(src)
            .to_string_lossy()
            .replace('\\', "/");
        let files = read_crate(src);
        // Top-level modules, test code included.
        let mut modules: Edges = BTreeMap::new();
        // Files, test code aside.
        let mut links: Edges = BTreeMap::new();
        for file in &files {
            for import in &file.imports {
                let Some(target) = target_file(&files, &import.path) else {
                    continue;
                };
                let evidence = format!(
                    "{shown}/{}:{} `{}`",
                    file.relative,
                    import.line,
                    import.path.join("::")
                );
                if let (Some(from), Some(to)) = (file.module.first(), target.module.first()) {
                    if from != to {
                        modules
                            .entry(from.clone())
                            .or_default()
                            .entry(to.clone())
                            .or_insert_with(|| evidence.clone());
                    }
                }
                if !file.test && !import.test && target.relative != file.relative {
                    links
                        .entry(file.relative.clone())
                        .or_default()
                        .entry(target.relative.clone())
                        .or_insert(evidence);
                }
            }
        }
        for (what, edges) in [("modules", &modules), ("files", &links)] {
            for circle in circles(edges) {
                let known = KNOWN_CIRCLES.iter().position(|(folder, names)| {
                    *folder == shown && names.iter().copied().eq(circle.iter().map(String::as_str))
                });
                match known {
                    Some(index) => {
                        used_known.insert(index);
                    }
                    None => failures.push(format!(
                        "{shown}: the {what} {} import each other: {}",
                        circle.join(", "),
                        described(edges, &circle)
                    )),
                }
            }
        }
    }
    for (index, (folder, names)) in KNOWN_CIRCLES.iter().enumerate() {
        if !used_known.contains(&index) {
            failures.push(format!(
                "KNOWN_CIRCLES lists {folder}: {}, which no longer import each other in a \
                 circle: remove it",
                names.join(", ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} circle(s) of imports:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Imports from one module or file to another, each with the first place that shows it.
type Edges = BTreeMap<String, BTreeMap<String, String>>;

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

/// The `src/` folder of every crate of the repository under `root` (a folder holding
/// `lib.rs` or `main.rs`), build output and version control left out, sorted.
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !path.is_dir() || name.starts_with('.') || name == "target" {
                continue;
            }
            if name == "src" && (path.join("lib.rs").is_file() || path.join("main.rs").is_file()) {
                found.push(path);
            } else {
                folders.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Every source file of the crate whose `src/` is `src`, read: the files of `src/bin/`
/// (each a crate of its own) left out.
fn read_crate(src: &Path) -> Vec<SourceFile> {
    let mut files = Vec::new();
    // The modules declared under `#[cfg(test)]` (`mod golden;`), by module path.
    let mut test_modules = Vec::new();
    for path in rust_files(src) {
        let relative = path
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative.starts_with("bin/") {
            continue;
        }
        let module = module_path(&relative);
        let (imports, test_children) = read_source(&fs::read_to_string(&path).unwrap(), &module);
        test_modules.extend(test_children);
        files.push(SourceFile {
            relative,
            module,
            imports,
            test: false,
        });
    }
    for file in &mut files {
        file.test = test_modules
            .iter()
            .any(|module| file.module.starts_with(module));
    }
    files
}

/// The file a path names: the file of the longest module the path starts with, if any.
fn target_file<'a>(files: &'a [SourceFile], path: &[String]) -> Option<&'a SourceFile> {
    (1..=path.len())
        .rev()
        .find_map(|length| files.iter().find(|file| file.module == path[..length]))
}

/// The circles of `edges` (strongly connected sets of two or more), each sorted, by
/// Tarjan's algorithm.
fn circles(edges: &Edges) -> Vec<Vec<String>> {
    struct Search<'a> {
        edges: &'a Edges,
        next: usize,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, node: &'a str) {
            self.index.insert(node, self.next);
            self.low.insert(node, self.next);
            self.next += 1;
            self.stack.push(node);
            if let Some(targets) = self.edges.get(node) {
                for target in targets.keys() {
                    let target = target.as_str();
                    if !self.index.contains_key(target) {
                        self.visit(target);
                        let low = self.low[node].min(self.low[target]);
                        self.low.insert(node, low);
                    } else if self.stack.contains(&target) {
                        let low = self.low[node].min(self.index[target]);
                        self.low.insert(node, low);
                    }
                }
            }
            if self.low[node] == self.index[node] {
                let mut circle = Vec::new();
                while let Some(member) = self.stack.pop() {
                    circle.push(member.to_string());
                    if member == node {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        next: 0,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !search.index.contains_key(node.as_str()) {
            search.visit(node);
        }
    }
    search.found
}

/// The imports that tie `circle` together, each with where it is.
fn described(edges: &Edges, circle: &[String]) -> String {
    let mut parts = Vec::new();
    for from in circle {
        for (to, evidence) in edges.get(from).into_iter().flatten() {
            if circle.contains(to) {
                parts.push(format!("{from} -> {to} ({evidence})"));
            }
        }
    }
    parts.join("; ")
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
/// `games::nim::play`, `games/nim/mod.rs` is `games::nim`, `lib.rs` (or `main.rs`) the
/// root.
fn module_path(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    let root = matches!(relative, "lib.rs" | "main.rs");
    if root || parts.last().map(String::as_str) == Some("mod") {
        parts.pop();
    }
    parts
}

/// Every path in `text` (a file of the module `module`) that starts at `crate`, `super` or
/// `self`, resolved from the crate root (a `use` group, `crate::{a, b::c}`, gives one path
/// per branch), and the module paths of the file modules it declares under `#[cfg(test)]`
/// (`#[cfg(test)] mod golden;`).
fn read_source(text: &str, module: &[String]) -> (Vec<Import>, Vec<Vec<String>>) {
    let tokens = tokens(text);
    let mut found = Vec::new();
    let mut test_children = Vec::new();
    // The inline modules open around the current token: (name, brace depth inside it,
    // whether it is test code).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    // Set by `#[cfg(test)]` until the item it stands on.
    let mut cfg_test = false;
    let mut i = 0;
    while i < tokens.len() {
        if is_cfg_test(&tokens[i..]) {
            cfg_test = true;
            i += 7;
            continue;
        }
        match &tokens[i].0 {
            Token::Open => {
                depth += 1;
                cfg_test = false;
            }
            Token::Close => {
                if inline.last().is_some_and(|(_, open, _)| *open == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                cfg_test = false;
            }
            Token::Semicolon => cfg_test = false,
            Token::Word(word) if word == "mod" => match (tokens.get(i + 1), tokens.get(i + 2)) {
                (Some((Token::Word(name), _)), Some((Token::Open, _))) => {
                    let test = cfg_test || inline.iter().any(|(_, _, test)| *test);
                    inline.push((name.clone(), depth + 1, test));
                }
                (Some((Token::Word(name), _)), Some((Token::Semicolon, _))) if cfg_test => {
                    let mut child = module.to_vec();
                    child.extend(inline.iter().map(|(name, _, _)| name.clone()));
                    child.push(name.clone());
                    test_children.push(child);
                }
                _ => {}
            },
            Token::Word(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && tokens.get(i + 1).map(|t| &t.0) == Some(&Token::PathSep)
                    && !(i > 0 && tokens[i - 1].0 == Token::PathSep) =>
            {
                let line = tokens[i].1;
                let test = inline.iter().any(|(_, _, test)| *test);
                let mut here: Vec<String> = module.to_vec();
                here.extend(inline.iter().map(|(name, _, _)| name.clone()));
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
                i = path_branches(&tokens, i, base, (line, test), &mut found);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (found, test_children)
}

/// Whether `tokens` starts with the attribute `#[cfg(test)]`.
fn is_cfg_test(tokens: &[(Token, usize)]) -> bool {
    let expected = [
        Token::Punct('#'),
        Token::Punct('['),
        Token::Word("cfg".into()),
        Token::Punct('('),
        Token::Word("test".into()),
        Token::Punct(')'),
        Token::Punct(']'),
    ];
    tokens.len() >= expected.len()
        && tokens
            .iter()
            .zip(&expected)
            .all(|((token, _), want)| token == want)
}

/// Reads a path's continuation from `tokens[i]` onwards (words joined by `::`, maybe a
/// `{…}` group), pushing one import per branch onto `found` with `base` before it; returns
/// the index after the path.
fn path_branches(
    tokens: &[(Token, usize)],
    mut i: usize,
    mut base: Vec<String>,
    (line, test): (usize, bool),
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
                            i = path_branches(tokens, i, base.clone(), (branch_line, test), found);
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
    found.push(Import {
        line,
        path: base,
        test,
    });
    i
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
    /// Any other character of punctuation (`#`, `[`, `(`).
    Punct(char),
    /// A string or character literal.
    Literal,
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
            out.push((Token::Literal, line));
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
            out.push((Token::Literal, line));
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
            out.push((Token::Literal, line));
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
                    other => Token::Punct(other),
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

#[test]
fn the_reader_resolves_paths_groups_and_inline_modules() {
    let module: Vec<String> = vec!["games".into(), "nim".into(), "play".into()];
    let text = r#"
// use crate::registry; (a comment)
use crate::{game::GameEntry, games::{nim, rectangle::play::X}};
use super::super::cuboid;
const S: &str = "crate::registry::all";
fn f() { let c = '{'; let _ = crate::report::Report::Solved; }
#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use super::Thing;
}
#[cfg(test)]
mod golden;
mod shown { use crate::player::Seat; }
"#;
    let (imports, test_children) = read_source(text, &module);
    let found: Vec<(usize, String, bool)> = imports
        .into_iter()
        .map(|import| (import.line, import.path.join("::"), import.test))
        .collect();
    assert_eq!(
        found,
        [
            (3, "game::GameEntry".to_string(), false),
            (3, "games::nim".to_string(), false),
            (3, "games::rectangle::play::X".to_string(), false),
            (4, "games::cuboid".to_string(), false),
            (6, "report::Report::Solved".to_string(), false),
            (10, "games::nim::play".to_string(), true),
            (11, "games::nim::play::Thing".to_string(), true),
            (15, "player::Seat".to_string(), false),
        ]
    );
    assert_eq!(test_children, [["games", "nim", "play", "golden"]]);
    assert_eq!(module_path("games/nim/mod.rs"), ["games", "nim"]);
    assert_eq!(module_path("lib.rs"), Vec::<String>::new());
    assert_eq!(module_path("main.rs"), Vec::<String>::new());
    assert_eq!(layer_of("registry"), Some(4));
}

#[test]
fn circles_are_found_and_a_line_of_imports_is_none() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut edges: Edges = BTreeMap::new();
        for (from, to) in pairs {
            edges
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string(), format!("{from}.rs"));
        }
        edges
    };
    assert!(circles(&edges(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
    let found = circles(&edges(&[
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("c", "d"),
        ("d", "e"),
        ("e", "d"),
    ]));
    assert_eq!(found.len(), 2);
    assert!(found.contains(&vec!["a".to_string(), "b".into(), "c".into()]));
    assert!(found.contains(&vec!["d".to_string(), "e".into()]));
    let tied = edges(&[("d", "e"), ("e", "d")]);
    assert_eq!(
        described(&tied, &["d".into(), "e".into()]),
        "d -> e (d.rs); e -> d (e.rs)"
    );
}
