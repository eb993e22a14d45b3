//! Issue 2's acceptance test on the puzzles of the blog series sudolab grew from
//! (`data/blog.tsv`, a copy of `../shared/corpora/sdjmchattie_blog.orig.tsv`): each example
//! needs what the blog says it needs. The very easy puzzles fall to singles, the easy and
//! intermediate ones to the blog's ladder, the locked-candidates example is stuck without
//! locked candidates and solved with them, and the fish examples are stuck without the fish
//! they need (not always the fish they are named after: see [`FISH_EXAMPLES`]) and solved
//! with them. Every solve is verified step by step against the oracle's solution, under both
//! step policies (solvability does not depend on the policy, so both must agree).

mod common;

use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::{Puzzle, Solution};
use sudolab::solver::{Outcome, Policy, Solver};

/// One row of the blog's table.
struct BlogPuzzle {
    file: String,
    label: String,
    puzzle: Puzzle,
    solution: Solution,
}

fn read_tsv(path: &std::path::Path) -> Vec<(String, String, String)> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("file\tlabel\tpuzzle"),
        "{}",
        path.display()
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{}: {line:?}", path.display());
            (
                fields[0].to_string(),
                fields[1].to_string(),
                fields[2].to_string(),
            )
        })
        .collect()
}

fn blog_puzzles() -> Vec<BlogPuzzle> {
    read_tsv(&common::data_file("blog.tsv"))
        .into_iter()
        .map(|(file, label, line)| {
            let puzzle = Puzzle::parse_line(&line).unwrap_or_else(|e| panic!("{file}: {e}"));
            let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
                panic!("{file}: the blog's puzzle has no unique solution");
            };
            BlogPuzzle {
                file,
                label,
                puzzle,
                solution,
            }
        })
        .collect()
}

/// The blog's puzzles with `label`; panics if there are none, so that no check is vacuous.
fn labelled(label: &str) -> Vec<BlogPuzzle> {
    let found: Vec<_> = blog_puzzles()
        .into_iter()
        .filter(|p| p.label == label)
        .collect();
    assert!(!found.is_empty(), "no blog puzzle labelled {label}");
    found
}

fn blog_ladder() -> Ladder {
    Ladder::parse("blog").unwrap()
}

/// Asserts how `ladder` ends on `p` under both policies, verifying every step.
fn assert_outcome(p: &BlogPuzzle, ladder: &Ladder, expected: &Outcome) {
    for policy in [Policy::Single, Policy::Sweep] {
        let report = Solver::new(ladder.clone(), policy)
            .verifying(true)
            .solve(&p.puzzle, Some(&p.solution));
        assert_eq!(
            &report.summary.outcome, expected,
            "{} ({}) with ladder {ladder} under the {policy} policy; final grid:\n{}",
            p.file, p.label, report.grid
        );
        if *expected == Outcome::Solved {
            assert_eq!(report.grid.solution(), Some(p.solution), "{}", p.file);
        }
    }
}

#[test]
fn the_bundled_copy_matches_the_shared_original() {
    let Some(shared) = common::shared_corpus("sdjmchattie_blog.orig.tsv") else {
        return;
    };
    assert_eq!(read_tsv(&shared), read_tsv(&common::data_file("blog.tsv")));
}

#[test]
fn the_blog_has_every_kind_of_example() {
    let labels: Vec<String> = blog_puzzles().into_iter().map(|p| p.label).collect();
    for label in [
        "very_easy",
        "easy",
        "intermediate",
        "expert",
        "locked_candidates",
        "swordfish",
        "jellyfish",
    ] {
        assert!(labels.iter().any(|l| l == label), "no {label} puzzle");
    }
    assert_eq!(labels.len(), 19);
}

#[test]
fn very_easy_puzzles_solve_with_singles() {
    let singles = Ladder::parse("singles").unwrap();
    for p in labelled("very_easy") {
        assert_outcome(&p, &singles, &Outcome::Solved);
    }
}

#[test]
fn easy_and_intermediate_puzzles_solve_with_the_blog_ladder() {
    for label in ["easy", "intermediate"] {
        for p in labelled(label) {
            assert_outcome(&p, &blog_ladder(), &Outcome::Solved);
        }
    }
}

#[test]
fn the_locked_candidates_example_needs_locked_candidates() {
    let without = blog_ladder()
        .without(Technique::LockedCandidatesPointing)
        .without(Technique::LockedCandidatesClaiming);
    for p in labelled("locked_candidates") {
        assert_outcome(&p, &without, &Outcome::Stuck);
        assert_outcome(&p, &blog_ladder(), &Outcome::Solved);
    }
}

/// What each fish example needs, as checked: whether the blog ladder is stuck without
/// Swordfish alone, and without Jellyfish alone.
///
/// The issue expected every swordfish example to be stuck without swordfish. That holds for
/// swordfish_03 only. In swordfish_01, 02 and 04 a jellyfish makes the same progress when
/// swordfish is missing (in 01 and 02 the swordfish's digit has seven unsolved rows, so the
/// swordfish has a complementary jellyfish on the other four columns and rows; in 04 another
/// jellyfish does it). swordfish_05 needs a jellyfish on 8 besides its swordfish on 5, and
/// without swordfish the swordfish's complementary jellyfish on 5 removes the same
/// candidates. What every fish example does need is a fish larger than an X-Wing.
const FISH_EXAMPLES: &[(&str, bool, bool)] = &[
    // (file, stuck without Swordfish, stuck without Jellyfish)
    ("puzzles/swordfish_01.txt", false, false),
    ("puzzles/swordfish_02.txt", false, false),
    ("puzzles/swordfish_03.txt", true, false),
    ("puzzles/swordfish_04.txt", false, false),
    ("puzzles/swordfish_05.txt", false, true),
    ("puzzles/jellyfish.txt", false, true),
];

fn fish_examples() -> Vec<(BlogPuzzle, bool, bool)> {
    let mut fish: Vec<BlogPuzzle> = labelled("swordfish");
    fish.extend(labelled("jellyfish"));
    let files: Vec<&str> = fish.iter().map(|p| p.file.as_str()).collect();
    let listed: Vec<&str> = FISH_EXAMPLES.iter().map(|&(f, _, _)| f).collect();
    assert_eq!(
        files, listed,
        "the table lists every fish example, in file order"
    );
    fish.into_iter()
        .zip(FISH_EXAMPLES)
        .map(|(p, &(_, without_swordfish, without_jellyfish))| {
            (p, without_swordfish, without_jellyfish)
        })
        .collect()
}

fn stuck_if(stuck: bool) -> Outcome {
    if stuck {
        Outcome::Stuck
    } else {
        Outcome::Solved
    }
}

#[test]
fn the_fish_examples_need_a_fish_larger_than_an_x_wing() {
    let without = blog_ladder()
        .without(Technique::Swordfish)
        .without(Technique::Jellyfish);
    for (p, _, _) in fish_examples() {
        assert_outcome(&p, &without, &Outcome::Stuck);
        assert_outcome(&p, &blog_ladder(), &Outcome::Solved);
    }
}

#[test]
fn which_fish_examples_need_swordfish_itself() {
    let without = blog_ladder().without(Technique::Swordfish);
    for (p, stuck, _) in fish_examples() {
        assert_outcome(&p, &without, &stuck_if(stuck));
    }
}

#[test]
fn which_fish_examples_need_jellyfish_itself() {
    let without = blog_ladder().without(Technique::Jellyfish);
    for (p, _, stuck) in fish_examples() {
        assert_outcome(&p, &without, &stuck_if(stuck));
    }
}
