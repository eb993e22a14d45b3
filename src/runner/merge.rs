//! `sudolab merge`: results files of one job, graded apart (`run --shard K/N`, or
//! consecutive ranges with `--skip` and `--limit`), put back together into the file one
//! run would have written, with one sidecar.
//!
//! Every part must have its sidecar, have finished, and agree with the others on what
//! decides the rows (tool version, ladder, policy, fallback, grading, options, inputs).
//! Parts with the same `--skip` and `--limit` form a group, which must be a whole shard set
//! (1/N to N/N, each once); groups follow one another by `--skip`, each starting where the
//! one before ended. Within a group, shard K holds the run's lines K-1, K-1+N, ...: row j
//! of the group comes from shard `j mod N + 1`, so the rows are interleaved as they stream,
//! in flat memory, and a row missing or repeated anywhere shows as a shard ending early or
//! late, or as rows out of input order. Nothing is written over without `--force`.

use super::meta::{self, Meta, MetaError, RowsConfig, TotalsMeta};
use super::output::{OutputError, Target};
use super::totals::Totals;
use super::{Existing, meta::InputMeta};
use crate::record::{Columns, Record};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};
use thiserror::Error;

/// What to merge, and where.
#[derive(Clone, Debug)]
pub struct MergeConfig {
    pub parts: Vec<PathBuf>,
    pub output: Target,
    /// `Refuse` or `Overwrite` (a merge is not resumed: it is quick to do again).
    pub existing: Existing,
    pub command_line: Vec<String>,
}

/// Why parts cannot be merged; each names the part at fault.
#[derive(Debug, Error)]
pub enum MergeError {
    #[error("no parts to merge")]
    NoParts,
    #[error(
        "a part cannot be standard input ('-'): merge checks each part against its sidecar \
         (PART.csv.meta.json), which stdin has not; name the part's file"
    )]
    StdinPart,
    #[error("{}: {error}", part.display())]
    Sidecar { part: PathBuf, error: MetaError },
    #[error(
        "{} did not finish (its sidecar says complete: false): go on with `run --resume`, \
         then merge", part.display()
    )]
    Unfinished { part: PathBuf },
    #[error(
        "{} was made with another configuration than {} ({})",
        part.display(), first.display(), differences.join("; ")
    )]
    Differs {
        part: PathBuf,
        first: PathBuf,
        differences: Vec<String>,
    },
    #[error("{} is shard {shard} but {} is of {count} shards", part.display(), other.display())]
    ShardCount {
        part: PathBuf,
        shard: String,
        other: PathBuf,
        count: u64,
    },
    #[error("{} and {} are both shard {shard}", first.display(), second.display())]
    Repeated {
        first: PathBuf,
        second: PathBuf,
        shard: String,
    },
    #[error("shard {shard} of the run with --skip {skip} is missing (beside {})", beside.display())]
    Missing {
        shard: String,
        skip: u64,
        beside: PathBuf,
    },
    #[error("{}: {reason}", part.display())]
    Range { part: PathBuf, reason: String },
    #[error("{}: its header differs from {}'s", part.display(), first.display())]
    Header { part: PathBuf, first: PathBuf },
    #[error("{}:{line}: {reason}", part.display())]
    Row {
        part: PathBuf,
        line: u64,
        reason: String,
    },
    #[error("{}: {error}", part.display())]
    Io { part: PathBuf, error: io::Error },
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("{} exists and holds results: --force writes over it", path.display())]
    Exists { path: PathBuf },
    #[error("the output {} is also a part", path.display())]
    OutputIsPart { path: PathBuf },
}

/// What a merge wrote.
#[derive(Clone, Debug)]
pub struct MergeReport {
    pub totals: Totals,
    pub parts: usize,
}

/// One part: its path, sidecar and rows.
struct Part {
    path: PathBuf,
    meta: Meta,
    lines: BufReader<File>,
    /// The file line last read (1 is the header).
    line: u64,
    rows: u64,
}

impl Part {
    fn open(path: &Path) -> Result<Part, MergeError> {
        if path.as_os_str() == "-" {
            return Err(MergeError::StdinPart);
        }
        let meta = Meta::read(&meta::path_for(path)).map_err(|error| MergeError::Sidecar {
            part: path.to_path_buf(),
            error,
        })?;
        if !meta.complete {
            return Err(MergeError::Unfinished {
                part: path.to_path_buf(),
            });
        }
        let file = File::open(path).map_err(|error| MergeError::Io {
            part: path.to_path_buf(),
            error,
        })?;
        Ok(Part {
            path: path.to_path_buf(),
            meta,
            lines: BufReader::new(file),
            line: 0,
            rows: 0,
        })
    }

    /// The next line, with its newline, into `line`; false at the end of the file.
    fn next_line(&mut self, line: &mut Vec<u8>) -> Result<bool, MergeError> {
        line.clear();
        let n = self
            .lines
            .read_until(b'\n', line)
            .map_err(|error| MergeError::Io {
                part: self.path.clone(),
                error,
            })?;
        if n > 0 && line.last() != Some(&b'\n') {
            return Err(self.row_error("the last row is cut short"));
        }
        self.line += 1;
        Ok(n > 0)
    }

    fn row_error(&self, reason: impl Into<String>) -> MergeError {
        MergeError::Row {
            part: self.path.clone(),
            line: self.line,
            reason: reason.into(),
        }
    }

    fn shard_name(&self) -> String {
        self.meta
            .config
            .shard
            .map_or("1/1".into(), |s| s.to_string())
    }

    fn shard_index(&self) -> u64 {
        self.meta.config.shard.map_or(1, |s| s.index)
    }

    fn shard_count(&self) -> u64 {
        self.meta.config.shard.map_or(1, |s| s.count)
    }
}

/// Merges the parts into the output, with its sidecar.
pub fn merge(config: &MergeConfig) -> Result<MergeReport, MergeError> {
    let started = Instant::now();
    let mut parts = config
        .parts
        .iter()
        .map(|p| Part::open(p))
        .collect::<Result<Vec<_>, _>>()?;
    if parts.is_empty() {
        return Err(MergeError::NoParts);
    }
    check_same_rows_config(&parts)?;
    let groups = shard_sets(&mut parts)?;
    let header = read_headers(&mut parts)?;
    let columns = Columns::from_header(&csv_fields(&header).map_err(|reason| MergeError::Row {
        part: parts[0].path.clone(),
        line: 1,
        reason,
    })?)
    .map_err(|error| MergeError::Row {
        part: parts[0].path.clone(),
        line: 1,
        reason: format!("not a sudolab results file: {error}"),
    })?;
    check_output(config)?;

    let name = config.output.name();
    let output_error = |error| OutputError {
        name: name.clone(),
        error,
    };
    // A file output is written beside its place and moved there at the end, so a merge that
    // fails leaves nothing behind (and an older file whole).
    let (mut out, pending): (Box<dyn Write>, _) = match &config.output {
        Target::Stdout => (Box::new(io::BufWriter::new(io::stdout().lock())), None),
        Target::File(path) => {
            let file = super::output::replacement_for(path).map_err(output_error)?;
            let writer = file.reopen().map_err(output_error)?;
            (Box::new(io::BufWriter::new(writer)), Some((file, path)))
        }
    };
    out.write_all(&header).map_err(output_error)?;
    let mut totals = Totals::default();
    let inputs = parts[0].meta.config.inputs.clone();
    let mut order = InputOrder::new(&inputs);
    let mut line = Vec::new();
    // The part and file line of the row written last.
    let mut previous = None;
    for (g, group) in groups.iter().enumerate() {
        let n = group.len();
        for j in 0.. {
            let part = &mut parts[group[j % n]];
            if !part.next_line(&mut line)? {
                break;
            }
            let row = csv_fields(&line).map_err(|reason| part.row_error(reason))?;
            let record =
                Record::from_row(&columns, &row).map_err(|e| part.row_error(e.to_string()))?;
            if let Err(reason) = order.check(&record.source, record.line) {
                let before = previous.map_or(String::new(), |(i, line): (usize, u64)| {
                    format!(" after {}:{line}", parts[i].path.display())
                });
                let part = &parts[group[j % n]];
                return Err(part.row_error(format!(
                    "{reason}{before}: a row is missing from one of these parts, or repeated, \
                     or a part holds rows of another run"
                )));
            }
            part.rows += 1;
            previous = Some((group[j % n], part.line));
            totals.add(&record);
            out.write_all(&line).map_err(output_error)?;
        }
        check_group_ends(&mut parts, group)?;
        if let Some(next) = groups.get(g + 1) {
            check_next_group_starts(&parts, group, next)?;
        }
    }
    out.flush().map_err(output_error)?;
    drop(out);
    if let Some((file, path)) = pending {
        file.persist(path).map_err(|e| output_error(e.error))?;
    }

    if let Some(path) = super::sidecar_for(&config.output) {
        let meta = merged_meta(config, &parts, &groups, &totals, started);
        meta.write(&path).map_err(output_error)?;
    }
    Ok(MergeReport {
        totals,
        parts: parts.len(),
    })
}

/// Every part must agree with the first on what decides the rows, `--skip`, `--limit` and
/// `--shard` aside.
fn check_same_rows_config(parts: &[Part]) -> Result<(), MergeError> {
    let comparable = |c: &RowsConfig| RowsConfig {
        skip: 0,
        limit: None,
        shard: None,
        ..c.clone()
    };
    let first = comparable(&parts[0].meta.config);
    for part in &parts[1..] {
        let differences = comparable(&part.meta.config).differences(&first);
        if !differences.is_empty() {
            return Err(MergeError::Differs {
                part: part.path.clone(),
                first: parts[0].path.clone(),
                differences,
            });
        }
    }
    Ok(())
}

/// The parts grouped into whole shard sets, each in shard order, the groups in `--skip`
/// order.
fn shard_sets(parts: &mut [Part]) -> Result<Vec<Vec<usize>>, MergeError> {
    let key = |p: &Part| (p.meta.config.skip, p.meta.config.limit, p.shard_index());
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| key(&parts[i]));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in order {
        let config = &parts[i].meta.config;
        match groups.last_mut() {
            Some(group)
                if parts[group[0]].meta.config.skip == config.skip
                    && parts[group[0]].meta.config.limit == config.limit =>
            {
                group.push(i)
            }
            _ => groups.push(vec![i]),
        }
    }
    for group in &groups {
        let first = &parts[group[0]];
        let count = first.shard_count();
        for (k, &i) in group.iter().enumerate() {
            let part = &parts[i];
            if part.shard_count() != count {
                return Err(MergeError::ShardCount {
                    part: part.path.clone(),
                    shard: part.shard_name(),
                    other: first.path.clone(),
                    count,
                });
            }
            if k > 0 && part.shard_index() == parts[group[k - 1]].shard_index() {
                return Err(MergeError::Repeated {
                    first: parts[group[k - 1]].path.clone(),
                    second: part.path.clone(),
                    shard: part.shard_name(),
                });
            }
        }
        if let Some(missing) =
            (1..=count).find(|&k| !group.iter().any(|&i| parts[i].shard_index() == k))
        {
            return Err(MergeError::Missing {
                shard: format!("{missing}/{count}"),
                skip: first.meta.config.skip,
                beside: first.path.clone(),
            });
        }
    }
    Ok(groups)
}

/// Every part's header, which must be the same; the first one.
fn read_headers(parts: &mut [Part]) -> Result<Vec<u8>, MergeError> {
    let mut first = Vec::new();
    if !parts[0].next_line(&mut first)? {
        return Err(parts[0].row_error("empty: not a sudolab results file"));
    }
    let mut header = Vec::new();
    for i in 1..parts.len() {
        let part = &mut parts[i];
        if !part.next_line(&mut header)? || header != first {
            return Err(MergeError::Header {
                part: part.path.clone(),
                first: parts[0].path.clone(),
            });
        }
    }
    Ok(first)
}

/// After a group: every shard must have run out of rows where the interleaving says, and
/// its row count must be its sidecar's.
fn check_group_ends(parts: &mut [Part], group: &[usize]) -> Result<(), MergeError> {
    let mut line = Vec::new();
    for &i in group {
        let part = &mut parts[i];
        if part.next_line(&mut line)? {
            return Err(part.row_error(
                "this shard has more rows than the others allow: a row is repeated here \
                 or missing from a shard before it",
            ));
        }
        if part.rows != part.meta.totals.puzzles {
            return Err(MergeError::Range {
                part: part.path.clone(),
                reason: format!(
                    "it has {} rows but its sidecar counts {}",
                    part.rows, part.meta.totals.puzzles
                ),
            });
        }
    }
    Ok(())
}

/// The next group must start (`--skip`) where `group` ended.
fn check_next_group_starts(
    parts: &[Part],
    group: &[usize],
    next: &[usize],
) -> Result<(), MergeError> {
    let config = &parts[group[0]].meta.config;
    let end = config.skip + group.iter().map(|&i| parts[i].rows).sum::<u64>();
    let next = &parts[next[0]];
    let start = next.meta.config.skip;
    if start == end {
        return Ok(());
    }
    let reason = match start > end {
        true => format!(
            "it starts at puzzle line {start} (--skip) but the parts before it end at              {end}: the lines between are missing"
        ),
        false => format!(
            "it starts at puzzle line {start} (--skip) but the parts before it go on to              {end}: the lines between are graded twice"
        ),
    };
    Err(MergeError::Range {
        part: next.path.clone(),
        reason,
    })
}

/// Refuses to write over a part or, without `--force`, over results.
fn check_output(config: &MergeConfig) -> Result<(), MergeError> {
    let Target::File(path) = &config.output else {
        return Ok(());
    };
    if let Ok(out) = path.canonicalize()
        && config
            .parts
            .iter()
            .any(|p| p.canonicalize().ok() == Some(out.clone()))
    {
        return Err(MergeError::OutputIsPart { path: path.clone() });
    }
    let holds_results = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0);
    if holds_results && config.existing != Existing::Overwrite {
        return Err(MergeError::Exists { path: path.clone() });
    }
    Ok(())
}

/// The sidecar of the merged file: the parts' configuration as one run's (first `--skip`,
/// the `--limit` that spans the groups, no shard), their earliest start and latest end,
/// their seconds summed, and the totals of the rows written.
fn merged_meta(
    config: &MergeConfig,
    parts: &[Part],
    groups: &[Vec<usize>],
    totals: &Totals,
    started: Instant,
) -> Meta {
    let first = &parts[groups[0][0]].meta;
    let last = &parts[groups[groups.len() - 1][0]].meta;
    let mut meta = first.clone();
    meta.config.shard = None;
    meta.config.limit = last
        .config
        .limit
        .map(|limit| last.config.skip + limit - first.config.skip);
    meta.command_line = config.command_line.clone();
    meta.output = config.output.name();
    meta.threads = parts.iter().map(|p| p.meta.threads).max().unwrap_or(1);
    meta.started = parts
        .iter()
        .map(|p| p.meta.started.clone())
        .min()
        .unwrap_or_default();
    meta.finished = Some(meta::timestamp(SystemTime::now()));
    meta.seconds = Some(
        parts.iter().filter_map(|p| p.meta.seconds).sum::<f64>() + started.elapsed().as_secs_f64(),
    );
    meta.complete = true;
    meta.resumed = parts.iter().map(|p| p.meta.resumed).sum();
    meta.parts = groups
        .iter()
        .flatten()
        .map(|&i| parts[i].path.display().to_string())
        .collect();
    let input_errors = parts
        .iter()
        .map(|p| p.meta.totals.input_errors)
        .max()
        .unwrap_or(0);
    meta.totals = TotalsMeta::new(totals, input_errors);
    meta
}

/// One CSV line's fields.
fn csv_fields(line: &[u8]) -> Result<csv::StringRecord, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line);
    let mut row = csv::StringRecord::new();
    match reader.read_record(&mut row) {
        Ok(true) => Ok(row),
        Ok(false) => Err("an empty line".into()),
        Err(error) => Err(error.to_string()),
    }
}

/// Checks that rows come in input order: inputs in the order given, lines rising within
/// each (an input named twice is read twice, so the same name may start again later).
struct InputOrder<'a> {
    inputs: &'a [InputMeta],
    /// The input of the last row, and its line.
    at: Option<(usize, u64)>,
}

impl<'a> InputOrder<'a> {
    fn new(inputs: &'a [InputMeta]) -> InputOrder<'a> {
        InputOrder { inputs, at: None }
    }

    fn check(&mut self, source: &str, line: u64) -> Result<(), String> {
        if let Some((input, last)) = self.at
            && self.inputs[input].path == source
            && line > last
        {
            self.at = Some((input, line));
            return Ok(());
        }
        let from = self.at.map_or(0, |(input, _)| input + 1);
        match (from..self.inputs.len()).find(|&i| self.inputs[i].path == source) {
            Some(input) => {
                self.at = Some((input, line));
                Ok(())
            }
            None => Err(format!(
                "{source}:{line} is out of input order{}",
                self.at.map_or(String::new(), |(i, l)| format!(
                    " (it follows {}:{l})",
                    self.inputs[i].path
                ))
            )),
        }
    }
}
