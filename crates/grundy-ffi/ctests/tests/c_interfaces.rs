//! Every combination of the C interfaces, compiled with the machine's `gcc` and run: our
//! players with our libraries, our players with our C example libraries, our C example
//! solutions with our libraries, and deliberately wrong C solutions.
//!
//! The archives come from `target/<profile>/deps`, where Cargo put them while building this
//! crate's dependencies; each C program is linked once per test binary and reused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::thread;

use grundy::games::bidding::{Bidding, BiddingTable, Move};
use grundy::report::Outcome;

/// The libraries a Rust static archive needs from the system (`rustc --print
/// native-static-libs` for a `std` staticlib on Linux).
const NATIVE_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

/// The crate's C sources and headers.
fn ffi_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The newest `lib<name>-<hash>.a` in the directory of this test binary (target/<profile>/deps).
fn archive(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("the deps directory");
    let prefix = format!("lib{name}-");
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(deps)
        .expect("readable deps directory")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            file.starts_with(&prefix) && file.ends_with(".a")
        })
        .filter_map(|path| Some((path.metadata().ok()?.modified().ok()?, path)))
        .collect();
    found.sort();
    found
        .pop()
        .unwrap_or_else(|| panic!("no {prefix}*.a in {}", deps.display()))
        .1
}

/// The compiled programs, by combination.
struct Programs {
    _dir: tempfile::TempDir,
    rec_ours_ours: PathBuf,
    rec_ours_c: PathBuf,
    rec_c_ours: PathBuf,
    rec_wrong: PathBuf,
    lic_ours_ours: PathBuf,
    lic_ours_c: PathBuf,
    lic_c_ours: PathBuf,
    lic_wrong: PathBuf,
    rec_cpp_ours: PathBuf,
    lic_cpp_ours: PathBuf,
}

/// Links `sources` (relative to the crate) and `archives` into `out` with gcc; a first
/// source named `c++:...` is compiled as C++ by g++ instead (a contestant's `rec.cpp`).
fn link(out: &Path, sources: &[&str], archives: &[PathBuf]) {
    let dir = ffi_dir();
    let cpp = sources
        .first()
        .is_some_and(|source| source.starts_with("c++:"));
    let mut command = Command::new(if cpp { "g++" } else { "gcc" });
    if cpp {
        command.arg("-x").arg("c++");
    }
    command
        .arg("-O2")
        .arg("-Wall")
        .arg("-I")
        .arg(dir.join("include"))
        .arg("-o")
        .arg(out);
    for source in sources {
        command.arg(dir.join(source.trim_start_matches("c++:")));
    }
    if cpp {
        command.arg("-x").arg("none");
    }
    command.args(archives).args(NATIVE_LIBS);
    let output = command.output().expect("gcc runs");
    assert!(
        output.status.success(),
        "gcc failed for {}: {}",
        out.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every program, linked once (in parallel) on first use.
fn programs() -> &'static Programs {
    static PROGRAMS: OnceLock<Programs> = OnceLock::new();
    PROGRAMS.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let creclib = archive("grundy_creclib");
        let cliclib = archive("grundy_cliclib");
        let rec_player = archive("grundy_rec_player");
        let lic_player = archive("grundy_lic_player");
        let path = |name: &str| dir.path().join(name);
        let jobs: Vec<(PathBuf, Vec<&str>, Vec<PathBuf>)> = vec![
            (
                path("rec_ours_ours"),
                vec!["c/player/rec.c"],
                vec![rec_player.clone(), creclib.clone()],
            ),
            (
                path("rec_ours_c"),
                vec!["c/player/rec.c", "c/lib/creclib.c"],
                vec![rec_player],
            ),
            (
                path("rec_c_ours"),
                vec!["c/solutions/rec.c"],
                vec![creclib.clone()],
            ),
            (path("rec_wrong"), vec!["c/wrong/rec.c"], vec![creclib]),
            (
                path("lic_ours_ours"),
                vec!["c/player/lic.c"],
                vec![lic_player.clone(), cliclib.clone()],
            ),
            (
                path("lic_ours_c"),
                vec!["c/player/lic.c", "c/lib/cliclib.c"],
                vec![lic_player],
            ),
            (
                path("lic_c_ours"),
                vec!["c/solutions/lic.c"],
                vec![cliclib.clone()],
            ),
            (
                path("lic_wrong"),
                vec!["c/wrong/lic.c"],
                vec![cliclib.clone()],
            ),
            (
                path("rec_cpp_ours"),
                vec!["c++:c/solutions/rec.c"],
                vec![archive("grundy_creclib")],
            ),
            (
                path("lic_cpp_ours"),
                vec!["c++:c/solutions/lic.c"],
                vec![cliclib],
            ),
        ];
        thread::scope(|scope| {
            for (out, sources, archives) in &jobs {
                scope.spawn(move || link(out, sources, archives));
            }
        });
        Programs {
            rec_ours_ours: path("rec_ours_ours"),
            rec_ours_c: path("rec_ours_c"),
            rec_c_ours: path("rec_c_ours"),
            rec_wrong: path("rec_wrong"),
            lic_ours_ours: path("lic_ours_ours"),
            lic_ours_c: path("lic_ours_c"),
            lic_c_ours: path("lic_c_ours"),
            lic_wrong: path("lic_wrong"),
            rec_cpp_ours: path("rec_cpp_ours"),
            lic_cpp_ours: path("lic_cpp_ours"),
            _dir: dir,
        }
    })
}

/// Runs a program with `stdin`, an argument list and `GRUNDY_*` variables; returns the exit
/// code and the last line of standard output.
fn run(program: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> (i32, String) {
    let mut command = Command::new(program);
    command
        .args(args)
        .env_remove("GRUNDY_STRATEGY")
        .env_remove("GRUNDY_SEED")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the program starts");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        // The library may exit before reading everything; a broken pipe is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child.wait_with_output().expect("the program ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or("").to_string();
    (output.status.code().unwrap_or(-1), last)
}

/// The official REC test sizes with the moves our player needs against shave-one and
/// against the stubborn (and perfect) library; `None` where the stubborn game is too long
/// for a quick test.
const REC_SIZES: &[(u64, u64, u64, Option<u64>)] = &[
    (4, 3, 5, Some(5)),
    (33, 11, 13, Some(13)),
    (80, 57, 23, Some(35)),
    (640, 307, 37, Some(89)),
    (1015, 1279, 37, Some(37)),
    (41257, 55467, 69, Some(13_875)),
    (166001, 225412, 77, Some(83_007)),
    (2152364, 3521458, 103, None),
    (62541235, 63252365, 125, None),
    (100000000, 99999999, 123, Some(390_659)),
    (100000000, 99999998, 137, None),
];

fn rec_input(w: u64, h: u64) -> String {
    format!("{w}\n{h}\n")
}

#[test]
fn rec_our_player_with_our_library_on_the_contest_sizes() {
    let p = programs();
    for &(w, h, shave, stubborn) in REC_SIZES {
        let input = rec_input(w, h);
        let got = run(
            &p.rec_ours_ours,
            &[],
            &input,
            &[("GRUNDY_STRATEGY", "shave")],
        );
        assert_eq!(got, (0, format!("WIN in {shave} moves")), "{w}x{h} shave");
        if let Some(stubborn) = stubborn {
            for strategy in ["perfect", "stubborn"] {
                let got = run(
                    &p.rec_ours_ours,
                    &[],
                    &input,
                    &[("GRUNDY_STRATEGY", strategy)],
                );
                assert_eq!(
                    got,
                    (0, format!("WIN in {stubborn} moves")),
                    "{w}x{h} {strategy}"
                );
            }
        }
        for strategy in ["random", "noisy"] {
            for seed in ["1", "2"] {
                let env = [("GRUNDY_STRATEGY", strategy), ("GRUNDY_SEED", seed)];
                let (code, line) = run(&p.rec_ours_ours, &[], &input, &env);
                assert_eq!(code, 0, "{w}x{h} {strategy} {seed}: {line}");
                assert!(line.starts_with("WIN in "), "{line}");
            }
        }
    }
}

#[test]
fn rec_our_player_with_our_library_on_small_rectangles() {
    let p = programs();
    let table = grundy::games::rectangle::remoteness::small_table();
    for w in 1..=9u64 {
        for h in 1..=9u64 {
            let start = grundy::games::rectangle::Rectangle::new(w, h).unwrap();
            let remoteness = table.get(&start).unwrap();
            let lost = grundy::games::rectangle::solve::outcome(&start) == Outcome::Loss;
            let strategies: &[&str] = if lost {
                &["perfect"]
            } else {
                &["perfect", "stubborn", "shave", "random", "noisy"]
            };
            for strategy in strategies {
                let got = run(
                    &p.rec_ours_ours,
                    &[],
                    &rec_input(w, h),
                    &[("GRUNDY_STRATEGY", strategy)],
                );
                if lost {
                    // Our player drags the lost game to the exact remoteness.
                    assert_eq!(got, (1, format!("LOSS in {remoteness} moves")), "{w}x{h}");
                } else {
                    assert_eq!(got.0, 0, "{w}x{h} {strategy}: {}", got.1);
                    if *strategy == "perfect" {
                        let plural = if remoteness == 1 { "" } else { "s" };
                        assert_eq!(got.1, format!("WIN in {remoteness} move{plural}"));
                    }
                }
            }
        }
    }
}

#[test]
fn rec_our_player_with_the_c_library() {
    let p = programs();
    for &(w, h, shave, _) in REC_SIZES {
        let got = run(&p.rec_ours_c, &[], &rec_input(w, h), &[]);
        // The C example library shaves one unit off the longer side, like `shave`.
        assert_eq!(got, (0, format!("WIN in {shave} moves")), "{w}x{h}");
    }
}

#[test]
fn rec_c_solution_with_our_library() {
    let p = programs();
    for &(w, h, _, _) in REC_SIZES {
        // The example solution wins but does not hurry: a stubborn library drags big games
        // out to millions of moves, so those run against the quick opponents only.
        let strategies: &[&str] = if w <= 1015 {
            &["perfect", "shave", "random", "noisy"]
        } else {
            &["shave", "random"]
        };
        for strategy in strategies {
            let (code, line) = run(
                &p.rec_c_ours,
                &[],
                &rec_input(w, h),
                &[("GRUNDY_STRATEGY", strategy)],
            );
            assert_eq!(code, 0, "{w}x{h} {strategy}: {line}");
            assert!(line.starts_with("WIN in "), "{line}");
        }
    }
}

#[test]
fn rec_wrong_solutions_and_bad_input() {
    let p = programs();
    assert_eq!(
        run(&p.rec_wrong, &["range"], "4\n3\n", &[]),
        (
            2,
            "ILLEGAL: cut(vertical, 0) on 4x3: position must be 1..3".to_string()
        )
    );
    assert_eq!(
        run(&p.rec_wrong, &["dir"], "4\n3\n", &[]),
        (
            2,
            "ILLEGAL: cut(7, 1) on 4x3: the direction must be vertical (0) or horizontal (1)"
                .to_string()
        )
    );
    assert_eq!(
        run(&p.rec_wrong, &["quit"], "4\n3\n", &[]),
        (
            2,
            "ILLEGAL: the program ended before the game did (after 2 moves)".to_string()
        )
    );
    // Output the solution left in C's stdio buffer is flushed before the verdict.
    let (code, line) = run(&p.rec_wrong, &["chatty"], "33\n11\n", &[]);
    assert_eq!(code, 1);
    assert!(line.starts_with("LOSS in "), "{line}");
    // Shaving loses these winnable starts against the perfect library.
    for (w, h) in [(33, 11), (80, 57), (41257, 55467), (100000000, 99999999)] {
        let (code, line) = run(&p.rec_wrong, &["bad"], &rec_input(w, h), &[]);
        assert_eq!(code, 1, "{w}x{h}: {line}");
        assert!(line.starts_with("LOSS in "), "{line}");
    }
    let (code, line) = run(&p.rec_c_ours, &[], "0\n3\n", &[]);
    assert_eq!(code, 2);
    assert!(line.starts_with("ERROR: input: the width"), "{line}");
    let (code, line) = run(&p.rec_c_ours, &[], "4\n", &[]);
    assert_eq!(code, 2);
    assert!(line.contains("height"), "{line}");
    let (code, line) = run(
        &p.rec_c_ours,
        &[],
        "4\n3\n",
        &[("GRUNDY_STRATEGY", "clever")],
    );
    assert_eq!(code, 2);
    assert!(line.contains("GRUNDY_STRATEGY"), "{line}");
    assert_eq!(
        run(&p.rec_c_ours, &[], "1\n1\n", &[]),
        (1, "LOSS in 0 moves".to_string())
    );
}

/// The POI test sizes with the judge's strategy code.
const LIC_TESTS: &[(u64, u8)] = &[
    (5, 2),
    (7, 2),
    (10, 2),
    (13, 2),
    (15, 2),
    (17, 2),
    (18, 2),
    (20, 2),
    (22, 2),
    (25, 2),
    (129, 1),
    (390, 2),
    (891, 1),
    (1700, 2),
    (2000, 0),
    (9001, 1),
    (14000, 2),
    (21060, 0),
    (27400, 2),
    (29990, 2),
];

const LIC_STRATEGIES: [&str; 6] = ["perfect", "optimal", "noisy", "opening", "random", "cyclic"];

#[test]
fn lic_our_player_with_our_library_on_the_contest_tests() {
    let p = programs();
    for &(n, code) in LIC_TESTS {
        for check in [1, 2] {
            let (exit, line) = run(
                &p.lic_ours_ours,
                &[],
                &format!("{n}\n{code} {check}\n"),
                &[],
            );
            assert_eq!(exit, 0, "n {n} code {code}: {line}");
            assert!(line.starts_with("WIN in "), "{line}");
        }
        for strategy in LIC_STRATEGIES {
            let (exit, line) = run(
                &p.lic_ours_ours,
                &[],
                &format!("{n}\n"),
                &[("GRUNDY_STRATEGY", strategy), ("GRUNDY_SEED", "5")],
            );
            assert_eq!(exit, 0, "n {n} {strategy}: {line}");
            assert!(line.starts_with("WIN in "), "{line}");
        }
    }
}

#[test]
fn lic_our_player_with_our_library_on_small_n() {
    let p = programs();
    let table = BiddingTable::new(40).unwrap();
    for n in 1..=40u64 {
        let value = table.value(&Bidding::start(n).unwrap()).unwrap();
        let moves = value.moves_to_end();
        let plural = if moves == 1 { "" } else { "s" };
        let expected = match value.outcome() {
            Outcome::Win => (0, format!("WIN in {moves} move{plural}")),
            Outcome::Loss => (1, format!("LOSS in {moves} move{plural}")),
        };
        assert_eq!(
            run(&p.lic_ours_ours, &[], &format!("{n}\n"), &[]),
            expected,
            "n {n}"
        );
    }
}

#[test]
fn lic_our_player_with_the_c_library() {
    let p = programs();
    for &(n, _) in LIC_TESTS {
        // The C library plays the moves given after n, then pass, double, triple, ...
        for script in ["", "2 2 3 1 3"] {
            let (exit, line) = run(&p.lic_ours_c, &[], &format!("{n}\n{script}\n"), &[]);
            assert_eq!(exit, 0, "n {n} {script:?}: {line}");
            assert!(line.starts_with("WIN in "), "{line}");
        }
    }
}

#[test]
fn lic_c_solution_with_our_library() {
    let p = programs();
    for &(n, code) in LIC_TESTS {
        let (exit, line) = run(&p.lic_c_ours, &[], &format!("{n} {code} 7\n"), &[]);
        assert_eq!(exit, 0, "n {n}: {line}");
        assert!(line.starts_with("WIN in "), "{line}");
        for strategy in ["perfect", "random", "cyclic"] {
            let (exit, line) = run(
                &p.lic_c_ours,
                &[],
                &format!("{n}\n"),
                &[("GRUNDY_STRATEGY", strategy)],
            );
            assert_eq!(exit, 0, "n {n} {strategy}: {line}");
        }
    }
}

#[test]
fn lic_wrong_solutions_and_bad_input() {
    let p = programs();
    let cases = [
        ("noinit", "ILLEGAL: alojzy(1) called before inicjuj()"),
        (
            "twice",
            "ILLEGAL: alojzy(2) called twice in a row: bajtazar() must come between",
        ),
        (
            "extra",
            "ILLEGAL: bajtazar() called twice in a row: alojzy(x) must come between",
        ),
        (
            "code",
            "ILLEGAL: alojzy(4) at pile 0, stake 1, n 15: the move must be 1 (pass), 2 (double) or 3 (triple)",
        ),
        (
            "forced",
            "ILLEGAL: alojzy(2) at pile 0, stake 16, n 15: pile + stake >= n, only a pass (1) is allowed",
        ),
    ];
    let cases = cases.into_iter().chain([(
        "quit",
        "ILLEGAL: the program ended before the game did (after 2 moves)",
    )]);
    for (mode, line) in cases {
        assert_eq!(
            run(&p.lic_wrong, &[mode], "15\n", &[]),
            (2, line.to_string()),
            "{mode}"
        );
    }
    // Always passing loses every winnable start where passing first is not a winning move.
    let table = BiddingTable::new(30_000).unwrap();
    let mut checked = 0;
    for &(n, _) in LIC_TESTS {
        let start = Bidding::start(n).unwrap();
        if table.winning_moves(&start).unwrap().contains(&Move::Pass) {
            continue;
        }
        let (exit, line) = run(&p.lic_wrong, &["bad"], &format!("{n}\n"), &[]);
        assert_eq!(exit, 1, "n {n}: {line}");
        assert!(line.starts_with("LOSS in "), "{line}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} starts checked");
    let (exit, line) = run(&p.lic_c_ours, &[], "0\n", &[]);
    assert_eq!(exit, 2);
    assert!(
        line.starts_with("ERROR: input: n must be between"),
        "{line}"
    );
    let (exit, line) = run(&p.lic_c_ours, &[], "15 9\n", &[]);
    assert_eq!(exit, 2);
    assert!(line.contains("strategy code"), "{line}");
}

#[test]
fn cpp_solutions_link_against_our_libraries() {
    // The headers have no `extern "C"`: a solution compiled with g++ asks for C++ names,
    // which the libraries export too.
    let p = programs();
    for &(w, h, _, _) in &REC_SIZES[..6] {
        let (code, line) = run(&p.rec_cpp_ours, &[], &rec_input(w, h), &[]);
        assert_eq!(code, 0, "{w}x{h}: {line}");
        assert!(line.starts_with("WIN in "), "{line}");
    }
    for &(n, code) in LIC_TESTS {
        let (exit, line) = run(&p.lic_cpp_ours, &[], &format!("{n} {code} 3\n"), &[]);
        assert_eq!(exit, 0, "n {n}: {line}");
        assert!(line.starts_with("WIN in "), "{line}");
    }
}
