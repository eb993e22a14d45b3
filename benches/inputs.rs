//! Named inputs shared by every bench group, read once per run: corpus slices (their lines
//! and parsed puzzles), and real mid-solve grids. The bundled corpora are always there;
//! those from `../shared/corpora` are skipped, with a note, when absent.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use sudolab::candidates::Candidates;
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Policy, Scratch, Solver};

/// A named list of puzzles.
pub struct Corpus {
    pub name: &'static str,
    /// The puzzle lines as read.
    pub lines: Vec<String>,
    pub puzzles: Vec<Puzzle>,
}

/// Every corpus present on this machine, in a fixed order.
pub fn all() -> &'static [Corpus] {
    &CORPORA
}

static CORPORA: LazyLock<Vec<Corpus>> = LazyLock::new(|| {
    [easy(), seventeen_clue(), exchange(), hard()]
        .into_iter()
        .flatten()
        .collect()
});

/// Real mid-solve grids: where the `singles` ladder stalls on the Sudoku Exchange sample
/// (its puzzles all need more than singles), the first 500. Every technique but the
/// singles has work to look for there, and most find some.
pub fn stalled_grids() -> &'static [Candidates] {
    &STALLED
}

static STALLED: LazyLock<Vec<Candidates>> = LazyLock::new(|| {
    let exchange = exchange().expect("the bundled sample is always there");
    let singles = Solver::new(Ladder::parse("singles").unwrap(), Policy::Single);
    let mut scratch = Scratch::default();
    exchange
        .puzzles
        .iter()
        .filter_map(|puzzle| {
            let mut grid = Candidates::from_puzzle(puzzle);
            singles.solve_counts(&mut grid, None, &mut scratch);
            (!grid.is_solved()).then_some(grid)
        })
        .take(500)
        .collect()
});

/// Real grids where HoDoKu's order reaches the chains: every grid along the standard
/// ladder's solves of the Sudoku Exchange sample at which its next step is an X-Chain or
/// a later technique, or at which it is stuck; the first 200.
pub fn chain_grids() -> &'static [Candidates] {
    &CHAIN_GRIDS
}

static CHAIN_GRIDS: LazyLock<Vec<Candidates>> = LazyLock::new(|| {
    let exchange = exchange().expect("the bundled sample is always there");
    let ladder = Ladder::default();
    let first_chain = ladder.position(Technique::XChain);
    let solver = Solver::new(ladder.clone(), Policy::Single);
    let mut grids = Vec::new();
    for puzzle in &exchange.puzzles {
        let report = solver.solve(puzzle, None);
        let mut grid = Candidates::from_puzzle(puzzle);
        for step in report.steps.iter() {
            if ladder.position(step.technique) >= first_chain {
                grids.push(grid.clone());
            }
            step.apply_to(&mut grid);
        }
        if !grid.is_solved() {
            grids.push(grid);
        }
        if grids.len() >= 200 {
            break;
        }
    }
    grids.truncate(200);
    grids
});

/// Real grids along SE's paths: every grid of SE's solves of the Sudoku Exchange sample
/// at which SE's next step is not a single (SE asks most of its producers there), the
/// first 500.
pub fn se_grids() -> &'static [Candidates] {
    &SE_GRIDS
}

static SE_GRIDS: LazyLock<Vec<Candidates>> = LazyLock::new(|| {
    use sudolab::se::hint::Rule;
    let exchange = exchange().expect("the bundled sample is always there");
    let mut grids = Vec::new();
    let mut steps = Vec::new();
    for puzzle in &exchange.puzzles {
        sudolab::se::rate_recording(puzzle, &mut steps);
        let mut grid = Candidates::from_puzzle(puzzle);
        for hint in &steps {
            let single = matches!(
                hint.rule,
                Rule::HiddenSingleAlone
                    | Rule::HiddenSingleBox
                    | Rule::HiddenSingleLine
                    | Rule::NakedSingle
            );
            if !single {
                grids.push(grid.clone());
            }
            sudolab::se::solver::apply(&mut grid, hint);
        }
        if grids.len() >= 500 {
            break;
        }
    }
    grids.truncate(500);
    grids
});

/// QQWing's "simple" puzzles: singles solve them all.
fn easy() -> Option<Corpus> {
    corpus("easy", &shared("qqwing_simple.txt"), usize::MAX)
}

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
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(str::to_owned)
        .collect();
    let puzzles = lines
        .iter()
        .map(|l| Puzzle::parse_line(l).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect();
    Some(Corpus {
        name,
        lines,
        puzzles,
    })
}
