//! Where the rows go: a CSV file or stdout (`-`). The file is created, and its header
//! written, before any puzzle is read, so a bad path fails at once; rows are flushed chunk
//! by chunk, so an interrupted run keeps every chunk it finished. Rows are written only
//! through [`Record::write`], the schema's one definition.

use crate::record::{Columns, Record};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A results destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Stdout,
    File(PathBuf),
}

impl Target {
    /// `-` is stdout, anything else a file path.
    pub fn from_arg(path: &Path) -> Target {
        if path.as_os_str() == "-" {
            Target::Stdout
        } else {
            Target::File(path.to_path_buf())
        }
    }

    /// The name errors and metadata use.
    pub fn name(&self) -> String {
        match self {
            Target::Stdout => "-".to_string(),
            Target::File(path) => path.display().to_string(),
        }
    }
}

/// A failed write to an output.
#[derive(Debug, Error)]
#[error("cannot write {name}: {error}")]
pub struct OutputError {
    pub name: String,
    pub error: io::Error,
}

impl OutputError {
    /// The reader of our stdout went away (`sudolab run ... | head`): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        self.error.kind() == io::ErrorKind::BrokenPipe
    }
}

/// A CSV results writer.
pub struct CsvOutput {
    name: String,
    columns: Columns,
    writer: csv::Writer<Box<dyn Write>>,
}

impl CsvOutput {
    /// Creates (or truncates) the target and writes the header.
    pub fn create(target: &Target, columns: Columns) -> Result<CsvOutput, OutputError> {
        let name = target.name();
        let sink: Box<dyn Write> = match target {
            Target::Stdout => Box::new(io::stdout()),
            Target::File(path) => Box::new(File::create(path).map_err(|error| OutputError {
                name: name.clone(),
                error,
            })?),
        };
        let mut output = CsvOutput {
            name,
            writer: csv::WriterBuilder::new()
                .buffer_capacity(1 << 16)
                .from_writer(sink),
            columns,
        };
        let result = output.writer.write_record(output.columns.header());
        output.check(result)?;
        output.flush()?;
        Ok(output)
    }

    /// Writes one row (buffered).
    pub fn write(&mut self, record: &Record) -> Result<(), OutputError> {
        let result = record.write(&self.columns, &mut self.writer);
        self.check(result)
    }

    /// Pushes everything written so far to the target.
    pub fn flush(&mut self) -> Result<(), OutputError> {
        self.writer.flush().map_err(|error| OutputError {
            name: self.name.clone(),
            error,
        })
    }

    fn check(&self, result: csv::Result<()>) -> Result<(), OutputError> {
        result.map_err(|e| OutputError {
            name: self.name.clone(),
            error: match e.into_kind() {
                csv::ErrorKind::Io(error) => error,
                other => io::Error::other(format!("{other:?}")),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Status;
    use crate::technique::Technique;

    #[test]
    fn writes_the_header_at_once_and_rows_on_flush() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        let columns = Columns {
            techniques: vec![Technique::FullHouse],
            solution: false,
        };
        let mut out = CsvOutput::create(&Target::File(path.clone()), columns.clone()).unwrap();
        let header = std::fs::read_to_string(&path).unwrap();
        assert_eq!(header.trim_end(), columns.header().join(","));
        let record = Record {
            source: "a.txt".into(),
            line: 2,
            puzzle: "x".into(),
            givens: None,
            status: Status::Invalid,
            steps: 0,
            placements: 0,
            eliminations: 0,
            hardest: None,
            score: 0,
            level: None,
            micros: 1,
            error: "too short: 1 cells, a puzzle has 81".into(),
            counts: vec![0],
            solution: None,
        };
        out.write(&record).unwrap();
        out.flush().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("a.txt,2,x,,invalid,")
        );
    }

    #[test]
    fn a_bad_path_fails_with_its_name() {
        let target = Target::File(PathBuf::from("/no/such/dir/out.csv"));
        let columns = Columns {
            techniques: vec![],
            solution: false,
        };
        let err = CsvOutput::create(&target, columns).err().unwrap();
        assert!(err.to_string().contains("/no/such/dir/out.csv"), "{err}");
        assert!(!err.is_broken_pipe());
        assert_eq!(Target::from_arg(Path::new("-")), Target::Stdout);
    }
}
