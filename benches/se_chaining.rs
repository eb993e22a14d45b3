//! SE's chaining producers ([`sudolab::se::chaining`]), each asked for its first hint on
//! real grids where human techniques stall ([`inputs::chain_grids`]: HoDoKu's ladder
//! needs a chain there, so SE's basic rules have nothing left either). Throughput is in
//! grids searched.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::se::chaining::{Chainer, ChainingScratch, first_hint};

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
}
