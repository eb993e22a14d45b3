//! The project's criterion benches: one group per area, all over the named corpus slices
//! of [`inputs`]. Throughput is in puzzles, so results read as puzzles per second.
//!
//! `cargo bench` measures; `cargo test --benches` runs each bench once as a smoke test.
//! To add an area, add a module with a `pub fn benches(c: &mut Criterion)` and list it in
//! `criterion_group!` below.

mod inputs;
mod ladder;
mod oracle;
mod parse;
mod se;
mod se_chaining;
mod techniques;

use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

/// Short measurements: there are many benches, and each area's figures are read side by
/// side rather than to the last percent.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
}

criterion_group! {
    name = benches;
    config = config();
    targets = parse::benches, oracle::benches, techniques::benches, ladder::benches,
        se::benches, se_chaining::benches
}
criterion_main!(benches);
