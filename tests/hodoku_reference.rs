//! HoDoKu 2.2's own verdicts on the shared corpora (`../shared/reference/hodoku/*.tsv`:
//! level, score and the techniques of its solution path, per puzzle, from its batch mode
//! with the default configuration), held against the `standard` ladder, HoDoKu's default
//! configuration.
//!
//! A puzzle is *covered* when HoDoKu solves it by logic (status `ok`) with techniques that
//! are all in the standard ladder (HoDoKu's sub-types, `dnl`, `cnl`, `aic` and the grouped
//! ones, count as their catalogue technique). Every covered puzzle must be solved as HoDoKu
//! solves it: by its hardest technique (the latest of its path in HoDoKu's order), with its
//! level, its score and its count of every technique and sub-type. Those depend on which
//! instance is taken at every step, and so check that the `single` policy takes HoDoKu's.
//!
//! The files are read in place and the test skips, saying so, when they are absent.

mod common;

use common::hodoku::{reference_dir, verdicts};
use rayon::prelude::*;
use std::collections::BTreeMap;
use sudolab::hodoku::catalogue::{Subtype, Technique};
use sudolab::hodoku::grade::ScoreTable;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::solver::{Outcome, Policy, Report, Solver};

/// sudolab's step counts by HoDoKu code, sub-types apart.
fn counts_of(report: &Report) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for step in report.steps.iter() {
        let code = step.subtype.map_or(step.technique.code(), Subtype::code);
        *counts.entry(code.to_string()).or_default() += 1;
    }
    counts
}

/// How a file's covered puzzles fared.
#[derive(Default)]
struct Tally {
    covered: usize,
    solved: usize,
    same_hardest: usize,
    same_level: usize,
    same_score: usize,
    same_counts: usize,
    failures: Vec<String>,
}

#[test]
fn every_puzzle_hodoku_solves_with_our_techniques_is_solved_as_hodoku_solves_it() {
    let Some(dir) = reference_dir() else {
        return;
    };
    let ladder = Ladder::default();
    let solver = Solver::new(ladder.clone(), Policy::Single).verifying(true);
    let scores = ScoreTable::default();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the reference has its files: {files:?}");
    let mut all = Tally::default();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let verdicts = verdicts(path);
        let results: Vec<Tally> = verdicts
            .par_iter()
            .filter_map(|v| {
                let hardest = v.hardest_on(&ladder)?;
                if !v.solved_by_logic {
                    return None;
                }
                let Uniqueness::Unique(solution) = oracle::analyse(&v.puzzle) else {
                    panic!(
                        "{name}:{}: HoDoKu solved a puzzle without one solution",
                        v.line
                    );
                };
                let report = solver.solve(&v.puzzle, Some(&solution));
                let mut t = Tally {
                    covered: 1,
                    ..Tally::default()
                };
                if report.summary.outcome != Outcome::Solved {
                    t.failures.push(format!(
                        "{name}:{}: {} ended {:?}, HoDoKu solves it with {:?}",
                        v.line, v.puzzle, report.summary.outcome, v.counts
                    ));
                    return Some(t);
                }
                t.solved = 1;
                let grade = scores.grade(&report.summary.counts);
                t.same_hardest = usize::from(report.summary.hardest == hardest);
                t.same_level = usize::from(grade.level.name() == v.level);
                t.same_score = usize::from(grade.score == v.score);
                t.same_counts = usize::from(counts_of(&report) == v.counts);
                if t.same_hardest + t.same_level + t.same_score + t.same_counts < 4 {
                    t.failures.push(format!(
                        "{name}:{}: {} solved with hardest {:?}, {} {}, {:?}; HoDoKu: {:?}, \
                         {} {}, {:?}",
                        v.line,
                        v.puzzle,
                        report.summary.hardest.map(Technique::name),
                        grade.level.name(),
                        grade.score,
                        counts_of(&report),
                        hardest.map(Technique::name),
                        v.level,
                        v.score,
                        v.counts
                    ));
                }
                Some(t)
            })
            .collect();
        let mut tally = Tally::default();
        for t in results {
            tally.covered += t.covered;
            tally.solved += t.solved;
            tally.same_hardest += t.same_hardest;
            tally.same_level += t.same_level;
            tally.same_score += t.same_score;
            tally.same_counts += t.same_counts;
            tally.failures.extend(t.failures);
        }
        eprintln!(
            "{name}: {} of {} puzzles covered; solved {}, same hardest {}, level {}, score {}, \
             technique counts {}",
            tally.covered,
            verdicts.len(),
            tally.solved,
            tally.same_hardest,
            tally.same_level,
            tally.same_score,
            tally.same_counts
        );
        all.covered += tally.covered;
        all.solved += tally.solved;
        all.failures.extend(tally.failures);
    }
    assert!(all.covered > 5_000, "only {} puzzles covered", all.covered);
    for failure in all.failures.iter().take(20) {
        eprintln!("{failure}");
    }
    assert_eq!(
        all.solved, all.covered,
        "some covered puzzles are not solved"
    );
    assert!(all.failures.is_empty(), "{} failures", all.failures.len());
}
