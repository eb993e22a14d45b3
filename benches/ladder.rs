//! Whole solves on each corpus slice: the ladder alone (from the starting grid, no oracle),
//! under both policies, for the comparable ladder of the performance targets and for
//! `standard`; and the whole per-line work of `sudolab run` (parse, uniqueness check,
//! solve, grade; no CSV writing) with the default configuration.

use crate::inputs;
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudolab::candidates::Candidates;
use sudolab::hodoku::grade::ScoreTable;
use sudolab::ladder::Ladder;
use sudolab::runner::evaluate::{Evaluator, LineRef};
use sudolab::solver::{Policy, Scratch, Solver};

/// The rungs the `sudoku` crate's StrategySolver also has (issue #4's comparison).
const COMPARABLE: &str = "fh,n1,h1,l2,l3,lc1,lc2,n2,n3,h2,h3,n4,h4,bf2,bf3,bf4";

pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("ladder");
    for corpus in inputs::all() {
        group.throughput(Throughput::Elements(corpus.puzzles.len() as u64));
        for (ladder_name, spec) in [("comparable", COMPARABLE), ("standard", "standard")] {
            for policy in [Policy::Single, Policy::Sweep] {
                let solver = Solver::new(Ladder::parse(spec).unwrap(), policy);
                let id = BenchmarkId::new(format!("{ladder_name}-{policy}"), corpus.name);
                group.bench_with_input(id, &corpus.puzzles, |b, puzzles| {
                    let mut scratch = Scratch::default();
                    b.iter(|| {
                        let mut steps = 0;
                        for puzzle in puzzles {
                            let mut grid = Candidates::from_puzzle(black_box(puzzle));
                            steps += solver.solve_counts(&mut grid, None, &mut scratch).steps;
                        }
                        steps
                    })
                });
            }
        }
    }
    group.finish();

    let mut group = c.benchmark_group("evaluate");
    let evaluator = Evaluator::new(
        Ladder::default(),
        Policy::Single,
        false,
        ScoreTable::default(),
        false,
    );
    for corpus in inputs::all() {
        group.throughput(Throughput::Elements(corpus.lines.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(corpus.name),
            &corpus.lines,
            |b, lines| {
                let mut scratch = Scratch::default();
                b.iter(|| {
                    let mut steps = 0;
                    for (number, line) in lines.iter().enumerate() {
                        let line = LineRef {
                            source: corpus.name,
                            number: number as u64 + 1,
                            text: line.as_bytes(),
                            length: line.len(),
                        };
                        steps += evaluator
                            .evaluate(black_box(line), &mut scratch)
                            .record
                            .steps;
                    }
                    steps
                })
            },
        );
    }
    group.finish();
}
