//! Intersections: locked candidates (pointing and claiming) and locked pairs/triples.
//! Not implemented yet: these finders report nothing.

use super::StepSink;
use crate::candidates::Candidates;
use std::ops::ControlFlow;

pub fn pointing(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
pub fn claiming(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
pub fn locked_pairs(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
pub fn locked_triples(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
