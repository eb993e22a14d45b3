//! Where SE's chaining producers sit in the producer order, and what the core asks them.
//!
//! STUB until `src/se/chaining` (SE's chaining family, written on its own branch) lands:
//! [`first_chaining_hint`] answers [`ChainingAnswer::Unavailable`] for every stage, and
//! the rating stops there with a lower bound (no chaining hint is easier than its
//! stage's least difficulty). When the chaining module lands, the body becomes one call
//! per stage to `crate::se::chaining::first_hint(grid, Chainer::<stage>, scratch)`,
//! mapping its hint into a [`Hint`]; nested chains stay unavailable until part 2.

use crate::candidates::Candidates;
use crate::se::difficulty::Difficulty;
use crate::se::hint::Hint;

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
    /// The stage is not implemented on this branch.
    Unavailable,
}

/// The first hint of a chaining stage. STUB: always [`ChainingAnswer::Unavailable`].
pub fn first_chaining_hint(_grid: &Candidates, _stage: ChainingStage) -> ChainingAnswer {
    ChainingAnswer::Unavailable
}
