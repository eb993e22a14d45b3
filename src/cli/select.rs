//! `sudolab select`: the puzzles (or rows) of a results file that match filters, as a
//! puzzle file another run can take. The matching is [`crate::analysis::select`]'s.

use super::overwrite;
use crate::analysis::select::Filter;
use crate::record::{Columns, Record};
use anyhow::{Context, bail};
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

const AFTER_HELP: &str = r#"Filters combine with AND; each takes a comma list and accepts a row holding any of it
(--uses may be repeated: each one more condition). Techniques are named as in a ladder
(names, HoDoKu codes, presets), statuses and levels by name; an unknown name is refused
with the one most likely meant. A row without a value (the level of a stuck puzzle) passes
only filters that do not ask for it.

Output: one puzzle a line (the puzzle column), ready for `sudolab run` or `explain`; with
--rows, the header and the whole matching rows as CSV. A count goes to stderr.

Examples:
  sudolab select results.csv --hardest x-wing -o x-wing.txt
  sudolab select results.csv --status stuck -o stuck.txt
  sudolab select results.csv --level extreme --uses forcing-chain --rows -o hard.csv
  sudolab select results.csv --hardest singles --status solved | head
  sudolab run bank.txt -q | sudolab select - --status stuck > stuck.txt"#;

/// Select the puzzles of a results file by status, hardest technique, level or use.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct SelectArgs {
    /// The results CSV file (as `sudolab run` writes it); '-' (or none, with a pipe)
    /// reads stdin.
    #[arg(value_name = "RESULTS.csv")]
    results: Option<String>,
    /// Rows with one of these statuses: solved, stuck, no-solution, multiple-solutions,
    /// invalid, unsound.
    #[arg(long, value_name = "STATUS,...")]
    status: Option<String>,
    /// Rows whose hardest technique is one of these (names, codes or presets).
    #[arg(long, value_name = "TECHNIQUE,...")]
    hardest: Option<String>,
    /// Rows graded at one of these levels: easy, medium, hard, unfair, extreme.
    #[arg(long, value_name = "LEVEL,...")]
    level: Option<String>,
    /// Rows that used one of these techniques at least once (repeat for each of several).
    #[arg(long, value_name = "TECHNIQUE,...")]
    uses: Vec<String>,
    /// Write the whole rows as CSV (with the header) instead of the puzzles.
    #[arg(long)]
    rows: bool,
    /// Where the selection goes; '-' is stdout.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: String,
    /// Write over an --out file that already holds something.
    #[arg(long)]
    force: bool,
    /// No count on stderr.
    #[arg(short, long)]
    quiet: bool,
}

impl SelectArgs {
    fn filter(&self) -> anyhow::Result<Filter> {
        Ok(Filter {
            statuses: self
                .status
                .as_deref()
                .map(Filter::parse_statuses)
                .transpose()?,
            hardest: self
                .hardest
                .as_deref()
                .map(|spec| Filter::parse_techniques("hardest", spec))
                .transpose()?,
            levels: self
                .level
                .as_deref()
                .map(Filter::parse_levels)
                .transpose()?,
            uses: self
                .uses
                .iter()
                .map(|spec| Filter::parse_techniques("uses", spec))
                .collect::<Result<_, _>>()?,
        })
    }
}

pub fn execute(args: SelectArgs) -> anyhow::Result<ExitCode> {
    let filter = args.filter()?;
    let input = match args.results.as_deref() {
        Some(path) => path,
        None if io::stdin().is_terminal() => {
            bail!("no input: name a results file, or pipe one into stdin (see --help)")
        }
        None => "-",
    };
    let read: &[&Path] = match input {
        "-" => &[],
        path => &[Path::new(path)],
    };
    overwrite::check(Path::new(&args.out), args.force, read, "")?;
    let source: Box<dyn Read> = match input {
        "-" => Box::new(io::stdin().lock()),
        path => Box::new(File::open(path).with_context(|| format!("cannot read {path}"))?),
    };
    // Created before any reading, so that a bad path fails at once.
    let sink: Box<dyn Write> = match args.out.as_str() {
        "-" => Box::new(io::stdout().lock()),
        path => Box::new(File::create(path).with_context(|| format!("cannot write {path}"))?),
    };
    let mut reader = csv::Reader::from_reader(source);
    let header = reader
        .headers()
        .with_context(|| format!("cannot read {input}"))?
        .clone();
    let columns = Columns::from_header(&header)
        .with_context(|| format!("{input}: not a sudolab results file"))?;
    filter.check(&columns).with_context(|| input.to_string())?;
    let mut out = Selection::new(sink, args.rows, &header);
    let (mut rows, mut selected, mut bad) = (0u64, 0u64, 0u64);
    let mut row = csv::StringRecord::new();
    let written = loop {
        match reader.read_record(&mut row) {
            Ok(false) => break out.finish(),
            Ok(true) => {}
            Err(error) => {
                let line = error.position().map_or(0, |p| p.line());
                bail!("{input}:{line}: {error}");
            }
        }
        rows += 1;
        let record = match Record::from_row(&columns, &row) {
            Ok(record) => record,
            Err(error) => {
                // A bad row is named, and the rest are still read.
                let line = row.position().map_or(0, |p| p.line());
                super::eprint(&format!("sudolab: {input}:{line}: {error}\n"));
                bad += 1;
                continue;
            }
        };
        if filter.matches(&record, &columns) {
            selected += 1;
            if let Err(error) = out.write(&record, &row) {
                break Err(error);
            }
        }
    };
    match written {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
        other => other.with_context(|| format!("cannot write {}", args.out))?,
    }
    if !args.quiet {
        let what = if args.rows { "rows" } else { "puzzles" };
        super::eprint(&format!(
            "selected {selected} of {rows} rows of {input}: {what} written to {}\n",
            args.out
        ));
    }
    Ok(ExitCode::from(if bad > 0 { 2 } else { 0 }))
}

/// Where the selected rows go: their puzzles one a line, or the rows as CSV.
enum Selection {
    Puzzles(BufWriter<Box<dyn Write>>),
    Rows(Box<csv::Writer<Box<dyn Write>>>, Option<csv::StringRecord>),
}

impl Selection {
    fn new(sink: Box<dyn Write>, rows: bool, header: &csv::StringRecord) -> Selection {
        match rows {
            true => Selection::Rows(
                Box::new(csv::Writer::from_writer(sink)),
                Some(header.clone()),
            ),
            false => Selection::Puzzles(BufWriter::new(sink)),
        }
    }

    fn write(&mut self, record: &Record, row: &csv::StringRecord) -> io::Result<()> {
        match self {
            Selection::Puzzles(out) => writeln!(out, "{}", record.puzzle),
            Selection::Rows(out, header) => {
                if let Some(header) = header.take() {
                    out.write_record(&header).map_err(io_error)?;
                }
                out.write_record(row).map_err(io_error)
            }
        }
    }

    /// Flushes; with --rows, writes the header even when no row matched.
    fn finish(&mut self) -> io::Result<()> {
        match self {
            Selection::Puzzles(out) => out.flush(),
            Selection::Rows(out, header) => {
                if let Some(header) = header.take() {
                    out.write_record(&header).map_err(io_error)?;
                }
                out.flush()
            }
        }
    }
}

/// A CSV writer's error as the I/O error it was, so a closed pipe is recognised.
fn io_error(error: csv::Error) -> io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(error) => error,
        other => io::Error::other(format!("{other:?}")),
    }
}
