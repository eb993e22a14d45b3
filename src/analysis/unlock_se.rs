//! `unlock --ladder se:NAME`: which of Sudoku Explainer's techniques (its producers, as
//! SE's options list them) unlock the puzzles SE's order cut after NAME leaves stuck.
//!
//! For every stuck puzzle: which tried producer, added alone to the cut, lets SE's path
//! finish it, and the first tried producer (in SE's order) from which the cut plus the
//! tries up to it finish it: the SE technique the puzzle needs at least. SE's order is
//! fixed, and the tries all come after the cut, so the cut plus the first `n + 1` tries
//! takes the steps of the cut plus the first `n` until those are stuck: each prefix
//! resumes where the one before it stopped. A path that runs past a time limit (only the
//! nested forcing chains, ER 9.5 and up, can take long) cannot tell: unknown.

use crate::candidates::Candidates;
use crate::oracle::{self, Uniqueness};
use crate::puzzle::Puzzle;
use crate::puzzle::Solution;
use crate::record::Status;
use crate::runner::evaluate::LineRef;
use crate::runner::pipeline::LineJob;
use crate::se::ladder::SeLadder;
use crate::se::path::walk;
use crate::se::rating::Ending;
use crate::se::solver::Producer;
use crate::solver::Scratch;
use thiserror::Error;

/// Why an SE unlock was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeUnlockError {
    #[error("{0} is already in the base ladder; try only SE techniques after its cut")]
    AlreadyInBase(&'static str),
    #[error("nothing to try: every SE technique is already in the base ladder")]
    NothingToTry,
    #[error("unknown SE technique {0:?} in --try (SE's techniques and rules in kebab-case)")]
    Unknown(String),
}

/// Whether a tried producer, added alone, finishes a stuck puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Alone {
    Finishes,
    Stuck,
    /// The path ran past a time limit before it could tell.
    Unknown,
}

/// One puzzle's result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeUnlock {
    pub source: String,
    pub line: u64,
    pub puzzle: String,
    /// Status along the base ladder.
    pub status: Status,
    pub error: String,
    /// For a stuck puzzle, each tried producer alone (try order).
    pub alone: Option<Vec<Alone>>,
    /// For a stuck puzzle, the first try from which the base and the tries up to it
    /// finish it (or reach the nested forcing chains, when that is the try); `None` when
    /// not even all of them do.
    pub needs: Option<Producer>,
}

/// Unlocking the puzzles an SE ladder leaves stuck with SE's later producers.
#[derive(Clone, Debug)]
pub struct SeUnlocker {
    base: SeLadder,
    tries: Vec<Producer>,
}

impl SeUnlocker {
    /// `tries` (put in SE's order) must be producers the base does not ask, at least one:
    /// SE's whole order leaves no puzzle with one solution stuck.
    pub fn new(base: SeLadder, mut tries: Vec<Producer>) -> Result<SeUnlocker, SeUnlockError> {
        if let Some(&p) = tries.iter().find(|&&p| base.producers().has(p)) {
            return Err(SeUnlockError::AlreadyInBase(p.name()));
        }
        if tries.is_empty() {
            return Err(SeUnlockError::NothingToTry);
        }
        tries.sort();
        tries.dedup();
        Ok(SeUnlocker { base, tries })
    }

    /// `--try`: `all` (every producer the base does not ask) or a comma list of SE's
    /// technique or rule names.
    pub fn parse_tries(spec: &str, base: SeLadder) -> Result<Vec<Producer>, SeUnlockError> {
        if spec.trim().eq_ignore_ascii_case("all") {
            return Ok(base_lacks(base));
        }
        spec.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|name| {
                Producer::from_name(name).ok_or_else(|| SeUnlockError::Unknown(name.into()))
            })
            .collect()
    }

    pub fn base(&self) -> SeLadder {
        self.base
    }

    pub fn tries(&self) -> &[Producer] {
        &self.tries
    }

    /// The first try from which the base and the tries up to it finish `grid` (where the
    /// base stopped), each prefix resuming where the one before it stopped.
    fn first_finishing_prefix(
        &self,
        mut grid: Candidates,
        solution: &Solution,
    ) -> Option<Producer> {
        let mut ladder = self.base;
        for &p in &self.tries {
            ladder = ladder.with(p);
            let path = walk(&mut grid, ladder.producers(), Some(solution));
            match (&path.wrong, path.rating.ending) {
                // A wrong step is a bug: no answer rather than a wrong one.
                (Some(_), _) => return None,
                (None, Ending::Solved) => return Some(p),
                (None, Ending::TimedOut(_)) => return None,
                (None, _) => {}
            }
        }
        None
    }
}

impl LineJob for SeUnlocker {
    type Output = SeUnlock;

    /// One line's result: its status along the base and, when stuck, what unlocks it.
    fn evaluate(&self, line: LineRef<'_>, _scratch: &mut Scratch) -> SeUnlock {
        let text = String::from_utf8_lossy(line.text);
        let mut result = SeUnlock {
            source: line.source.to_string(),
            line: line.number,
            puzzle: crate::visible::line(text.trim()).into_owned(),
            status: Status::Invalid,
            error: String::new(),
            alone: None,
            needs: None,
        };
        let puzzle = match Puzzle::parse_line(&text) {
            Ok(puzzle) => puzzle,
            Err(error) => {
                result.error = error.to_string();
                return result;
            }
        };
        result.puzzle = puzzle.to_string();
        let solution = match oracle::analyse(&puzzle) {
            Uniqueness::Unique(solution) => solution,
            Uniqueness::NoSolution => {
                result.status = Status::NoSolution;
                return result;
            }
            Uniqueness::Multiple(_) => {
                result.status = Status::MultipleSolutions;
                return result;
            }
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        let base = walk(&mut grid, self.base.producers(), Some(&solution));
        result.status = match (&base.wrong, base.rating.ending) {
            (Some(wrong), _) => {
                result.error = format!("step {}: {}", wrong.step_number, wrong.hint);
                Status::Unsound
            }
            (None, Ending::Solved) => Status::Solved,
            (None, Ending::TimedOut(_)) => {
                result.error = "SE's path ran past its time limit".to_string();
                Status::Stuck
            }
            (None, _) => Status::Stuck,
        };
        if result.status == Status::Stuck && result.error.is_empty() {
            let alone = self
                .tries
                .iter()
                .map(|&p| finishes(self.base.with(p), &grid, &solution))
                .collect();
            result.alone = Some(alone);
            result.needs = self.first_finishing_prefix(grid, &solution);
        }
        result
    }
}

/// Every producer `base` does not ask, in SE's order.
fn base_lacks(base: SeLadder) -> Vec<Producer> {
    Producer::all()
        .filter(|&p| !base.producers().has(p))
        .collect()
}

/// Whether `ladder` finishes a copy of `grid`.
fn finishes(ladder: SeLadder, grid: &Candidates, solution: &Solution) -> Alone {
    let path = walk(&mut grid.clone(), ladder.producers(), Some(solution));
    match (&path.wrong, path.rating.ending) {
        (None, Ending::Solved) => Alone::Finishes,
        (None, Ending::TimedOut(_)) => Alone::Unknown,
        _ => Alone::Stuck,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line's result, as the pipeline would give them.
    fn run(unlocker: &SeUnlocker, lines: &[&str]) -> Vec<SeUnlock> {
        let mut scratch = Scratch::default();
        lines
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let line = LineRef {
                    source: "test",
                    number: i as u64 + 1,
                    text: text.as_bytes(),
                    length: text.len(),
                };
                unlocker.evaluate(line, &mut scratch)
            })
            .collect()
    }

    /// top95's first: SE's path needs Pointing (and direct hidden pairs, naked singles).
    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// tdoku's line 12: SE's path needs the nested forcing chains.
    const NESTED: &str =
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2";

    #[test]
    fn the_technique_a_stuck_puzzle_needs_is_the_latest_one_se_s_path_uses() {
        let base = SeLadder::parse("se:hidden-single").unwrap().unwrap();
        let tries = SeUnlocker::parse_tries("all", base).unwrap();
        assert_eq!(tries.len(), 26);
        let unlocker = SeUnlocker::new(base, tries).unwrap();
        let results = run(&unlocker, &[TOP95_1, NESTED, "12"]);
        assert_eq!(results[0].status, Status::Stuck);
        // SE's whole path uses rules up to Pointing & Claiming: that is what it needs.
        let mut grid =
            Candidates::from_puzzle(&crate::puzzle::Puzzle::parse_line(TOP95_1).unwrap());
        let full = walk(&mut grid, crate::se::solver::Producers::ALL, None);
        let latest = crate::se::named::SeRule::all()
            .filter(|r| full.counts[r.index()] > 0)
            .map(Producer::of)
            .max();
        assert_eq!(results[0].needs, latest);
        assert_eq!(results[0].needs, Some(Producer::Locking));
        let alone = results[0].alone.as_ref().unwrap();
        assert_eq!(alone[0], Alone::Stuck, "direct pointing alone does not do");
        assert!(alone.iter().all(|&a| a != Alone::Unknown));
        assert_eq!(results[1].status, Status::Stuck);
        assert_eq!(results[1].needs, Some(Producer::Nested));
        assert_eq!(results[2].status, Status::Invalid);
    }

    #[test]
    fn the_whole_order_leaves_nothing_to_try_and_a_cut_before_the_nested_chains_needs_them() {
        assert_eq!(
            SeUnlocker::new(SeLadder::FULL, base_lacks(SeLadder::FULL)).unwrap_err(),
            SeUnlockError::NothingToTry
        );
        let cut = SeLadder::parse("se:x-wing").unwrap().unwrap();
        assert_eq!(
            SeUnlocker::new(cut, vec![]).unwrap_err(),
            SeUnlockError::NothingToTry
        );
        let upto = SeLadder::parse("se:dynamic-forcing-chains-plus")
            .unwrap()
            .unwrap();
        let unlocker = SeUnlocker::new(upto, vec![Producer::Nested]).unwrap();
        let results = run(&unlocker, &[NESTED, TOP95_1]);
        assert_eq!(results[0].status, Status::Stuck);
        assert_eq!(results[0].needs, Some(Producer::Nested));
        assert_eq!(results[0].alone, Some(vec![Alone::Finishes]));
        assert_eq!(
            (results[1].status, results[1].needs),
            (Status::Solved, None)
        );
        assert_eq!(
            SeUnlocker::new(upto, vec![Producer::XWing]).unwrap_err(),
            SeUnlockError::AlreadyInBase("x-wing")
        );
        assert!(SeUnlocker::parse_tries("claiming, x-wing", upto).is_ok());
        assert!(SeUnlocker::parse_tries("xwing", upto).is_err());
    }
}
