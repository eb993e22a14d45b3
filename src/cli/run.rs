//! `sudolab run`: the command-line face of [`crate::runner`]. It turns options into a
//! [`RunConfig`], prints the runner's notices and the closing summary on stderr, and maps
//! the outcome to the exit code. The work itself lives in the library.

use crate::ladder_config::{Fallback, LadderConfig, LadderConfigError};
use crate::record::Status;
use crate::runner::output::Target;
use crate::runner::summary::summary;
use crate::runner::{self, RunConfig, RunReport};
use crate::solver::Policy;
use anyhow::bail;
use clap::ValueEnum;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

const AFTER_HELP: &str = "\
Output: one CSV row per puzzle line, in input order at any thread count (blank lines and
lines starting with '#' are not puzzles). Columns: source, line, puzzle, givens, status,
steps, placements, eliminations, hardest, score, level, micros, error, one count column per
technique of the ladder, then solution with --solution. A FILE.csv.meta.json beside the
results records version, commit, command line, ladder, inputs, times and totals.

Status: solved | stuck (logic alone stops) | no-solution | multiple-solutions | invalid
(not a puzzle; `error` says why) | unsound (a step contradicted the solution: a bug).

Exit codes: 0 every line was processed (invalid puzzles are data, not failures); 1 a step
was unsound; 2 usage, configuration or I/O error (an unreadable input is reported and the
others still run).

Examples:
  sudolab run data/sudoku_exchange_4k.txt --out results.csv
  sudolab run data/blog.txt --ladder blog --policy sweep --out blog.csv
  sudolab run data/sudoku17.txt --ladder singles --fallback brute-force --limit 1000 -o s.csv
  cat puzzles.txt | sudolab run --ladder n1,h1,lc1,lc2 --quiet > out.csv";

/// Grade puzzle files with a ladder of human techniques: one CSV row per puzzle, on all cores.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct RunArgs {
    /// Puzzle files, one puzzle per line: 81 cells, digits for givens, '.' or '0' for blanks;
    /// text after the cells (set off by a space, '#', ',', ';' or '|') is ignored.
    /// '-' or no file reads stdin.
    #[arg(value_name = "FILE")]
    inputs: Vec<PathBuf>,

    /// The techniques to try, simplest first: a preset (singles, blog, standard), a comma
    /// list of technique names or HoDoKu codes ("n1,h1,lc1,n2"), or a TOML ladder file
    /// (*.toml: techniques, policy, fallback, [scores], [levels]). `sudolab techniques`
    /// lists the names.
    #[arg(short, long, value_name = "LADDER", default_value = "standard",
          value_parser = parse_ladder)]
    ladder: Box<LadderConfig>,

    /// How much one technique does before the ladder restarts from the top: one pattern
    /// instance (single, HoDoKu's way) or every instance it finds (sweep) [default: single,
    /// or the ladder file's]
    #[arg(long, value_enum)]
    policy: Option<PolicyArg>,

    /// What happens when logic stops: the puzzle is stuck (none), or Brute Force sets a
    /// cell from the solution and logic goes on (brute-force) [default: none, or the ladder
    /// file's]
    #[arg(long, value_enum)]
    fallback: Option<FallbackArg>,

    /// Where the CSV goes; '-' is stdout. A file gets a FILE.meta.json sidecar.
    #[arg(short, long, value_name = "FILE.csv", default_value = "-")]
    out: PathBuf,

    /// Worker threads [default: one per core]
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    threads: Option<u32>,

    /// Pass over the first N puzzle lines (blank and comment lines do not count).
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: u64,

    /// Record at most N puzzle lines.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,

    /// Check every step against the unique solution as it is taken (a solve is always
    /// checked at its end).
    #[arg(long)]
    verify: bool,

    /// Add the unique solution as a last column.
    #[arg(long)]
    solution: bool,

    /// No progress bar and no summary on stderr (problems are still reported).
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum PolicyArg {
    Single,
    Sweep,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum FallbackArg {
    None,
    BruteForce,
}

impl From<PolicyArg> for Policy {
    fn from(arg: PolicyArg) -> Policy {
        match arg {
            PolicyArg::Single => Policy::Single,
            PolicyArg::Sweep => Policy::Sweep,
        }
    }
}

impl From<FallbackArg> for Fallback {
    fn from(arg: FallbackArg) -> Fallback {
        match arg {
            FallbackArg::None => Fallback::None,
            FallbackArg::BruteForce => Fallback::BruteForce,
        }
    }
}

/// `--ladder`'s parser (boxed: the configuration is larger than the other options).
fn parse_ladder(spec: &str) -> Result<Box<LadderConfig>, LadderConfigError> {
    LadderConfig::from_arg(spec).map(Box::new)
}

impl RunArgs {
    /// The run these options ask for; the command line wins over the ladder file.
    fn config(self) -> anyhow::Result<RunConfig> {
        let mut inputs = self.inputs;
        if inputs.is_empty() {
            if std::io::stdin().is_terminal() {
                bail!("no input: name puzzle files, or pipe puzzles into stdin (see --help)");
            }
            inputs.push(PathBuf::from("-"));
        }
        let ladder = *self.ladder;
        Ok(RunConfig {
            inputs,
            output: Target::from_arg(&self.out),
            policy: self
                .policy
                .map(Policy::from)
                .or(ladder.policy)
                .unwrap_or_default(),
            fallback: self
                .fallback
                .map(Fallback::from)
                .or(ladder.fallback)
                .unwrap_or_default(),
            ladder: ladder.ladder,
            ladder_file: ladder.file,
            scores: ladder.scores,
            threads: self.threads.map(|n| n as usize),
            skip: self.skip,
            limit: self.limit,
            verify: self.verify,
            solution: self.solution,
            progress: !self.quiet,
            command_line: std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
        })
    }
}

pub fn execute(args: RunArgs) -> anyhow::Result<ExitCode> {
    let quiet = args.quiet;
    let config = args.config()?;
    let report = runner::run(&config, &mut |notice| eprintln!("sudolab: {notice}"))?;
    if report.broken_pipe {
        return Ok(ExitCode::SUCCESS);
    }
    if !quiet {
        eprint!(
            "{}",
            summary(&report.totals, report.elapsed, report.threads)
        );
    }
    Ok(exit_code(&report))
}

/// 2 when an input could not be read, else 1 when a step was unsound, else 0.
fn exit_code(report: &RunReport) -> ExitCode {
    if report.input_errors > 0 {
        ExitCode::from(2)
    } else if report.totals.status(Status::Unsound) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;
    use std::time::Duration;

    fn report(statuses: &[Status], input_errors: u64) -> RunReport {
        let mut totals = runner::totals::Totals::default();
        for &status in statuses {
            totals.add(&Record {
                source: String::new(),
                line: 1,
                puzzle: String::new(),
                givens: None,
                status,
                steps: 0,
                placements: 0,
                eliminations: 0,
                hardest: None,
                score: 0,
                level: None,
                micros: 0,
                error: String::new(),
                counts: vec![],
                solution: None,
            });
        }
        RunReport {
            totals,
            input_errors,
            broken_pipe: false,
            threads: 1,
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn exit_codes_put_io_errors_before_unsound_steps_before_success() {
        use Status::*;
        let ok = report(&[Solved, Stuck, Invalid, NoSolution, MultipleSolutions], 0);
        assert_eq!(exit_code(&ok), ExitCode::SUCCESS);
        assert_eq!(exit_code(&report(&[Solved, Unsound], 0)), ExitCode::from(1));
        assert_eq!(exit_code(&report(&[Unsound], 1)), ExitCode::from(2));
        assert_eq!(exit_code(&report(&[], 1)), ExitCode::from(2));
    }
}
