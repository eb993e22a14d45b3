//! Uniqueness techniques. **They assume the puzzle has exactly one solution** (sudolab
//! checks that with the oracle before any logic runs, and never runs them otherwise): they
//! remove candidates whose presence would leave a pattern that could be completed two ways.
//! On a puzzle with several solutions they can remove a solution's digit.

pub mod avoidable;
pub mod bug;
pub mod hidden_rectangle;
pub mod rectangles;
pub mod roof_subsets;
