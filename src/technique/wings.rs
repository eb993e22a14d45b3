//! Wings: XY-Wing and XYZ-Wing.
//! Not implemented yet: these finders report nothing.

use super::StepSink;
use crate::candidates::Candidates;
use std::ops::ControlFlow;

pub fn xy_wings(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
pub fn xyz_wings(_grid: &Candidates, _sink: &mut StepSink<'_>) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
