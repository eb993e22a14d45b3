//! Chains and loops, and the implication engine they share.
//!
//! - [`engine`]: literals, their implications in HoDoKu's order, the breadth-first tables
//!   and what every premise reaches.
//! - [`simple`]: X-Chain, XY-Chain, Turbot Fish and Remote Pair, found as HoDoKu's
//!   `ChainSolver` finds them (links walked depth first).
//! - [`nice_loops`] (Nice Loop/AIC and its grouped form) and [`forcing`] (Forcing Chains)
//!   on the engine's tables; [`nets`] (Forcing Nets) on tables that look ahead by singles.
//! - [`choice`] ranks the chains a search found as HoDoKu does.

pub mod choice;
pub mod engine;
pub mod forcing;
pub mod nets;
pub mod nice_loops;
pub mod simple;
