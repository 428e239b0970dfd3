//! `grundy.serve`: the web page of `grundy serve`, served from Python with the games
//! defined in Python beside the library's, so a game written in a notebook is playable in
//! the browser (the generic view: the position's text picture and the moves with their
//! values).
//!
//! The server answers on threads of its own; a game of the user's calls back into Python
//! there, taking the interpreter for each call, on a pool of its own under the page's
//! [`Watch`] (which interrupts a method still running past the request's time limit, and
//! bounds each computation by the page's memory limit), so that the built-in games are
//! served whatever the user's code does. Blocking, the call releases the interpreter and
//! takes it every [`grundy_web::embed::POLL_EVERY`] only to look for a signal, so Ctrl-C
//! stops the server (and the work under way) and raises `KeyboardInterrupt`. Not blocking,
//! it returns a [`WebServer`] whose `stop()` (or the end of a `with` block, or the end of
//! the interpreter) stops it. Either way the call returns only once no thread of the
//! server runs the user's code any more, so the interpreter can end cleanly.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use grundy::stop::Stop;
use grundy_web::blocking::JobWatch;
use grundy_web::{ServeOptions, Server, ServerConfig};
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::game::GameArg;
use crate::games;
use crate::limits::CallLimits;
use crate::watch::Watch;

/// The memory limit of each computation of the page on a game of the user's, in megabytes,
/// when `serve` is given none.
pub const PAGE_MEGABYTES: u64 = 1000;

/// A page being served in the background: ``grundy.serve(..., block=False)`` gives it.
/// ``stop()`` stops it (the port is free when it returns); it is also a context manager.
#[pyclass(module = "grundy", frozen)]
pub struct WebServer {
    /// The page's address, ``http://127.0.0.1:8080/``.
    #[pyo3(get)]
    url: String,
    stop: Stop,
    thread: Mutex<Option<JoinHandle<std::io::Result<()>>>>,
    watch: Arc<Watch>,
}

#[pymethods]
impl WebServer {
    /// Stops the server and waits for it to close: the work under way is stopped (a
    /// method of your game still running is interrupted), and the call returns once none
    /// of your code runs on the server's threads; an ``OSError`` if serving failed.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        self.stop.raise();
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let served = thread.map(|thread| py.detach(|| thread.join()));
        self.watch.stop_and_wait(py)?;
        match served {
            None | Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(error))) => Err(PyOSError::new_err(format!("the server failed: {error}"))),
            Some(Err(_)) => Err(PyRuntimeError::new_err("the server's thread panicked")),
        }
    }

    /// Whether the server still serves.
    #[getter]
    fn running(&self) -> bool {
        self.thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        self.stop(py)?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        format!("grundy.WebServer({})", self.url)
    }
}

/// Serves grundy's web page with your own games: every game defined with
/// :func:`define_game` (or those of ``games``, names or ``Game`` objects) beside the
/// built-in ones, each shown with the generic view (the position's ``str()`` and the moves
/// with their values).
///
/// ``host`` and ``port`` say where (port 0 picks a free port); ``records`` is a folder of
/// game records the page may replay. With ``block=True`` (the default) the call serves until
/// Ctrl-C, which stops the server and raises ``KeyboardInterrupt``; the address is printed
/// to ``sys.stderr`` first. With ``block=False`` it returns a :class:`WebServer` at once:
/// its ``url``, and ``stop()`` (called at the interpreter's exit if not before).
///
/// Your games' methods run on a pool of the server's own, two requests at a time, so that
/// the built-in games are always served. A request on them is answered within the page's
/// time limits (15.5 s for an analysis) or ``time_limit`` seconds when shorter, and each
/// computation on them is bounded by ``memory_limit`` megabytes (default 1000); a method
/// still running at the time limit is interrupted (an exception raised in its thread), and
/// a method that raises makes that position or move ``unknown``, with the error named.
/// Raises ``ValueError`` for an unknown game, a name the server cannot take or a bad
/// limit, ``OSError`` when the address cannot be bound.
#[pyfunction]
#[pyo3(signature = (games=None, *, host="127.0.0.1", port=8080, records=None, block=true, time_limit=None, memory_limit=None))]
#[allow(clippy::too_many_arguments)]
pub fn serve(
    py: Python<'_>,
    games: Option<Vec<GameArg>>,
    host: &str,
    port: u16,
    records: Option<PathBuf>,
    block: bool,
    time_limit: Option<&Bound<'_, PyAny>>,
    memory_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Py<WebServer>>> {
    let limits = CallLimits::read(time_limit, memory_limit)?;
    let megabytes = limits.megabytes().unwrap_or(PAGE_MEGABYTES);
    let chosen = match games {
        Some(games) => games
            .iter()
            .map(GameArg::resolve)
            .collect::<PyResult<Vec<_>>>()?,
        None => games::all(),
    };
    // The library's games are served anyway; the others are the extra ones.
    let extra_games = chosen
        .into_iter()
        .filter(|game| game.user().is_some())
        .map(games::GameKind::handle)
        .collect();
    let address: IpAddr = host
        .parse()
        .map_err(|_| value_error(format!("host {host:?} is not an IP address")))?;
    let watch = Watch::start(megabytes)
        .map_err(|error| PyOSError::new_err(format!("could not start the server: {error}")))?;
    let options = ServeOptions {
        addr: SocketAddr::new(address, port),
        records,
        extra_games,
        watch: Some(Arc::clone(&watch) as Arc<dyn JobWatch>),
        config: ServerConfig {
            extra_game_limit: limits.seconds().map(Duration::from_secs_f64),
            ..ServerConfig::default()
        },
    };
    let server = match Server::bind(options) {
        Ok(server) => server,
        Err(error) => {
            watch.stop_and_wait(py)?;
            return Err(match error {
                grundy_web::StartError::Bind { .. } | grundy_web::StartError::Runtime(_) => {
                    PyOSError::new_err(error.to_string())
                }
                other => value_error(other),
            });
        }
    };
    let url = format!("http://{}/", server.address());
    let stop = Stop::new();
    if !block {
        let server_stop = stop.clone();
        let thread = match std::thread::Builder::new()
            .name("grundy-serve".to_owned())
            .spawn(move || server.run_until(&server_stop))
        {
            Ok(thread) => thread,
            Err(error) => {
                watch.stop_and_wait(py)?;
                return Err(PyOSError::new_err(format!(
                    "could not start the server: {error}"
                )));
            }
        };
        let server = Bound::new(
            py,
            WebServer {
                url,
                stop,
                thread: Mutex::new(Some(thread)),
                watch,
            },
        )?;
        // A page left serving is stopped before the interpreter ends, never during.
        py.import("atexit")?
            .call_method1("register", (server.getattr("stop")?,))?;
        return Ok(Some(server.unbind()));
    }
    let stderr = py.import("sys")?.getattr("stderr")?;
    stderr.call_method1(
        "write",
        (format!("grundy: serving {url} (Ctrl-C stops)\n"),),
    )?;
    let interrupted: Mutex<Option<PyErr>> = Mutex::new(None);
    let served = py.detach(|| {
        server.run_until_polling(&stop, || {
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(signal) => {
                    *interrupted.lock().unwrap_or_else(PoisonError::into_inner) = Some(signal);
                    true
                }
            })
        })
    });
    // No thread of the server may be in the user's code when this call returns.
    watch.stop_and_wait(py)?;
    if let Some(signal) = interrupted
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(signal);
    }
    served.map_err(|error| PyOSError::new_err(format!("the server failed: {error}")))?;
    Ok(None)
}
