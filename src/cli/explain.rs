//! `sudolab explain`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {}

pub fn execute(_args: ExplainArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab explain` is not implemented yet")
}
