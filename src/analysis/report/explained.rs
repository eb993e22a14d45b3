//! The explained pages of the puzzles a report lists: each one's path drawn step by step
//! ([`crate::analysis::picture::page`]) under the ladder, policy and fallback its results
//! file was run with (its sidecar's, SE's path included; the standard preset without one),
//! written into
//! `explained/` beside the report, which links each listed puzzle to its page.

use crate::analysis::explain::explain_json;
use crate::analysis::explain_se;
use crate::analysis::picture::{PictureError, page};
use crate::analysis::results::ResultSet;
use crate::analysis::summary::Summary;
use crate::ladder_config::LadderConfig;
use crate::policy::{Fallback, Policy};
use crate::position::Position;
use crate::record::Record;
use crate::se::ladder::SeLadder;
use crate::solver::Solver;
use std::path::{Path, PathBuf};

/// The folder of the explained pages, inside the report's.
pub const DIR: &str = "explained";

/// The page of `record` of results file number `set` (0-based), relative to the report.
pub fn page_path(set: usize, record: &Record) -> String {
    format!("{DIR}/{}-line{}.html", set + 1, record.line)
}

/// `text` as a Markdown link to the page of `record`.
pub fn link(text: &str, set: usize, record: &Record) -> String {
    format!("[{text}]({})", page_path(set, record))
}

/// How a results file's paths are walked again: along SE's path, or HoDoKu's ladder.
enum Walker {
    Se(SeLadder),
    Hodoku(Box<(Solver, LadderConfig)>),
}

impl Walker {
    /// The path of `position`, as `explain --format json --grid` gives it.
    fn explain(&self, label: &str, position: &Position) -> serde_json::Value {
        match self {
            Walker::Se(ladder) => explain_se::explain_json(label, position, *ladder, true).0,
            Walker::Hodoku(hodoku) => {
                let (solver, config) = hodoku.as_ref();
                explain_json(label, position, solver, &config.scores, true).0
            }
        }
    }
}

/// How the paths of a results file were walked: its sidecar's ladder.
fn walker_of(set: &ResultSet) -> Walker {
    let run = set.run.as_ref();
    let ladder = run.and_then(|r| r.ladder()).unwrap_or("standard".into());
    if let Some(Ok(se)) = SeLadder::parse(&ladder) {
        return Walker::Se(se);
    }
    let config = LadderConfig::from_arg(&ladder)
        .unwrap_or_else(|_| LadderConfig::from_arg("standard").expect("a preset"));
    let policy = run
        .and_then(|r| r.policy())
        .and_then(|p| p.parse::<Policy>().ok())
        .or(config.policy)
        .unwrap_or_default();
    let fallback = run
        .and_then(|r| r.fallback())
        .and_then(|f| f.parse::<Fallback>().ok())
        .or(config.fallback)
        .unwrap_or_default();
    let solver = Solver::new(config.ladder.clone().with_fallback(fallback), policy);
    Walker::Hodoku(Box::new((solver, config)))
}

/// The records of `set` the report lists, and so links to their pages: its slowest.
pub fn listed(set: &ResultSet) -> Vec<Record> {
    Summary::of(set).slowest
}

/// Writes the page of every record the report lists ([`listed`]) into
/// `report_dir`/[`DIR`]; returns the pages written. A record whose puzzle cannot be read
/// again gets no page.
pub fn write_pages(sets: &[ResultSet], report_dir: &Path) -> Result<Vec<PathBuf>, PictureError> {
    let dir = report_dir.join(DIR);
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |error| PictureError::Io { path, error }
    };
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let mut written = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let walker = walker_of(set);
        for record in listed(set) {
            let Ok(position) = Position::parse_line(&record.puzzle) else {
                continue;
            };
            let label = format!("{}:{}", record.source, record.line);
            let json = walker.explain(&label, &position);
            let html = page::page(&json, false, None)?;
            let path = report_dir.join(page_path(i, &record));
            std::fs::write(&path, html).map_err(io(&path))?;
            written.push(path);
        }
    }
    Ok(written)
}
