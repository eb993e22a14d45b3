//! The sidecar `FILE.csv.meta.json` that stamps a results file with what made it: tool
//! version and commit, command line, ladder, policy, fallback, grading table, threads,
//! inputs with their sizes, start and end times (RFC 3339, UTC) and totals by status. It is
//! written when the run starts (`"complete": false`) and again when it ends, so a file from
//! an interrupted run says so. Two results files can then be compared honestly.

use super::totals::Totals;
use crate::catalogue::Technique;
use crate::grade::ScoreTable;
use serde::Serialize;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Everything the sidecar records.
#[derive(Clone, Debug, Serialize)]
pub struct Meta {
    pub tool: &'static str,
    pub version: &'static str,
    pub commit: &'static str,
    pub command_line: Vec<String>,
    /// The ladder's techniques in order, without the fallback rung.
    pub ladder: Vec<&'static str>,
    pub ladder_file: Option<String>,
    pub policy: &'static str,
    pub fallback: &'static str,
    pub verify: bool,
    pub solution: bool,
    /// Base score and level of each technique column, as used for `score` and `level`.
    pub grading: Vec<Grading>,
    pub threads: usize,
    pub skip: u64,
    pub limit: Option<u64>,
    pub inputs: Vec<InputMeta>,
    pub output: String,
    pub started: String,
    pub finished: Option<String>,
    pub seconds: Option<f64>,
    /// Whether the run reached its end: false while it runs, and after an interruption or
    /// a closed stdout. Unreadable inputs are counted in `totals.input_errors`.
    pub complete: bool,
    pub totals: TotalsMeta,
}

/// One technique's grading.
#[derive(Clone, Debug, Serialize)]
pub struct Grading {
    pub technique: &'static str,
    pub code: &'static str,
    pub score: u32,
    pub level: &'static str,
}

/// One input as given, with its size or why it could not be read.
#[derive(Clone, Debug, Serialize)]
pub struct InputMeta {
    pub path: String,
    pub bytes: Option<u64>,
    pub error: Option<String>,
}

/// The totals, by name.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TotalsMeta {
    pub puzzles: u64,
    pub by_status: BTreeMap<&'static str, u64>,
    /// Solved puzzles by hardest technique.
    pub by_hardest: BTreeMap<&'static str, u64>,
    pub input_errors: u64,
}

impl TotalsMeta {
    pub fn new(totals: &Totals, input_errors: u64) -> TotalsMeta {
        TotalsMeta {
            puzzles: totals.puzzles,
            by_status: totals.by_status().map(|(s, n)| (s.name(), n)).collect(),
            by_hardest: totals.by_hardest().map(|(t, n)| (t.name(), n)).collect(),
            input_errors,
        }
    }
}

/// The grading rows for the given technique columns.
pub fn grading(techniques: &[Technique], scores: &ScoreTable) -> Vec<Grading> {
    techniques
        .iter()
        .map(|&t| Grading {
            technique: t.name(),
            code: t.code(),
            score: scores.score(t),
            level: scores.level(t).name(),
        })
        .collect()
}

/// `SystemTime` as RFC 3339 in UTC, to the millisecond.
pub fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

/// The sidecar's path for a results file: `FILE.csv` -> `FILE.csv.meta.json`.
pub fn path_for(results: &Path) -> PathBuf {
    let mut name = OsString::from(results.as_os_str());
    name.push(".meta.json");
    PathBuf::from(name)
}

impl Meta {
    /// Writes the sidecar, replacing any previous version.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        let mut text = serde_json::to_string_pretty(self).map_err(io::Error::other)?;
        text.push('\n');
        std::fs::write(path, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn sidecar_path_and_time_format() {
        assert_eq!(
            path_for(Path::new("out/results.csv")),
            PathBuf::from("out/results.csv.meta.json")
        );
        let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
        assert_eq!(timestamp(time), "2023-11-14T22:13:20.123Z");
    }

    #[test]
    fn grading_follows_the_table() {
        let mut scores = ScoreTable::default();
        scores.set_score(Technique::XWing, 99);
        scores.set_level(Technique::XWing, Level::Medium);
        let rows = grading(&[Technique::NakedSingle, Technique::XWing], &scores);
        assert_eq!(rows[0].score, 4);
        assert_eq!((rows[1].technique, rows[1].code), ("x-wing", "bf2"));
        assert_eq!((rows[1].score, rows[1].level), (99, "medium"));
    }
}
