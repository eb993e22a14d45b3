//! The sidecar `FILE.csv.meta.json` that stamps a results file with what made it: tool
//! version and commit, command line, ladder, policy, fallback, grading table, threads,
//! inputs with their sizes, start and end times (RFC 3339, UTC) and totals by status. It is
//! written when the run starts (`"complete": false`) and again when it ends, so a file from
//! an interrupted run says so. Two results files can then be compared honestly.

use super::totals::Totals;
use crate::grade::ScoreTable;
use crate::rung::Rung;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Everything the sidecar records.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Meta {
    pub tool: String,
    /// What decides the rows: a resumed run and the parts of a merge must agree on it.
    #[serde(flatten)]
    pub config: RowsConfig,
    pub command_line: Vec<String>,
    pub ladder_file: Option<String>,
    pub threads: usize,
    pub output: String,
    pub started: String,
    pub finished: Option<String>,
    pub seconds: Option<f64>,
    /// Whether the run reached its end: false while it runs, and after an interruption or
    /// a closed stdout. Unreadable inputs are counted in `totals.input_errors`.
    pub complete: bool,
    /// How many times the run was resumed (`--resume`).
    #[serde(default)]
    pub resumed: u32,
    /// The results files a `merge` combined, in shard order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<String>,
    pub totals: TotalsMeta,
}

/// The part of the sidecar that decides which rows a run writes, and what is in them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowsConfig {
    pub version: String,
    pub commit: String,
    /// The ladder's techniques in order, without the fallback rung.
    pub ladder: Vec<String>,
    pub policy: String,
    pub fallback: String,
    pub verify: bool,
    pub solution: bool,
    /// Whether the rows carry Sudoku Explainer's rating (absent from older sidecars).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub se: bool,
    /// Whether rows keep what follows each puzzle on its line (`--keep-rest`), in a last
    /// column `rest`; sidecars written before there was such a column have none.
    #[serde(default)]
    pub keep_rest: bool,
    /// Base score and level of each technique column, as used for `score` and `level`.
    pub grading: Vec<Grading>,
    pub skip: u64,
    pub limit: Option<u64>,
    /// The share of the puzzle lines this run grades (`--shard K/N`), if not all.
    #[serde(default)]
    pub shard: Option<Shard>,
    pub inputs: Vec<InputMeta>,
}

impl RowsConfig {
    /// The fields where `self` and `other` differ, each as `name: ours vs theirs` (long
    /// values shortened in the middle).
    pub fn differences(&self, other: &RowsConfig) -> Vec<String> {
        let (ours, theirs) = (fields(self), fields(other));
        ours.iter()
            .filter(|(name, value)| theirs.get(*name) != Some(value))
            .map(|(name, value)| {
                let theirs = theirs.get(name).map_or("nothing".into(), shortened);
                format!("{name}: {} vs {theirs}", shortened(value))
            })
            .collect()
    }
}

/// A JSON value as text, its middle left out when it is long.
fn shortened(value: &serde_json::Value) -> String {
    const KEEP: usize = 40;
    let text = value.to_string();
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 2 * KEEP + 1 {
        return text;
    }
    let head: String = chars[..KEEP].iter().collect();
    let tail: String = chars[chars.len() - KEEP..].iter().collect();
    format!("{head}…{tail}")
}

/// A value's fields by name, as JSON.
fn fields<T: Serialize>(value: &T) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => unreachable!("a struct serialises to a JSON object"),
    }
}

/// Shard `index` of `count` (1-based): the puzzle lines whose position in the run, from
/// 0, leaves `index - 1` when divided by `count`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Whether the run's `position`th puzzle line (from 0) is in this shard.
    pub fn holds(self, position: u64) -> bool {
        position % self.count == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not K/N with 1 <= K <= N (say 2/8)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// One technique's grading.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grading {
    pub technique: String,
    pub code: String,
    pub score: u32,
    pub level: String,
}

/// One input as given, with its size or why it could not be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InputMeta {
    pub path: String,
    pub bytes: Option<u64>,
    pub error: Option<String>,
}

/// The totals, by name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TotalsMeta {
    pub puzzles: u64,
    pub by_status: BTreeMap<String, u64>,
    /// Solved puzzles by hardest technique.
    pub by_hardest: BTreeMap<String, u64>,
    pub input_errors: u64,
}

impl TotalsMeta {
    pub fn new(totals: &Totals, input_errors: u64) -> TotalsMeta {
        TotalsMeta {
            puzzles: totals.puzzles,
            by_status: totals
                .by_status()
                .map(|(s, n)| (s.name().into(), n))
                .collect(),
            by_hardest: totals
                .by_hardest()
                .map(|(t, n)| (t.name().into(), n))
                .collect(),
            input_errors,
        }
    }
}

/// The grading rows for the given technique columns (none for SE's rules: SE's
/// difficulties are its own and fixed).
pub fn grading(techniques: &[Rung], scores: &ScoreTable) -> Vec<Grading> {
    techniques
        .iter()
        .filter_map(|rung| rung.technique())
        .map(|t| Grading {
            technique: t.name().into(),
            code: t.code().into(),
            score: scores.score(t),
            level: scores.level(t).name().into(),
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
    /// Writes the sidecar, replacing any previous version at once: it goes to a temporary
    /// file beside it first, so a run killed mid-write leaves the old version whole.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        let mut text = serde_json::to_string_pretty(self).map_err(io::Error::other)?;
        text.push('\n');
        let mut file = super::output::replacement_for(path)?;
        file.write_all(text.as_bytes())?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    }

    /// Reads a sidecar.
    pub fn read(path: &Path) -> Result<Meta, MetaError> {
        let bytes = std::fs::read(path).map_err(|error| MetaError::Read {
            path: path.to_path_buf(),
            error,
        })?;
        serde_json::from_slice(&bytes).map_err(|error| MetaError::Parse {
            path: path.to_path_buf(),
            error,
        })
    }
}

/// A sidecar that cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum MetaError {
    #[error("cannot read {}: {error}", path.display())]
    Read { path: PathBuf, error: io::Error },
    #[error("{}: not a sudolab sidecar: {error}", path.display())]
    Parse {
        path: PathBuf,
        error: serde_json::Error,
    },
}

impl MetaError {
    /// The sidecar does not exist.
    pub fn is_missing(&self) -> bool {
        matches!(self, MetaError::Read { error, .. } if error.kind() == io::ErrorKind::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;
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
        let rows = grading(
            &[Technique::NakedSingle, Technique::XWing].map(Rung::Hodoku),
            &scores,
        );
        assert_eq!(rows[0].score, 4);
        assert_eq!((&*rows[1].technique, &*rows[1].code), ("x-wing", "bf2"));
        assert_eq!((rows[1].score, &*rows[1].level), (99, "medium"));
    }

    #[test]
    fn shards_parse_as_k_of_n_and_split_positions_round_robin() {
        let shard: Shard = "2/3".parse().unwrap();
        assert_eq!(shard, Shard { index: 2, count: 3 });
        assert_eq!(shard.to_string(), "2/3");
        let held: Vec<u64> = (0..9).filter(|&p| shard.holds(p)).collect();
        assert_eq!(held, [1, 4, 7]);
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            let error = bad.parse::<Shard>().unwrap_err();
            assert!(error.contains(bad), "{error}");
        }
    }

    fn rows_config() -> RowsConfig {
        RowsConfig {
            version: "0.1.0".into(),
            commit: "abc".into(),
            ladder: vec!["naked-single".into()],
            policy: "single".into(),
            fallback: "none".into(),
            verify: false,
            se: false,
            solution: false,
            keep_rest: false,
            grading: grading(
                &[Rung::Hodoku(Technique::NakedSingle)],
                &ScoreTable::default(),
            ),
            skip: 0,
            limit: None,
            shard: None,
            inputs: vec![InputMeta {
                path: "a.txt".into(),
                bytes: Some(82),
                error: None,
            }],
        }
    }

    #[test]
    fn differences_name_each_field_that_differs_with_both_values() {
        let ours = rows_config();
        assert!(ours.differences(&ours.clone()).is_empty());
        let mut theirs = ours.clone();
        theirs.policy = "sweep".into();
        theirs.inputs[0].bytes = Some(164);
        let differences = ours.differences(&theirs);
        assert_eq!(differences.len(), 2, "{differences:?}");
        assert!(differences[0].starts_with("inputs: ") && differences[0].contains("164"));
        assert_eq!(differences[1], r#"policy: "single" vs "sweep""#);
        theirs.ladder = vec!["x".repeat(200)];
        let long = ours.differences(&theirs).join("; ");
        assert!(long.contains('…') && long.len() < 400, "{long}");
    }

    #[test]
    fn a_sidecar_reads_back_as_written_and_a_missing_one_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv.meta.json");
        let error = Meta::read(&path).unwrap_err();
        assert!(error.is_missing(), "{error}");
        let meta = Meta {
            tool: "sudolab".into(),
            config: rows_config(),
            command_line: vec!["sudolab".into(), "run".into()],
            ladder_file: None,
            threads: 2,
            output: "r.csv".into(),
            started: timestamp(UNIX_EPOCH),
            finished: None,
            seconds: None,
            complete: false,
            resumed: 1,
            parts: Vec::new(),
            totals: TotalsMeta::default(),
        };
        meta.write(&path).unwrap();
        let back = Meta::read(&path).unwrap();
        assert_eq!(back.config, meta.config);
        assert_eq!((back.resumed, back.threads, back.complete), (1, 2, false));
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left beside it");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let plain = dir.path().join("plain");
            std::fs::write(&plain, "").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&path), mode(&plain), "as readable as any new file");
            std::fs::remove_file(&plain).unwrap();
        }
        std::fs::write(&path, "{").unwrap();
        let error = Meta::read(&path).unwrap_err();
        assert!(!error.is_missing() && error.to_string().contains("not a sudolab sidecar"));
    }
}
