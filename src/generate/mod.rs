//! `sudolab generate`: new puzzles made to order. Each has exactly one solution (proved by
//! the oracle), is new within the run, is minimal unless asked otherwise, and meets the
//! target ([`target::Target`]) by the row `run` writes for it ([`crate::runner::evaluate`]).
//!
//! Reproducible at any thread count: attempt `k` of a run is a pure function of the seed
//! and `k` ([`attempt`]); attempts run in parallel in batches, and their results are taken
//! in attempt order, a puzzle kept when it meets the target and was not kept before, until
//! the run has its count. The same seed therefore gives the same puzzles in the same order
//! whatever the threads; only the work wasted past the last puzzle differs.
//!
//! Modules: [`symmetry`] (orbits of cells), [`grid`] (random solution grids), [`dig`]
//! (removing givens while one solution remains; the neighbourhood move), [`unavoidable`]
//! (sets of a grid every puzzle must keep a given in, which spare digs the oracle), [`range`] and
//! [`target`] (what a puzzle must be), [`screen`] (turning away cheaply what no grade
//! would keep), [`attempt`] (one seeded attempt). Writing the
//! puzzles and drawing progress are the caller's.

pub mod attempt;
pub mod dig;
pub mod grid;
pub mod progress;
pub mod range;
pub mod screen;
pub mod symmetry;
pub mod target;
pub mod unavoidable;

use crate::record::Record;
use crate::solver::Scratch;
use attempt::Recipe;
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use std::cell::RefCell;
use std::time::{Duration, Instant};
use thiserror::Error;

/// A generating run.
#[derive(Clone, Debug)]
pub struct GenerateConfig {
    /// How many puzzles to make.
    pub count: u64,
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    pub recipe: Recipe,
    /// Give up after this many attempts.
    pub max_tries: Option<u64>,
    /// Give up after this long (checked between batches).
    pub timeout: Option<Duration>,
}

/// Why a run could not start.
#[derive(Debug, Error)]
pub enum GenerateError {
    #[error("cannot start {threads} worker threads: {error}")]
    Threads {
        threads: usize,
        error: rayon::ThreadPoolBuildError,
    },
}

/// Why a run ended before it had its count.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    MaxTries,
    Timeout,
    /// The caller asked to stop (a closed output).
    Caller,
}

/// How a run went.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Puzzles kept.
    pub found: u64,
    /// Attempts made (their results taken).
    pub tries: u64,
    /// Puzzles judged in those attempts: the start of each, and each neighbour its walk
    /// found (a step whose dig gave up judges none).
    pub graded: u64,
    /// Puzzles that met the target but were kept already.
    pub duplicates: u64,
}

impl Tally {
    /// Puzzles kept per puzzle graded.
    pub fn acceptance(&self) -> f64 {
        self.found as f64 / self.graded.max(1) as f64
    }
}

/// The end of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub tally: Tally,
    pub stopped: Option<Stop>,
    pub elapsed: Duration,
    pub threads: usize,
}

/// Attempts per batch and thread at first and at least: enough to keep the threads busy,
/// few enough that a run wastes little past its last puzzle.
const BATCH_PER_THREAD: u64 = 8;
/// The most attempts per batch and thread.
const MAX_BATCH_PER_THREAD: u64 = 512;
/// Batches grow while they take less than this, and shrink while they take more than
/// eight times as long: each batch wakes the threads and waits for the slowest, which
/// costs more than fast attempts do, while a long batch delays --timeout and wastes more
/// past the last puzzle. The puzzles are the same whatever the batches.
const BATCH_TIME: Duration = Duration::from_millis(10);

thread_local! {
    /// Each worker thread's buffers and memo, kept from one batch to the next: rayon
    /// splits a batch into pieces of a few attempts, and a scratch made per piece would
    /// clear its memo's hundred kilobytes every few attempts. The memo's records hold
    /// of any grid, so what attempts find does not depend on which thread ran them.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `config`, handing each kept puzzle's row to `keep` (in order, numbered from 1 in
/// its `line`) and the tally to `progress` after each batch. `keep` returns false to stop.
pub fn generate(
    config: &GenerateConfig,
    keep: &mut dyn FnMut(Record) -> bool,
    progress: &mut dyn FnMut(&Tally),
) -> Result<Outcome, GenerateError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|error| GenerateError::Threads {
            threads: config.threads,
            error,
        })?;
    let threads = pool.current_num_threads();
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut seen: FxHashSet<String> = FxHashSet::default();
    let mut per_thread = BATCH_PER_THREAD;
    let mut stopped = None;
    'run: while tally.found < config.count {
        if config.timeout.is_some_and(|limit| start.elapsed() >= limit) {
            stopped = Some(Stop::Timeout);
            break;
        }
        let first = tally.tries;
        let batch = per_thread * threads as u64;
        let last = match config.max_tries {
            Some(max) if first >= max => {
                stopped = Some(Stop::MaxTries);
                break;
            }
            Some(max) => max.min(first + batch),
            None => first + batch,
        };
        let batch_start = Instant::now();
        let results: Vec<_> = pool.install(|| {
            (first..last)
                .into_par_iter()
                .map(|number| {
                    SCRATCH.with_borrow_mut(|scratch| {
                        config.recipe.attempt(config.seed, number, scratch)
                    })
                })
                .collect()
        });
        let took = batch_start.elapsed();
        if took < BATCH_TIME {
            per_thread = (per_thread * 2).min(MAX_BATCH_PER_THREAD);
        } else if took > 8 * BATCH_TIME {
            per_thread = (per_thread / 2).max(BATCH_PER_THREAD);
        }
        for result in results {
            tally.tries += 1;
            tally.graded += result.graded;
            for mut record in result.found {
                if !seen.insert(record.puzzle.clone()) {
                    tally.duplicates += 1;
                    continue;
                }
                tally.found += 1;
                record.line = tally.found;
                if !keep(record) {
                    stopped = Some(Stop::Caller);
                    break 'run;
                }
                if tally.found == config.count {
                    break 'run;
                }
            }
        }
        progress(&tally);
    }
    progress(&tally);
    Ok(Outcome {
        tally,
        stopped,
        elapsed: start.elapsed(),
        threads,
    })
}
