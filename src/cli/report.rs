//! `sudolab report`: Markdown and HTML reports with SVG charts from results files.

use crate::analysis::report::{Report, explained};
use crate::analysis::results::{ResultSet, STDIN};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab report results.csv                      # into ./report/
  sudolab report singles.csv standard.csv -o cmp/ # two runs side by side
  sudolab report merged.csv -o report/ --quiet"#;

/// Write a report (Markdown, HTML, SVG charts) of one or more results files.
///
/// Of results files as `sudolab run` writes them: puzzles by
/// status, hardest technique needed, technique usage, levels, Sudoku Explainer's rating
/// beside HoDoKu's level (when the files have `er`), solve times and the slowest puzzles,
/// several files side by side. Writes DIR/report.md, DIR/report.html (the same,
/// self-contained) and the charts as SVG files, and each listed puzzle's path drawn step
/// by step in DIR/explained/, linked from the report.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct ReportArgs {
    /// Results CSV files; each file's sidecar FILE.csv.meta.json is read when present. '-'
    /// reads one from stdin (`sudolab merge ... -o - | sudolab report -`).
    #[arg(value_name = "RESULTS.csv", required = true)]
    results: Vec<String>,
    /// Folder to write the report into (created if missing).
    #[arg(long, short, value_name = "DIR", default_value = "report")]
    out: PathBuf,
    /// Say nothing on stderr (errors aside).
    #[arg(short, long)]
    quiet: bool,
}

pub fn execute(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let stdin_count = args.results.iter().filter(|path| *path == STDIN).count();
    if stdin_count > 1 {
        anyhow::bail!("standard input ('-') is named {stdin_count} times; it can be read once");
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let sets = args
        .results
        .iter()
        .map(|path| ResultSet::load(path))
        .collect::<Result<Vec<_>, _>>()?;
    let report = Report::new(&sets)?;
    let written = report.write(&args.out)?;
    explained::write_pages(&sets, &args.out)?;
    if !args.quiet {
        let charts = written
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "svg"))
            .count();
        super::eprint(&format!(
            "wrote {}: report.md, report.html and {charts} SVG {}\n",
            args.out.display(),
            if charts == 1 { "chart" } else { "charts" }
        ));
    }
    Ok(ExitCode::SUCCESS)
}
