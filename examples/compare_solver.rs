//! A solver writer's check of their own solver against sudolab, puzzle by puzzle.
//!
//! The solver here is the writer's own: a plain singles solver (naked and hidden singles,
//! candidates worked out afresh from the grid, no library code). For each puzzle line of
//! the files given, it is run beside sudolab's solver on the ladder that claims the same
//! techniques (`full-house,n1,h1`), and the two verdicts are compared: both must solve or
//! both get stuck, and a solved grid must be the oracle's solution. Every disagreement is
//! printed with the puzzle; at the end, the puzzles both leave stuck are tallied by what
//! sudolab's `standard` ladder needs for them (its hardest technique) and by SE's ER.
//!
//! ```text
//! cargo run --release --example compare_solver -- data/blog.txt
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::policy::Policy;
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Outcome, Solver};

/// What a solver says about a puzzle: solved (with the grid it filled) or stuck.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Solved([u8; 81]),
    Stuck,
}

/// The writer's own solver: naked and hidden singles until neither sets a cell.
fn singles_solver(givens: &[u8; 81]) -> Verdict {
    let mut grid = *givens;
    loop {
        let mut progress = false;
        for cell in 0..81 {
            if grid[cell] == 0 {
                let options = candidates(&grid, cell);
                if options == 0 {
                    return Verdict::Stuck; // a contradiction: nothing more to say
                }
                if options.count_ones() == 1 {
                    grid[cell] = options.trailing_zeros() as u8;
                    progress = true;
                }
            }
        }
        progress |= hidden_singles(&mut grid);
        if !progress {
            break;
        }
    }
    match grid.contains(&0) {
        true => Verdict::Stuck,
        false => Verdict::Solved(grid),
    }
}

/// A weaker solver (naked singles only), to show that the comparison finds disagreements.
#[cfg(test)]
fn naked_singles_solver(givens: &[u8; 81]) -> Verdict {
    let mut grid = *givens;
    while let Some(cell) =
        (0..81).find(|&cell| grid[cell] == 0 && candidates(&grid, cell).count_ones() == 1)
    {
        grid[cell] = candidates(&grid, cell).trailing_zeros() as u8;
    }
    match grid.contains(&0) {
        true => Verdict::Stuck,
        false => Verdict::Solved(grid),
    }
}

/// The digits `cell` may take, as bits 1 to 9.
fn candidates(grid: &[u8; 81], cell: usize) -> u16 {
    let (row, col) = (cell / 9, cell % 9);
    let (top, left) = (row / 3 * 3, col / 3 * 3);
    let mut seen = 0u16;
    for i in 0..9 {
        seen |= 1 << grid[row * 9 + i];
        seen |= 1 << grid[i * 9 + col];
        seen |= 1 << grid[(top + i / 3) * 9 + left + i % 3];
    }
    0b11_1111_1110 & !seen
}

/// Sets every digit that has one place left in a house; whether any was set.
fn hidden_singles(grid: &mut [u8; 81]) -> bool {
    let mut progress = false;
    for house in 0..27 {
        let cells: Vec<usize> = (0..9)
            .map(|i| match house {
                0..9 => house * 9 + i,
                9..18 => i * 9 + house - 9,
                _ => (((house - 18) / 3 * 3) + i / 3) * 9 + (house - 18) % 3 * 3 + i % 3,
            })
            .collect();
        for digit in 1..=9u8 {
            if cells.iter().any(|&c| grid[c] == digit) {
                continue;
            }
            let places: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| grid[c] == 0 && candidates(grid, c) & (1 << digit) != 0)
                .collect();
            if let [only] = places[..] {
                grid[only] = digit;
                progress = true;
            }
        }
    }
    progress
}

/// What the comparison found over a set of puzzle lines.
#[derive(Default, Debug)]
struct Tally {
    /// Puzzles with one solution, compared.
    compared: usize,
    /// Lines skipped: not a puzzle, or not one solution.
    skipped: usize,
    /// `line: what differs` for each disagreement.
    disagreements: Vec<String>,
    /// Puzzles both solvers leave stuck, by the hardest technique sudolab's `standard`
    /// ladder solves them with, and SE's ER.
    beyond: BTreeMap<(String, String), usize>,
}

/// Compares `theirs` with sudolab's singles ladder on every line of `text`.
fn compare(text: &str, theirs: fn(&[u8; 81]) -> Verdict) -> Tally {
    let singles = Solver::new(Ladder::parse("full-house,n1,h1").unwrap(), Policy::Single);
    let standard = Solver::new(Ladder::preset("standard").unwrap(), Policy::Single);
    let mut tally = Tally::default();
    for (index, line) in text.lines().enumerate() {
        let Ok(puzzle) = Puzzle::parse_line(line) else {
            tally.skipped += 1;
            continue;
        };
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            tally.skipped += 1;
            continue;
        };
        tally.compared += 1;
        let ours = singles.solve(&puzzle, Some(&solution)).summary.outcome;
        let verdict = theirs(puzzle.values());
        let differs = match (&verdict, &ours) {
            (Verdict::Solved(grid), Outcome::Solved) if grid != solution.values() => {
                Some("yours filled the grid wrongly".to_string())
            }
            (Verdict::Solved(_), Outcome::Solved) | (Verdict::Stuck, Outcome::Stuck) => None,
            (verdict, outcome) => Some(format!("yours {verdict:?}, sudolab's {outcome:?}")),
        };
        if let Some(differs) = differs {
            tally
                .disagreements
                .push(format!("{}: {line}: {differs}", index + 1));
        } else if verdict == Verdict::Stuck {
            let summary = standard.solve(&puzzle, Some(&solution)).summary;
            let hardest = match (summary.outcome, summary.hardest) {
                (Outcome::Solved, Some(hardest)) => hardest.name().to_string(),
                _ => "more than standard".to_string(),
            };
            let er = sudolab::se::rate(&puzzle).er.to_string();
            *tally.beyond.entry((hardest, er)).or_default() += 1;
        }
    }
    tally
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: compare_solver FILE...");
        return ExitCode::from(2);
    }
    let mut agreed = true;
    for path in paths {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{path}: {error}");
                agreed = false;
                continue;
            }
        };
        let tally = compare(&text, singles_solver);
        for disagreement in &tally.disagreements {
            println!("{path}:{disagreement}");
        }
        println!(
            "{path}: {} puzzles compared, {} disagree, {} lines skipped",
            tally.compared,
            tally.disagreements.len(),
            tally.skipped
        );
        for ((hardest, er), count) in &tally.beyond {
            println!("  both stuck: {count} need {hardest} (SE's ER {er})");
        }
        agreed &= tally.disagreements.is_empty();
    }
    match agreed {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blog() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/blog.txt");
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn the_singles_solver_agrees_with_sudolab_s_singles_ladder() {
        let tally = compare(&blog(), singles_solver);
        assert!(tally.compared > 0);
        assert_eq!(tally.disagreements, Vec::<String>::new());
        assert!(
            !tally.beyond.is_empty(),
            "some puzzles need more than singles"
        );
    }

    #[test]
    fn a_solver_without_hidden_singles_is_caught() {
        let tally = compare(&blog(), naked_singles_solver);
        assert!(!tally.disagreements.is_empty());
        assert!(tally.disagreements[0].contains("yours Stuck, sudolab's Solved"));
    }
}
