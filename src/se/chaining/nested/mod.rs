//! SE's nested forcing chains (levels 2 to 5, ER 9.5 and up): dynamic forcing chains
//! inside which SE asks, whenever the implications run dry, its basic rules and then
//! whole chaining producers on the grid as the assumption left it
//! (`Chaining(true, true, false, level)` and `getAdvancedPotentials`).
//!
//! | level | rules asked inside, in order                                | base |
//! |-------|-------------------------------------------------------------|------|
//! | 2     | basic rules, forcing chains and cycles                      | 9.5  |
//! | 3     | basic rules, forcing chains and cycles, multiple chains     | 10.0 |
//! | 4     | basic rules, dynamic forcing chains                         | 10.5 |
//! | 5     | basic rules, dynamic forcing chains, level-2 nested chains  | 11.0 |
//!
//! serate asks the four levels in that order and takes the first hint of the first that
//! has one ([`first_hint`]). A hint's complexity counts the potentials of its chains and,
//! once each, those of the nested chains it rests on; the length adder follows from it as
//! for every chaining hint.
//!
//! The search is SE's own, potential by potential, with no shortcut: every producer asked
//! inside a chain gives all its hints, since the chain takes them all in the producer's
//! order. Memory stays bounded: arenas per assumption, at most a few per level of nesting
//! alive at once. A deadline ends a search early ([`Nested::TimedOut`]).
//!
//! Modules: `arena` (potentials with causes and nested chains), `search` (multiple and
//! dynamic chains at any level), `cycles` (cycles and forcing chains inside a chain),
//! `fresh` (which of those searches can give a hint the chain keeps), `memo` (what
//! the rules inside gave, for the next level), `sink` (what a search hands its hints
//! to), `names`.

mod arena;
mod cycles;
mod fresh;
mod memo;
mod names;
mod search;
mod sink;
#[cfg(test)]
mod tests;

use super::ChainingHint;
use super::links::WorkGrid;
use crate::candidates::Candidates;
use search::Producer;
use sink::{Ctx, Sink};
use std::time::Instant;

/// The nesting levels serate asks, in order.
pub const LEVELS: [u8; 4] = [2, 3, 4, 5];

/// What the nested forcing chains say about a grid.
#[derive(Debug)]
pub enum Nested {
    Found(ChainingHint),
    Nothing,
    /// The deadline passed during the search of `level` (the levels before had nothing).
    TimedOut {
        level: u8,
    },
}

/// The hint serate's nested producers give first on `grid`, the search ending at
/// `deadline` if it has not finished by then.
pub fn first_hint(grid: &Candidates, deadline: Option<Instant>) -> Nested {
    let work = WorkGrid::new(grid);
    let mut ctx = Ctx::new(deadline);
    for level in LEVELS {
        match level_hint(&mut ctx, &work, level) {
            Some(hint) => return Nested::Found(hint),
            None if ctx.expired() => return Nested::TimedOut { level },
            None => {}
        }
    }
    Nested::Nothing
}

/// The first hint of the producer of one level.
fn level_hint(ctx: &mut Ctx, work: &WorkGrid, level: u8) -> Option<ChainingHint> {
    let producer = Producer {
        dynamic: true,
        level,
    };
    let mut sink = Sink::Best { level, hint: None };
    search::hints(ctx, producer, work, &mut sink);
    if ctx.expired() {
        return None;
    }
    match sink {
        Sink::Best { hint, .. } => hint,
        Sink::Collect { .. } => None,
    }
}
