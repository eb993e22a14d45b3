//! Answers to the users' questions, built on the solver and on the results CSV that
//! `sudolab run` writes: step-by-step explanations, what unlocks a stuck puzzle, what each
//! rung of a ladder is worth, reports with charts, comparisons of two runs, and the rows
//! that match a filter.
//!
//! The CLI files in `crate::cli` only parse options and call into these modules.

pub mod compare;
pub mod compare_output;
pub mod explain;
pub mod explain_se;
pub mod puzzles;
pub mod report;
pub mod results;
pub mod select;
pub mod stats;
pub mod step_json;
pub mod summary;
pub mod table;
pub mod unlock;
pub mod unlock_output;
pub mod unlock_se;

use crate::ladder::{Ladder, PRESETS};

/// A short name for a ladder: the preset it equals, else its HoDoKu codes (`fh,n1,h1,lc1`).
pub fn ladder_label(ladder: &Ladder) -> String {
    match PRESETS.iter().find(|p| p.ladder() == *ladder) {
        Some(preset) => preset.name.to_string(),
        None => {
            let codes: Vec<&str> = ladder.rungs().iter().map(|t| t.code()).collect();
            codes.join(",")
        }
    }
}
