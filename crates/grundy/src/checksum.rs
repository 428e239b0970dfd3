//! The checksum of the table files grundy keeps on disk (the solved Pousse boards, the cuboid
//! Grundy values): 64-bit FNV-1a, simple, fast and enough to catch a damaged or truncated
//! file (it is not meant to resist tampering).

/// The 64-bit FNV-1a hash of `bytes`: the checksum of a table file's payload.
///
/// ```
/// assert_eq!(grundy::checksum::payload_hash(b""), 0xcbf2_9ce4_8422_2325);
/// ```
pub fn payload_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(payload_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(payload_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
