//! Cuboids, positions (sums of cuboids) and moves, with their notation.
//!
//! - A cuboid is written `XxYxZ`: `3x4x5`.
//! - A position is a sum of cuboids joined by `+`, kept in the order written:
//!   `2x2x2+3x4x5`. The position without cuboids (the game is over) is written `empty`.
//! - A move is `N:I,J,K`: cuboid number `N` (1-based, in the order of the position) sliced
//!   through the unit cube `(I, J, K)` (0-based coordinates inside that cuboid along its
//!   first, second and third side). `2:0,1,3` slices the second cuboid through its cube
//!   `(0, 1, 3)`.
//!
//! Spaces around `+`, `x`, `:` and `,` are allowed and dropped; [`std::fmt::Display`] writes
//! the compact form, which reads back to the same value.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};

/// One cuboid of `x × y × z` unit cubes; every side is at least 1, so a value of this type is
/// always a cuboid that can still be sliced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cuboid {
    x: u32,
    y: u32,
    z: u32,
}

impl Cuboid {
    /// A cuboid with these sides, or an error when a side is 0 (an empty piece is no cuboid:
    /// it vanishes from the position instead).
    ///
    /// ```
    /// use grundy::games::cuboid::Cuboid;
    /// assert_eq!(Cuboid::new(2, 3, 4).unwrap().to_string(), "2x3x4");
    /// assert!(Cuboid::new(0, 3, 4).is_err());
    /// ```
    pub fn new(x: u32, y: u32, z: u32) -> Result<Self, ParseError> {
        if x == 0 || y == 0 || z == 0 {
            return Err(ParseError::new(format!(
                "every side of a cuboid must be at least 1, got {x}x{y}x{z}"
            )));
        }
        Ok(Cuboid { x, y, z })
    }

    /// A cuboid from sides already known to be positive, or `None` for an empty piece.
    fn piece(x: u32, y: u32, z: u32) -> Option<Self> {
        (x > 0 && y > 0 && z > 0).then_some(Cuboid { x, y, z })
    }

    /// The first side.
    pub fn x(&self) -> u32 {
        self.x
    }

    /// The second side.
    pub fn y(&self) -> u32 {
        self.y
    }

    /// The third side.
    pub fn z(&self) -> u32 {
        self.z
    }

    /// The sides in the order written.
    pub fn sides(&self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }

    /// The longest side: what a table of Grundy values must reach to know this cuboid.
    pub fn longest_side(&self) -> u32 {
        self.x.max(self.y).max(self.z)
    }

    /// The number of unit cubes, which is also the number of moves.
    pub fn volume(&self) -> u128 {
        u128::from(self.x) * u128::from(self.y) * u128::from(self.z)
    }

    /// The same cuboid turned so that its sides grow: rotations do not change the game.
    pub fn sorted(&self) -> Self {
        let mut sides = self.sides();
        sides.sort_unstable();
        Cuboid {
            x: sides[0],
            y: sides[1],
            z: sides[2],
        }
    }

    /// Whether `cube` lies inside this cuboid.
    pub fn contains(&self, cube: Cube) -> bool {
        cube.i < self.x && cube.j < self.y && cube.k < self.z
    }

    /// The non-empty pieces left after removing the three slabs through `cube`, in the order
    /// (low or high part along x) × (along y) × (along z), low first. Errors when the cube is
    /// outside the cuboid.
    pub fn slice(&self, cube: Cube) -> Result<Vec<Cuboid>, RuleError> {
        if !self.contains(cube) {
            return Err(RuleError::new(
                cube,
                format!("the cube is outside the cuboid {self}"),
            ));
        }
        let xs = [cube.i, self.x - 1 - cube.i];
        let ys = [cube.j, self.y - 1 - cube.j];
        let zs = [cube.k, self.z - 1 - cube.k];
        let mut pieces = Vec::with_capacity(8);
        for &a in &xs {
            for &b in &ys {
                for &c in &zs {
                    if let Some(piece) = Cuboid::piece(a, b, c) {
                        pieces.push(piece);
                    }
                }
            }
        }
        Ok(pieces)
    }
}

impl fmt::Display for Cuboid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.x, self.y, self.z)
    }
}

impl FromStr for Cuboid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let parts: Vec<&str> = text.split('x').map(str::trim).collect();
        if parts.len() != 3 {
            return Err(ParseError::at_token(
                "a cuboid is written XxYxZ, for example 3x4x5",
                text,
            ));
        }
        let mut sides = [0u32; 3];
        for (side, part) in sides.iter_mut().zip(&parts) {
            *side =
                parse_number(part, "a cuboid side", 1).map_err(|error| error.with_token(text))?;
        }
        Cuboid::new(sides[0], sides[1], sides[2]).map_err(|error| error.with_token(text))
    }
}

/// Reads a decimal number of at least `low`; the error names `what` (the caller adds the
/// token it belongs to).
fn parse_number(text: &str, what: &str, low: u32) -> Result<u32, ParseError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(format!(
            "{what} must be a number, got {text:?}"
        )));
    }
    let value: u32 = text
        .parse()
        .map_err(|_| ParseError::new(format!("{what} must be at most {}", u32::MAX)))?;
    if value < low {
        return Err(ParseError::new(format!(
            "{what} must be at least {low}, got {value}"
        )));
    }
    Ok(value)
}

/// A unit cube inside a cuboid, by 0-based coordinates along its three sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube {
    /// Coordinate along the first side, `0..x`.
    pub i: u32,
    /// Coordinate along the second side, `0..y`.
    pub j: u32,
    /// Coordinate along the third side, `0..z`.
    pub k: u32,
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.i, self.j, self.k)
    }
}

/// A move: slice the cuboid at `cuboid` (0-based index into the position) through `cube`.
/// The notation numbers cuboids from 1, as a person counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CuboidMove {
    /// 0-based index of the cuboid in the position (written 1-based).
    pub cuboid: usize,
    /// The unit cube the three slabs go through.
    pub cube: Cube,
}

impl fmt::Display for CuboidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.cuboid + 1, self.cube)
    }
}

impl FromStr for CuboidMove {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let shape = || {
            ParseError::at_token(
                "a move is written N:I,J,K (cuboid number from 1, cube coordinates from 0)",
                text,
            )
        };
        let (number, cube) = text.split_once(':').ok_or_else(shape)?;
        let coordinates: Vec<&str> = cube.split(',').map(str::trim).collect();
        if coordinates.len() != 3 {
            return Err(shape());
        }
        let number = parse_number(number.trim(), "the cuboid number", 1)
            .map_err(|error| error.with_token(text))?;
        let mut ijk = [0u32; 3];
        for (value, part) in ijk.iter_mut().zip(&coordinates) {
            *value = parse_number(part, "a cube coordinate", 0)
                .map_err(|error| error.with_token(text))?;
        }
        let cuboid = usize::try_from(number - 1).map_err(|_| shape())?;
        Ok(CuboidMove {
            cuboid,
            cube: Cube {
                i: ijk[0],
                j: ijk[1],
                k: ijk[2],
            },
        })
    }
}

/// A position: the sum of the cuboids still on the table, in the order they were written
/// (moves name cuboids by that order). Empty when the game is over.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CuboidPosition {
    cuboids: Vec<Cuboid>,
}

impl CuboidPosition {
    /// The sum of these cuboids.
    pub fn new(cuboids: Vec<Cuboid>) -> Self {
        CuboidPosition { cuboids }
    }

    /// The cuboids, in order.
    pub fn cuboids(&self) -> &[Cuboid] {
        &self.cuboids
    }

    /// Whether no cuboid is left (the player to move has lost).
    pub fn is_empty(&self) -> bool {
        self.cuboids.is_empty()
    }

    /// The longest side of any cuboid (0 when empty).
    pub fn longest_side(&self) -> u32 {
        self.cuboids
            .iter()
            .map(Cuboid::longest_side)
            .max()
            .unwrap_or(0)
    }

    /// The total number of unit cubes.
    pub fn volume(&self) -> u128 {
        self.cuboids.iter().map(Cuboid::volume).sum()
    }

    /// The position after `mv`: the sliced cuboid is replaced, in place, by its pieces.
    pub fn apply(&self, mv: &CuboidMove) -> Result<CuboidPosition, RuleError> {
        let cuboid = self.cuboids.get(mv.cuboid).ok_or_else(|| {
            RuleError::new(mv, format!("there are only {} cuboids", self.cuboids.len()))
        })?;
        let pieces = cuboid
            .slice(mv.cube)
            .map_err(|error| RuleError::new(mv, error.reason))?;
        let mut cuboids = Vec::with_capacity(self.cuboids.len() + pieces.len());
        cuboids.extend_from_slice(&self.cuboids[..mv.cuboid]);
        cuboids.extend(pieces);
        cuboids.extend_from_slice(&self.cuboids[mv.cuboid + 1..]);
        Ok(CuboidPosition { cuboids })
    }
}

impl From<Cuboid> for CuboidPosition {
    fn from(cuboid: Cuboid) -> Self {
        CuboidPosition {
            cuboids: vec![cuboid],
        }
    }
}

/// How the position without cuboids is written.
const EMPTY: &str = "empty";

impl fmt::Display for CuboidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cuboids.is_empty() {
            return write!(f, "{EMPTY}");
        }
        for (index, cuboid) in self.cuboids.iter().enumerate() {
            if index > 0 {
                write!(f, "+")?;
            }
            write!(f, "{cuboid}")?;
        }
        Ok(())
    }
}

impl FromStr for CuboidPosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let trimmed = text.trim();
        if trimmed == EMPTY {
            return Ok(CuboidPosition::default());
        }
        if trimmed.is_empty() {
            return Err(ParseError::new(
                "a cuboid position is written like 2x2x2+3x4x5 (or `empty`), got nothing",
            ));
        }
        let cuboids = trimmed
            .split('+')
            .enumerate()
            .map(|(index, part)| {
                part.trim()
                    .parse::<Cuboid>()
                    .map_err(|error| error.with_column(index + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CuboidPosition { cuboids })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn cube(i: u32, j: u32, k: u32) -> Cube {
        Cube { i, j, k }
    }

    #[test]
    fn slicing_a_corner_leaves_one_piece() {
        let cuboid = Cuboid::new(3, 4, 5).unwrap();
        assert_eq!(
            cuboid.slice(cube(0, 0, 0)).unwrap(),
            vec![Cuboid::new(2, 3, 4).unwrap()]
        );
    }

    #[test]
    fn slicing_the_centre_leaves_eight_pieces() {
        let cuboid = Cuboid::new(3, 3, 3).unwrap();
        let pieces = cuboid.slice(cube(1, 1, 1)).unwrap();
        assert_eq!(pieces, vec![Cuboid::new(1, 1, 1).unwrap(); 8]);
        let pieces = Cuboid::new(4, 5, 6).unwrap().slice(cube(1, 1, 2)).unwrap();
        let sides: Vec<String> = pieces.iter().map(ToString::to_string).collect();
        assert_eq!(
            sides,
            ["1x1x2", "1x1x3", "1x3x2", "1x3x3", "2x1x2", "2x1x3", "2x3x2", "2x3x3"]
        );
    }

    #[test]
    fn slicing_outside_is_refused() {
        let cuboid = Cuboid::new(2, 2, 2).unwrap();
        assert!(cuboid.slice(cube(2, 0, 0)).is_err());
    }

    #[test]
    fn apply_keeps_the_order() {
        let position: CuboidPosition = "1x1x1+3x2x2+2x2x2".parse().unwrap();
        let mv: CuboidMove = "2:1,0,0".parse().unwrap();
        assert_eq!(
            position.apply(&mv).unwrap().to_string(),
            "1x1x1+1x1x1+1x1x1+2x2x2"
        );
        let last: CuboidPosition = "1x1x1".parse().unwrap();
        assert_eq!(
            last.apply(&"1:0,0,0".parse().unwrap()).unwrap().to_string(),
            "empty"
        );
        assert!(position.apply(&"4:0,0,0".parse().unwrap()).is_err());
        assert!(position.apply(&"1:0,0,1".parse().unwrap()).is_err());
    }

    #[test]
    fn notation_round_trips() {
        for text in ["2x2x2+3x4x5", "1x1x1", "empty", "30x1x7+1x1x1"] {
            let position: CuboidPosition = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
        }
        let spaced: CuboidPosition = " 2 x 2 x 2 + 3x4x5 ".parse().unwrap();
        assert_eq!(spaced.to_string(), "2x2x2+3x4x5");
        for text in ["2:0,1,3", "1:0,0,0", "17:4,5,6"] {
            let mv: CuboidMove = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn bad_notation_names_the_token() {
        let error = "2x2x2+3x0x5".parse::<CuboidPosition>().unwrap_err();
        assert_eq!(error.location.token.as_deref(), Some("3x0x5"));
        assert_eq!(error.location.column, Some(2));
        for bad in [
            "",
            "2x2",
            "2x2x2x2",
            "axbxc",
            "2x2x-1",
            "2x2x2+",
            "99999999999x1x1",
        ] {
            assert!(bad.parse::<CuboidPosition>().is_err(), "{bad:?}");
        }
        for bad in ["", "0:0,0,0", "1:0,0", "1;0,0,0", "x:1,2,3", "1:-1,0,0"] {
            assert!(bad.parse::<CuboidMove>().is_err(), "{bad:?}");
        }
    }
}
