//! Where SE's chaining producers sit in the producer order, and what the core asks them.
//!
//! [`first_chaining_hint`] asks [`crate::se::chaining`] for the first hint of a stage and
//! hands it on as a [`Hint`]. The nested forcing chains (ER 9.5 and up) can take long: a
//! deadline set with [`with_deadline`] ends their search, and the stage answers
//! [`ChainingAnswer::TimedOut`] with the least difficulty its hint could have had, which
//! the rating turns into a lower bound, never a number.
//! The chaining search reuses one scratch per thread, so rating allocates nothing once warm.

use crate::candidates::Candidates;
use crate::se::chaining::nested::{self, Nested};
use crate::se::chaining::{self, Chainer, ChainingHint, ChainingScratch};
use crate::se::difficulty::Difficulty;
use crate::se::hint::{Hint, Removals, Rule};
use std::cell::{Cell, RefCell};
use std::time::Instant;

/// SE's chaining producers in its order (`Chaining(multiple, dynamic, nishio, level)`),
/// Aligned Triplet Exclusion sitting between the cycles and Nishio.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainingStage {
    /// Bidirectional cycles and forcing X-, Y- and XY-chains.
    Cycles,
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
    /// Nested forcing chains (levels 2 to 5), ER 9.5 and up.
    Nested,
}

/// What a chaining stage says about a grid.
#[derive(Debug)]
pub enum ChainingAnswer {
    /// The hint SE's accumulator would take first from this stage.
    Found(Hint),
    /// The stage has nothing here.
    Nothing,
    /// The deadline passed before the stage finished; its hint, if it has one, is at
    /// least this difficult.
    TimedOut(Difficulty),
}

thread_local! {
    static SCRATCH: RefCell<ChainingScratch> = RefCell::default();
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Runs `f` with the nested forcing chains' searches ending at `deadline` on this thread.
pub fn with_deadline<T>(deadline: Option<Instant>, f: impl FnOnce() -> T) -> T {
    let before = DEADLINE.replace(deadline);
    let result = f();
    DEADLINE.set(before);
    result
}

/// The first hint of a chaining stage, as SE's accumulator would take it.
pub fn first_chaining_hint(grid: &Candidates, stage: ChainingStage) -> ChainingAnswer {
    let chainer = match stage {
        ChainingStage::Cycles => Chainer::Cycles,
        ChainingStage::Nishio => Chainer::Nishio,
        ChainingStage::Multiple => Chainer::Multiple,
        ChainingStage::Dynamic => Chainer::Dynamic,
        ChainingStage::DynamicPlus => Chainer::DynamicPlus,
        ChainingStage::Nested => {
            return match nested::first_hint(grid, DEADLINE.get()) {
                Nested::Found(found) => ChainingAnswer::Found(to_hint(found)),
                Nested::Nothing => ChainingAnswer::Nothing,
                Nested::TimedOut { level } => {
                    ChainingAnswer::TimedOut(Difficulty(9.5 + 0.5 * f64::from(level - 2)))
                }
            };
        }
    };
    let found = SCRATCH.with_borrow_mut(|scratch| chaining::first_hint(grid, chainer, scratch));
    match found {
        None => ChainingAnswer::Nothing,
        Some(found) => ChainingAnswer::Found(to_hint(found)),
    }
}

/// A chaining hint as the solver applies it.
fn to_hint(found: ChainingHint) -> Hint {
    let mut removals = Removals::NONE;
    for &(cell, digit) in &found.removals {
        removals.add(cell, digit);
    }
    Hint {
        rule: Rule::Chaining(found.name),
        difficulty: found.difficulty,
        placement: found.placement,
        removals,
    }
}
