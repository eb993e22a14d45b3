//! SE's chaining family (`Chaining` in SE's source): bidirectional cycles, forcing X-, Y-
//! and XY-chains, Nishio, multiple (cell and region) and dynamic forcing chains.
//!
//! The API the SE solver calls at the right places of its producer order:
//!
//! ```text
//! pub enum Chainer { Cycles, Nishio, Multiple, Dynamic, DynamicPlus }
//! pub fn first_hint(grid: &Candidates, chainer: Chainer, scratch: &mut ChainingScratch)
//!     -> Option<ChainingHint>
//! ```
//!
//! [`first_hint`] returns the hint SE's `SingleHintAccumulator` receives first from the
//! producer: the least of all its hints by difficulty, then complexity, then sort key, the
//! earliest found among equals ([`hint::Best`]). Finding them in SE's order is what makes
//! the choice SE's: cells in reading order, candidates in digit order, and SE's order of
//! implications ([`links`]).
//!
//! Modules: [`potential`] (potentials, the arena of implications), [`links`] (the two
//! implication rules on a working grid), [`hint`] (names, difficulties, the choice),
//! [`cycles`] (the cycles and simple forcing chains producer), [`forcing`] (the multiple
//! and dynamic producers), [`advanced`] (the basic rules inside Dynamic (+) chains),
//! [`reach`] (what can imply what in a grid that does not change).

mod advanced;
mod cycles;
mod forcing;
pub mod hint;
mod links;
pub mod nested;
mod potential;
mod reach;
#[cfg(test)]
mod tests;

use crate::candidates::Candidates;
pub use hint::{Chain, ChainKind, ChainingHint, Implication};

/// One of SE's chaining producers, as `Chaining(multiple, dynamic, nishio, level)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Chainer {
    /// `Chaining(false, false, false, 0)`: X-, Y- and XY-cycles, forcing X- and XY-chains.
    Cycles,
    /// `Chaining(false, true, true, 0)`: Nishio forcing chains.
    Nishio,
    /// `Chaining(true, false, false, 0)`: cell and region forcing chains.
    Multiple,
    /// `Chaining(true, true, false, 0)`: dynamic forcing chains.
    Dynamic,
    /// `Chaining(true, true, false, 1)`: dynamic forcing chains (+), with SE's basic rules
    /// inside the implications.
    DynamicPlus,
}

impl Chainer {
    /// The five producers in SE's order.
    pub const ALL: [Chainer; 5] = [
        Chainer::Cycles,
        Chainer::Nishio,
        Chainer::Multiple,
        Chainer::Dynamic,
        Chainer::DynamicPlus,
    ];
}

/// Buffers reused from one search to the next (no allocation once warm).
#[derive(Default)]
pub struct ChainingScratch {
    cycles: cycles::CycleScratch,
    forcing: forcing::ForcingScratch,
}

/// The hint SE's producer `chainer` gives first on `grid`, if it gives any.
pub fn first_hint(
    grid: &Candidates,
    chainer: Chainer,
    scratch: &mut ChainingScratch,
) -> Option<ChainingHint> {
    let work = links::WorkGrid::new(grid);
    let mut best = hint::Best::default();
    match chainer {
        Chainer::Cycles => cycles::search(&work, &mut scratch.cycles, &mut best),
        _ => forcing::search(chainer, &work, &mut scratch.forcing, &mut best),
    }
    best.hint
}
