//! The cuboid table file: a 32-byte header, then the value of every sorted cuboid (format in
//! `docs/cuboid-table.md`).
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRCUBOID` |
//! | 8 | 2 | format version, little-endian (1) |
//! | 10 | 1 | entry width in bytes (2 or 4) |
//! | 11 | 1 | zero |
//! | 12 | 4 | side `N`, little-endian (1 to 128) |
//! | 16 | 8 | entry count `N(N+1)(N+2)/6`, little-endian |
//! | 24 | 8 | FNV-1a 64-bit hash of the payload, little-endian |
//! | 32 | count × width | the values of `x × y × z` for `1 ≤ x ≤ y ≤ z ≤ N`, in lexicographic order, little-endian |
//!
//! Every way a file can be wrong is a [`TableProblem`]; reading never panics and allocates
//! only after the length of the file matches what the header promises.

use std::fmt;
use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

use super::table::{CuboidTable, TABLE_MAX_SIDE};
use crate::tables::write_atomically;

/// The first eight bytes of every cuboid table file.
pub const MAGIC: [u8; 8] = *b"GRCUBOID";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// The length of the header before the payload.
pub const HEADER_LEN: usize = 32;

/// What is wrong with a cuboid table file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableProblem {
    /// The file could not be opened or read (the system's reason).
    Unreadable(String),
    /// The file could not be written (the system's reason).
    Unwritable(String),
    /// Shorter than the header.
    TruncatedHeader {
        /// The file's length in bytes.
        length: u64,
    },
    /// The magic bytes are not `GRCUBOID`.
    Magic,
    /// A format version this code does not read.
    Version {
        /// The version in the file.
        found: u16,
    },
    /// An entry width other than 2 or 4 bytes.
    EntryWidth {
        /// The width in the file.
        found: u8,
    },
    /// A side of 0 or beyond the longest table.
    BadSide {
        /// The side in the file.
        found: u32,
    },
    /// The entry count does not match the side.
    Count {
        /// The count in the file.
        found: u64,
        /// The count of the side.
        expected: u64,
    },
    /// The payload is not as long as the header says.
    Length {
        /// The file's length in bytes.
        found: u64,
        /// The length the header implies.
        expected: u64,
    },
    /// The payload's hash differs from the header's.
    Checksum {
        /// The hash in the header.
        stored: u64,
        /// The hash of the payload read.
        computed: u64,
    },
    /// A valid table, but for sides shorter than the request.
    TooSmall {
        /// The table's side.
        side: u32,
        /// The side asked for.
        wanted: u32,
    },
}

impl fmt::Display for TableProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableProblem::Unreadable(reason) => write!(f, "cannot be read: {reason}"),
            TableProblem::Unwritable(reason) => write!(f, "cannot be written: {reason}"),
            TableProblem::TruncatedHeader { length } => write!(
                f,
                "truncated: {length} bytes, shorter than the {HEADER_LEN}-byte header"
            ),
            TableProblem::Magic => f.write_str("not a grundy cuboid table (wrong magic bytes)"),
            TableProblem::Version { found } => write!(
                f,
                "format version {found}, but this grundy reads version {FORMAT_VERSION}"
            ),
            TableProblem::EntryWidth { found } => {
                write!(f, "entry width {found} bytes, not 2 or 4")
            }
            TableProblem::BadSide { found } => {
                write!(f, "side {found}, not between 1 and {TABLE_MAX_SIDE}")
            }
            TableProblem::Count { found, expected } => write!(
                f,
                "{found} entries in the header, but its side has {expected}"
            ),
            TableProblem::Length { found, expected } => write!(
                f,
                "truncated or padded: {found} bytes, the header implies {expected}"
            ),
            TableProblem::Checksum { stored, computed } => write!(
                f,
                "checksum mismatch: header {stored:016x}, payload {computed:016x}"
            ),
            TableProblem::TooSmall { side, wanted } => {
                write!(f, "holds sides up to {side}, but side {wanted} is needed")
            }
        }
    }
}

/// A cuboid table file that could not be read or written, with its path.
pub type TableFileError = crate::tables::TableFileError<TableProblem>;

impl crate::tables::FormatProblem for TableProblem {
    const TABLE: &'static str = "cuboid table";

    fn is_unwritable(&self) -> bool {
        matches!(self, TableProblem::Unwritable(_))
    }

    fn is_damage(&self) -> bool {
        matches!(
            self,
            TableProblem::TruncatedHeader { .. }
                | TableProblem::EntryWidth { .. }
                | TableProblem::BadSide { .. }
                | TableProblem::Count { .. }
                | TableProblem::Length { .. }
                | TableProblem::Checksum { .. }
        )
    }
}

pub use crate::checksum::payload_hash;

/// The number of sorted cuboids `1 ≤ x ≤ y ≤ z ≤ side`.
pub fn entry_count(side: u32) -> u64 {
    let n = u64::from(side);
    n * (n + 1) * (n + 2) / 6
}

/// Every sorted cuboid of a side, in file order.
fn sorted_cuboids(side: u32) -> impl Iterator<Item = (u32, u32, u32)> {
    (1..=side).flat_map(move |x| (x..=side).flat_map(move |y| (y..=side).map(move |z| (x, y, z))))
}

/// The header and payload of `table`.
pub fn encode(table: &CuboidTable) -> Vec<u8> {
    let side = table.max_side();
    let values: Vec<u32> = sorted_cuboids(side)
        .map(|(x, y, z)| table.sides_value(x, y, z))
        .collect();
    let width: u8 = if values.iter().all(|value| *value <= u32::from(u16::MAX)) {
        2
    } else {
        4
    };
    let mut payload = Vec::with_capacity(values.len() * usize::from(width));
    for value in &values {
        if width == 2 {
            payload.extend_from_slice(&(*value as u16).to_le_bytes());
        } else {
            payload.extend_from_slice(&value.to_le_bytes());
        }
    }
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.push(width);
    bytes.push(0);
    bytes.extend_from_slice(&side.to_le_bytes());
    bytes.extend_from_slice(&entry_count(side).to_le_bytes());
    bytes.extend_from_slice(&payload_hash(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// Checks a header against the file's total length; returns the side and entry width.
fn check_header(header: &[u8; HEADER_LEN], length: u64) -> Result<(u32, usize), TableProblem> {
    if header[..8] != MAGIC {
        return Err(TableProblem::Magic);
    }
    let version = u16_at(header, 8);
    if version != FORMAT_VERSION {
        return Err(TableProblem::Version { found: version });
    }
    let width = header[10];
    if width != 2 && width != 4 {
        return Err(TableProblem::EntryWidth { found: width });
    }
    let side = u32_at(header, 12);
    if side == 0 || side > TABLE_MAX_SIDE {
        return Err(TableProblem::BadSide { found: side });
    }
    let count = u64_at(header, 16);
    if count != entry_count(side) {
        return Err(TableProblem::Count {
            found: count,
            expected: entry_count(side),
        });
    }
    let expected = HEADER_LEN as u64 + count * u64::from(width);
    if length != expected {
        return Err(TableProblem::Length {
            found: length,
            expected,
        });
    }
    Ok((side, usize::from(width)))
}

/// The table in `bytes` (a whole file), or what is wrong with it.
pub fn decode(bytes: &[u8]) -> Result<CuboidTable, TableProblem> {
    let header: &[u8; HEADER_LEN] = bytes
        .get(..HEADER_LEN)
        .and_then(|head| head.try_into().ok())
        .ok_or(TableProblem::TruncatedHeader {
            length: bytes.len() as u64,
        })?;
    let (side, width) = check_header(header, bytes.len() as u64)?;
    let payload = &bytes[HEADER_LEN..];
    let stored = u64_at(header, 24);
    let computed = payload_hash(payload);
    if stored != computed {
        return Err(TableProblem::Checksum { stored, computed });
    }
    let mut table = CuboidTable::zeroed(side).map_err(|_| TableProblem::BadSide { found: side })?;
    for ((x, y, z), entry) in sorted_cuboids(side).zip(payload.chunks_exact(width)) {
        let value = if width == 2 {
            u32::from(u16_at(entry, 0))
        } else {
            u32_at(entry, 0)
        };
        table.set_all_orders(x as usize, y as usize, z as usize, value);
    }
    Ok(table)
}

/// Writes `table` to `path` (its folder is created if needed). The file appears complete or
/// not at all ([`write_atomically`]: a temporary name unique to the process and the call,
/// then a rename).
pub fn write(table: &CuboidTable, path: &Path) -> Result<(), TableFileError> {
    let bytes = encode(table);
    write_atomically(path, |file| file.write_all(&bytes))
        .map_err(|e| TableFileError::new(path, TableProblem::Unwritable(e.to_string())))
}

/// Reads the table in `path`, checking everything the header promises, and that it knows
/// sides up to `wanted` (a larger table serves a smaller request).
pub fn read(path: &Path, wanted: u32) -> Result<CuboidTable, TableFileError> {
    let fail = |problem| TableFileError::new(path, problem);
    let mut file = File::open(path).map_err(|e| fail(TableProblem::Unreadable(e.to_string())))?;
    let length = file
        .metadata()
        .map_err(|e| fail(TableProblem::Unreadable(e.to_string())))?
        .len();
    let mut header = [0u8; HEADER_LEN];
    if length < HEADER_LEN as u64 {
        return Err(fail(TableProblem::TruncatedHeader { length }));
    }
    file.read_exact(&mut header)
        .map_err(|e| fail(TableProblem::Unreadable(e.to_string())))?;
    // The length is checked before the payload is allocated.
    check_header(&header, length).map_err(fail)?;
    let mut bytes = header.to_vec();
    file.read_to_end(&mut bytes)
        .map_err(|e| fail(TableProblem::Unreadable(e.to_string())))?;
    let table = decode(&bytes).map_err(fail)?;
    if table.max_side() < wanted {
        return Err(fail(TableProblem::TooSmall {
            side: table.max_side(),
            wanted,
        }));
    }
    Ok(table)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        let table = CuboidTable::new(9).unwrap();
        let bytes = encode(&table);
        assert_eq!(bytes.len(), HEADER_LEN + 2 * entry_count(9) as usize);
        assert_eq!(&bytes[..8], b"GRCUBOID");
        assert_eq!(decode(&bytes).unwrap(), table);
        assert_eq!(entry_count(1), 1);
        assert_eq!(entry_count(128), 357_760);
    }

    #[test]
    fn every_damage_is_named() {
        let good = encode(&CuboidTable::new(5).unwrap());
        let damaged = |change: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = good.clone();
            change(&mut bytes);
            decode(&bytes).unwrap_err()
        };
        assert_eq!(
            damaged(&|b| b.truncate(10)),
            TableProblem::TruncatedHeader { length: 10 }
        );
        assert_eq!(damaged(&|b| b[0] = b'X'), TableProblem::Magic);
        assert_eq!(damaged(&|b| b[8] = 7), TableProblem::Version { found: 7 });
        assert_eq!(
            damaged(&|b| b[10] = 3),
            TableProblem::EntryWidth { found: 3 }
        );
        assert_eq!(damaged(&|b| b[12] = 0), TableProblem::BadSide { found: 0 });
        assert_eq!(
            damaged(&|b| b[12] = 200),
            TableProblem::BadSide { found: 200 }
        );
        assert!(matches!(
            damaged(&|b| b[12] = 6),
            TableProblem::Count { .. }
        ));
        assert!(matches!(
            damaged(&|b| {
                b.pop();
            }),
            TableProblem::Length { .. }
        ));
        assert!(matches!(
            damaged(&|b| b.push(0)),
            TableProblem::Length { .. }
        ));
        assert!(matches!(
            damaged(&|b| b[40] ^= 1),
            TableProblem::Checksum { .. }
        ));
    }
}
