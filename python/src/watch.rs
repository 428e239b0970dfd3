//! The page's watch over its work on games written in Python (`grundy.serve`).
//!
//! The server runs every request on a game of the user's on a pool of its own
//! ([`grundy_web::blocking::JobWatch`]), and this watch runs around each such job, on the
//! job's thread:
//!
//! - **Known threads.** While a job runs, the watch knows its thread (by Python's
//!   `threading.get_ident()`) and its token. The computations of the job read the page's
//!   memory limit from it ([`serving_megabytes`]), and answer plainly without calling the
//!   user's methods once the token is raised ([`abandoned`]).
//! - **Interrupting a method that does not return.** A Python thread cannot be killed, and
//!   a method in an endless loop never comes back to grundy to look at a stop. So once a
//!   job's token is raised (its time limit, the request given up, the server stopped) a
//!   thread of the watch's own raises [`GameAbandoned`] in the job's thread, through the
//!   interpreter's `PyThreadState_SetAsyncExc` (called with `ctypes`, as the package has no
//!   `unsafe` code): the exception arrives at the method's next bytecode, the method ends,
//!   and so does the job, releasing its thread and its CPU. It is sent again every
//!   [`RESEND`] while the job runs, since a method may catch it. It derives from
//!   `BaseException`, so an `except Exception` in the method does not swallow it. A method
//!   blocked in C code (`time.sleep`, a lock) gets it only when that call returns: it holds
//!   its thread of the pool until then, and the registry's games are served meanwhile.
//! - **A clean stop.** The interpreter must not end while a job's thread may still call
//!   into it (that is the `Fatal Python error: PyGILState_Release` of a stop with a request
//!   in flight). So stopping the page ([`Watch::stop_and_wait`]) refuses new jobs, raises
//!   every job's token, waits until every job has left the watch, and only then ends the
//!   watch's thread and returns.
//!
//! The exception is sent only to a thread whose job is still registered, with the
//! interpreter held and the registry locked, and a job leaves the registry (under the same
//! lock) before its thread can start another: no other job ever receives it. Each call of
//! a job into Python takes the interpreter anew, so an exception pending on a job that has
//! ended is dropped with the thread's state.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use grundy_web::blocking::{Cancel, JobWatch};
use pyo3::exceptions::PyBaseException;
use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    GameAbandoned,
    PyBaseException,
    "Raised by grundy's web page in a thread running a method of your game past the page's \
     time limit, so that the method ends."
);

/// How often the watch's thread looks at the jobs' tokens.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// How long the watch waits before it sends the exception again to a job still running.
pub const RESEND: Duration = Duration::from_millis(200);

/// How long a stop waits for the jobs before it says on `sys.stderr` what it waits for.
const PATIENCE: Duration = Duration::from_secs(2);

/// One job under way.
struct Watched {
    /// The job's number, to find it again.
    number: u64,
    /// Its thread, as Python names threads.
    thread: u64,
    /// Its token.
    cancel: Cancel,
    /// When the exception was last sent to its thread.
    sent: Option<Instant>,
}

/// What the watch and its thread share.
#[derive(Default)]
struct Shared {
    jobs: Mutex<Vec<Watched>>,
    next: Mutex<u64>,
    /// Set once the page stops: no job is taken, every job is stopped.
    stopping: AtomicBool,
    /// Set once the watch's thread should end (after the last job).
    finished: AtomicBool,
}

impl Shared {
    fn jobs(&self) -> MutexGuard<'_, Vec<Watched>> {
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The watch of one page: see the [module](self).
pub struct Watch {
    shared: Arc<Shared>,
    /// The memory limit of each computation of a job, in megabytes.
    megabytes: u64,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("jobs", &self.shared.jobs().len())
            .field("megabytes", &self.megabytes)
            .finish()
    }
}

/// What a job's thread knows of the job it runs.
struct Context {
    megabytes: u64,
    cancel: Cancel,
    /// Whether the page was told on `sys.stderr` that the job's methods were stopped.
    told: bool,
}

thread_local! {
    /// The job this thread runs for the page, if any.
    static CONTEXT: RefCell<Option<Context>> = const { RefCell::new(None) };
}

/// The memory limit, in megabytes, of a computation run by the page on this thread.
pub fn serving_megabytes() -> Option<u64> {
    CONTEXT.with_borrow(|context| context.as_ref().map(|context| context.megabytes))
}

/// True when this thread runs a job of the page whose token is raised: nothing it computes
/// is sent any more, so the user's methods need not be asked anything.
pub fn abandoned() -> bool {
    CONTEXT.with_borrow(|context| {
        context
            .as_ref()
            .is_some_and(|context| context.cancel.is_cancelled())
    })
}

/// True when `error` is the watch's exception, or any exception once this thread's job is
/// abandoned (what a method raises as it is interrupted is of no interest to anyone).
pub fn is_abandonment(py: Python<'_>, error: &PyErr) -> bool {
    error.is_instance_of::<GameAbandoned>(py) || abandoned()
}

/// True the first time it is asked in a job (so that the page says once per job that its
/// methods were stopped).
pub fn first_told() -> bool {
    CONTEXT.with_borrow_mut(|context| match context {
        Some(context) if !context.told => {
            context.told = true;
            true
        }
        _ => false,
    })
}

/// Clears this thread's job when dropped, also when the job panics.
struct Leaving<'a> {
    shared: &'a Shared,
    number: u64,
}

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        CONTEXT.with_borrow_mut(|context| *context = None);
        self.shared.jobs().retain(|job| job.number != self.number);
    }
}

impl Watch {
    /// A watch whose jobs' computations may each hold `megabytes`, with its thread started.
    pub fn start(megabytes: u64) -> std::io::Result<Arc<Watch>> {
        let shared = Arc::new(Shared::default());
        let looking = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("grundy-watch".to_owned())
            .spawn(move || look_after(&looking))?;
        Ok(Arc::new(Watch {
            shared,
            megabytes,
            thread: Mutex::new(Some(thread)),
        }))
    }

    /// Refuses new jobs, raises every job's token, and waits (the interpreter released,
    /// looking at Ctrl-C) until no job runs; then ends the watch's thread. After
    /// [`PATIENCE`] it says on `sys.stderr` what it waits for. A `KeyboardInterrupt` while it
    /// waits ends the wait and is returned: the jobs left may then outlive the call.
    pub fn stop_and_wait(&self, py: Python<'_>) -> PyResult<()> {
        self.shared.stopping.store(true, Ordering::SeqCst);
        let began = Instant::now();
        let mut told = false;
        loop {
            let running = {
                let jobs = self.shared.jobs();
                for job in jobs.iter() {
                    job.cancel.cancel();
                }
                jobs.len()
            };
            if running == 0 {
                break;
            }
            if !told && began.elapsed() >= PATIENCE {
                told = true;
                let stderr = py.import("sys")?.getattr("stderr")?;
                stderr.call_method1(
                    "write",
                    (format!(
                        "grundy: waiting for {running} method(s) of your game to return (a \
                         method blocked in a call such as time.sleep cannot be interrupted); \
                         Ctrl-C leaves without waiting\n"
                    ),),
                )?;
            }
            py.detach(|| std::thread::sleep(LOOK_EVERY));
            py.check_signals()?;
        }
        self.shared.finished.store(true, Ordering::SeqCst);
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(thread) = thread {
            // The thread ends within one look; it never waits for this one.
            let _ = py.detach(|| thread.join());
        }
        Ok(())
    }
}

impl JobWatch for Watch {
    fn watch(&self, cancel: &Cancel, job: &mut dyn FnMut()) {
        if self.shared.stopping.load(Ordering::SeqCst) {
            return;
        }
        let number = {
            let mut next = self
                .shared
                .next
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            *next
        };
        let Some(thread) = Python::attach(|py| thread_ident(py).ok()) else {
            return;
        };
        self.shared.jobs().push(Watched {
            number,
            thread,
            cancel: cancel.clone(),
            sent: None,
        });
        CONTEXT.with_borrow_mut(|context| {
            *context = Some(Context {
                megabytes: self.megabytes,
                cancel: cancel.clone(),
                told: false,
            });
        });
        let _leaving = Leaving {
            shared: &self.shared,
            number,
        };
        job();
    }
}

/// Python's name of this thread (`threading.get_ident()`), which the interpreter's
/// asynchronous exceptions are addressed to.
fn thread_ident(py: Python<'_>) -> PyResult<u64> {
    py.import("threading")?.call_method0("get_ident")?.extract()
}

/// The watch's thread: every [`LOOK_EVERY`], sends the exception to each job whose token
/// is raised (again after [`RESEND`]), until told to finish.
fn look_after(shared: &Shared) {
    while !shared.finished.load(Ordering::SeqCst) {
        std::thread::sleep(LOOK_EVERY);
        let due = |job: &Watched| {
            job.cancel.is_cancelled() && job.sent.is_none_or(|sent| sent.elapsed() >= RESEND)
        };
        if !shared.jobs().iter().any(due) {
            continue;
        }
        Python::attach(|py| {
            // Locked with the interpreter held: a job leaves only between two such looks.
            let mut jobs = shared.jobs();
            for job in jobs.iter_mut().filter(|job| due(job)) {
                job.sent = Some(Instant::now());
                // Without ctypes there is no way to interrupt: the job ends when it returns.
                let _ = interrupt(py, job.thread);
            }
        });
    }
}

/// Raises [`GameAbandoned`] in the thread `thread` at its next bytecode.
fn interrupt(py: Python<'_>, thread: u64) -> PyResult<()> {
    let ctypes = py.import("ctypes")?;
    let set_async = ctypes
        .getattr("pythonapi")?
        .getattr("PyThreadState_SetAsyncExc")?;
    let thread = ctypes.getattr("c_ulong")?.call1((thread,))?;
    let exception = ctypes
        .getattr("py_object")?
        .call1((py.get_type::<GameAbandoned>(),))?;
    set_async.call1((thread, exception))?;
    Ok(())
}
