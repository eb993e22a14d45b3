//! Reading puzzle lines: `Puzzle::parse_line` (blank characters, trailing text, the clash
//! check) on each corpus slice's lines.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::puzzle::Puzzle;

pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    for corpus in inputs::all() {
        group.throughput(Throughput::Elements(corpus.lines.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(corpus.name),
            &corpus.lines,
            |b, lines| {
                b.iter(|| {
                    lines
                        .iter()
                        .filter(|line| Puzzle::parse_line(black_box(line)).is_ok())
                        .count()
                })
            },
        );
    }
    group.finish();
}
