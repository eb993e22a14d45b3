//! Sudoku Explainer's grader: SE 1.2.1 as gsf's serate 1.2.1.3 rates, beside HoDoKu's.
//!
//! SE solves unlike HoDoKu: at every step it asks its hint producers in one fixed order
//! ([`solver`]) and applies the first hint it gets; a producer that gathers several
//! hints first sorts them. The rating is a fold over that path ([`rating`]): ER is the
//! hardest step, EP the hardest up to and including the first placement, ED the first
//! step. This module owns SE's facts (its rules in [`rules`], their names and base
//! difficulties in [`hint::Rule`], its orders in [`order`]); it reuses the geometry and
//! the candidate grid of the rest of the crate. SE's chaining family plugs in at
//! [`chaining_seam`].

pub mod chaining;
pub mod chaining_seam;
pub mod difficulty;
pub mod hint;
pub mod ladder;
pub mod named;
pub mod order;
pub mod path;
pub mod rating;
pub mod rules;
pub mod solver;

pub use difficulty::{Bound, Difficulty};
pub use rating::{Ending, SeRating, rate, rate_grid, rate_grid_within, rate_recording};
