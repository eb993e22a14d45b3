//! Each technique's finder on the same real mid-solve grids ([`inputs::stalled_grids`]),
//! collecting every instance it finds (the sweep policy's work; the single policy stops at
//! the first). Throughput is in grids searched.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::catalogue::Technique;
use sudolab::step::StepList;
use sudolab::technique::StepSink;

pub fn benches(c: &mut Criterion) {
    let grids = inputs::stalled_grids();
    let mut group = c.benchmark_group("technique");
    group.throughput(Throughput::Elements(grids.len() as u64));
    let mut found = StepList::new();
    for &technique in Technique::ALL {
        if technique == Technique::BruteForce {
            continue; // it copies a cell from the solution: nothing to search
        }
        group.bench_function(BenchmarkId::from_parameter(technique.name()), |b| {
            b.iter(|| {
                let mut steps = 0;
                for grid in grids {
                    found.clear();
                    let mut sink = StepSink::new(grid, None, &mut found, usize::MAX);
                    let _ = technique.find(black_box(grid), &mut sink);
                    steps += found.len();
                }
                steps
            })
        });
    }
    group.finish();
}
