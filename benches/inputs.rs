//! Named corpus slices shared by every bench group, read once per run. The bundled ones are
//! always there; those from `../shared/corpora` are skipped, with a note, when absent.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use sudolab::puzzle::Puzzle;

/// A named list of puzzles.
pub struct Corpus {
    pub name: &'static str,
    pub puzzles: Vec<Puzzle>,
}

/// Every corpus present on this machine, in a fixed order.
pub fn all() -> &'static [Corpus] {
    &CORPORA
}

static CORPORA: LazyLock<Vec<Corpus>> = LazyLock::new(|| {
    [seventeen_clue(), exchange(), hard()]
        .into_iter()
        .flatten()
        .collect()
});

/// The first 2,000 of Royle's 17-clue puzzles: minimal puzzles, mostly singles and a
/// guess or two.
fn seventeen_clue() -> Option<Corpus> {
    corpus("seventeen_clue", &bundled("sudoku17.txt"), 2_000)
}

/// Every 100th puzzle of the Sudoku Exchange bank: a spread of ordinary ratings.
fn exchange() -> Option<Corpus> {
    corpus("exchange", &bundled("sudoku_exchange_4k.txt"), usize::MAX)
}

/// The "top95" list: hard for humans and for brute force alike.
fn hard() -> Option<Corpus> {
    corpus("hard", &shared("norvig_top95.txt"), usize::MAX)
}

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

fn shared(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora")
        .join(name)
}

/// The first `limit` puzzles of the file at `path`, or `None` when it is absent.
fn corpus(name: &'static str, path: &Path, limit: usize) -> Option<Corpus> {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!(
            "skipping the {name} inputs: {} is not present",
            path.display()
        );
        return None;
    };
    let puzzles = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(|l| Puzzle::parse_line(l).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect();
    Some(Corpus { name, puzzles })
}
