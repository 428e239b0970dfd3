//! Merging a sharded tournament's records (`grundy_arena::merge::merge`) against the
//! baseline of only reading and parsing the same lines (`read_records`): 18 000 synthetic
//! Rectangle games in 8 shard files.
//!
//! `cargo bench -p grundy-arena --bench merge`

#![allow(missing_docs)]

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_arena::merge::merge;
use grundy_arena::record::{read_records, GameRecord, MoveRecord};
use grundy_arena::result::{GameResult, Termination};
use grundy_arena::shard::{RecordHeader, Settings, Shard, TournamentIdentity};

const SHARDS: u64 = 8;

/// Writes the shard files; returns their paths.
fn synthetic_records() -> std::io::Result<Vec<PathBuf>> {
    let dir = std::env::temp_dir().join(format!("grundy-merge-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let identity = TournamentIdentity {
        game: "rectangle".into(),
        players: (0..10).map(|i| format!("engine-{i}")).collect(),
        positions: (0..100).map(|i| format!("{}x{}", 40 + i, 30 + i)).collect(),
        rounds: 2,
        gauntlet: false,
        settings: Settings {
            movetime_ms: Some(100),
            gametime_ms: None,
            max_moves: 1_000_000,
            startup_ms: 10_000,
            command_ms: 5_000,
            quit_ms: 1_000,
        },
        seed: 1,
    };
    let keys = identity.keys();
    let mut paths = Vec::new();
    let mut files = Vec::new();
    for index in 0..SHARDS {
        let path = dir.join(format!("shard-{index}.jsonl"));
        let mut file = BufWriter::new(std::fs::File::create(&path)?);
        let header = RecordHeader {
            tournament: identity.clone(),
            games: keys.len(),
            shard: Shard {
                index,
                count: SHARDS,
            },
        };
        file.write_all(header.to_line()?.as_bytes())?;
        paths.push(path);
        files.push(file);
    }
    for (i, key) in keys.iter().enumerate() {
        let record = GameRecord {
            game: "rectangle".into(),
            position: key.position.clone(),
            players: [key.first.clone(), key.second.clone()],
            seed: i as u64,
            moves: (0..12)
                .map(|m| MoveRecord {
                    mv: format!("v{}", 1 + (i + m) % 37),
                    ms: 12.5 + m as f64,
                })
                .collect(),
            result: GameResult {
                winner: Some(if i % 3 == 0 { "second" } else { "first" }.into()),
                termination: Termination::Normal,
                detail: String::new(),
            },
            stderr: [String::new(), String::new()],
            notes: vec![],
            key: Some(key.clone()),
        };
        let line = serde_json::to_string(&record).map_err(std::io::Error::other)? + "\n";
        files[i % SHARDS as usize].write_all(line.as_bytes())?;
    }
    for mut file in files {
        file.flush()?;
    }
    Ok(paths)
}

fn bench(c: &mut Criterion) {
    let Ok(paths) = synthetic_records() else {
        eprintln!("cannot write the synthetic records");
        return;
    };
    let mut group = c.benchmark_group("merge 18000 games");
    group.sample_size(10);
    group.bench_function("read_records (baseline)", |b| {
        b.iter(|| {
            paths
                .iter()
                .map(|p| read_records(p).map_or(0, |(r, _)| r.len()))
                .sum::<usize>()
        })
    });
    group.bench_function("merge", |b| {
        b.iter(|| merge(&paths).map_or(0, |m| m.records.len()))
    });
    group.finish();
    if let Some(dir) = paths.first().and_then(|p| p.parent()) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
