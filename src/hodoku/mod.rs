//! HoDoKu's grader, the peer of [`crate::se`]: the facts HoDoKu grades by and the grade.
//!
//! [`catalogue`] holds every technique's facts (name, HoDoKu code, label, level, base
//! score, notation) in HoDoKu's solving order; [`level`] holds HoDoKu's levels, Easy to
//! Extreme, with the score each allows; [`grade`] folds a solve's steps into HoDoKu's
//! score and level. The engine that finds and applies the steps ([`crate::technique`],
//! [`crate::solver`]) is shared with every ladder and lives outside this module.

pub mod catalogue;
pub mod grade;
pub mod level;
