//! `grundy.serve`: the web page of `grundy serve`, served from Python with the games
//! defined in Python beside the library's, so a game written in a notebook is playable in
//! the browser (the generic view: the position's text picture and the moves with their
//! values).
//!
//! The server answers on threads of its own; a game of the user's calls back into Python
//! there, taking the interpreter for each call. Blocking, the call releases the interpreter
//! and takes it every [`grundy_web::embed::POLL_EVERY`] only to look for a signal, so Ctrl-C
//! stops the server (and the work under way) and raises `KeyboardInterrupt`. Not blocking,
//! it returns a [`WebServer`] whose `stop()` (or the end of a `with` block) stops it.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;

use grundy::stop::Stop;
use grundy_web::{ServeOptions, Server};
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::game::GameArg;
use crate::games;

/// A page being served in the background: ``grundy.serve(..., block=False)`` gives it.
/// ``stop()`` stops it (the port is free when it returns); it is also a context manager.
#[pyclass(module = "grundy", frozen)]
pub struct WebServer {
    /// The page's address, ``http://127.0.0.1:8080/``.
    #[pyo3(get)]
    url: String,
    stop: Stop,
    thread: Mutex<Option<JoinHandle<std::io::Result<()>>>>,
}

#[pymethods]
impl WebServer {
    /// Stops the server and waits for it to close (at most a few seconds for the work
    /// under way); an ``OSError`` if serving failed.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        self.stop.raise();
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let Some(thread) = thread else {
            return Ok(());
        };
        match py.detach(|| thread.join()) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(error)) => Err(PyOSError::new_err(format!("the server failed: {error}"))),
            Err(_) => Err(PyRuntimeError::new_err("the server's thread panicked")),
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
/// its ``url``, and ``stop()``. Raises ``ValueError`` for an unknown game or a name the
/// server cannot take, ``OSError`` when the address cannot be bound.
#[pyfunction]
#[pyo3(signature = (games=None, *, host="127.0.0.1", port=8080, records=None, block=true))]
pub fn serve(
    py: Python<'_>,
    games: Option<Vec<GameArg>>,
    host: &str,
    port: u16,
    records: Option<PathBuf>,
    block: bool,
) -> PyResult<Option<WebServer>> {
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
    let options = ServeOptions {
        addr: SocketAddr::new(address, port),
        records,
        extra_games,
        ..ServeOptions::default()
    };
    let server = Server::bind(options).map_err(|error| match error {
        grundy_web::StartError::Bind { .. } | grundy_web::StartError::Runtime(_) => {
            PyOSError::new_err(error.to_string())
        }
        other => value_error(other),
    })?;
    let url = format!("http://{}/", server.address());
    let stop = Stop::new();
    if !block {
        let server_stop = stop.clone();
        let thread = std::thread::Builder::new()
            .name("grundy-serve".to_owned())
            .spawn(move || server.run_until(&server_stop))
            .map_err(|error| PyOSError::new_err(format!("could not start the server: {error}")))?;
        return Ok(Some(WebServer {
            url,
            stop,
            thread: Mutex::new(Some(thread)),
        }));
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
    if let Some(signal) = interrupted
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(signal);
    }
    served.map_err(|error| PyOSError::new_err(format!("the server failed: {error}")))?;
    Ok(None)
}
