//! sudolab: study Sudoku puzzles the way a human solves them, at corpus scale.
//!
//! The library solves puzzles with a configurable ladder of human techniques, records
//! every step, grades the result HoDoKu's way, and checks itself against a brute-force
//! oracle. The `sudolab` binary streams corpora through it (see the README).
//!
//! Data flow: [`puzzle::Puzzle`] (parsed givens), or a [`position::Position`] part way
//! through a solve -> [`oracle`] (uniqueness, solution) ->
//! [`candidates::Candidates`] (the working grid) -> [`solver::Solver`] (a
//! [`ladder::Ladder`] of [`catalogue::Technique`]s whose finders in [`technique`] produce
//! [`step::Step`]s) -> [`grade`] (score and level). [`runner`] streams corpora through that
//! pipeline in parallel and writes one [`record::Record`] per puzzle line.
//!
//! Layers, each importing only those before it: [`geometry`] (index types) -> [`bitset`]
//! -> [`regions`] -> [`level`] -> [`catalogue`] (the facts about techniques) -> [`step`] ->
//! [`candidates`] -> [`technique`] (the finders) -> [`solver`] and everything above it.

pub mod analysis;
pub mod bitset;
pub mod candidates;
pub mod catalogue;
pub mod cli;
pub mod csv_rows;
pub mod generate;
pub mod geometry;
pub mod grade;
pub mod ladder;
pub mod ladder_config;
pub mod level;
pub mod oracle;
pub mod policy;
pub mod position;
pub mod puzzle;
pub mod record;
pub mod regions;
pub mod rung;
pub mod runner;
pub mod se;
pub mod solver;
pub mod step;
pub mod suggest;
pub mod technique;
pub mod version;
pub mod visible;
