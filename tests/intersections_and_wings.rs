//! Locked candidates, locked subsets and XY/XYZ-Wings on real puzzles: the blog's locked
//! candidates example, HoDoKu's exemplars (when the shared corpora are present), and a
//! soundness sweep along real solves checked against the oracle's solution.

mod common;

use std::collections::BTreeMap;
use sudolab::candidates::Candidates;
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::{Puzzle, Solution};
use sudolab::solver::{Outcome, Policy, Solver, is_sound};

/// The techniques of this suite, in HoDoKu's order.
const OURS: [Technique; 6] = [
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::XyWing,
    Technique::XyzWing,
];

fn unique_solution(puzzle: &Puzzle) -> Solution {
    match oracle::analyse(puzzle) {
        Uniqueness::Unique(solution) => solution,
        other => panic!("{puzzle}: expected one solution, got {other:?}"),
    }
}

/// The grid once singles can do nothing more.
fn after_singles(puzzle: &Puzzle) -> Candidates {
    Solver::new(Ladder::parse("singles").unwrap(), Policy::Single)
        .solve(puzzle, None)
        .grid
}

#[test]
fn the_blogs_locked_candidates_puzzle_needs_them() {
    let text = std::fs::read_to_string(common::data_file("blog.tsv")).unwrap();
    let line = text
        .lines()
        .find(|l| l.split('\t').nth(1) == Some("locked_candidates"))
        .expect("blog.tsv has the locked_candidates puzzle");
    let puzzle = Puzzle::parse_line(line.split('\t').nth(2).unwrap()).unwrap();
    let solution = unique_solution(&puzzle);

    let singles = Solver::new(Ladder::parse("singles").unwrap(), Policy::Single);
    assert_eq!(singles.solve(&puzzle, None).summary.outcome, Outcome::Stuck);

    for policy in [Policy::Single, Policy::Sweep] {
        let solver =
            Solver::new(Ladder::parse("fh,n1,h1,lc1,lc2").unwrap(), policy).verifying(true);
        let report = solver.solve(&puzzle, Some(&solution));
        assert_eq!(report.summary.outcome, Outcome::Solved, "{policy}");
        assert_eq!(report.grid.solution(), Some(solution));
        let counts = report.summary.counts;
        assert!(
            counts[Technique::LockedCandidatesPointing]
                + counts[Technique::LockedCandidatesClaiming]
                > 0
        );
    }
}

/// One exemplar: the puzzle, HoDoKu's path, and the step of the section's technique in it.
struct Exemplar {
    puzzle: Puzzle,
    path: String,
    /// How many candidates HoDoKu's step removes.
    removes: u32,
    /// Whether HoDoKu took only singles before that step.
    singles_first: bool,
}

/// The exemplars of the sections this suite covers, by technique.
fn exemplars(text: &str) -> BTreeMap<Technique, Vec<Exemplar>> {
    let sections = [
        ("#0100", Technique::LockedCandidatesPointing),
        ("#0101", Technique::LockedCandidatesClaiming),
        ("#0110", Technique::LockedPair),
        ("#0111", Technique::LockedTriple),
        ("#0800", Technique::XyWing),
        ("#0801", Technique::XyzWing),
    ];
    let mut found: BTreeMap<Technique, Vec<Exemplar>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        if line.starts_with('#') {
            current = sections
                .iter()
                .find(|(tag, _)| line.starts_with(tag))
                .map(|&(_, t)| t);
            continue;
        }
        let (Some(technique), Some((grid, path))) = (current, line.split_once(" # ")) else {
            continue;
        };
        // e.g. `s lc1(6) s`: singles, one step removing 6 candidates, singles.
        let path = path.trim().to_string();
        let code = format!("{}(", technique.code());
        let tokens: Vec<&str> = path.split_whitespace().collect();
        let at = tokens
            .iter()
            .position(|t| t.starts_with(&code))
            .unwrap_or_else(|| panic!("{path:?} has no {code}"));
        let removes = tokens[at][code.len()..]
            .trim_end_matches(')')
            .parse()
            .unwrap();
        found.entry(technique).or_default().push(Exemplar {
            puzzle: Puzzle::parse_line(grid).unwrap(),
            singles_first: tokens[..at].iter().all(|&t| t == "s"),
            path,
            removes,
        });
    }
    found
}

/// From each exemplar, after singles, the section's technique finds a step removing as many
/// candidates as HoDoKu's did, every step found is sound, and (when HoDoKu took only singles
/// first) none of our techniques that HoDoKu tries earlier finds anything.
#[test]
fn hodoku_exemplars() {
    let Some(path) = common::shared_corpus("hodoku_exemplars.txt") else {
        return;
    };
    let all = exemplars(&std::fs::read_to_string(path).unwrap());
    assert_eq!(all.len(), OURS.len(), "every section is present");
    let (mut checked, mut older_rule) = (0, 0);
    for (&technique, list) in &all {
        for ex in list {
            let solution = unique_solution(&ex.puzzle);
            let grid = after_singles(&ex.puzzle);
            let steps = technique.find_all(&grid, Some(&solution));
            assert!(steps.iter().all(|s| is_sound(s, &solution)));
            let label = format!("{technique} {} # {}", ex.puzzle, ex.path);
            if technique == Technique::LockedPair && ex.removes == 1 {
                // HoDoKu's library records one grid as `l2(1)`: a pair whose only removal is
                // in the third cell of its intersection. HoDoKu 2.2.0 changed the rule (its
                // SimpleSolver.main keeps that grid as "sollte kein Locked Pair sein", should
                // not be a Locked Pair): a removal in the line outside the box is required.
                assert!(steps.is_empty(), "{label}: {steps:?}");
                older_rule += 1;
                continue;
            }
            assert!(
                steps.iter().any(|s| s.eliminations.len() == ex.removes),
                "{label}: {:?}",
                steps.texts()
            );
            if ex.singles_first {
                for earlier in OURS.iter().take_while(|&&t| t != technique) {
                    let early = earlier.find_all(&grid, None);
                    assert!(early.is_empty(), "{label}: {earlier} found {early:?}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} exemplars checked");
    assert!(
        older_rule <= 1,
        "{older_rule} exemplars follow the older locked pair rule"
    );
}

/// Solves a corpus with a ladder of singles and this suite's techniques and, at every grid
/// along the way, checks that every step each of our finders reports is sound.
#[test]
fn finders_are_sound_along_real_solves() {
    let lines = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"));
    // Every puzzle in release builds, a sample in debug ones.
    let stride = if cfg!(debug_assertions) { 40 } else { 1 };
    let ladder = Ladder::parse("fh,n1,h1,l2,l3,lc1,lc2,xy,xyz").unwrap();
    let solver = Solver::new(ladder, Policy::Single).verifying(true);

    let mut found = [0u64; OURS.len()];
    let (mut grids, mut solved, mut puzzles) = (0u64, 0u64, 0u64);
    for line in lines.iter().step_by(stride) {
        let puzzle = Puzzle::parse_line(line).unwrap();
        let solution = unique_solution(&puzzle);
        let report = solver.solve(&puzzle, Some(&solution));
        assert!(
            matches!(report.summary.outcome, Outcome::Solved | Outcome::Stuck),
            "{puzzle}: {:?}",
            report.summary.outcome
        );

        let mut check = |grid: &Candidates| {
            for (n, technique) in OURS.iter().enumerate() {
                for step in &technique.find_all(grid, Some(&solution)) {
                    assert!(
                        is_sound(step, &solution),
                        "{puzzle}: unsound {step:?}\n{grid}"
                    );
                    assert_eq!(step.technique, *technique);
                    found[n] += 1;
                }
            }
            grids += 1;
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        check(&grid);
        for step in &report.steps {
            step.apply_to(&mut grid);
            check(&grid);
        }
        puzzles += 1;
        solved += u64::from(report.summary.outcome == Outcome::Solved);
    }
    let summary: Vec<String> = OURS
        .iter()
        .zip(found)
        .map(|(t, n)| format!("{}={n}", t.code()))
        .collect();
    eprintln!(
        "{puzzles} puzzles, {solved} solved, {grids} grids searched; steps found: {}",
        summary.join(" ")
    );
    // Every technique shows up on real puzzles.
    assert!(found.iter().all(|&n| n > 0), "{summary:?}");
}
