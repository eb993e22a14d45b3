//! SE's nested forcing chains (ER 9.5 and up) on real puzzles: serate's ratings of the
//! shared reference puzzles it rates 9.5 and up, every step of SE's path on the hardest
//! shared test puzzles checked against the solution, and the time limit.
//!
//! The files are read from `../shared` in place and each test skips, saying so, when its
//! file is absent.

use std::path::PathBuf;
use std::time::Duration;
use sudolab::candidates::Candidates;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::se::solver::{Next, apply, next_hint};
use sudolab::se::{self, Bound, Ending};

fn shared(path: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            eprintln!("skipping: {} is not present", path.display());
            None
        }
    }
}

/// serate's rows (line, puzzle, er, ep, ed) of a reference file that it rates 9.5 and up.
fn nested_references(text: &str) -> Vec<(String, String, String, String)> {
    text.lines()
        .skip(1)
        .map(|row| row.split('\t').collect::<Vec<_>>())
        .filter(|f| f[2].parse::<f64>().unwrap() >= 9.5)
        .map(|f| (f[1].into(), f[2].into(), f[3].into(), f[4].into()))
        .collect()
}

#[test]
fn nested_ratings_are_serate_s() {
    let Some(text) = shared("reference/se/norvig_hardest.tsv") else {
        return;
    };
    let references = nested_references(&text);
    assert_eq!(
        references.len(),
        2,
        "norvig_hardest has two puzzles of 9.5 and up"
    );
    for (puzzle, er, ep, ed) in references {
        let rating = se::rate(&Puzzle::parse_line(&puzzle).unwrap());
        assert_eq!(rating.ending, Ending::Solved, "{puzzle}");
        let ours = format!("{}/{}/{}", rating.er, rating.ep, rating.ed);
        assert_eq!(ours, format!("{er}/{ep}/{ed}"), "{puzzle}");
    }
}

/// The puzzles of `tdoku_test_puzzles.txt` (BSD-2) with one solution.
fn tdoku_puzzles() -> Vec<Puzzle> {
    let Some(text) = shared("corpora/tdoku_test_puzzles.txt") else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| Puzzle::parse_line(l).ok())
        .collect()
}

/// Every step of SE's path on the hardest test puzzles holds in the solution: the
/// nested chains remove only wrong digits and place only right ones.
#[test]
fn every_step_of_se_s_path_holds_on_the_hardest_puzzles() {
    let mut nested_steps = 0;
    for puzzle in tdoku_puzzles() {
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            continue;
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        while !grid.is_solved() {
            let Next::Step(hint) = next_hint(&grid) else {
                break;
            };
            for (cell, digit) in hint.removals.iter() {
                assert_ne!(
                    solution.get(cell),
                    digit,
                    "{hint} removes the solution's digit"
                );
            }
            if let Some((cell, digit)) = hint.placement {
                assert_eq!(solution.get(cell), digit, "{hint} places a wrong digit");
            }
            if hint.difficulty.0 >= 9.5 && hint.to_string().contains("(+ ") {
                nested_steps += 1;
            }
            apply(&mut grid, &hint);
        }
    }
    assert!(nested_steps > 0, "the test puzzles need nested chains");
}

/// A rating stopped by its time limit keeps lower bounds: never a number it did not
/// reach.
#[test]
fn a_time_limit_ends_the_rating_with_lower_bounds() {
    let Some(text) = shared("reference/se/norvig_hardest.tsv") else {
        return;
    };
    let (puzzle, serate_er, ..) = nested_references(&text).remove(0);
    let grid = Candidates::from_puzzle(&Puzzle::parse_line(&puzzle).unwrap());
    let rating = se::rate_grid_within(grid, Some(Duration::from_millis(1)), |_| {});
    assert!(matches!(rating.ending, Ending::TimedOut(_)), "{rating:?}");
    let Bound::AtLeast(er) = rating.er else {
        panic!("a stopped rating's ER is a lower bound: {rating:?}")
    };
    // At least the nested chains' least difficulty, at most serate's ER.
    let serate_er: f64 = serate_er.parse().unwrap();
    assert!(
        er.0 >= 9.5 && er.0 <= serate_er,
        "{er} against serate's {serate_er}"
    );
}
