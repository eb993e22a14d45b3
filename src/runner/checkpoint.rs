//! The checkpoint of a study that streams rows like `run` (`unlock`, `unlock --ablate`):
//! a sidecar `FILE.csv.meta.json` beside its CSV, rewritten after every chunk of rows,
//! naming what made the rows (tool version, the study's configuration, the inputs and
//! their sizes), how many rows it holds and the running tally of its summary.
//!
//! `--resume` keeps exactly the rows the checkpoint counts (anything after them, written
//! before an interruption could update it, is cut and done again), checks each kept row
//! against the line it names in the input read again ([`KeptRows`]), and goes on from the
//! next line with the tally restored, so the file and the summary end as an uninterrupted
//! run's would.

use super::input::{Input, InputError, Reader};
use super::resume::{KeptRows, ResumeError};
use crate::version;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What a study's sidecar records.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint<T> {
    pub tool: String,
    pub version: String,
    /// The command and its configuration, one setting an entry (`try: x-wing,xy-wing`).
    pub config: Vec<String>,
    /// The inputs, each with its size when it has one (stdin has none).
    pub inputs: Vec<(String, Option<u64>)>,
    /// Rows after the header that the tally counts.
    pub rows: u64,
    /// Whether the study reached the end of its inputs.
    pub complete: bool,
    pub tally: T,
}

/// Why a checkpoint cannot be read, written or resumed from.
#[derive(Debug, Error)]
pub enum CheckpointError {
    #[error(transparent)]
    Resume(#[from] ResumeError),
    #[error(
        "cannot resume {}: it holds rows but no sidecar {} says what made them \
         (drop --resume to start it again)", path.display(), sidecar.display()
    )]
    NoSidecar { path: PathBuf, sidecar: PathBuf },
    #[error("{}: {error}", path.display())]
    Sidecar {
        path: PathBuf,
        error: serde_json::Error,
    },
    #[error(
        "cannot resume {}: it was made with another configuration ({}; on disk vs now); \
         drop --resume to start it again", path.display(), differences.join("; ")
    )]
    Differs {
        path: PathBuf,
        differences: Vec<String>,
    },
    #[error("{}: {error}", path.display())]
    Io { path: PathBuf, error: io::Error },
}

/// The sidecar of the CSV `path`.
pub fn sidecar_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta.json");
    PathBuf::from(name)
}

impl<T: Serialize + DeserializeOwned> Checkpoint<T> {
    /// A checkpoint of no rows yet.
    pub fn start(config: Vec<String>, inputs: &[Input], tally: T) -> Checkpoint<T> {
        Checkpoint {
            tool: "sudolab".into(),
            version: version::VERSION.into(),
            config,
            inputs: inputs.iter().map(|i| (i.name.clone(), i.size)).collect(),
            rows: 0,
            complete: false,
            tally,
        }
    }

    /// Writes it as the sidecar of the CSV `path`, whole or not at all (a temporary file
    /// renamed over the old one).
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let sidecar = sidecar_of(path);
        let io_error = |error| CheckpointError::Io {
            path: sidecar.clone(),
            error,
        };
        let dir = match sidecar.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io_error)?;
        serde_json::to_writer_pretty(&mut file, self).map_err(|error| {
            CheckpointError::Sidecar {
                path: sidecar.clone(),
                error,
            }
        })?;
        file.persist(&sidecar).map_err(|e| io_error(e.error))?;
        Ok(())
    }

    /// The checkpoint of the CSV `path` to go on from, checked against `now` (the same
    /// tool version, configuration and inputs): `None` when the file holds no row yet.
    /// The kept rows are then checked against the input `reader` reads (left at the first
    /// line to do), and the rows after them cut. Nothing is cut when a check fails.
    pub fn resume(
        path: &Path,
        now: &Checkpoint<T>,
        reader: &mut Reader<'_>,
        inputs: &[Input],
        on_error: &mut dyn FnMut(InputError),
    ) -> Result<Option<Checkpoint<T>>, CheckpointError> {
        let io_error = |error| CheckpointError::Io {
            path: path.to_path_buf(),
            error,
        };
        let file = match File::open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(io_error(error)),
        };
        let mut csv = csv::Reader::from_reader(file);
        let mut row = csv::StringRecord::new();
        let has_rows = csv.read_record(&mut row).unwrap_or(false);
        let sidecar = sidecar_of(path);
        let text = match std::fs::read(&sidecar) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound && !has_rows => {
                return Ok(None);
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Err(CheckpointError::NoSidecar {
                    path: path.to_path_buf(),
                    sidecar,
                });
            }
            Err(error) => return Err(io_error(error)),
        };
        let on_disk: Checkpoint<T> =
            serde_json::from_slice(&text).map_err(|error| CheckpointError::Sidecar {
                path: sidecar.clone(),
                error,
            })?;
        let differences = on_disk.differences(now);
        if !differences.is_empty() {
            return Err(CheckpointError::Differs {
                path: path.to_path_buf(),
                differences,
            });
        }
        if on_disk.rows == 0 {
            return Ok(None);
        }
        // From the top again: the header, then the kept rows against the input.
        let mut csv = csv::Reader::from_reader(File::open(path).map_err(io_error)?);
        csv.headers().map_err(|e| io_error(e.into()))?;
        let kept = KeptRows {
            path,
            rows: on_disk.rows,
            complete: on_disk.complete,
        };
        kept.check_input(&mut csv, reader, inputs, on_error)?;
        let end = csv.position().byte();
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|file| file.set_len(end))
            .map_err(io_error)?;
        Ok(Some(on_disk))
    }

    /// What differs between `self` (on disk) and `now`, each as `setting: on disk vs now`.
    fn differences(&self, now: &Checkpoint<T>) -> Vec<String> {
        let mut differences = Vec::new();
        if self.version != now.version {
            differences.push(format!("version: {} vs {}", self.version, now.version));
        }
        if self.config != now.config {
            differences.push(format!(
                "{} vs {}",
                self.config.join(", "),
                now.config.join(", ")
            ));
        }
        if self.inputs != now.inputs {
            let list = |inputs: &[(String, Option<u64>)]| {
                let named: Vec<String> = inputs
                    .iter()
                    .map(|(name, size)| match size {
                        Some(size) => format!("{name} ({size} bytes)"),
                        None => name.clone(),
                    })
                    .collect();
                named.join(", ")
            };
            differences.push(format!(
                "inputs: {} vs {}",
                list(&self.inputs),
                list(&now.inputs)
            ));
        }
        differences
    }
}
