//! Grundy values of single cuboids, computed once for every cuboid up to a side.
//!
//! No closed form is known, so the values come from the recurrence
//! `g(x, y, z) = mex { XOR of the eight pieces' values }` over every unit cube. Two versions:
//!
//! - [`CuboidTable::new`], the fast one (module `build`): rotations and mirror cuts give the
//!   same options, so only sorted cuboids `x ≤ y ≤ z` and cuts in the lower half of each side
//!   are examined; cuboids with the same smallest side depend only on cuboids with a smaller
//!   smallest side, so a whole level is computed in parallel; and for a fixed `(x, y)` and cut
//!   `(i, j)` the four-way XOR of the pieces' values along the third side,
//!   `K[c] = g(a₁,b₁,c) ^ g(a₁,b₂,c) ^ g(a₂,b₁,c) ^ g(a₂,b₂,c)`, does not depend on `z`, so one
//!   row serves every `z`: the option for slab `k` is `K[k] ^ K[z−1−k]`.
//! - [`naive_table`], the reference: the recurrence as written, every cuboid and every cube,
//!   one thread. It is the oracle of the tests and the baseline of the benchmarks.
//!
//! Both store the full cube of values (all orders of the sides, and side 0 worth 0 for the
//! empty pieces), so a lookup is one multiplication-and-add, never a sort.

use std::sync::{Arc, Mutex, PoisonError};

use super::position::{Cube, Cuboid};
use crate::nimber::{MexSet, Nimber};
use crate::stop::Stopped;

/// The longest side the contest allows.
pub const CONTEST_MAX_SIDE: u32 = 30;

/// The longest side the shared table, the contest reader and the command line accept.
pub const SUPPORTED_MAX_SIDE: u32 = 64;

/// The longest side a table may be built for, and that the command line accepts: see
/// [`TABLE_LIMIT_REASON`].
pub const TABLE_MAX_SIDE: u32 = 128;

/// Why tables stop at [`TABLE_MAX_SIDE`], for error messages.
pub const TABLE_LIMIT_REASON: &str = "the table of Grundy values costs the sixth power of the \
     side: side 128 examines 1.2e10 slicing options (about 4 s of CPU) and holds 8.6 MB; side \
     256 would need 64 times the work (about 5 minutes of CPU) and 68 MB";

/// A cuboid (or a requested table) longer than the table can know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cuboid side {side} is beyond the supported maximum of {max_side}")]
pub struct SideBeyondTable {
    /// The side asked for.
    pub side: u64,
    /// The longest side available.
    pub max_side: u32,
}

/// Why a table was not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The side asked for is beyond any table.
    #[error(transparent)]
    Beyond(#[from] SideBeyondTable),
    /// The build was stopped before it ended.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// The Grundy value of every cuboid with sides at most `max_side`.
///
/// ```
/// use grundy::games::cuboid::{Cuboid, CuboidTable};
/// let table = CuboidTable::new(8).unwrap();
/// assert_eq!(table.value(Cuboid::new(1, 5, 7).unwrap()).unwrap(), 1);
/// assert_eq!(table.value(Cuboid::new(4, 4, 4).unwrap()).unwrap(), 0);
/// assert!(table.value(Cuboid::new(9, 1, 1).unwrap()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CuboidTable {
    max_side: u32,
    /// `max_side + 1`: the stride of the full cube, which includes side 0.
    stride: usize,
    /// `values[(x * stride + y) * stride + z]`, for every `x, y, z ≤ max_side`.
    values: Vec<u32>,
}

impl CuboidTable {
    /// A table of zeros with room for `max_side`.
    pub(super) fn zeroed(max_side: u32) -> Result<Self, SideBeyondTable> {
        if max_side > TABLE_MAX_SIDE {
            return Err(SideBeyondTable {
                side: u64::from(max_side),
                max_side: TABLE_MAX_SIDE,
            });
        }
        let stride = max_side as usize + 1;
        Ok(CuboidTable {
            max_side,
            stride,
            values: vec![0; stride * stride * stride],
        })
    }

    fn index(&self, x: usize, y: usize, z: usize) -> usize {
        (x * self.stride + y) * self.stride + z
    }

    pub(super) fn set_all_orders(&mut self, a: usize, b: usize, c: usize, value: u32) {
        for (x, y, z) in [
            (a, b, c),
            (a, c, b),
            (b, a, c),
            (b, c, a),
            (c, a, b),
            (c, b, a),
        ] {
            let index = self.index(x, y, z);
            self.values[index] = value;
        }
    }

    /// The stored value of `x × y × z`; the caller checks the sides are within the table.
    pub(super) fn sides_value(&self, x: u32, y: u32, z: u32) -> u32 {
        self.values[self.index(x as usize, y as usize, z as usize)]
    }

    /// The values of `x × y × c` for every `c`, as one contiguous slice.
    pub(super) fn line(&self, x: usize, y: usize) -> &[u32] {
        let start = self.index(x, y, 0);
        &self.values[start..start + self.stride]
    }

    /// The longest side this table knows.
    pub fn max_side(&self) -> u32 {
        self.max_side
    }

    /// The Grundy value of one cuboid, or an error when a side is beyond the table.
    pub fn value(&self, cuboid: Cuboid) -> Result<Nimber, SideBeyondTable> {
        let side = cuboid.longest_side();
        if side > self.max_side {
            return Err(SideBeyondTable {
                side: u64::from(side),
                max_side: self.max_side,
            });
        }
        Ok(self.value_of_sides(
            cuboid.x() as usize,
            cuboid.y() as usize,
            cuboid.z() as usize,
        ))
    }

    /// The value of the cuboid with these sides; a side of 0 (an empty piece) is worth 0.
    /// The caller checks the sides are within the table.
    fn value_of_sides(&self, x: usize, y: usize, z: usize) -> Nimber {
        Nimber::from(self.values[self.index(x, y, z)])
    }

    /// Every cube of `cuboid` whose slicing leaves pieces worth `target` in all, in the
    /// order `(i, j, k)` lexicographic. Uses the same shared row along the third side as the
    /// table itself.
    pub fn cubes_to_value(
        &self,
        cuboid: Cuboid,
        target: Nimber,
    ) -> Result<Vec<Cube>, SideBeyondTable> {
        let mut found = Vec::new();
        self.for_each_option(cuboid, |cube, option| {
            if Nimber::from(option) == target {
                found.push(cube);
            }
        })?;
        Ok(found)
    }

    /// How many cubes of `cuboid` leave pieces worth each value: entry `v` counts the
    /// cubes whose slicing leaves pieces worth `v` in all, up to the largest such value.
    /// One pass over the cubes, as [`CuboidTable::cubes_to_value`], for every target at
    /// once.
    pub fn option_counts(&self, cuboid: Cuboid) -> Result<Vec<u32>, SideBeyondTable> {
        let mut counts = Vec::new();
        self.for_each_option(cuboid, |_, option| {
            let option = option as usize;
            if option >= counts.len() {
                counts.resize(option + 1, 0);
            }
            counts[option] += 1;
        })?;
        Ok(counts)
    }

    /// Calls `f` with every cube of `cuboid`, in the order `(i, j, k)` lexicographic, and
    /// the value of the pieces its slicing leaves, with the table's shared rows along the
    /// third side; an error when a side is beyond the table.
    fn for_each_option(
        &self,
        cuboid: Cuboid,
        mut f: impl FnMut(Cube, u32),
    ) -> Result<(), SideBeyondTable> {
        self.value(cuboid)?;
        let (x, y, z) = (cuboid.x(), cuboid.y(), cuboid.z());
        let mut row = vec![0u32; z as usize];
        for i in 0..x {
            let i2 = (x - 1 - i) as usize;
            for j in 0..y {
                let j2 = (y - 1 - j) as usize;
                let lines = [
                    self.line(i as usize, j as usize),
                    self.line(i as usize, j2),
                    self.line(i2, j as usize),
                    self.line(i2, j2),
                ];
                for (c, slot) in row.iter_mut().enumerate() {
                    *slot = lines[0][c] ^ lines[1][c] ^ lines[2][c] ^ lines[3][c];
                }
                for k in 0..z {
                    f(Cube { i, j, k }, row[k as usize] ^ row[(z - 1 - k) as usize]);
                }
            }
        }
        Ok(())
    }
}

/// The reference implementation: the recurrence exactly as stated, with no symmetry, no
/// shared rows and one thread, every cuboid `x × y × z` in increasing order (each piece is
/// smaller along every side, so it is already known). Slow on purpose; the tests check
/// [`CuboidTable::new`] against it and the benchmarks measure the gain over it.
pub fn naive_table(max_side: u32) -> Result<CuboidTable, SideBeyondTable> {
    let mut table = CuboidTable::zeroed(max_side)?;
    let n = max_side as usize;
    let mut options = MexSet::default();
    for x in 1..=n {
        for y in 1..=n {
            for z in 1..=n {
                options.clear();
                for i in 0..x {
                    for j in 0..y {
                        for k in 0..z {
                            let mut value = 0;
                            for a in [i, x - 1 - i] {
                                for b in [j, y - 1 - j] {
                                    for c in [k, z - 1 - k] {
                                        value ^= table.value_of_sides(a, b, c);
                                    }
                                }
                            }
                            options.insert(value);
                        }
                    }
                }
                let value = options.mex();
                let index = table.index(x, y, z);
                table.values[index] = u32::try_from(value).unwrap_or(u32::MAX);
            }
        }
    }
    Ok(table)
}

/// The shared table: built on first use for the side asked for and rebuilt larger only when
/// a longer side is asked for, so every caller in a process reuses one computation.
static SHARED: Mutex<Option<Arc<CuboidTable>>> = Mutex::new(None);

/// A table that knows every cuboid with sides up to `max_side` (at most
/// [`SUPPORTED_MAX_SIDE`]), computed once per process and shared.
///
/// ```
/// let table = grundy::games::cuboid::shared_table(30).unwrap();
/// assert!(table.max_side() >= 30);
/// assert!(grundy::games::cuboid::shared_table(65).is_err());
/// ```
pub fn shared_table(max_side: u32) -> Result<Arc<CuboidTable>, BuildError> {
    if max_side > SUPPORTED_MAX_SIDE {
        return Err(SideBeyondTable {
            side: u64::from(max_side),
            max_side: SUPPORTED_MAX_SIDE,
        }
        .into());
    }
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(table) = shared.as_ref() {
        if table.max_side() >= max_side {
            return Ok(Arc::clone(table));
        }
    }
    // Contest-sized tables cost milliseconds; build at least that much so small queries
    // after one another do not rebuild.
    let table = Arc::new(CuboidTable::new(max_side.max(CONTEST_MAX_SIDE))?);
    *shared = Some(Arc::clone(&table));
    Ok(table)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn cuboid(x: u32, y: u32, z: u32) -> Cuboid {
        Cuboid::new(x, y, z).unwrap()
    }

    #[test]
    fn fast_and_naive_tables_agree() {
        let fast = CuboidTable::new(12).unwrap();
        let naive = naive_table(12).unwrap();
        assert_eq!(fast, naive);
    }

    #[test]
    fn known_facts_hold() {
        let table = CuboidTable::new(16).unwrap();
        for y in 1..=16 {
            for z in 1..=16 {
                assert_eq!(table.value(cuboid(1, y, z)).unwrap(), 1);
                assert_eq!(table.value(cuboid(y, z, 1)).unwrap(), 1);
            }
        }
        for c in 3..=16 {
            assert_eq!(table.value(cuboid(2, 2, c)).unwrap(), 2, "2x2x{c}");
        }
        let mut losing = Vec::new();
        for x in 1..=8 {
            for y in x..=8 {
                for z in y..=8 {
                    if table.value(cuboid(x, y, z)).unwrap() == 0 {
                        losing.push((x, y, z));
                    }
                }
            }
        }
        assert_eq!(losing, vec![(2, 2, 2), (4, 4, 4)]);
    }

    #[test]
    fn sides_beyond_the_table_are_errors() {
        let table = CuboidTable::new(4).unwrap();
        let error = table.value(cuboid(5, 1, 1)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cuboid side 5 is beyond the supported maximum of 4"
        );
        assert!(CuboidTable::new(TABLE_MAX_SIDE + 1).is_err());
        assert!(naive_table(TABLE_MAX_SIDE + 1).is_err());
        assert!(table.cubes_to_value(cuboid(1, 1, 9), 0).is_err());
    }

    #[test]
    fn cubes_to_value_agree_with_slicing() {
        let table = CuboidTable::new(7).unwrap();
        let shape = cuboid(3, 5, 7);
        for target in 0..8 {
            let fast = table.cubes_to_value(shape, target).unwrap();
            let mut slow = Vec::new();
            for i in 0..3 {
                for j in 0..5 {
                    for k in 0..7 {
                        let cube = Cube { i, j, k };
                        let value = shape
                            .slice(cube)
                            .unwrap()
                            .into_iter()
                            .fold(0, |acc, piece| acc ^ table.value(piece).unwrap());
                        if value == target {
                            slow.push(cube);
                        }
                    }
                }
            }
            assert_eq!(fast, slow, "target {target}");
        }
    }

    #[test]
    fn option_counts_count_the_cubes_to_each_value() {
        let table = CuboidTable::new(7).unwrap();
        let shape = cuboid(3, 5, 7);
        let counts = table.option_counts(shape).unwrap();
        assert_eq!(counts.iter().map(|n| u128::from(*n)).sum::<u128>(), shape.volume());
        for target in 0..counts.len() + 2 {
            let cubes = table.cubes_to_value(shape, target as Nimber).unwrap();
            assert_eq!(cubes.len(), counts.get(target).map_or(0, |n| *n as usize));
        }
        assert_eq!(
            table.option_counts(cuboid(2, 1, 5)).unwrap(),
            table.option_counts(cuboid(5, 2, 1)).unwrap()
        );
        assert!(table.option_counts(cuboid(1, 1, 9)).is_err());
    }

    #[test]
    fn the_shared_table_grows_on_demand() {
        let small = shared_table(5).unwrap();
        assert!(small.max_side() >= CONTEST_MAX_SIDE);
        let again = shared_table(10).unwrap();
        assert!(Arc::ptr_eq(&small, &again) || again.max_side() >= small.max_side());
        assert!(shared_table(SUPPORTED_MAX_SIDE + 1).is_err());
    }
}
