//! `sudolab unlock`: which single technique unlocks the puzzles a base ladder leaves
//! stuck, and with `--ablate` what each rung of a ladder is worth.

use crate::analysis::puzzles::{self, PuzzleLine};
use crate::analysis::unlock::{self, Unlocker};
use crate::analysis::unlock_output;
use crate::catalogue::Technique;
use crate::ladder::Ladder;
use crate::ladder_config::LadderConfig;
use crate::record::Status;
use anyhow::Context;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab unlock data/blog.txt -l singles --try lc1,lc2,n2,h2,x-wing
  sudolab unlock data/sudoku_exchange_4k.txt -l standard --ablate -o ablate.csv
  cat puzzles.txt | sudolab unlock - -l singles -q -o unlock.csv"#;

/// Which technique unlocks the puzzles a ladder leaves stuck.
///
/// For every puzzle the base ladder leaves stuck: which technique added alone solves it,
/// and the first technique of the try list (in its order) from which it solves.
///
/// With --ablate: for every technique of the ladder, how many puzzles become stuck when
/// only it is removed. The summary goes to stdout, the per-puzzle CSV to --out.
/// Exit code 0 (lines that are not puzzles are data, as for `run`: named on stderr, their
/// CSV rows say why), 2 on usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct UnlockArgs {
    /// Puzzle files, one puzzle a line (`-` for standard input).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,
    /// The base ladder [default: singles], or with --ablate the ladder to take apart
    /// [default: standard]: a preset, a comma list of techniques, or a ladder file
    /// (FILE.toml; only its techniques count: unlock always steps single, without fallback).
    #[arg(short, long)]
    ladder: Option<String>,
    /// Techniques to add one at a time, in the order "needs at least" follows: a comma
    /// list, or `all` (every technique the base lacks but brute force, in HoDoKu order).
    #[arg(long = "try", value_name = "TECHNIQUES|all", default_value = "all")]
    tries: String,
    /// Remove each technique of the ladder in turn instead.
    #[arg(long, conflicts_with = "tries")]
    ablate: bool,
    /// Write the per-puzzle CSV here (`-` for stdout; the summary then goes to stderr).
    #[arg(long, short, value_name = "FILE")]
    out: Option<String>,
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// No summary on stdout and no list of invalid lines on stderr (the CSV still goes to
    /// --out; the exit code still tells)
    #[arg(short, long)]
    quiet: bool,
}

fn parse_tries(spec: &str, base: &Ladder) -> anyhow::Result<Vec<Technique>> {
    if spec.trim().eq_ignore_ascii_case("all") {
        return Ok(unlock::all_except(base));
    }
    Ok(Ladder::parse(spec)
        .with_context(|| format!("--try {spec:?}"))?
        .rungs()
        .to_vec())
}

fn read_all(files: &[String]) -> anyhow::Result<Vec<PuzzleLine>> {
    let mut lines = Vec::new();
    for file in files {
        lines.extend(puzzles::read_lines(file)?);
    }
    Ok(lines)
}

pub fn execute(args: UnlockArgs) -> anyhow::Result<ExitCode> {
    let default_ladder = if args.ablate { "standard" } else { "singles" };
    let ladder = LadderConfig::from_arg(args.ladder.as_deref().unwrap_or(default_ladder))?.ladder;
    let unlocker = match args.ablate {
        true => None,
        false => Some(Unlocker::new(
            ladder.clone(),
            parse_tries(&args.tries, &ladder)?,
        )?),
    };
    // Create the output before any work, so that a bad path fails at once.
    let mut csv_out: Option<Box<dyn Write>> = match args.out.as_deref() {
        None => None,
        Some("-") => Some(Box::new(io::stdout().lock())),
        Some(path) => Some(Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {path}"))?,
        ))),
    };
    let lines = read_all(&args.files)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let invalid_line =
        |source: &str, line: u64, error: &str| format!("{source}:{line}: not a puzzle: {error}");
    let (summary, invalid): (String, Vec<String>) = match &unlocker {
        Some(unlocker) => {
            let results = pool.install(|| unlocker.run(&lines));
            if let Some(out) = csv_out.as_mut() {
                unlock_output::write_unlock_csv(out, unlocker, &results)?;
            }
            let invalid = results.iter().filter(|r| r.status == Status::Invalid);
            (
                unlock_output::unlock_summary(unlocker, &results),
                invalid
                    .map(|r| invalid_line(&r.source, r.line, &r.error))
                    .collect(),
            )
        }
        None => {
            let results = pool.install(|| unlock::ablate(&ladder, &lines));
            if let Some(out) = csv_out.as_mut() {
                unlock_output::write_ablate_csv(out, &ladder, &results)?;
            }
            let invalid = results.iter().filter(|r| r.status == Status::Invalid);
            (
                unlock_output::ablate_summary(&ladder, &results),
                invalid
                    .map(|r| invalid_line(&r.source, r.line, &r.error))
                    .collect(),
            )
        }
    };
    drop(csv_out);
    if args.quiet {
        // The CSV (if any) is written; nothing else is said.
    } else if args.out.as_deref() == Some("-") {
        super::eprint(&summary);
    } else {
        super::print(summary.as_bytes())?;
    }
    if !args.quiet {
        for message in &invalid {
            super::eprint(&format!("sudolab: {message}\n"));
        }
    }
    Ok(ExitCode::SUCCESS)
}
