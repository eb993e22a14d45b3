//! Each technique's finder on the same real mid-solve grids ([`inputs::stalled_grids`]),
//! collecting every instance it finds (the sweep policy's work; the single policy stops at
//! the first). Throughput is in grids searched.
//!
//! The chains (X-Chain and after in HoDoKu's order) have their own group on the grids
//! where the standard ladder reaches them ([`inputs::chain_grids`]): searched on grids
//! that simpler techniques would still crack, they would measure work a solve never does.
//! The finned Mutant fish of 4 to 7 base houses, whose every instance on a grid this early
//! takes a tenth of a second to collect, have theirs on the first 10 of the stalled grids.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::hodoku::catalogue::Technique;
use sudolab::step::StepList;
use sudolab::technique::StepSink;

/// The chain techniques, benched on [`inputs::chain_grids`].
const CHAINS: [Technique; 4] = [
    Technique::XChain,
    Technique::XyChain,
    Technique::NiceLoop,
    Technique::GroupedNiceLoop,
];

/// The finned Mutant fish of 4 to 7 base houses, benched on fewer grids.
const LARGE_FISH: [Technique; 4] = [
    Technique::FinnedMutantJellyfish,
    Technique::FinnedMutantSquirmbag,
    Technique::FinnedMutantWhale,
    Technique::FinnedMutantLeviathan,
];

pub fn benches(c: &mut Criterion) {
    let techniques = Technique::ALL
        .iter()
        .copied()
        // Brute force copies a cell from the solution: nothing to search.
        .filter(|t| *t != Technique::BruteForce && !CHAINS.contains(t) && !LARGE_FISH.contains(t));
    let stalled = inputs::stalled_grids();
    bench_group(c, "technique", stalled, techniques);
    bench_group(c, "chains", inputs::chain_grids(), CHAINS.into_iter());
    bench_group(c, "large-fish", &stalled[..10], LARGE_FISH.into_iter());
}

fn bench_group(
    c: &mut Criterion,
    name: &str,
    grids: &[sudolab::candidates::Candidates],
    techniques: impl Iterator<Item = Technique>,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    let mut found = StepList::new();
    for technique in techniques {
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
