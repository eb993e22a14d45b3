//! Where the rows go: a CSV file or stdout (`-`). The file is created, and its header
//! written, before any puzzle is read, so a bad path fails at once. Rows are gathered in
//! memory and handed to the target a chunk at a time, in one write that ends at a row's end,
//! so an interrupted run keeps every chunk it finished and never leaves half a row behind.
//! Results rows are written only through [`Record::write`], the schema's one definition;
//! other row layouts (`unlock`'s) go through the same writer as plain text fields.

use crate::csv_rows::CsvRows;
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

/// What a CSV writer's header holds: a results file's [`Columns`], or any list of names.
pub trait Layout {
    fn header(&self) -> Vec<&str>;
}

impl Layout for Columns {
    fn header(&self) -> Vec<&str> {
        Columns::header(self)
    }
}

impl Layout for Vec<&'static str> {
    fn header(&self) -> Vec<&str> {
        self.clone()
    }
}

/// A CSV writer: results rows by default, or rows of another layout.
pub struct CsvOutput<L: Layout = Columns> {
    name: String,
    columns: L,
    /// The file or stdout.
    sink: Box<dyn Write + Send>,
    /// Rows written since the last flush, as CSV.
    rows: CsvRows,
}

impl<L: Layout> CsvOutput<L> {
    /// Creates (or truncates) the target and writes the header.
    pub fn create(target: &Target, columns: L) -> Result<CsvOutput<L>, OutputError> {
        let name = target.name();
        let sink: Box<dyn Write + Send> = match target {
            Target::Stdout => Box::new(io::stdout()),
            Target::File(path) => Box::new(File::create(path).map_err(|error| OutputError {
                name: name.clone(),
                error,
            })?),
        };
        CsvOutput::with_sink(name, sink, columns)
    }

    /// Appends rows to a results file that has the header and some rows already.
    pub fn append(path: &Path, columns: L) -> Result<CsvOutput<L>, OutputError> {
        let name = path.display().to_string();
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|error| OutputError {
                name: name.clone(),
                error,
            })?;
        Ok(CsvOutput {
            name,
            columns,
            sink: Box::new(file),
            rows: CsvRows::default(),
        })
    }

    /// A writer to any sink, its header written and flushed.
    fn with_sink(
        name: String,
        sink: Box<dyn Write + Send>,
        columns: L,
    ) -> Result<CsvOutput<L>, OutputError> {
        let mut output = CsvOutput {
            name,
            sink,
            rows: CsvRows::default(),
            columns,
        };
        for name in output.columns.header() {
            output.rows.text(name.as_bytes());
        }
        output.rows.end_record();
        output.flush()?;
        Ok(output)
    }

    /// Adds one row of text fields to the pending chunk (nothing reaches the target before
    /// [`flush`]).
    ///
    /// [`flush`]: CsvOutput::flush
    pub fn write_fields<'a>(&mut self, fields: impl IntoIterator<Item = &'a str>) {
        for field in fields {
            self.rows.text(field.as_bytes());
        }
        self.rows.end_record();
    }

    /// Hands every pending row to the target in one write, and flushes it.
    pub fn flush(&mut self) -> Result<(), OutputError> {
        let result = self
            .sink
            .write_all(self.rows.bytes())
            .and_then(|()| self.sink.flush());
        self.rows.clear();
        result.map_err(|error| OutputError {
            name: self.name.clone(),
            error,
        })
    }
}

impl CsvOutput<Columns> {
    /// Adds one results row to the pending chunk (nothing reaches the target before
    /// [`flush`]).
    ///
    /// [`flush`]: CsvOutput::flush
    pub fn write(&mut self, record: &Record) {
        record.write(&self.columns, &mut self.rows);
    }
}

/// A new file in `path`'s folder that will replace `path` when persisted (a rename, so
/// readers never see half of it), with the permissions a plain new file would get.
pub fn replacement_for(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let mut builder = tempfile::Builder::new();
    // Temporary files are private by default; these are results (the umask still applies).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder.unwrap_or(Path::new(".")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;

    #[test]
    fn writes_the_header_at_once_and_rows_on_flush() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        let columns = Columns {
            grader: crate::rung::Grader::Hodoku,
            techniques: vec![crate::rung::Rung::Hodoku(Technique::FullHouse)],
            solution: false,
            se: false,
            rest: false,
        };
        let mut out = CsvOutput::create(&Target::File(path.clone()), columns.clone()).unwrap();
        let header = std::fs::read_to_string(&path).unwrap();
        assert_eq!(header.trim_end(), columns.header().join(","));
        let record = Record {
            puzzle: "x".into(),
            micros: 1,
            error: "too short: 1 cell, a puzzle has 81".into(),
            ..Record::new("a.txt", 2, 1)
        };
        out.write(&record);
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

    /// A sink that keeps every write it is handed, shared with the test.
    #[derive(Clone, Default)]
    struct Writes(std::sync::Arc<std::sync::Mutex<Vec<Vec<u8>>>>);

    impl Write for Writes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_chunk_reaches_the_target_in_one_write_ending_at_a_row_end() {
        let writes = Writes::default();
        let columns = Columns {
            grader: crate::rung::Grader::Hodoku,
            techniques: vec![crate::rung::Rung::Hodoku(Technique::NakedSingle)],
            solution: false,
            se: false,
            rest: false,
        };
        let mut out =
            CsvOutput::with_sink("test".into(), Box::new(writes.clone()), columns).unwrap();
        assert_eq!(writes.0.lock().unwrap().len(), 1, "the header, at once");
        let record = Record {
            puzzle: "1".repeat(81),
            micros: 1,
            error: "clashing givens".into(),
            ..Record::new("a.txt", 1, 1)
        };
        // Far more than any internal buffer: a write mid-chunk would cut a row.
        for _ in 0..4096 {
            out.write(&record);
        }
        assert_eq!(
            writes.0.lock().unwrap().len(),
            1,
            "nothing before the flush"
        );
        out.flush().unwrap();
        let all = writes.0.lock().unwrap();
        assert_eq!(all.len(), 2, "one write for the chunk");
        assert_eq!(all[1].iter().filter(|&&b| b == b'\n').count(), 4096);
        assert!(all[1].ends_with(b"\n"));
        drop(all);
        out.write(&record);
        out.flush().unwrap();
        assert_eq!(
            writes.0.lock().unwrap()[2]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            1
        );
    }

    #[test]
    fn a_bad_path_fails_with_its_name() {
        let target = Target::File(PathBuf::from("/no/such/dir/out.csv"));
        let columns = Columns {
            grader: crate::rung::Grader::Hodoku,
            techniques: vec![],
            solution: false,
            se: false,
            rest: false,
        };
        let err = CsvOutput::create(&target, columns).err().unwrap();
        assert!(err.to_string().contains("/no/such/dir/out.csv"), "{err}");
        assert!(!err.is_broken_pipe());
        assert_eq!(Target::from_arg(Path::new("-")), Target::Stdout);
    }
}
