//! The batch engine behind `sudolab run`: stream puzzle lines from files and stdin through
//! a ladder on all cores and record one CSV row per puzzle line, in input order.
//!
//! [`run`] reads like the data flow: read a chunk of lines ([`input`]) -> parse, check
//! uniqueness and solve them in parallel ([`evaluate`], streamed by [`pipeline`]) -> write
//! their rows ([`output`]) ->
//! add them to the [`totals`] -> at the end, the [`meta`] sidecar and the [`summary`].
//! Memory is bounded by the chunk size; rows are flushed chunk by chunk; the output order
//! never depends on the thread count. Problems that do not stop the run (an unreadable input,
//! an unsound step, the first few lines that are not puzzles) are handed to the caller as
//! [`Notice`]s as they happen. A reader of stdout that goes away ends the run quietly.

pub mod evaluate;
pub mod input;
pub mod merge;
pub mod meta;
pub mod output;
pub mod pipeline;
pub mod progress;
pub mod resume;
pub mod summary;
pub mod totals;

use crate::grade::ScoreTable;
use crate::ladder::Ladder;
use crate::policy::Fallback;
use crate::record::Status;
use crate::se::ladder::SeLadder;
use crate::solver::Policy;
use evaluate::{Evaluation, Evaluator, WrongStep};
use input::{Input, InputError, Reader};
use meta::{InputMeta, Meta, RowsConfig, Shard, TotalsMeta};
use output::{CsvOutput, OutputError, Target};
use pipeline::Batch;
use progress::Progress;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};
use thiserror::Error;
use totals::Totals;

/// Puzzle lines per chunk: enough to keep every core busy, small enough to bound memory
/// (a few MB) and to flush and update the progress bar often.
pub const CHUNK_LINES: usize = 4096;

/// Lines that are not puzzles are named in a [`Notice`] up to this many times per run; the
/// `error` column has every one.
pub const INVALID_NOTICES: u64 = 10;

/// What to run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Input files as given; `-` is stdin.
    pub inputs: Vec<PathBuf>,
    pub output: Target,
    /// The techniques, without the fallback rung.
    pub ladder: Ladder,
    /// Grade along SE's path (its rules, order and choice, up to a producer) instead of
    /// the ladder's, which is then not used.
    pub se_path: Option<SeLadder>,
    /// The ladder file it came from, if any.
    pub ladder_file: Option<PathBuf>,
    pub policy: Policy,
    pub fallback: Fallback,
    pub scores: ScoreTable,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
    /// Puzzle lines to pass over before the first recorded one.
    pub skip: u64,
    /// Puzzle lines to record at most.
    pub limit: Option<u64>,
    /// Grade only this share of the puzzle lines `skip` and `limit` leave.
    pub shard: Option<Shard>,
    /// What to do with a results file that is already there.
    pub existing: Existing,
    /// Check every step against the solution.
    pub verify: bool,
    /// Add the `solution` column.
    pub solution: bool,
    /// Add Sudoku Explainer's rating (`er`, `ep`, `ed`).
    pub se: bool,
    /// How long one puzzle's SE rating may take before it ends with lower bounds.
    pub se_timeout: Option<std::time::Duration>,
    /// Add the `rest` column: what follows each puzzle on its line.
    pub keep_rest: bool,
    /// Draw the progress bar (when stderr is a terminal).
    pub progress: bool,
    /// The command line, for the metadata.
    pub command_line: Vec<String>,
}

/// What a run does with a results file that is already there (stdout and devices are
/// always just written to).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Existing {
    /// Stop, unless it is empty: rows are not lost by mistake.
    #[default]
    Refuse,
    /// Start it again.
    Overwrite,
    /// Keep its rows and append the rest ([`resume`]).
    Resume,
}

/// Something the user should hear about while the run goes on.
#[derive(Debug)]
pub enum Notice {
    /// An input could not be opened or read; the run goes on with the others.
    Input(InputError),
    /// A step contradicted the solution: where the puzzle is, the puzzle, the step and the
    /// grid it was found in.
    Unsound {
        source: String,
        line: u64,
        puzzle: String,
        step: WrongStep,
    },
    /// A line is not a puzzle (only the first [`INVALID_NOTICES`] of a run are told).
    Invalid {
        source: String,
        line: u64,
        error: String,
    },
    /// `--skip` asked to pass over more puzzle lines than the inputs hold.
    SkipPastEnd { skip: u64, lines: u64 },
    /// A resume checked the kept rows against the input and goes on after them.
    Resuming(Resumed),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Input(error) => write!(f, "{error}"),
            Notice::Unsound {
                source,
                line,
                puzzle,
                step,
            } => write!(f, "{source}:{line}: puzzle {puzzle}: {step}"),
            Notice::Invalid {
                source,
                line,
                error,
            } => write!(f, "{source}:{line}: not a puzzle: {error}"),
            Notice::SkipPastEnd { skip, lines } => write!(
                f,
                "--skip {skip} passes the end of the input, which holds {lines} puzzle {}: \
                 nothing was graded",
                if *lines == 1 { "line" } else { "lines" }
            ),
            Notice::Resuming(Resumed { rows, last, .. }) => write!(
                f,
                "resuming after the {rows} rows kept (each checked against its input line; \
                 the last from {last})"
            ),
        }
    }
}

/// Why a run could not start or had to stop.
#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("cannot write {}: {error}", path.display())]
    Meta {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(
        "{} exists and holds results: --force writes over it, --resume continues it",
        path.display()
    )]
    Exists { path: PathBuf },
    #[error(transparent)]
    Resume(#[from] resume::ResumeError),
    #[error("the output {} is also an input", path.display())]
    OutputIsInput { path: PathBuf },
    #[error("standard input ('-') is named {count} times; it can be read once")]
    StdinTwice { count: usize },
    #[error("cannot start {threads} worker threads: {error}")]
    Threads {
        threads: usize,
        error: rayon::ThreadPoolBuildError,
    },
}

/// How a run went.
#[derive(Clone, Debug)]
pub struct RunReport {
    pub totals: Totals,
    /// Inputs that could not be opened or read (each reported as a [`Notice`]).
    pub input_errors: u64,
    /// The reader of stdout went away before the end; the run stopped quietly.
    pub broken_pipe: bool,
    pub threads: usize,
    pub elapsed: Duration,
    /// What a `--resume` kept of the results file.
    pub resumed: Option<Resumed>,
}

/// The rows a resumed run kept, once their input was checked line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    pub rows: u64,
    /// `source:line` of the last kept row: grading goes on from the puzzle line after it.
    pub last: String,
    /// The run had completed: nothing was graded and nothing written.
    pub complete: bool,
}

/// Runs `config`, telling `notify` about problems as they happen.
pub fn run(
    config: &RunConfig,
    notify: &mut (dyn FnMut(Notice) + Send),
) -> Result<RunReport, RunError> {
    let started = Instant::now();
    let stdin_count = config
        .inputs
        .iter()
        .filter(|p| p.as_os_str() == "-")
        .count();
    if stdin_count > 1 {
        return Err(RunError::StdinTwice { count: stdin_count });
    }
    let threads = config.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| RunError::Threads { threads, error })?;
    let (inputs, input_meta) = probe_inputs(&config.inputs, &mut |error| {
        notify(Notice::Input(error));
    });
    // The inputs that fail as they are read (stdin that is not text, a read error).
    let mut failed_inputs = Vec::new();
    check_output_is_not_an_input(&config.output, &inputs)?;

    let ladder = config.ladder.with_fallback(config.fallback);
    let evaluator = Evaluator::new(
        ladder,
        config.policy,
        config.verify,
        config.scores.clone(),
        config.solution,
    )
    .along_se(config.se_path)
    .rating_se(config.se)
    .se_time_limit(config.se_timeout)
    .keeping_rest(config.keep_rest);
    let mut meta = start_meta(config, &evaluator, pool.current_num_threads(), input_meta);
    let on_disk = rows_to_keep(config, &meta.config, evaluator.columns())?;
    let mut reader = Reader::new(&inputs, config.skip, config.limit).shard(config.shard);
    let resumed = match &on_disk {
        None => None,
        Some(on_disk) => {
            // Proof that the kept rows came from this input, before a byte is written.
            on_disk.check_input(&mut reader, &inputs, &mut |error| {
                failed_inputs.push(FailedInput::of(&error));
                notify(Notice::Input(error));
            })?;
            let resumed = Resumed {
                rows: on_disk.rows,
                last: format!("{}:{}", on_disk.last.source, on_disk.last.line),
                complete: on_disk.complete(),
            };
            if resumed.complete {
                return Ok(RunReport {
                    totals: on_disk.totals.clone(),
                    input_errors: failed_inputs.len() as u64,
                    broken_pipe: false,
                    threads: pool.current_num_threads(),
                    elapsed: started.elapsed(),
                    resumed: Some(resumed),
                });
            }
            on_disk.cut()?;
            notify(Notice::Resuming(resumed.clone()));
            Some(resumed)
        }
    };
    let columns = evaluator.columns().clone();
    // A reader of stdout that is gone before the header is written ends the run too.
    let opened = match (&on_disk, &config.output) {
        (Some(_), Target::File(path)) => CsvOutput::append(path, columns),
        _ => CsvOutput::create(&config.output, columns),
    };
    let mut csv = match opened {
        Ok(csv) => Some(csv),
        Err(error) if error.is_broken_pipe() => None,
        Err(error) => return Err(error.into()),
    };
    let kept = match on_disk {
        Some(on_disk) => {
            meta.started = on_disk.meta.started;
            meta.resumed = on_disk.meta.resumed + 1;
            on_disk.totals
        }
        None => Totals::default(),
    };
    let meta_path = sidecar_for(&config.output);
    write_meta(&meta, meta_path.as_deref())?;

    let total_bytes = inputs.iter().map(|i| i.size).sum::<Option<u64>>();
    let progress = Progress::new(total_bytes, config.limit, config.progress);
    // Notices are printed with the progress bar out of the way.
    let tell = &mut |notice: Notice| progress.suspend(|| notify(notice));
    let written = match csv.as_mut() {
        None => Written {
            broken_pipe: true,
            ..Written::default()
        },
        Some(csv) => {
            let progress = &progress;
            // The sidecar follows the rows on disk, so that an interrupted run's says how
            // many there are (its final version comes at the end).
            let (running, sidecar) = (&meta, meta_path.as_deref());
            let mut on_disk = move |totals: &Totals, failed: &[FailedInput]| {
                if let Some(path) = sidecar {
                    let mut meta = running.clone();
                    note_failed_inputs(&mut meta, failed);
                    meta.totals = TotalsMeta::new(totals, failed_input_count(&meta));
                    // A failure here shows again, and is reported, when the run ends.
                    let _ = meta.write(path);
                }
            };
            pipeline::stream(
                &pool,
                &inputs,
                &mut reader,
                pipeline::ChunkSizes::fixed(CHUNK_LINES),
                &evaluator,
                move |batches| write_batches(csv, kept, batches, tell, progress, &mut on_disk),
            )?
        }
    };
    let (totals, broken_pipe) = (written.totals, written.broken_pipe);
    failed_inputs.extend(written.failed);
    progress.finish();
    if reader.unskipped() > 0 {
        let skip = config.skip;
        notify(Notice::SkipPastEnd {
            skip,
            lines: skip - reader.unskipped(),
        });
    }

    let elapsed = started.elapsed();
    meta.finished = Some(meta::timestamp(SystemTime::now()));
    meta.seconds = Some(elapsed.as_secs_f64());
    meta.complete = !broken_pipe;
    note_failed_inputs(&mut meta, &failed_inputs);
    let input_errors = failed_input_count(&meta);
    meta.totals = TotalsMeta::new(&totals, input_errors);
    write_meta(&meta, meta_path.as_deref())?;
    Ok(RunReport {
        totals,
        input_errors,
        broken_pipe,
        threads: meta.threads,
        elapsed,
        resumed,
    })
}

/// The metadata known when the run starts.
fn start_meta(
    config: &RunConfig,
    evaluator: &Evaluator,
    threads: usize,
    inputs: Vec<InputMeta>,
) -> Meta {
    Meta {
        tool: "sudolab".into(),
        config: RowsConfig {
            version: crate::version::VERSION.into(),
            commit: crate::version::COMMIT.into(),
            ladder: match config.se_path {
                None => config
                    .ladder
                    .rungs()
                    .iter()
                    .map(|t| t.name().into())
                    .collect(),
                Some(se_path) => vec![se_path.name()],
            },
            policy: config.policy.name().into(),
            fallback: config.fallback.name().into(),
            verify: config.verify,
            solution: config.solution,
            se: evaluator.columns().se,
            keep_rest: config.keep_rest,
            grading: meta::grading(&evaluator.columns().techniques, &config.scores),
            skip: config.skip,
            limit: config.limit,
            shard: config.shard,
            inputs,
        },
        command_line: config.command_line.clone(),
        ladder_file: config.ladder_file.as_ref().map(|p| p.display().to_string()),
        threads,
        output: config.output.name(),
        started: meta::timestamp(SystemTime::now()),
        finished: None,
        seconds: None,
        complete: false,
        resumed: 0,
        parts: Vec::new(),
        totals: TotalsMeta::default(),
    }
}

/// An input that failed as it was read, as the sidecar records it.
struct FailedInput {
    name: String,
    error: String,
}

impl FailedInput {
    fn of(error: &InputError) -> FailedInput {
        FailedInput {
            name: error.name.clone(),
            error: error.error.to_string(),
        }
    }
}

/// Records why each of `failed` could not be read in its entry of the sidecar's inputs (an
/// input named twice has an entry each: the first without an error takes it).
fn note_failed_inputs(meta: &mut Meta, failed: &[FailedInput]) {
    for failure in failed {
        if let Some(input) = meta
            .config
            .inputs
            .iter_mut()
            .find(|input| input.path == failure.name && input.error.is_none())
        {
            input.error = Some(failure.error.clone());
        }
    }
}

/// The inputs the sidecar records as unreadable.
fn failed_input_count(meta: &Meta) -> u64 {
    meta.config
        .inputs
        .iter()
        .filter(|input| input.error.is_some())
        .count() as u64
}

/// Checks every input, reporting those that cannot be read; returns the readable ones and
/// the metadata of all.
fn probe_inputs(
    paths: &[PathBuf],
    on_error: &mut dyn FnMut(InputError),
) -> (Vec<Input>, Vec<InputMeta>) {
    let mut inputs = Vec::with_capacity(paths.len());
    let mut metas = Vec::with_capacity(paths.len());
    for path in paths {
        match Input::probe(path) {
            Ok(input) => {
                metas.push(InputMeta {
                    path: input.name.clone(),
                    bytes: input.size,
                    error: None,
                });
                inputs.push(input);
            }
            Err(error) => {
                metas.push(InputMeta {
                    path: error.name.clone(),
                    bytes: None,
                    error: Some(error.error.to_string()),
                });
                on_error(error);
            }
        }
    }
    (inputs, metas)
}

/// The rows of an existing results file the run keeps (with `--resume`), after refusing to
/// write over one that holds results unless told to.
fn rows_to_keep(
    config: &RunConfig,
    rows: &RowsConfig,
    columns: &crate::record::Columns,
) -> Result<Option<resume::OnDisk>, RunError> {
    let Target::File(path) = &config.output else {
        return Ok(None);
    };
    match config.existing {
        Existing::Overwrite => Ok(None),
        Existing::Refuse => {
            let holds_results = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0);
            match holds_results {
                true => Err(RunError::Exists { path: path.clone() }),
                false => Ok(None),
            }
        }
        Existing::Resume => Ok(resume::inspect(path, &meta::path_for(path), rows, columns)?),
    }
}

/// Refuses to truncate an input by writing the results over it.
fn check_output_is_not_an_input(output: &Target, inputs: &[Input]) -> Result<(), RunError> {
    let Target::File(out) = output else {
        return Ok(());
    };
    let Ok(out) = out.canonicalize() else {
        return Ok(()); // does not exist yet
    };
    let clash = inputs
        .iter()
        .filter_map(|i| i.path.as_ref()?.canonicalize().ok())
        .any(|p| p == out);
    match clash {
        true => Err(RunError::OutputIsInput { path: out }),
        false => Ok(()),
    }
}

/// What the writer thread did: the totals of the rows on disk, the inputs that failed
/// while being read, and whether the reader of stdout went away (which ends the run
/// quietly).
#[derive(Default)]
struct Written {
    totals: Totals,
    failed: Vec<FailedInput>,
    broken_pipe: bool,
}

/// The writer thread: records every batch in order until the channel closes, counting on
/// from `totals` (the rows a resumed run kept). Records each batch's rows (and notices) as
/// it comes, then tells `on_disk` the totals of the rows now on disk and the inputs that
/// failed so far.
fn write_batches(
    csv: &mut CsvOutput,
    totals: Totals,
    batches: std::sync::mpsc::Receiver<Batch<Evaluation>>,
    notify: &mut (dyn FnMut(Notice) + Send),
    progress: &Progress,
    on_disk: &mut (dyn FnMut(&Totals, &[FailedInput]) + Send),
) -> Result<Written, OutputError> {
    let mut written = Written {
        totals,
        ..Written::default()
    };
    for mut batch in batches {
        for error in batch.errors.drain(..) {
            written.failed.push(FailedInput::of(&error));
            notify(Notice::Input(error));
        }
        match record_chunk(csv, &mut batch.outputs, &mut written.totals, notify) {
            Err(error) if error.is_broken_pipe() => {
                written.broken_pipe = true;
                return Ok(written);
            }
            result => result?,
        }
        progress.update(batch.bytes_read, written.totals.puzzles);
        on_disk(&written.totals, &written.failed);
    }
    Ok(written)
}

/// Writes a chunk's rows, counts them and passes on unsound steps and the run's first
/// invalid lines, then flushes.
fn record_chunk(
    csv: &mut CsvOutput,
    evaluations: &mut Vec<Evaluation>,
    totals: &mut Totals,
    notify: &mut (dyn FnMut(Notice) + Send),
) -> Result<(), OutputError> {
    for evaluation in evaluations.drain(..) {
        csv.write(&evaluation.record);
        totals.add(&evaluation.record);
        let record = evaluation.record;
        if record.status == Status::Invalid && totals.status(Status::Invalid) <= INVALID_NOTICES {
            notify(Notice::Invalid {
                source: record.source,
                line: record.line,
                error: record.error,
            });
        } else if let Some(step) = evaluation.unsound {
            notify(Notice::Unsound {
                source: record.source,
                line: record.line,
                puzzle: record.puzzle,
                step,
            });
        }
    }
    csv.flush()
}

/// Where the sidecar goes: beside a regular file only, not beside stdout, `/dev/null`, a
/// terminal or a pipe (the output exists by now: it was created first).
fn sidecar_for(output: &Target) -> Option<PathBuf> {
    match output {
        Target::File(path) if std::fs::metadata(path).is_ok_and(|m| m.is_file()) => {
            Some(meta::path_for(path))
        }
        _ => None,
    }
}

fn write_meta(meta: &Meta, path: Option<&std::path::Path>) -> Result<(), RunError> {
    match path {
        Some(path) => meta.write(path).map_err(|error| RunError::Meta {
            path: path.to_path_buf(),
            error,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::catalogue::Technique;
    use crate::geometry::{Cell, Digit};
    use crate::puzzle::Puzzle;
    use crate::step::{Pattern, Step};

    #[test]
    fn a_sidecar_goes_beside_a_regular_file_only() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("out.csv");
        std::fs::write(&file, "").unwrap();
        assert_eq!(
            sidecar_for(&Target::File(file.clone())),
            Some(dir.path().join("out.csv.meta.json"))
        );
        assert_eq!(sidecar_for(&Target::Stdout), None);
        assert_eq!(sidecar_for(&Target::File(dir.path().to_path_buf())), None);
        if std::path::Path::new("/dev/null").exists() {
            assert_eq!(sidecar_for(&Target::File("/dev/null".into())), None);
        }
    }

    #[test]
    fn an_unsound_notice_names_the_puzzle_the_step_and_the_grid() {
        let line =
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
        let grid = Candidates::from_puzzle(&Puzzle::parse_line(line).unwrap());
        let step = Step::placing(
            Technique::NakedSingle,
            Cell::at(0, 0),
            Digit::new(1),
            Pattern::default(),
        );
        let notice = Notice::Unsound {
            source: "corpus.txt".into(),
            line: 7,
            puzzle: line.into(),
            step: WrongStep::Ladder(Box::new(crate::solver::UnsoundStep {
                step,
                chains: Default::default(),
                grid: grid.clone(),
                step_number: 3,
            })),
        };
        let text = notice.to_string();
        assert!(
            text.starts_with(&format!(
                "corpus.txt:7: puzzle {line}: unsound step 3: Naked Single: r1c1=1\n"
            )),
            "{text}"
        );
        assert!(text.ends_with(&grid.to_string()), "{text}");
    }
}
