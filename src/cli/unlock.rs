//! `sudolab unlock`: which single technique unlocks the puzzles a base ladder leaves
//! stuck, and with `--ablate` what each rung of a ladder is worth.

use crate::analysis::puzzles::{self, PuzzleLine};
use crate::analysis::unlock::{self, Unlocker};
use crate::analysis::unlock_output;
use crate::analysis::unlock_se::SeUnlocker;
use crate::catalogue::Technique;
use crate::ladder::Ladder;
use crate::ladder_config::LadderConfig;
use crate::record::Status;
use crate::se::ladder::SeLadder;
use anyhow::Context;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
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
    /// Puzzle files, one puzzle a line; '-' (or none, with a pipe) reads stdin.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// The base ladder [default: singles], or with --ablate the ladder to take apart
    /// [default: standard]: a preset, a comma list of techniques, or a ladder file
    /// (FILE.toml). Only the techniques count: unlock asks which techniques solve a puzzle,
    /// so it always steps single, without fallback, whatever a preset or file sets.
    /// se:NAME is Sudoku Explainer's order cut after its technique NAME (se:xy-wing): the
    /// tries are then SE's later techniques, and a puzzle whose path reaches the nested
    /// forcing chains (ER 9.5 and up) needs nested-forcing-chains.
    #[arg(short, long)]
    ladder: Option<String>,
    /// Techniques to add one at a time, in the order "needs at least" follows: a comma
    /// list, or `all` (every technique the base lacks but brute force, in HoDoKu order;
    /// along SE's path, every SE technique after the cut, in SE's order).
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
    /// No summary and no list of invalid lines (the rows still go to --out or stdout)
    #[arg(short, long)]
    quiet: bool,
    /// table: the summary on stdout; csv or json: the per-puzzle rows (as --out writes
    /// them) on stdout, the summary on stderr.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum Format {
    Table,
    Csv,
    Json,
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

/// Every puzzle line of `files` in order; none named reads stdin when it is not a terminal.
fn read_all(files: &[String]) -> anyhow::Result<Vec<PuzzleLine>> {
    let stdin_count = files.iter().filter(|f| *f == "-").count();
    if stdin_count > 1 {
        anyhow::bail!("standard input ('-') is named {stdin_count} times; it can be read once");
    }
    if files.is_empty() {
        if io::stdin().is_terminal() {
            anyhow::bail!("no input: name puzzle files, or pipe puzzles into stdin (see --help)");
        }
        return Ok(puzzles::read_lines("-")?);
    }
    let mut lines = Vec::new();
    for file in files {
        lines.extend(puzzles::read_lines(file)?);
    }
    Ok(lines)
}

pub fn execute(args: UnlockArgs) -> anyhow::Result<ExitCode> {
    if let Some(se_ladder) = args.ladder.as_deref().and_then(SeLadder::parse) {
        let se_ladder = se_ladder?;
        if args.ablate {
            anyhow::bail!("--ablate takes a ladder of HoDoKu's techniques, not SE's path");
        }
        let tries = SeUnlocker::parse_tries(&args.tries, se_ladder)
            .with_context(|| format!("--try {:?}", args.tries))?;
        let unlocker = SeUnlocker::new(se_ladder, tries)?;
        let file_out = open_out(&args)?;
        let lines = read_all(&args.files)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads.unwrap_or(0))
            .build()?;
        let results = pool.install(|| unlocker.run(&lines));
        let mut rows = Vec::new();
        unlock_output::write_se_unlock_csv(&mut rows, &unlocker, &results)?;
        let summary = unlock_output::se_unlock_summary(&unlocker, &results);
        let invalid: Vec<String> = results
            .iter()
            .filter(|r| r.status == Status::Invalid)
            .map(|r| format!("{}:{}: not a puzzle: {}", r.source, r.line, r.error))
            .collect();
        show(&args, file_out, rows, &summary, &invalid)?;
        return Ok(ExitCode::SUCCESS);
    }
    let default_ladder = if args.ablate { "standard" } else { "singles" };
    let ladder = LadderConfig::from_arg(args.ladder.as_deref().unwrap_or(default_ladder))?.ladder;
    let unlocker = match args.ablate {
        true => None,
        false => Some(Unlocker::new(
            ladder.clone(),
            parse_tries(&args.tries, &ladder)?,
        )?),
    };
    let file_out = open_out(&args)?;
    let lines = read_all(&args.files)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let invalid_line =
        |source: &str, line: u64, error: &str| format!("{source}:{line}: not a puzzle: {error}");
    // The per-puzzle rows, as CSV.
    let mut rows = Vec::new();
    let (summary, invalid): (String, Vec<String>) = match &unlocker {
        Some(unlocker) => {
            let results = pool.install(|| unlocker.run(&lines));
            unlock_output::write_unlock_csv(&mut rows, unlocker, &results)?;
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
            unlock_output::write_ablate_csv(&mut rows, &ladder, &results)?;
            let invalid = results.iter().filter(|r| r.status == Status::Invalid);
            (
                unlock_output::ablate_summary(&ladder, &results),
                invalid
                    .map(|r| invalid_line(&r.source, r.line, &r.error))
                    .collect(),
            )
        }
    };
    show(&args, file_out, rows, &summary, &invalid)?;
    Ok(ExitCode::SUCCESS)
}

/// The `--out` file, created before any work so that a bad path fails at once.
fn open_out(args: &UnlockArgs) -> anyhow::Result<Option<BufWriter<File>>> {
    if args.out.as_deref() == Some("-") && !matches!(args.format, Format::Table) {
        anyhow::bail!("--format csv or json already prints the rows on stdout: drop --out -");
    }
    Ok(match args.out.as_deref() {
        None | Some("-") => None,
        Some(path) => Some(BufWriter::new(
            File::create(path).with_context(|| format!("creating {path}"))?,
        )),
    })
}

/// Writes the rows to `--out`, then shows the summary or the rows as `--format` asks,
/// and names the lines that are not puzzles.
fn show(
    args: &UnlockArgs,
    mut file_out: Option<BufWriter<File>>,
    rows: Vec<u8>,
    summary: &str,
    invalid: &[String],
) -> anyhow::Result<()> {
    let rows_on_stdout = args.out.as_deref() == Some("-");
    if let Some(file) = file_out.as_mut() {
        file.write_all(&rows)?;
        file.flush()?;
    }
    // What goes to stdout: the summary (table), or the rows (csv, json, or --out -), and
    // then the summary goes to stderr.
    let shown = match args.format {
        Format::Table if rows_on_stdout => Some(rows),
        Format::Table => None,
        Format::Csv => Some(rows),
        Format::Json => Some(csv_to_json(&rows)?),
    };
    match shown {
        Some(bytes) => {
            super::print(&bytes)?;
            if !args.quiet {
                super::eprint(summary);
            }
        }
        None if !args.quiet => super::print(summary.as_bytes())?,
        None => {}
    }
    if !args.quiet {
        for message in invalid {
            super::eprint(&format!("sudolab: {message}\n"));
        }
    }
    Ok(())
}

/// CSV rows as a JSON array of objects keyed by the header (numbers kept as numbers).
fn csv_to_json(csv: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut reader = csv::Reader::from_reader(csv);
    let header = reader.headers()?.clone();
    let mut objects = Vec::new();
    for row in reader.records() {
        let row = row?;
        let object: serde_json::Map<String, serde_json::Value> = header
            .iter()
            .zip(row.iter())
            .map(|(key, value)| {
                let value = match value.parse::<u64>() {
                    Ok(n) => n.into(),
                    Err(_) => value.into(),
                };
                (key.to_string(), value)
            })
            .collect();
        objects.push(serde_json::Value::Object(object));
    }
    let mut bytes = serde_json::to_vec_pretty(&objects)?;
    bytes.push(b'\n');
    Ok(bytes)
}
