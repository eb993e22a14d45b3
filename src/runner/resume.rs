//! `run --resume`: what an interrupted run left on disk, whether it may be continued, and
//! proof that the input it continues is the input it started.
//!
//! A results file is resumable when its sidecar says it was made by the same configuration
//! (tool version, ladder, policy, fallback, grading, options, inputs and their sizes: the
//! sidecar's [`RowsConfig`]) and its header is this ladder's ([`inspect`]). That is not
//! enough: stdin has no size, and a file edited in place can keep its size. So before a
//! byte is written, [`OnDisk::check_input`] reads the input again up to the kept rows and
//! compares every row's `source`, `line` and `puzzle` with the line it names; the first
//! that differs refuses the resume, naming both, and the results file stays as it was.
//! Only then is a row cut short by the interruption (the bytes after the last newline)
//! dropped ([`OnDisk::cut`]) and the rest appended, which gives the rows an uninterrupted
//! run writes. A file whose run completed, its rows all there, is checked the same way, the
//! input must hold no more puzzle lines, and nothing is written.
//!
//! Rows are read as they stream by, twice (once to count and total them, once to compare),
//! so memory stays flat whatever the file's size. A file with no row yet (or not even a
//! whole header) holds nothing to keep: it is started afresh, sidecar or not.

use super::evaluate::puzzle_column;
use super::input::{Chunk, Input, InputError, Reader};
use super::meta::{Meta, MetaError, RowsConfig};
use super::totals::Totals;
use crate::record::{Columns, Record, RecordError};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The input lines checked against the kept rows at a time.
const CHECK_LINES: u64 = 4096;

/// The rows a resumed run keeps.
#[derive(Debug)]
pub struct OnDisk {
    path: PathBuf,
    /// The length of the file's whole lines (header included).
    end: u64,
    /// Complete rows after the header.
    pub rows: u64,
    pub totals: Totals,
    /// Where the last kept row's puzzle line is.
    pub last: Origin,
    /// The sidecar as the interrupted run left it.
    pub meta: Meta,
}

/// Where a row's puzzle line is, and the puzzle it holds, as the row records them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The input's name.
    pub source: String,
    /// 1-based line.
    pub line: u64,
    /// The puzzle column.
    pub puzzle: String,
}

impl Origin {
    /// `source:line`, as rows and messages name a line.
    fn place(&self) -> String {
        format!("{}:{}", self.source, self.line)
    }
}

/// Why a results file cannot be resumed.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// The sidecar could not be read.
    #[error(transparent)]
    Meta(#[from] MetaError),
    /// The file holds rows but has no sidecar.
    #[error(
        "cannot resume {}: it holds rows but no sidecar {} says what made them \
         (--force starts it again)", path.display(), sidecar.display()
    )]
    NoSidecar {
        /// The results file.
        path: PathBuf,
        /// Where the sidecar should be.
        sidecar: PathBuf,
    },
    /// The file was made with another configuration.
    #[error(
        "cannot resume {}: it was made with another configuration ({}; on disk vs now); \
         --force starts it again", path.display(), differences.join("; ")
    )]
    Differs {
        /// The results file.
        path: PathBuf,
        /// Each setting that differs, on disk vs now.
        differences: Vec<String>,
    },
    /// The header is not this run's columns.
    #[error("cannot resume {}: its header is not this ladder's columns", path.display())]
    Header {
        /// The results file.
        path: PathBuf,
    },
    /// A kept row does not parse.
    #[error("cannot resume {}:{line}: {error}", path.display())]
    Row {
        /// The results file.
        path: PathBuf,
        /// 1-based line of the file.
        line: u64,
        /// Why.
        error: RecordError,
    },
    /// A kept row came from another puzzle than the input holds there now.
    #[error(
        "cannot resume {}: its row {row} was graded from {} ({}), but {}; this is not the \
         input the run started from (--force starts it again)",
        path.display(), kept.place(), shown(&kept.puzzle), now
    )]
    InputDiffers {
        /// The results file.
        path: PathBuf,
        /// 1-based among the rows after the header.
        row: u64,
        /// Where the row says it came from.
        kept: Origin,
        /// What the input holds there now.
        now: String,
    },
    /// The input holds fewer puzzle lines than the file has rows.
    #[error(
        "cannot resume {}: it holds {rows} rows, but the input ends after {lines} puzzle \
         {}; this is not the input the run started from (--force starts it again)",
        path.display(), if *lines == 1 { "line" } else { "lines" }
    )]
    InputShorter {
        /// The results file.
        path: PathBuf,
        /// Rows kept.
        rows: u64,
        /// Puzzle lines in the input.
        lines: u64,
    },
    /// The run had completed, yet the input now goes on.
    #[error(
        "cannot resume {}: its run completed with {rows} rows, but the input goes on at {}; \
         this is not the input the run finished (--force starts it again)",
        path.display(), next.place()
    )]
    InputLonger {
        /// The results file.
        path: PathBuf,
        /// Rows kept.
        rows: u64,
        /// Where the input goes on.
        next: Origin,
    },
    /// The file holds fewer rows than its sidecar counts.
    #[error(
        "cannot resume {}: its sidecar counts {rows} rows but the file holds {found}",
        path.display()
    )]
    RowsMissing {
        /// The results file.
        path: PathBuf,
        /// Rows the sidecar counts.
        rows: u64,
        /// Rows found.
        found: u64,
    },
    /// The file could not be read or cut.
    #[error("cannot resume {}: {error}", path.display())]
    Io {
        /// The results file.
        path: PathBuf,
        /// What reading or cutting it gave.
        error: io::Error,
    },
}

/// A puzzle column in a message: its start, enough to tell two apart.
fn shown(puzzle: &str) -> String {
    const KEEP: usize = 24;
    match puzzle.char_indices().nth(KEEP) {
        Some((end, _)) => format!("{}…", &puzzle[..end]),
        None => puzzle.to_string(),
    }
}

/// What of `path` a run with `config` and `columns` can keep: `None` when there is nothing
/// to keep (no file, or no complete row), else its whole rows. Nothing is written.
pub fn inspect(
    path: &Path,
    sidecar: &Path,
    config: &RowsConfig,
    columns: &Columns,
) -> Result<Option<OnDisk>, ResumeError> {
    let io_error = |error| ResumeError::Io {
        path: path.to_path_buf(),
        error,
    };
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(io_error(error)),
    };
    if !file.metadata().map_err(io_error)?.is_file() {
        return Ok(None);
    }
    let Some(end) = end_of_last_line(&mut file).map_err(io_error)? else {
        return Ok(None); // not even a whole header
    };
    let mut lines = BufReader::new(&file);
    lines.seek(SeekFrom::Start(0)).map_err(io_error)?;
    let mut header = String::new();
    lines.read_line(&mut header).map_err(io_error)?;
    if header.len() as u64 == end {
        return Ok(None); // a header and no row
    }
    let meta = match Meta::read(sidecar) {
        Ok(meta) => meta,
        Err(error) if error.is_missing() => {
            return Err(ResumeError::NoSidecar {
                path: path.to_path_buf(),
                sidecar: sidecar.to_path_buf(),
            });
        }
        Err(error) => return Err(error.into()),
    };
    let differences = meta.config.differences(config);
    if !differences.is_empty() {
        return Err(ResumeError::Differs {
            path: path.to_path_buf(),
            differences,
        });
    }
    if header.trim_end_matches(['\n', '\r']) != columns.header().join(",") {
        return Err(ResumeError::Header {
            path: path.to_path_buf(),
        });
    }
    let mut on_disk = OnDisk {
        path: path.to_path_buf(),
        end,
        rows: 0,
        totals: Totals::default(),
        last: Origin::default(),
        meta,
    };
    let mut rows = on_disk.rows()?;
    let mut row = csv::StringRecord::new();
    while rows
        .read_record(&mut row)
        .map_err(|e| on_disk.csv_error(e))?
    {
        let record = Record::from_row(columns, &row).map_err(|error| ResumeError::Row {
            path: path.to_path_buf(),
            line: row.position().map_or(0, |p| p.line()),
            error,
        })?;
        on_disk.totals.add(&record);
        on_disk.last = Origin {
            source: record.source,
            line: record.line,
            puzzle: record.puzzle,
        };
    }
    on_disk.rows = on_disk.totals.puzzles;
    Ok(Some(on_disk))
}

impl OnDisk {
    /// Whether the run that wrote these rows reached its end and they are all still here
    /// (a file cut after its run finished is resumed like an interrupted one).
    pub fn complete(&self) -> bool {
        self.meta.complete && self.meta.totals.puzzles == self.rows
    }

    /// Reads the first [`OnDisk::rows`] puzzle lines `reader` yields and checks that each
    /// is the line its row was graded from; for a completed run, also that no line follows.
    /// `reader` is left at the first line to grade. Inputs that fail go to `on_error`.
    pub fn check_input(
        &self,
        reader: &mut Reader<'_>,
        inputs: &[Input],
        on_error: &mut dyn FnMut(InputError),
    ) -> Result<(), ResumeError> {
        let kept = KeptRows {
            path: &self.path,
            rows: self.rows,
            complete: self.complete(),
        };
        kept.check_input(&mut self.rows()?, reader, inputs, on_error)
    }

    /// Drops what follows the last whole row (a row cut short by the interruption).
    pub fn cut(&self) -> Result<(), ResumeError> {
        OpenOptions::new()
            .write(true)
            .open(&self.path)
            .and_then(|file| file.set_len(self.end))
            .map_err(|error| self.io_error(error))
    }

    /// A reader of the whole rows after the header.
    fn rows(&self) -> Result<csv::Reader<io::Take<File>>, ResumeError> {
        let file = File::open(&self.path).map_err(|error| self.io_error(error))?;
        Ok(csv::Reader::from_reader(file.take(self.end)))
    }

    fn io_error(&self, error: io::Error) -> ResumeError {
        ResumeError::Io {
            path: self.path.clone(),
            error,
        }
    }

    fn csv_error(&self, error: csv::Error) -> ResumeError {
        self.io_error(error.into())
    }
}

/// The first `rows` rows of a results file (source, line and puzzle their first three
/// columns), to be checked against the input they were made from: by `run --resume`, and
/// by any command whose rows start the same way (`unlock --resume`).
pub struct KeptRows<'a> {
    pub path: &'a Path,
    pub rows: u64,
    /// Whether the run that wrote them reached its end: the input must then hold no more.
    pub complete: bool,
}

impl KeptRows<'_> {
    /// Reads the first [`KeptRows::rows`] puzzle lines `reader` yields and checks that each
    /// is the line its row in `csv` was made from; for a completed run, also that no line
    /// follows. `reader` is left at the first line to do. Inputs that fail go to `on_error`.
    pub fn check_input<R: io::Read>(
        &self,
        csv: &mut csv::Reader<R>,
        reader: &mut Reader<'_>,
        inputs: &[Input],
        on_error: &mut dyn FnMut(InputError),
    ) -> Result<(), ResumeError> {
        let csv_error = |error: csv::Error| ResumeError::Io {
            path: self.path.to_path_buf(),
            error: error.into(),
        };
        let mut row = csv::StringRecord::new();
        let mut chunk = Chunk::default();
        let mut checked = 0;
        while checked < self.rows {
            let want = CHECK_LINES.min(self.rows - checked) as usize;
            reader.fill(&mut chunk, want, on_error);
            if chunk.is_empty() {
                return Err(ResumeError::InputShorter {
                    path: self.path.to_path_buf(),
                    rows: self.rows,
                    lines: checked,
                });
            }
            for line in chunk.lines() {
                if !csv.read_record(&mut row).map_err(csv_error)? {
                    return Err(ResumeError::RowsMissing {
                        path: self.path.to_path_buf(),
                        rows: self.rows,
                        found: checked,
                    });
                }
                checked += 1;
                let field = |i| row.get(i).unwrap_or_default();
                let kept = Origin {
                    source: field(0).to_string(),
                    line: field(1).parse().unwrap_or(0),
                    puzzle: field(2).to_string(),
                };
                let now = Origin {
                    source: inputs[line.source].name.clone(),
                    line: line.number,
                    puzzle: puzzle_column(chunk.text(line)),
                };
                if kept != now {
                    let now = if kept.place() == now.place() {
                        format!("{} now reads {}", now.place(), shown(&now.puzzle))
                    } else {
                        format!("that puzzle line is now {}", now.place())
                    };
                    return Err(ResumeError::InputDiffers {
                        path: self.path.to_path_buf(),
                        row: checked,
                        kept,
                        now,
                    });
                }
            }
        }
        if self.complete {
            reader.fill(&mut chunk, 1, on_error);
            if let Some(line) = chunk.lines().first() {
                return Err(ResumeError::InputLonger {
                    path: self.path.to_path_buf(),
                    rows: self.rows,
                    next: Origin {
                        source: inputs[line.source].name.clone(),
                        line: line.number,
                        puzzle: String::new(),
                    },
                });
            }
        }
        Ok(())
    }
}

/// The length of the file up to and including its last newline (`None` when it has none).
fn end_of_last_line(file: &mut File) -> io::Result<Option<u64>> {
    const BLOCK: u64 = 64 * 1024;
    let mut end = file.metadata()?.len();
    let mut block = vec![0; BLOCK as usize];
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        let bytes = &mut block[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(bytes)?;
        if let Some(i) = bytes.iter().rposition(|&b| b == b'\n') {
            return Ok(Some(start + i as u64 + 1));
        }
        end = start;
    }
    Ok(None)
}
