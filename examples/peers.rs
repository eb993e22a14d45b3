//! The peers that issue #4's anchors name, measured beside sudolab's oracle on this machine,
//! one thread, whole corpora: for each file given, every puzzle is
//!
//! - checked for uniqueness (count up to 2) by sudolab's oracle and by the `sudoku` crate
//!   0.8 (a port of JCZSolve), whose answers are compared outside the timed loops;
//! - solved by the `sudoku` crate's `StrategySolver` with the 12 strategies that match
//!   sudolab's ladder `fh,n1,h1,l2,l3,lc1,lc2,n2,n3,h2,h3,n4,h4,bf2,bf3,bf4` (singles,
//!   locked candidates, naked and hidden subsets, basic fish; no wings).
//!
//! Each measurement is timed in alternation with the others, several rounds each, and keeps
//! its best round, so that load from elsewhere on a shared machine disturbs all alike and as
//! little as possible. Figures are puzzles per second of one core. `scripts/throughput`
//! prints them next to `sudolab run`'s own. The `sudoku` crate is AGPL: it is a
//! dev-dependency used only here and in `benches/`, never linked into sudolab.
//!
//! ```text
//! cargo run --release --example peers -- data/sudoku17.txt data/sudoku_exchange_4k.txt
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku::strategy::{Strategy, StrategySolver};
use sudolab::oracle::count_solutions;
use sudolab::puzzle::Puzzle;

/// Rounds per measurement, taken in alternation.
const ROUNDS: usize = 5;

/// Each round repeats a pass over the corpus until it has run this long.
const ROUND_TIME: Duration = Duration::from_millis(400);

/// The `StrategySolver` strategies with a rung in sudolab's comparable ladder.
const STRATEGIES: [Strategy; 12] = [
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::NakedTriples,
    Strategy::NakedQuads,
    Strategy::HiddenPairs,
    Strategy::HiddenTriples,
    Strategy::HiddenQuads,
    Strategy::XWing,
    Strategy::Swordfish,
    Strategy::Jellyfish,
];

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: peers CORPUS.txt...");
        std::process::exit(2);
    }
    println!(
        "{:<40} {:>8} {:>14} {:>16} {:>18}",
        "corpus", "puzzles", "sudolab oracle", "sudoku uniqueness", "sudoku strategies"
    );
    for path in paths {
        let puzzles = read_puzzles(&path);
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.values()).expect("a valid puzzle"))
            .collect();
        check_agreement(&puzzles, &theirs);
        let mut best = [0f64; 3];
        for _ in 0..ROUNDS {
            let rates = [
                rate(puzzles.len(), || {
                    puzzles
                        .iter()
                        .filter(|p| count_solutions(p, 2) == 1)
                        .count()
                }),
                rate(puzzles.len(), || {
                    theirs.iter().filter(|s| s.is_uniquely_solvable()).count()
                }),
                rate(puzzles.len(), || {
                    theirs
                        .iter()
                        .filter(|s| StrategySolver::from_sudoku(**s).solve(&STRATEGIES).is_ok())
                        .count()
                }),
            ];
            for (best, rate) in best.iter_mut().zip(rates) {
                *best = best.max(rate);
            }
        }
        println!(
            "{:<40} {:>8} {:>14.0} {:>16.0} {:>18.0}",
            path,
            puzzles.len(),
            best[0],
            best[1],
            best[2]
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

/// Both brute-force solvers agree on every puzzle's solution count (up to 2).
fn check_agreement(puzzles: &[Puzzle], theirs: &[sudoku::Sudoku]) {
    for (puzzle, sudoku) in puzzles.iter().zip(theirs) {
        assert_eq!(
            count_solutions(puzzle, 2),
            sudoku.solutions_count_up_to(2),
            "solvers disagree on {puzzle}"
        );
    }
}

/// Puzzles per second of `pass`, which handles `count` puzzles per call, over one round.
fn rate(count: usize, mut pass: impl FnMut() -> usize) -> f64 {
    black_box(pass()); // warm-up
    let start = Instant::now();
    let mut passes = 0;
    while start.elapsed() < ROUND_TIME {
        black_box(pass());
        passes += 1;
    }
    (passes * count) as f64 / start.elapsed().as_secs_f64()
}
