//! `sudolab run`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct RunArgs {}

pub fn execute(_args: RunArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab run` is not implemented yet")
}
