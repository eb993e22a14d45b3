//! sudolab: study Sudoku puzzles the way a human solves them, at corpus scale.
//!
//! The library solves puzzles with a configurable ladder of human techniques, records
//! every step, grades the result two ways, and checks itself against a brute-force
//! oracle. Two graders sit side by side: [`hodoku`] (HoDoKu's catalogue, score and level)
//! and [`se`] (Sudoku Explainer's rules and its ER/EP/ED rating, as serate 1.2.1.3 rates).
//! The `sudolab` binary streams corpora through it (see the README).
//!
//! # Grade one puzzle
//!
//! Parse it ([`puzzle::Puzzle`]), ask the [`oracle`] for its solution, solve it along a
//! ladder ([`solver::Solver`]) and fold the steps into HoDoKu's grade
//! ([`hodoku::grade::ScoreTable::grade`]); [`se::rate`] gives SE's rating.
//!
//! ```
//! use sudolab::hodoku::grade::ScoreTable;
//! use sudolab::hodoku::level::Level;
//! use sudolab::ladder::Ladder;
//! use sudolab::oracle::{self, Uniqueness};
//! use sudolab::policy::Policy;
//! use sudolab::puzzle::Puzzle;
//! use sudolab::solver::{Outcome, Solver};
//!
//! let line = "..9..48.1.7..59...5..82.......243.........4.7..5....83......5.8..3.7....1..435...";
//! let puzzle = Puzzle::parse_line(line)?;
//! let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
//!     panic!("not one solution");
//! };
//! let solver = Solver::new(Ladder::preset("standard").unwrap(), Policy::Single);
//! let report = solver.solve(&puzzle, Some(&solution));
//! assert_eq!(report.summary.outcome, Outcome::Solved);
//! assert_eq!(report.summary.hardest.unwrap().name(), "naked-pair");
//!
//! let grade = ScoreTable::default().grade(&report.summary.counts);
//! assert_eq!((grade.score, grade.level), (640, Level::Medium));
//!
//! let rating = sudolab::se::rate(&puzzle);
//! assert_eq!(
//!     (rating.er.to_string(), rating.ep.to_string(), rating.ed.to_string()),
//!     ("3.0".into(), "1.2".into(), "1.2".into())
//! );
//! # Ok::<(), sudolab::puzzle::ParseError>(())
//! ```
//!
//! # Walk a solve step by step
//!
//! A [`solver::Report`] keeps every step ([`step::StepList`]); each prints in the forum
//! notation HoDoKu prints. SE's path is recorded hint by hint
//! ([`se::rate_recording`]), each hint printed with its difficulty as SE shows it.
//!
//! ```
//! use sudolab::ladder::Ladder;
//! use sudolab::policy::Policy;
//! use sudolab::puzzle::Puzzle;
//! use sudolab::solver::Solver;
//!
//! let line = "..9..48.1.7..59...5..82.......243.........4.7..5....83......5.8..3.7....1..435...";
//! let puzzle = Puzzle::parse_line(line)?;
//! let solver = Solver::new(Ladder::preset("standard").unwrap(), Policy::Single);
//! let steps = solver.solve(&puzzle, None).steps;
//! for (number, text) in steps.texts().iter().enumerate() {
//!     println!("{}. {text}", number + 1);
//! }
//! assert_eq!(steps.len(), 60);
//! assert_eq!(steps.display(28).to_string(), "Naked Pair: 4,6 in r3c2,r6c2 => r7c2<>4, r7c2,r9c2<>6");
//! assert_eq!(steps[28].technique.code(), "n2");
//!
//! let mut hints = Vec::new();
//! sudolab::se::rate_recording(&puzzle, &mut hints);
//! assert_eq!(hints[28].to_string(), "Naked Pair (3.0): r7c2-4, r7c2-6, r9c2-6");
//! # Ok::<(), sudolab::puzzle::ParseError>(())
//! ```
//!
//! # Run a custom ladder
//!
//! A [`ladder::Ladder`] is data: a preset, a comma list of technique names and HoDoKu
//! codes, or (with [`ladder_config::LadderConfig`]) a TOML file that also sets the step
//! policy, the fallback and per-technique scores and levels. A ladder without pairs
//! leaves this puzzle stuck, and [`solver::Solver::next_step`] says what a grid needs
//! next.
//!
//! ```
//! use sudolab::hodoku::catalogue::Technique;
//! use sudolab::ladder::Ladder;
//! use sudolab::ladder_config::LadderConfig;
//! use sudolab::policy::Policy;
//! use sudolab::puzzle::Puzzle;
//! use sudolab::solver::{Outcome, Solver};
//! use std::path::Path;
//!
//! let line = "..9..48.1.7..59...5..82.......243.........4.7..5....83......5.8..3.7....1..435...";
//! let puzzle = Puzzle::parse_line(line)?;
//!
//! let singles = Ladder::parse("full-house, n1, h1, lc1, lc2")?;
//! let stuck = Solver::new(singles, Policy::Single).solve(&puzzle, None);
//! assert_eq!(stuck.summary.outcome, Outcome::Stuck);
//! let hint = Solver::new(Ladder::preset("standard").unwrap(), Policy::Single)
//!     .next_step(&stuck.grid, None);
//! assert_eq!(hint[0].technique, Technique::NakedPair);
//!
//! let toml = r#"
//!     techniques = "full-house, n1, h1, lc1, lc2, n2"
//!     [scores]
//!     naked-pair = 100
//! "#;
//! let config = LadderConfig::from_toml(toml, Path::new("pairs.toml"))?;
//! let solver = Solver::new(config.ladder, config.policy.unwrap_or_default());
//! let report = solver.solve(&puzzle, None);
//! assert_eq!(report.summary.outcome, Outcome::Solved);
//! // Each naked pair now scores 100 where HoDoKu gives it 60.
//! let counts = &report.summary.counts;
//! let hodoku = sudolab::hodoku::grade::ScoreTable::default().grade(counts).score;
//! let pairs = counts[Technique::NakedPair];
//! assert!(pairs > 0);
//! assert_eq!(config.scores.grade(counts).score, hodoku + 40 * pairs);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Stream a file through the runner
//!
//! [`runner::run`] grades every puzzle line of its inputs on all cores and writes one CSV
//! row per line ([`record::Record`]), in input order, with a `.meta.json` sidecar beside a
//! results file; problems that do not stop the run come to the caller as
//! [`runner::Notice`]s.
//!
//! ```
//! use sudolab::ladder_config::LadderConfig;
//! use sudolab::record::Status;
//! use sudolab::runner::{self, RunConfig, Target};
//!
//! let dir = tempfile::tempdir()?;
//! let (input, output) = (dir.path().join("puzzles.txt"), dir.path().join("graded.csv"));
//! std::fs::write(
//!     &input,
//!     "..9..48.1.7..59...5..82.......243.........4.7..5....83......5.8..3.7....1..435...\n\
//!      not a puzzle\n",
//! )?;
//! let mut config = RunConfig::new(
//!     vec![input],
//!     Target::File(output.clone()),
//!     LadderConfig::from_arg("standard")?,
//! );
//! config.se = true; // add SE's er, ep and ed beside HoDoKu's score and level
//! let mut notices = Vec::new();
//! let report = runner::run(&config, &mut |notice| notices.push(notice.to_string()))?;
//! assert_eq!(report.totals.puzzles, 2);
//! assert_eq!(report.totals.status(Status::Solved), 1);
//! assert_eq!(notices.len(), 1, "{notices:?}"); // the line that is not a puzzle
//!
//! let csv = std::fs::read_to_string(&output)?;
//! assert!(csv.starts_with("source,line,puzzle,"));
//! assert!(csv.lines().nth(1).unwrap().contains(",solved,"));
//! assert!(dir.path().join("graded.csv.meta.json").exists());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/compare_solver.rs` embeds the library as a solver writer would: it runs a
//! solver of its own beside sudolab's, puzzle by puzzle, and prints where they disagree.
//!
//! # Layout
//!
//! Data flow: [`puzzle::Puzzle`] (parsed givens), or a [`position::Position`] part way
//! through a solve -> [`oracle`] (uniqueness, solution) ->
//! [`candidates::Candidates`] (the working grid) -> [`solver::Solver`] (a
//! [`ladder::Ladder`] of [`hodoku::catalogue::Technique`]s whose finders in [`technique`]
//! produce [`step::Step`]s) -> [`hodoku::grade`] (score and level), or [`se`] (SE's path
//! and rating). [`runner`] streams corpora through that pipeline in parallel and writes
//! one [`record::Record`] per puzzle line.
//!
//! Layers, each importing only those before it: [`geometry`] (index types) -> [`bitset`]
//! -> [`regions`] -> [`hodoku::level`] -> [`hodoku::catalogue`] (the facts about
//! techniques) -> [`step`] -> [`candidates`] -> [`technique`] (the finders) -> [`solver`]
//! and everything above it.

#![warn(missing_docs)]

// The binary's subcommands and command line: public for it and the tests, not an API.
#[doc(hidden)]
pub mod analysis;
pub mod bitset;
pub mod candidates;
#[doc(hidden)]
pub mod cli;
mod csv_rows;
#[doc(hidden)]
pub mod generate;
pub mod geometry;
pub mod hodoku;
pub mod ladder;
pub mod ladder_config;
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
mod suggest;
pub mod technique;
mod version;
mod visible;
