//! Issue 2's brute-force acceptance test: the oracle agrees with tdoku's deliberately awkward
//! test puzzles (`tdoku_test_puzzles.orig.txt`, `puzzle:count[:solution]`) on every solution
//! count, from none to several hundred, and on the solution of those that have one. The
//! shared file is read when present, else its bundled copy.

mod common;

use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;

#[test]
fn solution_counts_agree_with_tdoku() {
    let path = common::shared_corpus("tdoku_test_puzzles.orig.txt")
        .unwrap_or_else(|| common::data_file("tdoku_test_puzzles.orig.txt"));
    let lines = common::puzzle_lines(&path);
    assert_eq!(lines.len(), 43, "{}", path.display());
    for line in &lines {
        let fields: Vec<&str> = line.split(':').collect();
        let puzzle = Puzzle::parse_line(fields[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let count: usize = fields[1].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        // Counting well past the largest count in the file, so every count is exact.
        assert_eq!(oracle::count_solutions(&puzzle, 10_000), count, "{puzzle}");
        match (oracle::analyse(&puzzle), count) {
            (Uniqueness::NoSolution, 0) => {}
            (Uniqueness::Unique(solution), 1) => {
                let expected = Puzzle::parse_line(fields[2]).unwrap();
                assert_eq!(solution.values(), expected.values(), "{puzzle}");
            }
            (Uniqueness::Multiple(solution), 2..) => {
                assert!(solution.fits(&puzzle), "{puzzle}: {solution}");
            }
            (other, _) => panic!("{puzzle}: {count} solutions but the oracle says {other:?}"),
        }
    }
}
