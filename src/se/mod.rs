//! Sudoku Explainer's grader: SE 1.2.1 as gsf's serate 1.2.1.3 rates, beside HoDoKu's.
//!
//! SE solves unlike HoDoKu: at every step it asks its hint producers in one fixed order
//! and applies the first hint it gets; a chaining producer first sorts its own hints.
//! The rating is a fold over that path: ER is the hardest step, EP the hardest up to and
//! including the first placement, ED the first step ([`difficulty`]). This module owns SE's
//! facts (its rules, their names and difficulties, its order); it reuses the geometry and
//! the candidate grid of the rest of the crate.

pub mod chaining;
pub mod difficulty;
