//! The brute-force oracle's uniqueness check (count up to 2) on each corpus, beside the
//! `sudoku` crate's (a port of JCZSolve, AGPL, a dev-dependency used only to measure it).

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::oracle::count_solutions;

pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("oracle");
    for corpus in inputs::all() {
        group.throughput(Throughput::Elements(corpus.puzzles.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("sudolab", corpus.name),
            &corpus.puzzles,
            |b, puzzles| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .filter(|p| count_solutions(black_box(p), 2) == 1)
                        .count()
                })
            },
        );
        let theirs: Vec<sudoku::Sudoku> = corpus
            .puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.values()).expect("a valid puzzle"))
            .collect();
        group.bench_with_input(
            BenchmarkId::new("sudoku-crate", corpus.name),
            &theirs,
            |b, sudokus| {
                b.iter(|| {
                    sudokus
                        .iter()
                        .filter(|s| black_box(*s).is_uniquely_solvable())
                        .count()
                })
            },
        );
    }
    group.finish();
}
