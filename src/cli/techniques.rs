//! `sudolab techniques`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct TechniquesArgs {}

pub fn execute(_args: TechniquesArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab techniques` is not implemented yet")
}
