//! SE's chaining producers ([`sudolab::se::chaining`]), each asked for its first hint on
//! real grids where human techniques stall ([`inputs::chain_grids`]: HoDoKu's ladder
//! needs a chain there, so SE's basic rules have nothing left either). Throughput is in
//! grids searched. The nested forcing chains (ER 9.5 and up) on the grid where SE's path
//! on AI Escargot first needs them.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::candidates::Candidates;
use sudolab::puzzle::Puzzle;
use sudolab::se::chaining::nested::{self, Nested};
use sudolab::se::chaining::{Chainer, ChainingScratch, first_hint};
use sudolab::se::named::SeRule;
use sudolab::se::solver::{Producer, apply};

/// AI Escargot, serate's ER 10.5.
const AI_ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// The grid of SE's path on `line` at its first nested forcing chain.
fn first_nested_grid(line: &str) -> Candidates {
    let puzzle = Puzzle::parse_line(line).expect("a puzzle line");
    let mut steps = Vec::new();
    sudolab::se::rate_recording(&puzzle, &mut steps);
    let mut grid = Candidates::from_puzzle(&puzzle);
    for hint in &steps {
        if Producer::of(SeRule::of(hint.rule)) == Producer::Nested {
            return grid;
        }
        apply(&mut grid, hint);
    }
    panic!("SE's path on {line} needs no nested forcing chain")
}

/// How many grids each producer searches: the dynamic ones take milliseconds a grid.
fn grid_count(chainer: Chainer) -> usize {
    match chainer {
        Chainer::Cycles | Chainer::Nishio | Chainer::Multiple => 100,
        Chainer::Dynamic => 40,
        Chainer::DynamicPlus => 10,
    }
}

pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("se-chaining");
    let mut scratch = ChainingScratch::default();
    for chainer in Chainer::ALL {
        let grids = &inputs::chain_grids()[..grid_count(chainer)];
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(format!("{chainer:?}")), |b| {
            b.iter(|| {
                grids
                    .iter()
                    .filter(|grid| first_hint(black_box(grid), chainer, &mut scratch).is_some())
                    .count()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("se-nested");
    // About a second an iteration.
    group.sample_size(10);
    let grid = first_nested_grid(AI_ESCARGOT);
    group.bench_function("ai-escargot-first-nested-step", |b| {
        b.iter(|| matches!(nested::first_hint(black_box(&grid), None), Nested::Found(_)))
    });
    group.finish();
}
