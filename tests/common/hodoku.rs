//! HoDoKu 2.2's verdicts on the shared corpora (`../shared/reference/hodoku/*.tsv`): per
//! puzzle, its level, score, status and the step counts of its solution path.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use sudolab::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::puzzle::Puzzle;

/// One puzzle's verdict, as HoDoKu printed it.
pub struct Verdict {
    /// The puzzle's line in its corpus file.
    pub line: usize,
    pub puzzle: Puzzle,
    /// `easy` to `extreme`.
    pub level: String,
    pub score: u32,
    /// Whether HoDoKu solved it by logic alone (status `ok`).
    pub solved_by_logic: bool,
    /// Step counts by HoDoKu code, sub-types apart (`dnl=2 aic=1`).
    pub counts: BTreeMap<String, u32>,
}

impl Verdict {
    /// HoDoKu's hardest technique: the latest of its path in the ladder's order; `None`
    /// when its path uses a technique that is not on the ladder.
    pub fn hardest_on(&self, ladder: &Ladder) -> Option<Option<Technique>> {
        let mut hardest = None;
        for code in self.counts.keys() {
            let t = technique_of(code).filter(|&t| ladder.contains(t))?;
            if hardest.is_none_or(|h| ladder.position(t) > ladder.position(h)) {
                hardest = Some(t);
            }
        }
        Some(hardest)
    }
}

/// The catalogue technique a HoDoKu code counts as (sub-types as their technique).
pub fn technique_of(code: &str) -> Option<Technique> {
    let code = match code {
        "dnl" | "cnl" | "aic" => "nl",
        "gdnl" | "gcnl" | "gaic" => "gnl",
        "sc1" | "sc2" => "sc",
        "mc1" | "mc2" => "mc",
        "fcc" | "fcv" => "fc",
        "fnc" | "fnv" => "fn",
        other => other,
    };
    Technique::ALL.iter().copied().find(|t| t.code() == code)
}

/// The folder of HoDoKu's verdicts, or `None` (with a note on stderr) when it is absent.
pub fn reference_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/hodoku");
    if dir.is_dir() {
        Some(dir)
    } else {
        super::skip::skip(&format!("{} is not present", dir.display()));
        None
    }
}

/// The verdicts of one reference file.
pub fn verdicts(path: &Path) -> Vec<Verdict> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(
        header,
        ["line", "puzzle", "level", "score", "status", "techniques"]
    );
    lines
        .map(|row| {
            let f: Vec<&str> = row.split('\t').collect();
            let counts = f[5]
                .split_whitespace()
                .map(|kv| {
                    let (code, n) = kv.split_once('=').unwrap();
                    (code.to_string(), n.parse().unwrap())
                })
                .collect();
            Verdict {
                line: f[0].parse().unwrap(),
                puzzle: Puzzle::parse_line(f[1]).unwrap(),
                level: f[2].to_lowercase(),
                score: f[3].parse().unwrap(),
                solved_by_logic: f[4] == "ok",
                counts,
            }
        })
        .collect()
}
