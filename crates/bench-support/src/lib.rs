//! What the benchmarks that compare grundy with a C program of the same algorithm share:
//! building the C with the system's `cc`, running it, hashing values the way the C programs
//! print them (so that both sides are checked to compute the same thing before they are
//! timed), and reading CPU times (which a busy machine disturbs less than wall time).
//!
//! Only benchmarks use this crate; a failure here is a broken benchmark set-up, so the
//! functions panic with a message instead of returning errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Compiles `source` (relative to `manifest_dir`, the bench crate's `CARGO_MANIFEST_DIR`) with
/// `cc -O2` and the extra `flags` into `target_dir` (the bench's `CARGO_TARGET_TMPDIR`) as
/// `name`, and returns the program's path.
///
/// # Panics
/// When `cc` cannot be run or fails.
pub fn build_c(
    manifest_dir: &str,
    source: &str,
    target_dir: &str,
    name: &str,
    flags: &[&str],
) -> PathBuf {
    let source = Path::new(manifest_dir).join(source);
    let binary = PathBuf::from(target_dir).join(name);
    let status = Command::new("cc")
        .arg("-O2")
        .args(flags)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .unwrap_or_else(|error| panic!("cannot run cc: {error}"));
    assert!(status.success(), "cc failed on {}", source.display());
    binary
}

/// Runs `program` with `args` (and `input` as its standard input when given) and returns
/// its standard output.
///
/// # Panics
/// When the program cannot be run or exits with a failure.
pub fn run_c(program: &Path, args: &[&str], input: Option<&Path>) -> Vec<u8> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if let Some(input) = input {
        let file = std::fs::File::open(input)
            .unwrap_or_else(|error| panic!("cannot open {}: {error}", input.display()));
        command.stdin(file);
    }
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", program.display()));
    assert!(output.status.success(), "{} failed", program.display());
    output.stdout
}

/// [`run_c`] for programs that print one line of text (a hash): that line, trimmed.
///
/// # Panics
/// As [`run_c`], and when the output is not UTF-8.
pub fn run_c_line(program: &Path, args: &[&str]) -> String {
    String::from_utf8(run_c(program, args, None))
        .unwrap_or_else(|error| panic!("{} printed no text: {error}", program.display()))
        .trim()
        .to_string()
}

/// FNV-1a 64 over 32-bit values, each as four little-endian bytes: the hash the C programs
/// of the benchmarks print, in 16 hexadecimal digits.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds one value.
    pub fn add(&mut self, value: u32) {
        for byte in value.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of `values`, as the C programs print it.
    pub fn of(values: &[u32]) -> String {
        let mut hash = Fnv::default();
        values.iter().for_each(|&value| hash.add(value));
        hash.hex()
    }

    /// The hash so far, as the C programs print it.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The SplitMix64 sequence: a reproducible stream of numbers on every machine, without a
/// dependency, that the C programs of the benchmarks can generate as well.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number of the sequence.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The CPU time of this process and of its waited-for children, from `/proc/self/stat`
/// (Linux; `None` elsewhere).
pub fn cpu_times() -> Option<(Duration, Duration)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which ends at the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at)?.parse::<u64>().ok();
    // utime, stime, cutime, cstime are fields 14 to 17 (11 to 14 after the name).
    let own = ticks(11)? + ticks(12)?;
    let children = ticks(13)? + ticks(14)?;
    let tick = |count: u64| Duration::from_millis(count * 10);
    Some((tick(own), tick(children)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_starts_as_its_reference() {
        // The first outputs from seed 0 of the reference implementation.
        let mut random = SplitMix64(0);
        assert_eq!(random.next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(random.next(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn the_hash_of_nothing_is_the_offset_basis() {
        assert_eq!(Fnv::of(&[]), "cbf29ce484222325");
    }

    #[test]
    fn the_hash_covers_every_byte_in_order() {
        // One value: the four little-endian bytes 1, 0, 0, 0, hashed by hand.
        let mut expected: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in [1u8, 0, 0, 0] {
            expected = (expected ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(Fnv::of(&[1]), format!("{expected:016x}"));
        assert_ne!(Fnv::of(&[1, 2]), Fnv::of(&[2, 1]));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn cpu_times_grow_with_work() {
        let (before, _) = cpu_times().expect("/proc/self/stat gives CPU times on Linux");
        // Work until the clock ticks (10 ms of CPU), however busy the machine; a minute
        // of wall time without a tick would mean the counter is not read right.
        let start = std::time::Instant::now();
        let mut x = 0u64;
        let mut now = before;
        while now == before && start.elapsed() < Duration::from_secs(60) {
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
            now = cpu_times().expect("cpu times").0;
        }
        assert!(now > before, "{before:?} -> {now:?}");
    }
}
