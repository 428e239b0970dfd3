//! The table file: a 32-byte header, then one byte per board (format in
//! `docs/pousse-table.md`).
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRPOUSSE` |
//! | 8 | 2 | format version, little-endian (1) |
//! | 10 | 1 | board size N |
//! | 11 | 1 | rule set (0: Waterloo) |
//! | 12 | 1 | encoding (1: one byte per board) |
//! | 13 | 3 | zero |
//! | 16 | 8 | board count 3^(N²), little-endian |
//! | 24 | 8 | FNV-1a 64-bit hash of the payload, little-endian |
//! | 32 | count | the payload: the value byte of every board with X to move, by index |
//!
//! Every way a file can be wrong is a [`SolvedTableProblem`] named with the file's path; reading
//! never panics and never allocates more than the header's count after checking it against
//! the file's length.

use std::fmt;
use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

use super::code;
use super::index::{Indexer, MAX_TABLE_SIZE};
use super::SolvedTable;
use crate::tables::write_atomically;

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"GRPOUSSE";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// The length of the header before the payload.
pub const HEADER_LEN: usize = 32;
/// The rule set byte of the Waterloo rules (the only one tabulated).
const RULES_WATERLOO: u8 = 0;
/// The encoding byte of one value byte per board.
const ENCODING_BYTES: u8 = 1;

/// What is wrong with a table file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolvedTableProblem {
    /// The file could not be opened or read (the system's reason).
    Unreadable(String),
    /// The file could not be written (the system's reason).
    Unwritable(String),
    /// Shorter than the header.
    TruncatedHeader {
        /// The file's length in bytes.
        length: u64,
    },
    /// The magic bytes are not `GRPOUSSE`: not a grundy Pousse table.
    Magic,
    /// A format version this code does not read.
    Version {
        /// The version in the file.
        found: u16,
    },
    /// A board size outside 1 to 4.
    BadSize {
        /// The size byte in the file.
        found: u8,
    },
    /// Built for another board size than the one asked for.
    WrongSize {
        /// The size the file holds.
        found: usize,
        /// The size asked for.
        expected: usize,
    },
    /// A rule set byte other than Waterloo's.
    Rules {
        /// The rule set byte in the file.
        found: u8,
    },
    /// An encoding byte other than one byte per board.
    Encoding {
        /// The encoding byte in the file.
        found: u8,
    },
    /// The board count is not 3^(N²).
    Count {
        /// The count in the header.
        found: u64,
        /// 3^(N²).
        expected: u64,
    },
    /// The file is not exactly header plus payload long (truncated, or with extra bytes).
    Length {
        /// The file's length in bytes.
        found: u64,
        /// The length the header implies.
        expected: u64,
    },
    /// The payload's hash differs from the header's (the file is corrupted).
    Checksum {
        /// The hash in the header.
        stored: u64,
        /// The hash of the payload read.
        computed: u64,
    },
    /// A payload byte that encodes no value.
    Value {
        /// The board index of the byte.
        index: u64,
        /// The byte.
        byte: u8,
    },
}

impl fmt::Display for SolvedTableProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolvedTableProblem::Unreadable(reason) => write!(f, "cannot be read: {reason}"),
            SolvedTableProblem::Unwritable(reason) => write!(f, "cannot be written: {reason}"),
            SolvedTableProblem::TruncatedHeader { length } => write!(
                f,
                "truncated: {length} bytes, shorter than the {HEADER_LEN}-byte header"
            ),
            SolvedTableProblem::Magic => f.write_str("not a grundy Pousse table (wrong magic bytes)"),
            SolvedTableProblem::Version { found } => write!(
                f,
                "format version {found}, but this grundy reads version {FORMAT_VERSION}; \
                 rebuild it with `grundy solve-table`"
            ),
            SolvedTableProblem::BadSize { found } => write!(
                f,
                "board size {found} in the header; tables cover sizes 1 to {MAX_TABLE_SIZE}"
            ),
            SolvedTableProblem::WrongSize { found, expected } => write!(
                f,
                "built for {found} × {found} boards, not {expected} × {expected}"
            ),
            SolvedTableProblem::Rules { found } => {
                write!(f, "rule set byte {found} is unknown (0 is Waterloo)")
            }
            SolvedTableProblem::Encoding { found } => {
                write!(
                    f,
                    "encoding byte {found} is unknown (1 is one byte per board)"
                )
            }
            SolvedTableProblem::Count { found, expected } => write!(
                f,
                "the header counts {found} boards, but the board size has {expected}"
            ),
            SolvedTableProblem::Length { found, expected } => {
                let how = if found < expected {
                    "truncated"
                } else {
                    "too long"
                };
                write!(f, "{how}: {found} bytes where {expected} were expected")
            }
            SolvedTableProblem::Checksum { stored, computed } => write!(
                f,
                "corrupted: the payload hashes to {computed:016x}, the header says {stored:016x}"
            ),
            SolvedTableProblem::Value { index, byte } => {
                write!(f, "corrupted: byte {byte} of board {index} is no value")
            }
        }
    }
}

/// A Pousse table file that could not be read or written: the file and what is wrong.
pub type TableFileError = crate::tables::TableFileError<SolvedTableProblem>;

impl crate::tables::FormatProblem for SolvedTableProblem {
    const TABLE: &'static str = "Pousse table";

    fn is_unwritable(&self) -> bool {
        matches!(self, SolvedTableProblem::Unwritable(_))
    }

    fn is_damage(&self) -> bool {
        matches!(
            self,
            SolvedTableProblem::TruncatedHeader { .. }
                | SolvedTableProblem::Count { .. }
                | SolvedTableProblem::Length { .. }
                | SolvedTableProblem::Checksum { .. }
                | SolvedTableProblem::Value { .. }
        )
    }
}

pub use crate::checksum::payload_hash;

fn header(size: usize, count: u64, checksum: u64) -> [u8; HEADER_LEN] {
    let mut header = [0u8; HEADER_LEN];
    header[..8].copy_from_slice(&MAGIC);
    header[8..10].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    header[10] = size as u8;
    header[11] = RULES_WATERLOO;
    header[12] = ENCODING_BYTES;
    header[16..24].copy_from_slice(&count.to_le_bytes());
    header[24..32].copy_from_slice(&checksum.to_le_bytes());
    header
}

fn u64_at(header: &[u8; HEADER_LEN], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&header[at..at + 8]);
    u64::from_le_bytes(bytes)
}

impl SolvedTable {
    /// Writes the table to `path` (its folder is created if needed). The file appears
    /// complete or not at all ([`write_atomically`]: a temporary name unique to the process
    /// and the call, then a rename), so two runs writing one file never collide.
    pub fn write(&self, path: &Path) -> Result<(), TableFileError> {
        let header = header(
            self.size().get(),
            self.codes.len() as u64,
            payload_hash(&self.codes),
        );
        write_atomically(path, |file| {
            file.write_all(&header)?;
            file.write_all(&self.codes)
        })
        .map_err(|e| TableFileError::new(path, SolvedTableProblem::Unwritable(e.to_string())))
    }

    /// Reads a table file of any size, checking everything the header promises.
    pub fn read(path: &Path) -> Result<SolvedTable, TableFileError> {
        read(path, None)
    }

    /// Reads a table file that must be for `size` × `size` boards; a table of another size
    /// is refused from its header, before the payload is read.
    pub fn read_for_size(path: &Path, size: usize) -> Result<SolvedTable, TableFileError> {
        read(path, Some(size))
    }
}

fn read(path: &Path, expected_size: Option<usize>) -> Result<SolvedTable, TableFileError> {
    let problem = |problem| TableFileError::new(path, problem);
    let unreadable = |e: std::io::Error| problem(SolvedTableProblem::Unreadable(e.to_string()));
    let mut file = File::open(path).map_err(unreadable)?;
    let length = file.metadata().map_err(unreadable)?.len();
    if length < HEADER_LEN as u64 {
        return Err(problem(SolvedTableProblem::TruncatedHeader { length }));
    }
    let mut head = [0u8; HEADER_LEN];
    file.read_exact(&mut head).map_err(unreadable)?;
    if head[..8] != MAGIC {
        return Err(problem(SolvedTableProblem::Magic));
    }
    let version = u16::from_le_bytes([head[8], head[9]]);
    if version != FORMAT_VERSION {
        return Err(problem(SolvedTableProblem::Version { found: version }));
    }
    let size = head[10];
    let indexer = Indexer::new(usize::from(size))
        .map_err(|_| problem(SolvedTableProblem::BadSize { found: size }))?;
    if let Some(expected) = expected_size.filter(|&e| e != usize::from(size)) {
        return Err(problem(SolvedTableProblem::WrongSize {
            found: usize::from(size),
            expected,
        }));
    }
    if head[11] != RULES_WATERLOO {
        return Err(problem(SolvedTableProblem::Rules { found: head[11] }));
    }
    if head[12] != ENCODING_BYTES {
        return Err(problem(SolvedTableProblem::Encoding { found: head[12] }));
    }
    let count = u64_at(&head, 16);
    let expected_count = indexer.count() as u64;
    if count != expected_count {
        return Err(problem(SolvedTableProblem::Count {
            found: count,
            expected: expected_count,
        }));
    }
    let expected_length = HEADER_LEN as u64 + count;
    if length != expected_length {
        return Err(problem(SolvedTableProblem::Length {
            found: length,
            expected: expected_length,
        }));
    }
    let mut codes = vec![0u8; indexer.count()];
    file.read_exact(&mut codes).map_err(unreadable)?;
    let stored = u64_at(&head, 24);
    let computed = payload_hash(&codes);
    if stored != computed {
        return Err(problem(SolvedTableProblem::Checksum { stored, computed }));
    }
    if let Some(index) = codes.iter().position(|&c| code::decode(c).is_none()) {
        return Err(problem(SolvedTableProblem::Value {
            index: index as u64,
            byte: codes[index],
        }));
    }
    Ok(SolvedTable { indexer, codes })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_header_lays_out_its_fields() {
        let head = header(4, 43_046_721, 7);
        assert_eq!(&head[..8], b"GRPOUSSE");
        assert_eq!(&head[8..13], &[1, 0, 4, 0, 1]);
        assert_eq!(u64_at(&head, 16), 43_046_721);
        assert_eq!(u64_at(&head, 24), 7);
    }
}
