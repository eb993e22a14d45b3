//! SE's grader: each of SE's rules on real grids along SE's paths ([`inputs::se_grids`]),
//! as the solver asks it (its first hint), and the whole SE rating of each corpus slice.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::candidates::Candidates;
use sudolab::se::hint::Hint;
use sudolab::se::rules::{
    aligned_exclusion, bug, fish, locking, sets, singles, unique_loops, wings,
};

type Rule = (&'static str, fn(&Candidates) -> Option<Hint>);

/// SE's direct and indirect producers in its order, then Aligned Triplet Exclusion (asked
/// among the chaining producers, after the cycles).
const RULES: [Rule; 21] = [
    ("hidden-single", singles::hidden_single),
    ("direct-locking", locking::direct_locking),
    ("direct-hidden-pair", |g| sets::hidden_set(g, 2, true)),
    ("naked-single", singles::naked_single),
    ("direct-hidden-triplet", |g| sets::hidden_set(g, 3, true)),
    ("locking", locking::locking),
    ("naked-pair", |g| sets::naked_set(g, 2)),
    ("x-wing", |g| fish::fish(g, 2)),
    ("hidden-pair", |g| sets::hidden_set(g, 2, false)),
    ("naked-triplet", |g| sets::naked_set(g, 3)),
    ("swordfish", |g| fish::fish(g, 3)),
    ("hidden-triplet", |g| sets::hidden_set(g, 3, false)),
    ("xy-wing", |g| wings::xy_wing(g, false)),
    ("xyz-wing", |g| wings::xy_wing(g, true)),
    ("unique-loops", unique_loops::unique_loop),
    ("naked-quad", |g| sets::naked_set(g, 4)),
    ("jellyfish", |g| fish::fish(g, 4)),
    ("hidden-quad", |g| sets::hidden_set(g, 4, false)),
    ("bug", bug::bug),
    (
        "aligned-pair-exclusion",
        aligned_exclusion::aligned_pair_exclusion,
    ),
    (
        "aligned-triplet-exclusion",
        aligned_exclusion::aligned_triplet_exclusion,
    ),
];

pub fn benches(c: &mut Criterion) {
    let grids = inputs::se_grids();
    let mut group = c.benchmark_group("se-rule");
    group.throughput(Throughput::Elements(grids.len() as u64));
    for (name, rule) in RULES {
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                grids
                    .iter()
                    .filter(|g| rule(black_box(g)).is_some())
                    .count()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("se-rate");
    for corpus in inputs::all() {
        group.throughput(Throughput::Elements(corpus.puzzles.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(corpus.name), |b| {
            b.iter(|| {
                corpus
                    .puzzles
                    .iter()
                    .map(|p| sudolab::se::rate(black_box(p)).ending)
                    .filter(|e| *e == sudolab::se::Ending::Solved)
                    .count()
            })
        });
    }
    group.finish();
}
