//! The C referee that `grundy batch pousse` is benchmarked against (benches/c) answers
//! exactly as grundy does: on a generated input with thousands of games on 7 × 7, 30 × 30 and
//! 100 × 100 boards, and on hand-made inputs with the format's corners.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../benches/support/pousse_input.rs"]
mod pousse_input;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Compiles the C referee with `cc -O2` and `flags`, or `None` when no C compiler is
/// installed.
fn build_c(name: &str, flags: &[&str]) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/c/pousse_referee.c");
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    match Command::new("cc")
        .args(["-O2", "-Wall", "-Werror"])
        .args(flags)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
    {
        Ok(status) => {
            assert!(status.success(), "cc failed on {}", source.display());
            Some(binary)
        }
        Err(error) => {
            eprintln!("skipped: no C compiler ({error})");
            None
        }
    }
}

/// Runs `program` with `args` on `input` and returns its exit status and standard output.
fn run(program: &Path, args: &[&str], input: &[u8]) -> (bool, Vec<u8>) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A program that stops reading early closes the pipe; that is its answer.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (output.status.success(), output.stdout)
}

fn grundy_and_c_agree(c: &Path, input: &[u8]) {
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let expected = run(grundy, &["batch", "pousse"], input);
    let got = run(c, &[], input);
    assert_eq!(
        got,
        expected,
        "input {:?}",
        String::from_utf8_lossy(&input[..input.len().min(200)])
    );
}

#[test]
fn the_c_referee_answers_as_grundy_does() {
    for (name, flags) in [
        ("pousse_referee_c_test", &[][..]),
        ("pousse_referee_c_branch_free_test", &["-DBRANCH_FREE"][..]),
    ] {
        if let Some(c) = build_c(name, flags) {
            answers_as_grundy_does(&c);
        }
    }
}

fn answers_as_grundy_does(c: &Path) {
    let input = pousse_input::generate(7, 20_000, 20_000, 20_000);
    assert!(input.applied >= 60_000);
    grundy_and_c_agree(c, input.text.as_bytes());
    for input in [
        "",
        "4\nL2\nT2\nL2\nB2\nR2\nQUIT\n4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n",
        "1 L1 garbage L7 QUIT 1 QUIT",
        "3 L1 L3 R1 L3 L2 L3 QUIT",
        "3 l1 r03 t2 b2 QUIT +2 L1 QUIT",
        "2\r\n\tL1  R1\x0cT2 B2\nQUIT",
        "4 L2 Z9 QUIT",
        "4 L5 QUIT",
        "0 QUIT",
        "101 QUIT",
        "4 L2 T2",
        "4 QUIT\n7 B8 QUIT",
        "4 L2 quit",
        "4 L0 QUIT",
        "4 L1000000 QUIT",
    ] {
        grundy_and_c_agree(c, input.as_bytes());
    }
}
