//! Helpers for the technique unit tests: crafted candidate grids written as short lists of
//! cells, so that a test reads like the pattern it checks.

use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Technique;

/// How many times fewer puzzles the sampled tests read in a debug build (about ten times
/// slower) than in a release build.
const DEBUG_FEWER: usize = 10;

/// The stride of a sampled test that reads every `release`-th puzzle of a corpus in a
/// release build: ten times longer in a debug build.
pub fn sample_stride(release: usize) -> usize {
    match cfg!(debug_assertions) {
        true => release * DEBUG_FEWER,
        false => release,
    }
}

/// The least a count of such a test must reach when a release build's sample reaches at
/// least `release`: a tenth of it in a debug build, which reads a tenth of the puzzles.
pub fn sample_least(release: usize) -> usize {
    match cfg!(debug_assertions) {
        true => release / DEBUG_FEWER,
        false => release,
    }
}

/// The digit `value`.
pub fn d(value: u8) -> Digit {
    Digit::new(value)
}

/// `r`, `c` 1-based, as in the forum notation: `rc(3, 1)` is r3c1.
pub fn rc(row: usize, col: usize) -> Cell {
    Cell::at(row - 1, col - 1)
}

/// r`row`c`col`, or its mirror image about the main diagonal (r`col`c`row`) when
/// `transposed`: a test that checks a pattern in both orientations writes its cells once.
pub fn rc_transposed_if(transposed: bool, row: usize, col: usize) -> Cell {
    if transposed {
        rc(col, row)
    } else {
        rc(row, col)
    }
}

/// An empty grid in which `digit` is a candidate everywhere except in `removed`.
pub fn without(digit: Digit, removed: &[Cell]) -> Candidates {
    let mut grid = Candidates::empty();
    remove(&mut grid, digit, removed);
    grid
}

/// Removes `digit` from every cell of `cells`.
pub fn remove(grid: &mut Candidates, digit: Digit, cells: &[Cell]) {
    for &cell in cells {
        grid.eliminate(cell, digit);
    }
}

/// Every cell of row `row` (1-based) except the columns in `keep` (1-based).
pub fn row_except(row: usize, keep: &[usize]) -> Vec<Cell> {
    (1..=9)
        .filter(|c| !keep.contains(c))
        .map(|c| rc(row, c))
        .collect()
}

/// Every cell of column `col` (1-based) except the rows in `keep` (1-based).
pub fn col_except(col: usize, keep: &[usize]) -> Vec<Cell> {
    (1..=9)
        .filter(|r| !keep.contains(r))
        .map(|r| rc(r, col))
        .collect()
}

/// Every cell of box `number` (1-based) except `keep`.
pub fn box_except(number: usize, keep: &[Cell]) -> Vec<Cell> {
    let (band, stack) = ((number - 1) / 3 * 3, (number - 1) % 3 * 3);
    (0..9)
        .map(|i| Cell::at(band + i / 3, stack + i % 3))
        .filter(|c| !keep.contains(c))
        .collect()
}

/// Leaves `cell` with exactly the candidates `digits`.
pub fn restrict(grid: &mut Candidates, cell: Cell, digits: &[u8]) {
    for v in 1..=9 {
        if !digits.contains(&v) {
            grid.eliminate(cell, d(v));
        }
    }
}

/// Every step `technique` finds in `grid`, rendered in the forum notation.
pub fn texts(technique: Technique, grid: &Candidates) -> Vec<String> {
    technique.find_all(grid, None).texts()
}

/// Every step `technique` finds in `grid` with `memo` of its fruitless searches, as the
/// solver runs it, rendered in the forum notation.
pub fn remembered_texts(
    technique: Technique,
    grid: &Candidates,
    memo: &mut crate::technique::memo::Memo,
) -> Vec<String> {
    let mut found = crate::step::StepList::new();
    let mut sink = crate::technique::sink::StepSink::new(grid, None, &mut found, usize::MAX)
        .remembering(technique, memo);
    let _ = technique.find(grid, &mut sink);
    found.texts()
}

/// One solve of a puzzle of the bundled sample: its line, the puzzle, its solution and the
/// solver's report (whose steps, applied in turn to the puzzle's grid, walk the solve).
pub struct SampleSolve {
    pub line: String,
    pub puzzle: crate::puzzle::Puzzle,
    pub solution: crate::puzzle::Solution,
    pub report: crate::solver::Report,
}

/// The puzzle lines of the bundled Sudoku Exchange sample.
fn sample_lines() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sudoku_exchange_4k.txt");
    let text = std::fs::read_to_string(path).expect("the bundled sample is there");
    text.lines().map(str::to_string).collect()
}

/// The first `count` puzzles of the bundled sample as grids after their singles (real
/// grids, rich in candidates), each with its line.
pub fn sample_grids_after_singles(count: usize) -> impl Iterator<Item = (String, Candidates)> {
    let singles = crate::solver::Solver::new(
        crate::ladder::Ladder::parse("singles").expect("a preset"),
        crate::solver::Policy::Single,
    );
    sample_lines().into_iter().take(count).map(move |line| {
        let puzzle = crate::puzzle::Puzzle::parse_line(&line).expect("sample puzzles parse");
        let mut grid = Candidates::from_puzzle(&puzzle);
        singles.solve_counts(&mut grid, None, &mut Default::default());
        (line, grid)
    })
}

/// Every `stride`-th puzzle of the bundled Sudoku Exchange sample, solved by `solver`
/// (the sample's puzzles all have one solution).
pub fn sample_solves(
    solver: &crate::solver::Solver,
    stride: usize,
) -> impl Iterator<Item = SampleSolve> + '_ {
    use crate::oracle::{Uniqueness, analyse};
    let lines: Vec<String> = sample_lines().into_iter().step_by(stride).collect();
    lines.into_iter().map(move |line| {
        let puzzle = crate::puzzle::Puzzle::parse_line(&line).expect("sample puzzles parse");
        let Uniqueness::Unique(solution) = analyse(&puzzle) else {
            panic!("{line}: the sample's puzzles have one solution")
        };
        let report = solver.solve(&puzzle, Some(&solution));
        SampleSolve {
            line,
            puzzle,
            solution,
            report,
        }
    })
}

/// Puzzles of the bundled rated sample that Sudoku Explainer rates 7.0 or more (the
/// ALS rungs run often in their solves), every `stride`-th.
pub fn hard_rated_puzzles(stride: usize) -> Vec<crate::puzzle::Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/sudoku_exchange_rated_sample.tsv");
    let text = std::fs::read_to_string(path).expect("the bundled rated sample is there");
    text.lines()
        .skip(1)
        .filter_map(|line| line.split_once('\t'))
        .filter(|(_, rating)| rating.parse::<f32>().is_ok_and(|r| r >= 7.0))
        .step_by(stride)
        .map(|(puzzle, _)| crate::puzzle::Puzzle::parse_line(puzzle).expect("it parses"))
        .collect()
}

/// [`compare_remembered_searches`] for rungs on the memo's whole-grid records
/// ([`crate::technique::memo::Memo::changed_since_nothing`]): a search is told when the
/// memo holds a grid this one holds no more than.
pub fn compare_grid_memo_searches(rungs: &[Technique], stride: usize) -> (usize, usize) {
    compare_remembered_searches(rungs, stride, |memo, technique, grid| {
        memo.changed_since_nothing(technique, grid).is_some()
    })
}

/// Runs each of `rungs` twice at every grid of the standard ladder's solve paths of
/// [`hard_rated_puzzles`] (but after singles): on a whole search, and as the solver runs it,
/// with a memo carried from grid to grid and puzzle to puzzle; both for the first step and
/// for every step. Panics where they differ. Returns how many searches `told` says the
/// memo could narrow (asked before the search), and how many of those found something.
pub fn compare_remembered_searches(
    rungs: &[Technique],
    stride: usize,
    told: impl Fn(&crate::technique::memo::Memo, Technique, &Candidates) -> bool,
) -> (usize, usize) {
    use crate::step::StepList;
    use crate::technique::memo::Memo;
    use crate::technique::sink::StepSink;
    let solver = crate::solver::Solver::new(
        crate::ladder::Ladder::default(),
        crate::solver::Policy::Single,
    );
    let mut memos: Vec<Memo> = rungs.iter().map(|_| Memo::default()).collect();
    let (mut narrowed, mut narrowed_and_found) = (0, 0);
    for puzzle in hard_rated_puzzles(stride) {
        let report = solver.solve(&puzzle, None);
        let mut grid = Candidates::from_puzzle(&puzzle);
        for step in report.steps.iter() {
            step.apply_to(&mut grid);
            if step.technique.is_single() {
                continue;
            }
            for (&technique, memo) in rungs.iter().zip(&mut memos) {
                for limit in [1, usize::MAX] {
                    let mut whole = StepList::new();
                    let _ =
                        technique.find(&grid, &mut StepSink::new(&grid, None, &mut whole, limit));
                    if told(memo, technique, &grid) {
                        narrowed += 1;
                        narrowed_and_found += usize::from(!whole.is_empty());
                    }
                    let mut remembered = StepList::new();
                    let mut sink = StepSink::new(&grid, None, &mut remembered, limit)
                        .remembering(technique, memo);
                    let _ = technique.find(&grid, &mut sink);
                    assert_eq!(remembered.texts(), whole.texts(), "{technique} in\n{grid}");
                }
            }
        }
    }
    (narrowed, narrowed_and_found)
}
