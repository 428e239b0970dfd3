//! The cost of merging a sharded tournament's records: writes a synthetic record set of
//! GAMES games in SHARDS shard files (lines of the size real Rectangle records have, about
//! 500 bytes), then times `merge` against the baseline of only reading and parsing the same
//! lines (`read_records`), in the same run.
//!
//! `cargo run --release -p grundy-arena --example merge_cost -- GAMES SHARDS [DIR]`

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use grundy_arena::merge::merge;
use grundy_arena::record::{read_records, GameRecord, MoveRecord};
use grundy_arena::result::{GameResult, Termination};
use grundy_arena::shard::{RecordHeader, Settings, Shard, TournamentIdentity};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).map_or(Ok(100_000), |a| a.parse())?;
    let shards: u64 = args.get(2).map_or(Ok(16), |a| a.parse())?;
    let dir = PathBuf::from(
        args.get(3)
            .cloned()
            .unwrap_or_else(|| format!("/tmp/grundy-merge-cost-{games}")),
    );
    std::fs::create_dir_all(&dir)?;
    // Ten players, a hundred positions: 9 000 games a round.
    let players: Vec<String> = (0..10).map(|i| format!("cmd:./engine-{i}")).collect();
    let positions: Vec<String> = (0..100).map(|i| format!("{}x{}", 40 + i, 30 + i)).collect();
    let per_round = 90 * positions.len();
    let identity = TournamentIdentity {
        game: "rectangle".into(),
        players,
        positions,
        rounds: games.div_ceil(per_round) as u32,
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
    let written = Instant::now();
    let mut paths = Vec::new();
    let mut files = Vec::new();
    for index in 0..shards {
        let path = dir.join(format!("shard-{index}.jsonl"));
        let mut file = BufWriter::new(std::fs::File::create(&path)?);
        let header = RecordHeader {
            tournament: identity.clone(),
            games: keys.len(),
            shard: Shard {
                index,
                count: shards,
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
            seed: i as u64 * 0x9e37_79b9_7f4a_7c15,
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
        let mut line = serde_json::to_string(&record)?;
        line.push('\n');
        files[i % shards as usize].write_all(line.as_bytes())?;
    }
    for mut file in files {
        file.flush()?;
    }
    let bytes: u64 = paths
        .iter()
        .map(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .sum();
    println!(
        "{} games in {shards} shards, {:.1} MB ({:.0} bytes a game), written in {:.2} s",
        keys.len(),
        bytes as f64 / 1e6,
        bytes as f64 / keys.len() as f64,
        written.elapsed().as_secs_f64()
    );
    let read = Instant::now();
    let mut lines = 0;
    for path in &paths {
        lines += read_records(path)?.0.len();
    }
    let read = read.elapsed().as_secs_f64();
    let merged = Instant::now();
    let result = merge(&paths)?;
    let merged = merged.elapsed().as_secs_f64();
    assert_eq!(result.records.len(), keys.len());
    assert_eq!(lines, keys.len());
    println!(
        "read_records (baseline): {read:.2} s; merge: {merged:.2} s; ratio {:.2}",
        merged / read
    );
    Ok(())
}
