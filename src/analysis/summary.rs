//! The figures of one results file that a report shows: puzzles by status, the hardest
//! technique each solved puzzle needed, how often each technique is used, levels, solve
//! times and the slowest puzzles.
//!
//! Usage and hardest-technique shares are over the puzzles the ladder was run on: those
//! with one solution (solved or stuck). Times are over every row but invalid lines, whose
//! time is only parsing.

use super::results::ResultSet;
use super::stats::percentile;
use crate::level::Level;
use crate::record::{Record, Status};
use crate::rung::Rung;
use std::collections::BTreeMap;

/// How many of the slowest puzzles a summary keeps.
pub const SLOWEST: usize = 10;

/// One technique's use across a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Puzzles (solved or stuck) that use it at least once.
    pub puzzles: usize,
    /// Uses in all.
    pub uses: u64,
}

/// Solve-time figures, in microseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Times {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
    pub mean: f64,
    pub total: f64,
}

/// The figures of one results file.
#[derive(Clone, Debug)]
pub struct Summary {
    pub puzzles: usize,
    /// Count per status, in [`Status::ALL`] order.
    pub by_status: [usize; Status::ALL.len()],
    /// Solved puzzles by hardest technique used (catalogue order).
    pub hardest: BTreeMap<Rung, usize>,
    /// Solved puzzles that needed no step (given complete).
    pub solved_without_steps: usize,
    /// Solved puzzles that used no technique but singles (whatever the ladder's order).
    pub singles_only: usize,
    /// The file's technique columns.
    pub techniques: Vec<Rung>,
    /// Use of each technique column.
    pub usage: BTreeMap<Rung, Usage>,
    /// Solved puzzles by level (in [`Level::ALL`] order).
    pub levels: [usize; Level::ALL.len()],
    /// Sorted solve times in microseconds (all rows but invalid lines).
    pub times: Vec<f64>,
    /// The slowest rows, slowest first (ties in file order).
    pub slowest: Vec<Record>,
}

impl Summary {
    pub fn of(set: &ResultSet) -> Summary {
        let mut summary = Summary {
            puzzles: set.records.len(),
            by_status: [0; Status::ALL.len()],
            hardest: BTreeMap::new(),
            solved_without_steps: 0,
            singles_only: 0,
            techniques: set.columns.techniques.clone(),
            usage: set
                .columns
                .techniques
                .iter()
                .map(|&t| (t, Usage::default()))
                .collect(),
            levels: [0; Level::ALL.len()],
            times: Vec::new(),
            slowest: Vec::new(),
        };
        for r in &set.records {
            summary.by_status[status_index(r.status)] += 1;
            if r.status == Status::Solved {
                match r.hardest {
                    Some(t) => *summary.hardest.entry(t).or_default() += 1,
                    None => summary.solved_without_steps += 1,
                }
                let columns = set.columns.techniques.iter().zip(&r.counts);
                if columns
                    .filter(|&(_, &n)| n > 0)
                    .all(|(&t, _)| t.is_single())
                {
                    summary.singles_only += 1;
                }
                if let Some(level) = r.level {
                    summary.levels[level as usize] += 1;
                }
            }
            if matches!(r.status, Status::Solved | Status::Stuck) {
                for (t, &n) in set.columns.techniques.iter().zip(&r.counts) {
                    let usage = summary.usage.get_mut(t).expect("a column's technique");
                    usage.puzzles += usize::from(n > 0);
                    usage.uses += u64::from(n);
                }
            }
            if r.status != Status::Invalid {
                summary.times.push(r.micros as f64);
            }
        }
        summary.times.sort_by(f64::total_cmp);
        let mut by_time: Vec<&Record> = set
            .records
            .iter()
            .filter(|r| r.status != Status::Invalid)
            .collect();
        by_time.sort_by_key(|r| std::cmp::Reverse(r.micros));
        summary.slowest = by_time.into_iter().take(SLOWEST).cloned().collect();
        summary
    }

    pub fn count(&self, status: Status) -> usize {
        self.by_status[status_index(status)]
    }

    /// Puzzles the ladder ran on: one solution, solved or stuck.
    pub fn attempted(&self) -> usize {
        self.count(Status::Solved) + self.count(Status::Stuck)
    }

    /// Solve-time figures; `None` when no row has a time.
    pub fn time_figures(&self) -> Option<Times> {
        let total: f64 = self.times.iter().sum();
        Some(Times {
            p50: percentile(&self.times, 50.0)?,
            p90: percentile(&self.times, 90.0)?,
            p99: percentile(&self.times, 99.0)?,
            max: *self.times.last()?,
            mean: total / self.times.len() as f64,
            total,
        })
    }
}

fn status_index(status: Status) -> usize {
    Status::ALL
        .iter()
        .position(|&s| s == status)
        .expect("every status is listed")
}
