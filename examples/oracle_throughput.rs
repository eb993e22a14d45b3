//! Uniqueness-check throughput of the oracle next to the `sudoku` crate (0.8), one thread,
//! whole corpora: for each file given, every puzzle is checked (count up to 2) by both
//! solvers, their answers are compared outside the timed loops, and puzzles per second
//! are printed. The two are timed in alternation, several rounds each, and each keeps its
//! best round, so that load from elsewhere on a shared machine disturbs both alike and
//! as little as possible. Run in release:
//!
//! ```text
//! cargo run --release --example oracle_throughput -- data/sudoku17.txt data/sudoku_exchange_4k.txt
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};
use sudolab::oracle::count_solutions;
use sudolab::puzzle::Puzzle;

/// Rounds per solver, taken in alternation.
const ROUNDS: usize = 7;

/// Each round repeats a solver's pass over the corpus until it has run this long.
const ROUND_TIME: Duration = Duration::from_millis(400);

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: oracle_throughput CORPUS.txt...");
        std::process::exit(2);
    }
    println!(
        "{:<32} {:>8} {:>14} {:>14} {:>7}",
        "corpus", "puzzles", "sudolab /s", "sudoku 0.8 /s", "ratio"
    );
    for path in paths {
        let puzzles = read_puzzles(&path);
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.values()).expect("a valid puzzle"))
            .collect();
        check_agreement(&puzzles, &theirs);
        let (mut ours_rate, mut theirs_rate) = (0f64, 0f64);
        for _ in 0..ROUNDS {
            let ours = rate(puzzles.len(), || {
                puzzles
                    .iter()
                    .filter(|p| count_solutions(p, 2) == 1)
                    .count()
            });
            let theirs = rate(puzzles.len(), || {
                theirs.iter().filter(|s| s.is_uniquely_solvable()).count()
            });
            ours_rate = ours_rate.max(ours);
            theirs_rate = theirs_rate.max(theirs);
        }
        println!(
            "{:<32} {:>8} {:>14.0} {:>14.0} {:>7.2}",
            path,
            puzzles.len(),
            ours_rate,
            theirs_rate,
            ours_rate / theirs_rate
        );
    }
}

fn read_puzzles(path: &str) -> Vec<Puzzle> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("reading {path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Puzzle::parse_line(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// Both solvers agree on every puzzle's solution count (up to 2).
fn check_agreement(puzzles: &[Puzzle], theirs: &[sudoku::Sudoku]) {
    for (puzzle, sudoku) in puzzles.iter().zip(theirs) {
        assert_eq!(
            count_solutions(puzzle, 2),
            sudoku.solutions_count_up_to(2),
            "solvers disagree on {puzzle}"
        );
    }
}

/// Puzzles per second of `check_all`, which checks `count` puzzles per call, over one
/// round.
fn rate(count: usize, mut check_all: impl FnMut() -> usize) -> f64 {
    black_box(check_all()); // warm-up
    let start = Instant::now();
    let mut passes = 0;
    while start.elapsed() < ROUND_TIME {
        black_box(check_all());
        passes += 1;
    }
    (passes * count) as f64 / start.elapsed().as_secs_f64()
}
