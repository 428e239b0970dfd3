//! Ctrl-C (SIGINT, or SIGTERM) on the command line: it stops the work under way like a
//! limit. A command that looks at a [`Stop`] gets one from [`stop_within`]: the first Ctrl-C
//! raises it, the computation ends at its next look (well under a second), and the command
//! says "stopped by Ctrl-C" and exits with status 130, with every file it writes (tables,
//! thermographs) written whole or not at all. A command whose work takes no stop (a Pousse
//! table build, a match) says at once what it leaves behind and exits with status 130
//! ([`exit_on_interrupt`]), after the record line or file being written is finished. A
//! second Ctrl-C ends the process at once.
//!
//! Status 130 (128 + SIGINT) is the shell's for a command ended by Ctrl-C; the limits
//! (`--time-limit`, `--memory-limit`) exit with status 1.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, Once, OnceLock};
use std::time::{Duration, Instant};

use grundy::stop::Stop;

/// The exit status of a command stopped by Ctrl-C.
pub const EXIT_STATUS: u8 = 130;

/// How many interrupts have come.
static INTERRUPTS: AtomicU32 = AtomicU32::new(0);

/// The stop the first interrupt raises, once a command has asked for one.
static STOP: Mutex<Option<Stop>> = Mutex::new(None);

/// For a command whose work takes no stop: what to do before exiting (kill the players)
/// and the line that says what the interrupt left behind.
static EXIT: OnceLock<(fn(), &'static str)> = OnceLock::new();

/// Held while a file is written (a table, a thermograph): an interrupt that ends the process
/// waits for it, so the file is whole.
static WRITING: Mutex<()> = Mutex::new(());

/// Installs the handler, once.
fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // Only fails when another handler is installed, which this module alone does.
        let _ = ctrlc::set_handler(on_interrupt);
    });
}

/// What an interrupt does: raise the command's stop the first time, or end the process.
fn on_interrupt() {
    let count = INTERRUPTS.fetch_add(1, Ordering::SeqCst) + 1;
    if let Some((before_exit, said)) = EXIT.get() {
        before_exit();
        exit_whole(said);
    }
    let stop = STOP.lock().ok().and_then(|stop| stop.clone());
    match stop {
        Some(stop) if count == 1 => stop.raise(),
        _ => exit_whole("interrupted again (Ctrl-C); stopped at once"),
    }
}

/// Ends the process with the interrupt's status once no file or record line is being
/// written, saying `said`.
fn exit_whole(said: &str) -> ! {
    let _files = hold_writing();
    let _records = grundy_arena::record::hold_writes();
    eprintln!("\ngrundy: {said}");
    std::process::exit(i32::from(EXIT_STATUS));
}

/// The lock of the files being written, poisoned or not.
fn hold_writing() -> MutexGuard<'static, ()> {
    WRITING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The stop of a command's work: raised by the first Ctrl-C, and from `time_limit` on when
/// one is given.
pub fn stop_within(time_limit: Option<Duration>) -> Stop {
    let stop = match time_limit {
        Some(limit) => Stop::until(Instant::now() + limit),
        None => Stop::new(),
    };
    if let Ok(mut slot) = STOP.lock() {
        *slot = Some(stop.clone());
    }
    install();
    stop
}

/// For a command whose work takes no stop: an interrupt runs `before_exit`, says `said` and
/// ends the process with status 130, once the file or record line being written is whole.
pub fn exit_on_interrupt(before_exit: fn(), said: &'static str) {
    let _ = EXIT.set((before_exit, said));
    install();
}

/// Whether an interrupt has come.
pub fn interrupted() -> bool {
    INTERRUPTS.load(Ordering::SeqCst) > 0
}

/// Writes a file that an interrupt must not cut short: an interrupt that ends the process
/// waits until `write` returns.
pub fn writing<T>(write: impl FnOnce() -> T) -> T {
    let _held = hold_writing();
    write()
}
