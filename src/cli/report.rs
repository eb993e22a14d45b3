//! `sudolab report`: Markdown and HTML reports with SVG charts from results files.

use crate::analysis::report::Report;
use crate::analysis::results::ResultSet;
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;

/// Write a report (Markdown, HTML, SVG charts) of one or more results files.
///
/// Of results files as `sudolab run` writes them: puzzles by
/// status, hardest technique needed, technique usage, levels, solve times and the slowest
/// puzzles, several files side by side. Writes DIR/report.md, DIR/report.html (the same,
/// self-contained) and the charts as SVG files.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// Results CSV files; each file's sidecar FILE.csv.meta.json is read when present.
    #[arg(value_name = "RESULTS.csv", required = true)]
    results: Vec<String>,
    /// Folder to write the report into (created if missing).
    #[arg(long, short, value_name = "DIR", default_value = "report")]
    out: PathBuf,
}

pub fn execute(args: ReportArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let sets = args
        .results
        .iter()
        .map(|path| ResultSet::load(path))
        .collect::<Result<Vec<_>, _>>()?;
    let report = Report::new(&sets)?;
    for path in report.write(&args.out)? {
        super::eprint(&format!("wrote {}\n", path.display()));
    }
    Ok(ExitCode::SUCCESS)
}
