//! `sudolab merge`: the command-line face of [`crate::runner::merge`].

use crate::runner::Existing;
use crate::runner::merge::{self, MergeConfig, MergeError};
use crate::runner::output::Target;
use std::path::PathBuf;
use std::process::ExitCode;

const AFTER_HELP: &str = r#"The parts must be finished runs (each with its FILE.csv.meta.json) of the same inputs,
ladder, policy, fallback, options and tool version: the N shards of one run (--shard 1/N
... N/N), or runs over consecutive ranges (--skip, --limit), or both. The merged file is
the one a single run would have written (the micros column aside), and its sidecar adds
the parts' totals. A part missing, repeated, unfinished, cut short or from another run
is named, and nothing is merged (exit code 2).

Examples:
  sudolab merge part1.csv part2.csv part3.csv part4.csv -o all.csv
  sudolab merge parts/*.csv -o all.csv --force
  sudolab merge first-half.csv second-half.csv -o - | sudolab report -"#;

/// Put the results files of a run graded in parts (shards, ranges) back together.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct MergeArgs {
    /// The parts' results files, in any order (files, each with its sidecar: not stdin).
    #[arg(value_name = "PART.csv", required = true)]
    parts: Vec<PathBuf>,

    /// Where the merged CSV goes; '-' is stdout (then without sidecar).
    #[arg(short, long, value_name = "FILE.csv")]
    out: PathBuf,

    /// Write over an existing results file.
    #[arg(long)]
    force: bool,

    /// No summary on stderr.
    #[arg(short, long)]
    quiet: bool,
}

pub fn execute(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let config = MergeConfig {
        parts: args.parts,
        output: Target::from_arg(&args.out),
        existing: match args.force {
            true => Existing::Overwrite,
            false => Existing::Refuse,
        },
        command_line: std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
    };
    let report = match merge::merge(&config) {
        // The reader of stdout went away (`-o - | head`): not a failure, as for `run`.
        Err(MergeError::Output(error)) if error.is_broken_pipe() => return Ok(ExitCode::SUCCESS),
        result => result?,
    };
    if !args.quiet {
        let rows = report.totals.puzzles;
        super::eprint(&format!(
            "merged {} {} into {}: {rows} {}\n",
            report.parts,
            if report.parts == 1 { "part" } else { "parts" },
            config.output.name(),
            if rows == 1 { "row" } else { "rows" },
        ));
    }
    Ok(ExitCode::SUCCESS)
}
