//! `sudolab compare`: two results files, puzzle by puzzle, as a CI gate.

use super::overwrite;
use crate::analysis::compare;
use crate::analysis::compare_output::{self, Verdict};
use crate::analysis::results::{ResultSet, STDIN};
use clap::ValueEnum;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Output formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A readable report.
    Table,
    /// One row per puzzle with both sides' verdicts and times.
    Csv,
    /// The whole comparison and the verdict.
    Json,
}

const EXAMPLES: &str = r#"Examples:
  sudolab compare base.csv new.csv
  sudolab compare base.csv new.csv --max-slowdown 10 --fail-on-changes -q   # a CI gate
  sudolab compare base.csv new.csv --format csv -o changes.csv"#;

/// Compare two results files puzzle by puzzle, and their speed.
///
/// Status transitions, hardest-technique and
/// level changes, Sudoku Explainer's rating when both files have it (ER up and down, ER band
/// transitions, EP and ED), technique usage, and speed (median of per-puzzle time ratios
/// with a 95% bootstrap interval).
///
/// Exit code 1 when NEW is slower than BASE beyond --max-slowdown (the whole interval above
/// the limit), or with --fail-on-changes when any puzzle's verdict changed or a puzzle is
/// in one file only; 0 otherwise; 2 on usage or I/O errors, a file that is not a results
/// file, or two files with no puzzle in common.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct CompareArgs {
    /// The reference results file ('-' reads stdin).
    #[arg(value_name = "BASE.csv")]
    base: String,
    /// The results file to judge ('-' reads stdin).
    #[arg(value_name = "NEW.csv")]
    new: String,
    /// Largest slowdown allowed, in percent (e.g. 10 for 1.10x the time).
    #[arg(long, value_name = "PCT")]
    max_slowdown: Option<f64>,
    /// Fail when any puzzle's status, hardest technique or level changed (or its ER, EP or
    /// ED, when both files have SE's rating).
    #[arg(long)]
    fail_on_changes: bool,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Where the comparison goes; '-' is stdout.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: PathBuf,
    /// Print nothing: only the exit code says how it went.
    #[arg(short, long, conflicts_with = "out")]
    quiet: bool,
    /// Write over the -o file when it already holds something.
    #[arg(long)]
    force: bool,
}

pub fn execute(args: CompareArgs) -> anyhow::Result<ExitCode> {
    if let Some(pct) = args.max_slowdown
        && !(pct >= 0.0 && pct.is_finite())
    {
        anyhow::bail!("--max-slowdown must be a percentage of 0 or more, not {pct}");
    }
    if args.base == STDIN && args.new == STDIN {
        anyhow::bail!("standard input ('-') is named 2 times; it can be read once");
    }
    let inputs = [Path::new(&args.base), Path::new(&args.new)];
    overwrite::check(&args.out, args.force, &inputs, "")?;
    let base = ResultSet::load(&args.base)?;
    let new = ResultSet::load(&args.new)?;
    let comparison = compare::compare(&base, &new);
    if comparison.matched == 0 {
        // Nothing to judge: a gate that passed here would pass on any change.
        anyhow::bail!(
            "{} and {} have no puzzle in common: they are not runs of the same corpus",
            args.base,
            args.new
        );
    }
    let verdict = Verdict::of(&comparison, args.max_slowdown);
    let text = match args.format {
        Format::Table => compare_output::to_text(&comparison, &verdict),
        Format::Json => compare_output::to_json(&comparison, &verdict)?,
        Format::Csv => {
            let mut bytes = Vec::new();
            compare_output::write_csv(&mut bytes, &base, &new)?;
            String::from_utf8(bytes)?
        }
    };
    if args.out.as_os_str() != "-" {
        std::fs::write(&args.out, &text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.out.display()))?;
    } else if !args.quiet {
        super::print(text.as_bytes())?;
    }
    let failed = verdict.slower == Some(true) || (args.fail_on_changes && verdict.changed);
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
