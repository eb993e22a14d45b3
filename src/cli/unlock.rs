//! `sudolab unlock`: which single technique unlocks the puzzles a base ladder leaves
//! stuck, and with `--ablate` what each rung of a ladder is worth. Puzzles stream through
//! the runner's pipeline as in `run`: rows are written chunk by chunk in input order, a
//! progress bar shows on a terminal, and `--shard` takes every Nth puzzle line.

use super::overwrite;
use crate::analysis::unlock::{self, Ablator, Unlocker};
use crate::analysis::unlock_output::Study;
use crate::analysis::unlock_se::SeUnlocker;
use crate::hodoku::catalogue::Technique;
use crate::ladder::Ladder;
use crate::ladder_config::LadderConfig;
use crate::runner::INVALID_NOTICES;
use crate::runner::checkpoint::Checkpoint;
use crate::runner::input::{Input, InputError, Reader};
use crate::runner::meta::Shard;
use crate::runner::output::{CsvOutput, OutputError, Target};
use crate::runner::pipeline::{self, Batch, ChunkSizes};
use crate::runner::progress::Progress;
use crate::se::ladder::SeLadder;
use anyhow::{Context, bail};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab unlock data/blog.txt -l singles --try lc1,lc2,n2,h2,x-wing
  sudolab unlock data/sudoku_exchange_4k.txt -l standard --ablate -o ablate.csv
  cat puzzles.txt | sudolab unlock - -l singles -q -o unlock.csv
  sudolab unlock big.txt --format csv | head                 # rows as they are done
  sudolab unlock big.txt --shard 2/4 -o part2.csv            # a quarter of the puzzles
  sudolab unlock big.txt -o big.csv --resume                 # after an interruption: go on"#;

/// Which technique unlocks the puzzles a ladder leaves stuck.
///
/// For every puzzle the base ladder leaves stuck: which technique added alone solves it,
/// and the first technique of the try list (in its order) from which it solves.
///
/// With --ablate: for every technique of the ladder, how many puzzles become stuck when
/// only it is removed. The summary goes to stdout (its first line at once, the table at
/// the end), the per-puzzle CSV to --out, written as the puzzles are done, in input
/// order; a progress bar shows on stderr when it is a terminal.
/// Exit code 0 (lines that are not puzzles are data, as for `run`: named on stderr, their
/// CSV rows say why), 2 on usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct UnlockArgs {
    /// Puzzle files, one puzzle a line; '-' (or none, with a pipe) reads stdin.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
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
    /// Only shard K of N (K from 1 to N): the puzzle lines whose position (from 0) leaves
    /// K-1 when divided by N, as `run --shard` takes them; rows keep their source and line.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Go on with an interrupted study into the same --out file. Its sidecar
    /// (FILE.meta.json, rewritten after every chunk of rows) must name the same version,
    /// ladder, tries, shard and inputs (and sizes); the input is read again up to the kept
    /// rows and each row compared with its line, and the first that differs stops the
    /// study (exit code 2) with the file as it was. Rows after the sidecar's count are done
    /// again, the summary counts every row, and a completed file is left alone.
    #[arg(long, conflicts_with = "force")]
    resume: bool,
    /// Write over an --out file that already holds something.
    #[arg(long)]
    force: bool,
    /// No summary, no progress bar and no list of invalid lines (the rows still go to
    /// --out or stdout)
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

/// Puzzle lines per chunk at most: an unlock costs up to a hundred solves a puzzle (tens of
/// milliseconds with `--try all`), so chunks are far smaller than `run`'s, for rows and
/// progress every few seconds. The first chunks are smaller still (one line a thread,
/// doubling), so the first rows come at once.
const CHUNK_LINES: usize = 64;

pub fn execute(args: UnlockArgs) -> anyhow::Result<ExitCode> {
    if let Some(se_ladder) = args.ladder.as_deref().and_then(SeLadder::parse) {
        let se_ladder = se_ladder?;
        if args.ablate {
            bail!("--ablate takes a ladder of HoDoKu's techniques, not SE's path");
        }
        let tries = SeUnlocker::parse_tries(&args.tries, se_ladder)
            .with_context(|| format!("--try {:?}", args.tries))?;
        let config = vec!["unlock".to_string(), format!("ladder {}", se_ladder.name())];
        return study(SeUnlocker::new(se_ladder, tries)?, config, &args);
    }
    let default_ladder = if args.ablate { "standard" } else { "singles" };
    let ladder = LadderConfig::from_arg(args.ladder.as_deref().unwrap_or(default_ladder))?.ladder;
    let config = vec![
        format!("unlock{}", if args.ablate { " --ablate" } else { "" }),
        format!("ladder {ladder}"),
    ];
    match args.ablate {
        false => {
            let tries = parse_tries(&args.tries, &ladder)?;
            study(Unlocker::new(ladder, tries)?, config, &args)
        }
        true => study(Ablator::new(ladder), config, &args),
    }
}

/// The inputs named (none: stdin, when it is not a terminal), each probed; an unreadable
/// one is reported and counted, and the others still run.
fn inputs(files: &[PathBuf], input_errors: &mut u64) -> anyhow::Result<Vec<Input>> {
    let stdin_count = files.iter().filter(|f| f.as_os_str() == "-").count();
    if stdin_count > 1 {
        bail!("standard input ('-') is named {stdin_count} times; it can be read once");
    }
    if files.is_empty() {
        if io::stdin().is_terminal() {
            bail!("no input: name puzzle files, or pipe puzzles into stdin (see --help)");
        }
        return Ok(vec![Input::stdin()]);
    }
    let mut inputs = Vec::with_capacity(files.len());
    for file in files {
        match Input::probe(file) {
            Ok(input) => inputs.push(input),
            Err(error) => {
                *input_errors += 1;
                super::eprint(&format!("sudolab: {error}\n"));
            }
        }
    }
    Ok(inputs)
}

/// Streams the inputs through `study` (made with `config`, as its checkpoint names it):
/// rows to --out and stdout as they are done, the summary at the end.
fn study<S: Study>(
    study: S,
    mut config: Vec<String>,
    args: &UnlockArgs,
) -> anyhow::Result<ExitCode> {
    let rows_on_stdout = args.out.as_deref() == Some("-");
    if rows_on_stdout && !matches!(args.format, Format::Table) {
        bail!("--format csv or json already prints the rows on stdout: drop --out -");
    }
    let path = match args.out.as_deref() {
        None | Some("-") if args.resume => {
            bail!("--resume continues a results file: name it with --out")
        }
        None | Some("-") => None,
        Some(path) => Some(PathBuf::from(path)),
    };
    let mut input_errors = 0;
    let inputs = inputs(&args.files, &mut input_errors)?;
    if let Some(path) = path.as_deref().filter(|_| !args.resume) {
        let read: Vec<&Path> = inputs.iter().filter_map(|i| i.path.as_deref()).collect();
        overwrite::check(path, args.force, &read, ", --resume to go on with it")?;
    }
    let mut reader = Reader::new(&inputs, 0, None).shard(args.shard);
    config.push(format!(
        "shard {}",
        args.shard.map_or("none".to_string(), |s| s.to_string())
    ));
    config.push(format!("columns {}", study.header().join(",")));
    let mut checkpoint = Checkpoint::start(config, &inputs, S::Tally::default());
    let resumed = match &path {
        Some(path) if args.resume => {
            let mut on_error = |error: InputError| {
                input_errors += 1;
                super::eprint(&format!("sudolab: {error}\n"));
            };
            Checkpoint::resume(path, &checkpoint, &mut reader, &inputs, &mut on_error)?
        }
        _ => None,
    };
    if let (Some(path), Some(kept)) = (&path, &resumed) {
        let heading = study.heading() + "\n";
        if kept.complete {
            if !args.quiet {
                super::eprint(&format!(
                    "sudolab: {} is complete: its {} rows match the input line by line; \
                     nothing to do, nothing written\n",
                    path.display(),
                    kept.rows
                ));
                super::print((heading + &study.summary(&kept.tally)).as_bytes())?;
            }
            return Ok(ExitCode::from(if input_errors > 0 { 2 } else { 0 }));
        }
        if !args.quiet {
            super::eprint(&format!(
                "sudolab: resuming {} after its {} rows, each checked against its input \
                 line; the summary counts them too\n",
                path.display(),
                kept.rows
            ));
        }
    }
    if let Some(kept) = resumed {
        checkpoint.rows = kept.rows;
        checkpoint.tally = kept.tally;
    }
    // The outputs are created before any work, so that a bad path fails at once.
    let mut file = match &path {
        None => None,
        Some(path) if checkpoint.rows > 0 => Some(CsvOutput::append(path, study.header())?),
        Some(path) => Some(CsvOutput::create(
            &Target::File(path.clone()),
            study.header(),
        )?),
    };
    let mut checkpoint = path.map(|path| (path, checkpoint));
    let table = matches!(args.format, Format::Table) && !rows_on_stdout;
    let opened = match args.format {
        Format::Table if !rows_on_stdout => Ok(None),
        Format::Table | Format::Csv => CsvOutput::create(&Target::Stdout, study.header())
            .map(|csv| Some(StdoutRows::Csv(Box::new(csv)))),
        Format::Json => JsonRows::new(study.header()).map(|json| Some(StdoutRows::Json(json))),
    };
    // A reader of stdout that is gone before the header is written ends the work quietly.
    let mut stdout = match opened {
        Err(error) if error.is_broken_pipe() => return Ok(ExitCode::SUCCESS),
        opened => opened?,
    };
    // The summary's heading is known now; on stdout it comes first, at once.
    let heading = study.heading() + "\n";
    if table && !args.quiet {
        super::print(heading.as_bytes())?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let total_bytes = inputs.iter().map(|i| i.size).sum::<Option<u64>>();
    let progress = Progress::new(total_bytes, None, !args.quiet);
    let quiet = args.quiet;
    let sizes = ChunkSizes::ramp(pool.current_num_threads(), CHUNK_LINES);
    let written = pipeline::stream(&pool, &inputs, &mut reader, sizes, &study, |batches| {
        let mut sinks = Sinks {
            file: &mut file,
            stdout: &mut stdout,
            checkpoint: &mut checkpoint,
        };
        write_batches(&study, batches, &mut sinks, table, quiet, &progress)
    })?;
    progress.finish();
    input_errors += written.input_errors;
    if written.stdout_closed {
        return Ok(ExitCode::SUCCESS);
    }
    if let Some((path, checkpoint)) = checkpoint.as_mut() {
        checkpoint.complete = true;
        checkpoint.tally = written.tally.clone();
        checkpoint.save(path)?;
    }
    if !args.quiet {
        let mut summary = study.summary(&written.tally);
        if written.invalid > INVALID_NOTICES {
            summary += &format!(
                "\n({INVALID_NOTICES} of the {} invalid lines are named on stderr; the error \
                 column says why for each)\n",
                written.invalid
            );
        }
        match table {
            true => super::print(summary.as_bytes())?,
            false => super::eprint(&(heading + &summary)),
        }
    }
    Ok(ExitCode::from(if input_errors > 0 { 2 } else { 0 }))
}

/// What the writer did: the tally of every result, the inputs that failed while read,
/// the invalid lines, and whether stdout was closed (which ends the work quietly).
struct Written<T> {
    tally: T,
    input_errors: u64,
    invalid: u64,
    stdout_closed: bool,
}

/// Where the rows go: the --out file with its checkpoint, and stdout.
struct Sinks<'a, T> {
    file: &'a mut Option<CsvOutput<Vec<&'static str>>>,
    stdout: &'a mut Option<StdoutRows>,
    checkpoint: &'a mut Option<(PathBuf, Checkpoint<T>)>,
}

/// The writer thread: each batch's rows to the file and stdout, its results into the
/// tally (which starts from the checkpoint's, on a resume), the first invalid lines and
/// every unreadable input named on stderr; after each batch the file's checkpoint.
fn write_batches<S: Study>(
    study: &S,
    batches: std::sync::mpsc::Receiver<Batch<S::Output>>,
    sinks: &mut Sinks<'_, S::Tally>,
    table: bool,
    quiet: bool,
    progress: &Progress,
) -> anyhow::Result<Written<S::Tally>> {
    let Sinks {
        file,
        stdout,
        checkpoint,
    } = sinks;
    let kept = checkpoint
        .as_mut()
        .map(|(_, c)| std::mem::take(&mut c.tally));
    let mut written = Written {
        tally: kept.unwrap_or_default(),
        input_errors: 0,
        invalid: 0,
        stdout_closed: false,
    };
    let mut puzzles = 0;
    for batch in batches {
        for error in &batch.errors {
            written.input_errors += 1;
            progress.suspend(|| super::eprint(&format!("sudolab: {error}\n")));
        }
        for result in &batch.outputs {
            study.add(&mut written.tally, result);
            puzzles += 1;
            if let Some((source, line, error)) = S::invalid(result) {
                written.invalid += 1;
                if !quiet && written.invalid <= INVALID_NOTICES {
                    let notice = format!("sudolab: {source}:{line}: not a puzzle: {error}\n");
                    progress.suspend(|| super::eprint(&notice));
                }
            }
            let fields = study.fields(result);
            if let Some(file) = file.as_mut() {
                file.write_fields(fields.iter().map(String::as_str));
            }
            if let Some(stdout) = stdout.as_mut() {
                stdout.write(&fields);
            }
        }
        if let Some(file) = file.as_mut() {
            file.flush()?;
        }
        if let Some((path, checkpoint)) = checkpoint.as_mut() {
            checkpoint.rows += batch.outputs.len() as u64;
            checkpoint.tally = written.tally.clone();
            checkpoint.save(path)?;
        }
        let closed = match stdout.as_mut().map(StdoutRows::flush) {
            Some(Err(error)) if error.is_broken_pipe() => true,
            Some(result) => result.map(|()| false)?,
            // The summary waits for the end; a reader that has gone need not.
            None => table && !quiet && super::stdout_closed(),
        };
        if closed {
            written.stdout_closed = true;
            return Ok(written);
        }
        progress.update(batch.bytes_read, puzzles);
    }
    Ok(written)
}

/// Rows on stdout, as CSV or as a JSON array of objects keyed by the header.
enum StdoutRows {
    Csv(Box<CsvOutput<Vec<&'static str>>>),
    Json(JsonRows),
}

impl StdoutRows {
    fn write(&mut self, fields: &[String]) {
        match self {
            StdoutRows::Csv(csv) => csv.write_fields(fields.iter().map(String::as_str)),
            StdoutRows::Json(json) => json.write(fields),
        }
    }

    fn flush(&mut self) -> Result<(), OutputError> {
        match self {
            StdoutRows::Csv(csv) => csv.flush(),
            StdoutRows::Json(json) => json.flush(),
        }
    }
}

/// A JSON array streamed to stdout an object a line (numbers kept as numbers): `[` at
/// once, the objects as they come, `]` when dropped at the end.
struct JsonRows {
    header: Vec<&'static str>,
    pending: Vec<u8>,
    objects: u64,
}

impl JsonRows {
    fn new(header: Vec<&'static str>) -> Result<JsonRows, OutputError> {
        let mut rows = JsonRows {
            header,
            pending: b"[".to_vec(),
            objects: 0,
        };
        rows.flush()?;
        Ok(rows)
    }

    fn write(&mut self, fields: &[String]) {
        let object: serde_json::Map<String, serde_json::Value> = self
            .header
            .iter()
            .zip(fields)
            .map(|(key, value)| {
                let value = match value.parse::<u64>() {
                    Ok(n) => n.into(),
                    Err(_) => value.as_str().into(),
                };
                (key.to_string(), value)
            })
            .collect();
        self.pending
            .extend_from_slice(if self.objects == 0 { b"\n" } else { b",\n" });
        serde_json::to_writer(&mut self.pending, &object).expect("JSON into memory");
        self.objects += 1;
    }

    fn flush(&mut self) -> Result<(), OutputError> {
        let mut stdout = io::stdout().lock();
        let result = stdout
            .write_all(&self.pending)
            .and_then(|()| stdout.flush());
        self.pending.clear();
        result.map_err(|error| OutputError {
            name: "-".into(),
            error,
        })
    }
}

impl Drop for JsonRows {
    fn drop(&mut self) {
        self.pending.extend_from_slice(b"\n]\n");
        let _ = self.flush();
    }
}
