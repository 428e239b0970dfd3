//! Table files: the cuboid table's `decode` and the Pousse table reader (which reads a
//! path: the input is written to a scratch file). Neither may panic, nor allocate more than
//! the file's length promises; a cuboid table that decodes encodes to a file that decodes.
//!
//! The first byte picks the reader (bit 0: cuboid or Pousse) and whether the checksum at
//! offset 24 is first set to the payload's hash (bit 1), so that the fuzzer, which cannot
//! forge a 64-bit hash, also reaches the code behind the checksum. The rest is the file.
#![no_main]

use grundy::checksum::payload_hash;
use grundy::games::cuboid::file;
use grundy::games::pousse::solved::SolvedTable;
use libfuzzer_sys::fuzz_target;

/// Where both formats keep the payload's hash, and the length of their headers.
const CHECKSUM_AT: usize = 24;
const HEADER_LEN: usize = 32;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let mut bytes = bytes.to_vec();
    if pick & 2 != 0 && bytes.len() >= HEADER_LEN {
        let hash = payload_hash(&bytes[HEADER_LEN..]);
        bytes[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&hash.to_le_bytes());
    }
    if pick & 1 == 0 {
        if let Ok(table) = file::decode(&bytes) {
            let encoded = file::encode(&table);
            if let Err(problem) = file::decode(&encoded) {
                panic!("a decoded table encodes to a file that does not decode: {problem}");
            }
        }
    } else {
        let path = grundy_fuzz::scratch_file("pousse.table", &bytes);
        let _ = SolvedTable::read(&path);
    }
});
