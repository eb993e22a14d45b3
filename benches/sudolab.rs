//! The project's criterion benches: one group per area, all over the named corpus slices
//! of [`inputs`]. Throughput is in puzzles, so results read as puzzles per second.
//!
//! `cargo bench` measures; `cargo test --benches` runs each bench once as a smoke test.
//! To add an area, add a module with a `pub fn benches(c: &mut Criterion)` and list it in
//! `criterion_group!` below.

mod inputs;
mod oracle;

use criterion::{criterion_group, criterion_main};

criterion_group!(benches, oracle::benches);
criterion_main!(benches);
