//! `sudolab compare`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct CompareArgs {}

pub fn execute(_args: CompareArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab compare` is not implemented yet")
}
