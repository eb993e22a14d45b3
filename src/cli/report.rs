//! `sudolab report`: not implemented yet.

use std::process::ExitCode;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {}

pub fn execute(_args: ReportArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`sudolab report` is not implemented yet")
}
