//! Where SE's chaining producers sit in the producer order, and what the core asks them.
//!
//! [`first_chaining_hint`] asks [`crate::se::chaining`] for the first hint of a stage and
//! hands it on as a [`Hint`]. The nested forcing chains (ER 9.5 and up) are not there yet:
//! that stage answers [`ChainingAnswer::Unavailable`], and the rating stops there with a
//! lower bound (no hint of a stage is easier than its least difficulty), never a number.
//! The chaining search reuses one scratch per thread, so rating allocates nothing once warm.

use crate::candidates::Candidates;
use crate::se::chaining::{self, Chainer, ChainingScratch};
use crate::se::difficulty::Difficulty;
use crate::se::hint::{Hint, Removals, Rule};
use std::cell::RefCell;

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

impl ChainingStage {
    /// The least difficulty of this stage's hints and of every later producer's.
    pub fn least_difficulty(self) -> Difficulty {
        Difficulty(match self {
            ChainingStage::Cycles => 6.5,
            ChainingStage::Nishio => 7.5,
            ChainingStage::Multiple => 8.0,
            ChainingStage::Dynamic => 8.5,
            ChainingStage::DynamicPlus => 9.0,
            ChainingStage::Nested => 9.5,
        })
    }
}

/// What a chaining stage says about a grid.
#[derive(Debug)]
pub enum ChainingAnswer {
    /// The hint SE's accumulator would take first from this stage.
    Found(Hint),
    /// The stage has nothing here.
    Nothing,
    /// The stage is not implemented yet (the nested forcing chains, ER 9.5 and up).
    Unavailable,
}

thread_local! {
    static SCRATCH: RefCell<ChainingScratch> = RefCell::default();
}

/// The first hint of a chaining stage, as SE's accumulator would take it.
pub fn first_chaining_hint(grid: &Candidates, stage: ChainingStage) -> ChainingAnswer {
    let chainer = match stage {
        ChainingStage::Cycles => Chainer::Cycles,
        ChainingStage::Nishio => Chainer::Nishio,
        ChainingStage::Multiple => Chainer::Multiple,
        ChainingStage::Dynamic => Chainer::Dynamic,
        ChainingStage::DynamicPlus => Chainer::DynamicPlus,
        ChainingStage::Nested => return ChainingAnswer::Unavailable,
    };
    let found = SCRATCH.with_borrow_mut(|scratch| chaining::first_hint(grid, chainer, scratch));
    match found {
        None => ChainingAnswer::Nothing,
        Some(found) => {
            let mut removals = Removals::NONE;
            for &(cell, digit) in &found.removals {
                removals.add(cell, digit);
            }
            ChainingAnswer::Found(Hint {
                rule: Rule::Chaining(found.name),
                difficulty: found.difficulty,
                placement: found.placement,
                removals,
            })
        }
    }
}
