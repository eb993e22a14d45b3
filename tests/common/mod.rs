//! Helpers shared by the integration tests: where the bundled and the shared corpora are,
//! and real grids to run finders on.
#![allow(dead_code)] // each test binary uses its own subset of these helpers

pub mod hodoku;
pub mod skip;

use std::collections::HashMap;
use std::path::PathBuf;

/// A file of the bundled `data/` folder.
pub fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// A file of `../shared/corpora`, or `None` (with a note on stderr) when it is not there,
/// so that tests needing it skip cleanly on machines without the shared corpora.
pub fn shared_corpus(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        skip::skip(&format!("{} is not present", path.display()));
        None
    }
}

/// The puzzle lines of a corpus file (blank and `#` lines dropped).
pub fn puzzle_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The rows of a CSV file as maps from column name to value, read with the csv crate alone.
pub fn csv_rows(path: impl AsRef<std::path::Path>) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// Puzzles of the bundled Sudoku Exchange sample (0-based among its puzzle lines) whose
/// solves meet the rarest patterns, which a sparse slice of the sample can miss: Uniqueness
/// Test 5 (840) and the Avoidable Rectangles, types 1 and 2 (926).
const RARE: [usize; 2] = [840, 926];

/// Every grid met along the solves of every `stride`-th puzzle of the bundled Sudoku
/// Exchange sample and of its [`RARE`] puzzles, with the standard ladder and the brute-force
/// fallback: real mid-solve positions of every kind, each before one step of its solve.
pub fn grids_along_solves(stride: usize) -> Vec<sudolab::candidates::Candidates> {
    use sudolab::candidates::Candidates;
    use sudolab::catalogue::Technique;
    use sudolab::ladder::Ladder;
    use sudolab::oracle::{self, Uniqueness};
    use sudolab::puzzle::Puzzle;
    use sudolab::solver::{Policy, Solver};

    let lines = puzzle_lines(&data_file("sudoku_exchange_4k.txt"));
    assert_eq!(lines.len(), 4_413);
    let solver = Solver::new(
        Ladder::default().with(Technique::BruteForce),
        Policy::Single,
    );
    let mut grids = Vec::new();
    let chosen = lines
        .iter()
        .enumerate()
        .filter(|(index, _)| index % stride == 0 || RARE.contains(index));
    for (_, line) in chosen {
        let puzzle = Puzzle::parse_line(line).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("{puzzle}: no unique solution");
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        for step in &solver.solve(&puzzle, Some(&solution)).steps {
            grids.push(grid.clone());
            step.apply_to(&mut grid);
        }
    }
    grids
}
