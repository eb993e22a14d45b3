//! Results files read back: the rows of a CSV that `sudolab run` wrote, through
//! [`crate::record`], and what its sidecar `FILE.csv.meta.json` says about the run that
//! made it (version, commit, ladder, policy). A missing sidecar is not an error; the
//! report then says the run is unknown.
//!
//! The sidecar is the runner's `crate::runner::meta::Meta`, read back by field name from
//! its JSON (that type only serialises), so that reports keep working on files written by
//! older or newer versions of the runner.
//!
//! `-` reads the rows from stdin (`sudolab merge ... -o - | sudolab report -`); stdin has no
//! sidecar, so its run is unknown.

use super::ladder_label;
use crate::ladder::Ladder;
use crate::record::{Columns, Record, RecordError};
use serde_json::Value;
use std::path::Path;
use thiserror::Error;

/// Why a results file could not be read.
#[derive(Debug, Error)]
pub enum ResultsError {
    #[error("{path}: {error}")]
    Open { path: String, error: csv::Error },
    #[error("{path}: not a sudolab results file: {error}")]
    Header { path: String, error: RecordError },
    #[error("{path}:{line}: {error}")]
    Row {
        path: String,
        line: u64,
        error: RecordError,
    },
    #[error("{path}: {error}")]
    Sidecar {
        path: String,
        error: serde_json::Error,
    },
}

/// What the sidecar says about the run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunInfo(Value);

impl RunInfo {
    fn text(&self, key: &str) -> Option<String> {
        match self.0.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// `0.1.0 (abc1234)`, or what of it is known.
    pub fn version(&self) -> Option<String> {
        let version = self.text("version")?;
        Some(match self.text("commit").filter(|c| !c.is_empty()) {
            Some(commit) => format!("{version} ({commit})"),
            None => version,
        })
    }

    /// The ladder by preset name when it is one, else its techniques.
    pub fn ladder(&self) -> Option<String> {
        let names: Vec<&str> = self
            .0
            .get("ladder")?
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let spec = names.join(",");
        Some(Ladder::parse(&spec).map_or(spec, |l| ladder_label(&l)))
    }

    pub fn policy(&self) -> Option<String> {
        self.text("policy")
    }
    pub fn fallback(&self) -> Option<String> {
        self.text("fallback").filter(|f| !f.is_empty())
    }
    pub fn threads(&self) -> Option<String> {
        self.text("threads")
    }
    pub fn started(&self) -> Option<String> {
        self.text("started")
    }
    /// Whether the run reached its end; `None` when the sidecar does not say.
    pub fn complete(&self) -> Option<bool> {
        self.0.get("complete")?.as_bool()
    }
}

/// The name that stands for stdin.
pub const STDIN: &str = "-";

/// One results file.
#[derive(Clone, Debug)]
pub struct ResultSet {
    /// The path as given.
    pub path: String,
    pub columns: Columns,
    pub records: Vec<Record>,
    pub run: Option<RunInfo>,
}

impl ResultSet {
    /// Reads a results file and its sidecar, if there is one; `-` reads stdin.
    pub fn load(path: &str) -> Result<ResultSet, ResultsError> {
        let source: Box<dyn std::io::Read> = if path == STDIN {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(
                std::fs::File::open(path).map_err(|error| ResultsError::Open {
                    path: path.to_string(),
                    error: error.into(),
                })?,
            )
        };
        let mut reader = csv::Reader::from_reader(source);
        let header = reader.headers().map_err(|error| ResultsError::Open {
            path: path.to_string(),
            error,
        })?;
        let columns = Columns::from_header(header).map_err(|error| ResultsError::Header {
            path: path.to_string(),
            error,
        })?;
        let mut records = Vec::new();
        for row in reader.records() {
            let row = row.map_err(|error| ResultsError::Open {
                path: path.to_string(),
                error,
            })?;
            let record = Record::from_row(&columns, &row).map_err(|error| ResultsError::Row {
                path: path.to_string(),
                line: row.position().map_or(0, |p| p.line()),
                error,
            })?;
            records.push(record);
        }
        let run = match path {
            STDIN => None,
            _ => read_sidecar(path)?,
        };
        Ok(ResultSet {
            path: path.to_string(),
            columns,
            records,
            run,
        })
    }

    /// The file name without its folders, as a short column title.
    pub fn name(&self) -> String {
        if self.path == STDIN {
            return "stdin".to_string();
        }
        Path::new(&self.path)
            .file_name()
            .map_or_else(|| self.path.clone(), |n| n.to_string_lossy().into_owned())
    }
}

/// What the sidecar of the results file at `path` says, when it has one.
fn read_sidecar(path: &str) -> Result<Option<RunInfo>, ResultsError> {
    let sidecar = crate::runner::meta::path_for(Path::new(path));
    match std::fs::read(&sidecar) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(|json| Some(RunInfo(json)))
            .map_err(|error| ResultsError::Sidecar {
                path: sidecar.display().to_string(),
                error,
            }),
        Err(_) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_the_sidecar_by_field_name() {
        let info = RunInfo(serde_json::json!({
            "version": "0.1.0", "commit": "abc1234", "policy": "single", "threads": 2,
            "ladder": ["full-house", "naked-single", "hidden-single"], "complete": true,
            "future_field": [1, 2]
        }));
        assert_eq!(info.version().as_deref(), Some("0.1.0 (abc1234)"));
        assert_eq!(info.ladder().as_deref(), Some("singles"));
        assert_eq!(info.threads().as_deref(), Some("2"));
        assert_eq!(info.complete(), Some(true));
        assert_eq!(info.fallback(), None);
        let custom = RunInfo(serde_json::json!({"ladder": ["naked-single", "x-wing"]}));
        assert_eq!(custom.ladder().as_deref(), Some("n1,bf2"));
    }

    #[test]
    fn bad_files_name_the_file_and_row() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let path_str = path.to_str().unwrap();
        std::fs::write(&path, "a,b\n1,2\n").unwrap();
        let err = ResultSet::load(path_str).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("{path_str}: not a sudolab results file")),
            "{err}"
        );

        let header = "source,line,puzzle,givens,status,steps,placements,eliminations,hardest,\
                      score,level,micros,error,naked-single";
        let mut f = std::fs::File::create(&path).unwrap();
        writeln!(
            f,
            "{header}\nx,1,p,30,solved,51,51,0,naked-single,204,easy,12,,51"
        )
        .unwrap();
        writeln!(f, "x,2,p,30,solvd,51,51,0,naked-single,204,easy,12,,51").unwrap();
        drop(f);
        let err = ResultSet::load(path_str).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("{path_str}:3: column \"status\"")),
            "{err}"
        );

        let missing = ResultSet::load("/no/such.csv").unwrap_err().to_string();
        assert!(missing.starts_with("/no/such.csv: "), "{missing}");
    }
}
