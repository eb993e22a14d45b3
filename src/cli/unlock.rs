//! `sudolab unlock`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct UnlockArgs {}

pub fn execute(_args: UnlockArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab unlock` is not implemented yet")
}
