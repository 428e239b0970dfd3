//! The arena's record files: one line as a game record (JSON) and as a tournament's header,
//! and the whole input as a record file read by `read_records` and joined by `merge`.
//! Nothing may panic; a record or header that reads writes a line that reads back.
//!
//! `merge` builds the whole schedule that a header describes (players² × positions × rounds
//! games) before it reads a game, so it is called only when every header line of the input
//! describes at most [`MAX_SCHEDULE`] games: a header of a few bytes can claim billions.
#![no_main]

use grundy_arena::record::{read_records, GameRecord};
use grundy_arena::shard::RecordHeader;
use libfuzzer_sys::fuzz_target;

/// The largest schedule (in games) a header may describe for the input to be merged.
const MAX_SCHEDULE: u128 = 10_000;

/// The games of the schedule `header` describes, at most (every pair both ways).
fn schedule_size(header: &RecordHeader) -> u128 {
    let identity = &header.tournament;
    let players = identity.players.len() as u128;
    players * players * identity.positions.len() as u128 * u128::from(identity.rounds)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut small = true;
    for line in text.lines() {
        if let Some(header) = RecordHeader::from_line(line) {
            small &= schedule_size(&header) <= MAX_SCHEDULE;
        }
    }
    for line in text.lines().take(16) {
        if let Ok(record) = serde_json::from_str::<GameRecord>(line) {
            let written = serde_json::to_string(&record).expect("a record writes");
            if let Err(error) = serde_json::from_str::<GameRecord>(&written) {
                panic!("{written:?} from {line:?} does not read back: {error}");
            }
        }
        if let Some(header) = RecordHeader::from_line(line) {
            let written = header.to_line().expect("a header writes");
            assert!(
                RecordHeader::from_line(&written).is_some(),
                "{written:?} from {line:?} does not read back"
            );
        }
    }
    let path = grundy_fuzz::scratch_file("record.jsonl", data);
    let _ = read_records(&path);
    if small {
        let paths = [path];
        let _ = grundy_arena::merge::merge_partial(&paths);
        let _ = grundy_arena::merge::merge(&paths);
    }
});
