//! Related sets: naked and hidden subsets and basic fish as one search.
//! Not implemented yet: these finders report nothing.

use super::StepSink;
use crate::candidates::Candidates;
use std::ops::ControlFlow;

macro_rules! not_yet {
    ($($name:ident),*) => {$(
        pub fn $name(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
    )*};
}
not_yet!(
    naked_pairs,
    naked_triples,
    naked_quads,
    hidden_pairs,
    hidden_triples,
    hidden_quads,
    x_wings,
    swordfish,
    jellyfish
);
