//! `grundy serve`: the web page to play, analyse and replay games (see docs/web.md).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use crate::error::CliError;

/// Options of `grundy serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on; loopback unless told otherwise.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// A directory of JSON Lines game records the page may replay (only files under it).
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
}

/// Serves the page until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<String, CliError> {
    if let Some(dir) = &args.records {
        if !dir.is_dir() {
            return Err(CliError::Usage(format!(
                "--records {}: not a directory",
                dir.display()
            )));
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(grundy_web::serve(args.addr, args.records.clone()))?;
    Ok(String::new())
}
