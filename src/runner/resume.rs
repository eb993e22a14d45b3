//! `run --resume`: what an interrupted run left on disk, and whether it may be continued.
//!
//! A results file is resumable when its sidecar says it was made by the same configuration
//! (tool version, ladder, policy, fallback, grading, options, inputs and their sizes: the
//! sidecar's [`RowsConfig`]) and its header is this ladder's. A row cut short by the
//! interruption (the last bytes after the last newline) is dropped; the complete rows are
//! counted, and added up for the totals, as they stream by, so memory stays flat. The
//! runner then passes over as many puzzle lines and appends the rest, which gives the
//! rows an uninterrupted run writes.
//!
//! A file with no row yet (or not even a whole header) holds nothing to keep: it is
//! started afresh, sidecar or not.

use super::meta::{Meta, MetaError, RowsConfig};
use super::totals::Totals;
use crate::record::{Columns, Record, RecordError};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The rows a resumed run keeps.
#[derive(Debug)]
pub struct OnDisk {
    /// Complete rows after the header.
    pub rows: u64,
    pub totals: Totals,
    /// The sidecar as the interrupted run left it.
    pub meta: Meta,
}

/// Why a results file cannot be resumed.
#[derive(Debug, Error)]
pub enum ResumeError {
    #[error(transparent)]
    Meta(#[from] MetaError),
    #[error(
        "cannot resume {}: it holds rows but no sidecar {} says what made them \
         (--force starts it again)", path.display(), sidecar.display()
    )]
    NoSidecar { path: PathBuf, sidecar: PathBuf },
    #[error(
        "cannot resume {}: it was made with another configuration ({}; on disk vs now); \
         --force starts it again", path.display(), differences.join("; ")
    )]
    Differs {
        path: PathBuf,
        differences: Vec<String>,
    },
    #[error("cannot resume {}: its header is not this ladder's columns", path.display())]
    Header { path: PathBuf },
    #[error("cannot resume {}:{line}: {error}", path.display())]
    Row {
        path: PathBuf,
        line: u64,
        error: RecordError,
    },
    #[error("cannot resume {}: {error}", path.display())]
    Io { path: PathBuf, error: io::Error },
}

/// What of `path` a run with `config` and `columns` can keep: `None` when there is nothing
/// to keep (no file, or no complete row), else its rows, cut back to the last complete one.
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
    let mut file = match OpenOptions::new().read(true).write(true).open(path) {
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
    file.set_len(end).map_err(io_error)?;
    let (rows, totals) = count_rows(path, columns)?;
    Ok(Some(OnDisk { rows, totals, meta }))
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

/// The rows of a results file whose every line is whole, and their totals.
fn count_rows(path: &Path, columns: &Columns) -> Result<(u64, Totals), ResumeError> {
    let csv_error = |error: csv::Error| ResumeError::Io {
        path: path.to_path_buf(),
        error: error.into(),
    };
    let mut reader = csv::Reader::from_path(path).map_err(csv_error)?;
    let mut totals = Totals::default();
    let mut row = csv::StringRecord::new();
    while reader.read_record(&mut row).map_err(csv_error)? {
        let record = Record::from_row(columns, &row).map_err(|error| ResumeError::Row {
            path: path.to_path_buf(),
            line: row.position().map_or(0, |p| p.line()),
            error,
        })?;
        totals.add(&record);
    }
    Ok((totals.puzzles, totals))
}
