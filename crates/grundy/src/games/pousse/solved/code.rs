//! One byte per board: how a value is stored in memory and in the table file.
//!
//! 0 is a draw (in the build: not resolved yet), `2k + 1` a win in k moves, `2k + 2` a loss
//! in k moves, for k ≤ [`MAX_REMOTENESS`]; 255 is never written.

use super::retrograde::Value;

/// The largest remoteness one byte holds.
pub const MAX_REMOTENESS: u32 = 126;

/// The byte of a draw, and of a board not resolved yet during the build.
pub const DRAW: u8 = 0;

/// The byte of a win in `moves` moves (`moves` ≤ [`MAX_REMOTENESS`]).
pub const fn win(moves: u32) -> u8 {
    (2 * moves + 1) as u8
}

/// The byte of a loss in `moves` moves (`moves` ≤ [`MAX_REMOTENESS`]).
pub const fn loss(moves: u32) -> u8 {
    (2 * moves + 2) as u8
}

/// The value a byte stands for; `None` for 255, which no table holds.
pub fn decode(code: u8) -> Option<Value> {
    match code {
        DRAW => Some(Value::Draw),
        255 => None,
        odd if odd % 2 == 1 => Some(Value::Win(u32::from(odd / 2))),
        even => Some(Value::Loss(u32::from(even / 2 - 1))),
    }
}

/// The byte of a value; `None` when its remoteness does not fit.
#[cfg(test)]
pub fn encode(value: Value) -> Option<u8> {
    match value {
        Value::Draw => Some(DRAW),
        Value::Win(moves) if moves <= MAX_REMOTENESS => Some(win(moves)),
        Value::Loss(moves) if moves <= MAX_REMOTENESS => Some(loss(moves)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_but_255_round_trips() {
        for code in 0..=254u8 {
            let value = decode(code);
            assert!(value.is_some(), "{code}");
            assert_eq!(value.and_then(encode), Some(code));
        }
        assert_eq!(decode(255), None);
        assert_eq!(decode(win(3)), Some(Value::Win(3)));
        assert_eq!(decode(loss(0)), Some(Value::Loss(0)));
        assert_eq!(encode(Value::Win(MAX_REMOTENESS + 1)), None);
    }
}
