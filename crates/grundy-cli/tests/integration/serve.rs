//! `grundy serve` end to end: it refuses a records path that is not a directory, and it
//! answers the API on the address it prints.

#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use assert_cmd::prelude::*;
use predicates::prelude::*;

#[test]
fn a_records_path_that_is_not_a_directory_is_refused() {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["serve", "--addr", "127.0.0.1:0", "--records", "no/such/dir"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--records no/such/dir: not a directory",
        ));
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["serve", "--addr", "localhost:eighty"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--addr"));
}

/// Kills the server when the test ends, however it ends.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_server_answers_on_the_address_it_prints() {
    let records = tempfile::tempdir().unwrap();
    let mut child = Command::cargo_bin("grundy")
        .unwrap()
        .args(["serve", "--addr", "127.0.0.1:0", "--records"])
        .arg(records.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _server = Server(child);
    let mut line = String::new();
    BufReader::new(stderr).read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("grundy serve: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line: {line}"));
    assert!(addr.starts_with("127.0.0.1:"), "loopback: {addr}");
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"name\":\"pousse\""), "{reply}");
}
