//! The brute-force oracle against known answers (tdoku's awkward cases, Royle's 17-clue
//! list, the serg benchmark of multi-solution puzzles) and, by property tests, against a
//! slow counter simple enough to be obviously right, from the givens and from grids part-way
//! through a solve.

mod common;

use common::{data_file, puzzle_lines, shared_corpus};
use proptest::prelude::*;
use sudolab::bitset::CellSet;
use sudolab::candidates::Candidates;
use sudolab::geometry::{Cell, Digit};
use sudolab::oracle::{
    GivensBoard, Removal, Uniqueness, analyse, analyse_grid, count_solutions, has_solution_without,
    propagation_fills,
};
use sudolab::puzzle::{Puzzle, Solution};

fn parse(line: &str) -> Puzzle {
    Puzzle::parse_line(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn agrees_with_tdoku_on_every_count_and_unique_solution() {
    let lines = puzzle_lines(&data_file("tdoku_test_puzzles.orig.txt"));
    assert_eq!(lines.len(), 43);
    for line in lines {
        let mut fields = line.split(':');
        let puzzle = parse(fields.next().unwrap());
        let count: usize = fields.next().unwrap().parse().unwrap();
        for limit in [0, 1, 2, 3, 10, 100, 1000] {
            assert_eq!(
                count_solutions(&puzzle, limit),
                count.min(limit),
                "{puzzle} limit {limit}"
            );
        }
        match (analyse(&puzzle), count) {
            (Uniqueness::NoSolution, 0) => {}
            (Uniqueness::Unique(solution), 1) => {
                assert_eq!(solution.to_string(), fields.next().unwrap(), "{puzzle}");
            }
            (Uniqueness::Multiple(solution), 2..) => assert!(solution.fits(&puzzle)),
            (found, _) => panic!("{puzzle}: {count} solutions, oracle says {found:?}"),
        }
    }
}

/// Digging random grids one cell at a time, `has_solution_without` (which tries the known
/// solution's digits first), from the values or from the cells of each digit, agrees at
/// every cell with asking for a solution with each other digit there.
#[test]
fn another_solution_with_another_digit_is_found_exactly_when_there_is_one() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let (mut found, mut none) = (0, 0);
    let mut filled_seen = [0; 2];
    for _ in 0..40 {
        let solution = sudolab::generate::grid::random_solution(&mut rng);
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        let mut values = solution;
        for cell in order {
            let mut fewer = values;
            fewer[cell] = 0;
            let another = (1..=9).filter(|&d| d != solution[cell]).any(|d| {
                let mut with = fewer;
                with[cell] = d;
                Puzzle::from_values(with).is_ok_and(|p| count_solutions(&p, 1) > 0)
            });
            assert_eq!(
                has_solution_without(&fewer, cell, &solution),
                another,
                "cell {cell} of {}",
                Puzzle::from_values(fewer).unwrap()
            );
            let digit_cells = |values: &[u8; 81]| -> [CellSet; 9] {
                std::array::from_fn(|d| {
                    (0..81)
                        .filter(|&c| usize::from(values[c]) == d + 1)
                        .map(Cell::from_index)
                        .collect()
                })
            };
            let board = GivensBoard::new(&digit_cells(&fewer)).expect("givens of a grid");
            assert_eq!(
                board.solution_without(cell, &solution).is_some(),
                another,
                "cell {cell} of {}, from cell sets",
                Puzzle::from_values(fewer).unwrap()
            );
            // The board of the givens with one taken away answers as one built anew.
            let open = (0..9)
                .filter(|&d| {
                    let digit = d as u8 + 1;
                    (0..81).all(|c| fewer[c] != digit || !sees(c, cell))
                })
                .fold(0u16, |open, d| open | 1 << d);
            let own = digit_cells(&fewer)[usize::from(solution[cell]) - 1];
            let opened = GivensBoard::new(&digit_cells(&values))
                .expect("givens of a grid")
                .without(cell, solution[cell], own, open);
            assert_eq!(opened.solution_without(cell, &solution).is_some(), another);
            // Whether the givens' propagation fills the grid comes with the answer: only
            // when there is no other solution, always when naked and hidden singles do.
            // Asked only of givens whose propagation filled the grid with the cell's
            // given back, as a dig that gives up once it does not asks.
            if propagation_fills(&values) {
                let removal = board.removal_from_filled(cell, &solution);
                assert_eq!(opened.removal_from_filled(cell, &solution), removal);
                match removal {
                    Removal::SecondSolution { found } => {
                        assert!(another, "cell {cell}: no second solution");
                        // The solution found is one of the givens left, with another digit
                        // in the cell.
                        let found = found.expect("the removal looks near the known solution");
                        assert!(Solution::from_values(found).is_some(), "cell {cell}");
                        assert!((0..81).all(|c| fewer[c] == 0 || fewer[c] == found[c]));
                        assert_ne!(found[cell], solution[cell], "cell {cell}");
                    }
                    Removal::Unique { filled } => {
                        assert!(!another, "cell {cell}: a second solution");
                        assert_eq!(filled, propagation_fills(&fewer), "cell {cell}");
                        if singles_fill(&fewer) {
                            assert!(filled, "cell {cell}: singles fill {fewer:?}");
                        }
                        filled_seen[usize::from(filled)] += 1;
                    }
                }
            }
            match another {
                true => found += 1,
                false => {
                    none += 1;
                    values = fewer;
                }
            }
        }
    }
    assert!(found > 0 && none > 0);
    assert!(filled_seen[0] > 0 && filled_seen[1] > 0, "{filled_seen:?}");
}

/// Whether cells `a` and `b` (0-80) are peers.
fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// Whether naked and hidden singles alone, placed one at a time by their definitions,
/// fill the grid of the givens `values`.
fn singles_fill(values: &[u8; 81]) -> bool {
    let mut grid = *values;
    let allowed = |grid: &[u8; 81], cell: usize, digit: u8| {
        grid[cell] == 0 && (0..81).all(|other| !sees(cell, other) || grid[other] != digit)
    };
    let houses: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|b| {
            (0..9)
                .map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3)
                .collect()
        }))
        .collect();
    loop {
        let naked = (0..81).find_map(|cell| {
            let digits: Vec<u8> = (1..=9).filter(|&d| allowed(&grid, cell, d)).collect();
            (digits.len() == 1).then(|| (cell, digits[0]))
        });
        let hidden = || {
            houses.iter().find_map(|house| {
                (1..=9).find_map(|digit| {
                    let places: Vec<usize> = house
                        .iter()
                        .copied()
                        .filter(|&c| allowed(&grid, c, digit))
                        .collect();
                    (places.len() == 1 && !house.iter().any(|&c| grid[c] == digit))
                        .then(|| (places[0], digit))
                })
            })
        };
        match naked.or_else(hidden) {
            Some((cell, digit)) => grid[cell] = digit,
            None => return grid.iter().all(|&v| v != 0),
        }
    }
}

#[test]
fn the_bundled_tdoku_cases_are_the_shared_original() {
    let Some(shared) = shared_corpus("tdoku_test_puzzles.orig.txt") else {
        return;
    };
    let bundled = puzzle_lines(&data_file("tdoku_test_puzzles.orig.txt"));
    assert_eq!(puzzle_lines(&shared), bundled);
    // The awkward cases the corpus notes promise: 10 without a solution, 15 with several.
    let count_of = |line: &String| line.split(':').nth(1).unwrap().parse::<usize>().unwrap();
    assert_eq!(bundled.iter().filter(|l| count_of(l) == 0).count(), 10);
    assert_eq!(bundled.iter().filter(|l| count_of(l) >= 2).count(), 15);
}

#[test]
fn every_seventeen_clue_puzzle_has_one_valid_solution_that_fits() {
    let lines = puzzle_lines(&data_file("sudoku17.txt"));
    assert_eq!(lines.len(), 49_151);
    // Debug builds are some fifty times slower: there, a spread-out sample.
    let step = if cfg!(debug_assertions) { 97 } else { 1 };
    for line in lines.iter().step_by(step) {
        let puzzle = parse(line);
        match analyse(&puzzle) {
            Uniqueness::Unique(solution) => {
                assert!(solution.fits(&puzzle), "{puzzle}");
                let valid = Solution::from_values(*solution.values());
                assert_eq!(valid, Some(solution), "{puzzle}: not a valid grid");
            }
            other => panic!("{puzzle}: {other:?}"),
        }
    }
}

#[test]
fn every_serg_benchmark_puzzle_has_several_solutions() {
    let Some(path) = shared_corpus("serg_benchmark.txt") else {
        return;
    };
    let lines = puzzle_lines(&path);
    assert_eq!(lines.len(), 10_000);
    for line in lines {
        let puzzle = parse(&line);
        match analyse(&puzzle) {
            Uniqueness::Multiple(solution) => assert!(solution.fits(&puzzle), "{puzzle}"),
            other => panic!("{puzzle}: {other:?}"),
        }
    }
}

#[test]
fn empty_and_full_grids() {
    let empty = Puzzle::from_values([0; 81]).unwrap();
    assert!(matches!(analyse(&empty), Uniqueness::Multiple(_)));
    assert_eq!(count_solutions(&empty, 0), 0);
    assert_eq!(count_solutions(&empty, 500), 500);

    let line = puzzle_lines(&data_file("tdoku_test_puzzles.orig.txt"))
        .into_iter()
        .find(|l| l.contains(":1:"))
        .unwrap();
    let full = parse(line.rsplit(':').next().unwrap());
    assert_eq!(full.given_count(), 81);
    match analyse(&full) {
        Uniqueness::Unique(solution) => assert_eq!(solution.to_string(), full.to_string()),
        other => panic!("{other:?}"),
    }
    assert_eq!(count_solutions(&full, 5), 1);
}

/// An obviously correct counter, Algorithm X style: every empty cell needs a digit and
/// every house needs each digit it lacks, so take the need with the fewest ways to meet it
/// (a cell's candidates, or the cells of a house where a digit may go) and try each way
/// in turn. The ways are disjoint and cover every solution, so each is counted once. No
/// propagation, no tricks.
mod slow {
    use sudolab::geometry::{Cell, House};
    use sudolab::puzzle::Puzzle;

    /// The number of solutions (up to `limit`) and the first one found.
    pub fn count(puzzle: &Puzzle, limit: usize) -> (usize, Option<[u8; 81]>) {
        count_within(puzzle.values(), &[ANY; 81], limit)
    }

    /// Every digit allowed (bit `d` for digit `d`).
    pub const ANY: u16 = 0x3fe;

    /// [`count`] for the grid `values` where each empty cell may take only the digits
    /// of its `allowed` mask.
    pub fn count_within(
        values: &[u8; 81],
        allowed: &[u16; 81],
        limit: usize,
    ) -> (usize, Option<[u8; 81]>) {
        let mut grid = *values;
        let mut found = (0, None);
        search(&mut grid, allowed, limit, &mut found);
        found
    }

    /// The digits that may go in `cell`: allowed there, and held by none of its peers.
    fn candidates(grid: &[u8; 81], allowed: &[u16; 81], cell: Cell) -> Vec<u8> {
        (1..=9)
            .filter(|&digit| allowed[cell.index()] >> digit & 1 != 0)
            .filter(|&digit| cell.peers().iter().all(|peer| grid[peer.index()] != digit))
            .collect()
    }

    /// The ways to meet the most constrained need, as (cell, digit) placements; `None`
    /// when the grid is full.
    fn fewest_ways(grid: &[u8; 81], allowed: &[u16; 81]) -> Option<Vec<(usize, u8)>> {
        let empty: Vec<Cell> = Cell::all().filter(|c| grid[c.index()] == 0).collect();
        if empty.is_empty() {
            return None;
        }
        let options: Vec<(Cell, Vec<u8>)> = empty
            .iter()
            .map(|&c| (c, candidates(grid, allowed, c)))
            .collect();
        let cell_needs = options
            .iter()
            .map(|(cell, digits)| digits.iter().map(|&d| (cell.index(), d)).collect());
        let house_needs = House::all().flat_map(|house| {
            let options = &options;
            (1..=9u8)
                .filter(move |&d| house.cells().iter().all(|c| grid[c.index()] != d))
                .map(move |digit| {
                    options
                        .iter()
                        .filter(|(cell, digits)| {
                            house.cell_set().contains(*cell) && digits.contains(&digit)
                        })
                        .map(|(cell, _)| (cell.index(), digit))
                        .collect::<Vec<_>>()
                })
        });
        cell_needs.chain(house_needs).min_by_key(Vec::len)
    }

    fn search(
        grid: &mut [u8; 81],
        allowed: &[u16; 81],
        limit: usize,
        found: &mut (usize, Option<[u8; 81]>),
    ) {
        if found.0 >= limit {
            return;
        }
        let Some(ways) = fewest_ways(grid, allowed) else {
            found.0 += 1;
            found.1.get_or_insert(*grid);
            return;
        };
        for (cell, digit) in ways {
            grid[cell] = digit;
            search(grid, allowed, limit, found);
            grid[cell] = 0;
        }
    }
}

/// Solved grids to carve puzzles from: the unique solutions of the tdoku cases.
fn known_solutions() -> Vec<[u8; 81]> {
    puzzle_lines(&data_file("tdoku_test_puzzles.orig.txt"))
        .iter()
        .filter(|l| l.contains(":1:"))
        .map(|l| {
            let digits = l.rsplit(':').next().unwrap().bytes().map(|b| b - b'0');
            digits.collect::<Vec<u8>>().try_into().unwrap()
        })
        .collect()
}

/// A puzzle keeping the cells of a known solution (relabelled, maybe transposed) whose
/// random percentile is below `keep`.
fn carved(solution: usize, relabel: &[u8], transpose: bool, keep: u8, rolls: &[u8]) -> Puzzle {
    let grid = known_solutions()[solution];
    let mut values = [0; 81];
    for (cell, value) in values.iter_mut().enumerate() {
        let source = if transpose {
            cell % 9 * 9 + cell / 9
        } else {
            cell
        };
        if rolls[cell] < keep {
            *value = relabel[usize::from(grid[source]) - 1];
        }
    }
    Puzzle::from_values(values).expect("a subset of a solution does not clash")
}

/// A puzzle from random placements, skipping those that would clash.
fn scattered(placements: &[(usize, u8)]) -> Puzzle {
    let mut values = [0; 81];
    for &(cell, digit) in placements {
        let before = values[cell];
        values[cell] = digit;
        if Puzzle::from_values(values).is_err() {
            values[cell] = before;
        }
    }
    Puzzle::from_values(values).unwrap()
}

/// The oracle and the slow counter agree on the count, and on the solution when unique.
fn assert_agrees_with_slow_counter(puzzle: &Puzzle) {
    let (count, first) = slow::count(puzzle, 3);
    for limit in 0..=3 {
        assert_eq!(
            count_solutions(puzzle, limit),
            count.min(limit),
            "limit {limit}"
        );
    }
    match (analyse(puzzle), count) {
        (Uniqueness::NoSolution, 0) => {}
        (Uniqueness::Unique(solution), 1) => assert_eq!(*solution.values(), first.unwrap()),
        (Uniqueness::Multiple(solution), 2..) => assert!(solution.fits(puzzle)),
        (found, _) => panic!("slow counter finds {count}, oracle says {found:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 512 }))]

    #[test]
    fn agrees_on_puzzles_carved_from_solutions(
        solution in 0..18usize,
        relabel in Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        transpose in any::<bool>(),
        keep in 10..70u8,
        rolls in prop::collection::vec(0..100u8, 81),
    ) {
        assert_agrees_with_slow_counter(&carved(solution, &relabel, transpose, keep, &rolls));
    }

    #[test]
    fn a_grid_part_way_has_the_solutions_a_slow_count_of_its_candidates_finds(
        solution in 0..18usize,
        relabel in Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        keep in 10..50u8,
        rolls in prop::collection::vec(0..100u8, 81),
        removals in prop::collection::vec((0..81usize, 1..=9u8), 0..40),
        placements in prop::collection::vec((0..81usize, 1..=9u8), 0..6),
    ) {
        let puzzle = carved(solution, &relabel, false, keep, &rolls);
        let mut grid = Candidates::from_puzzle(&puzzle);
        for (cell, digit) in removals {
            grid.eliminate(Cell::from_index(cell), Digit::new(digit));
        }
        for (cell, digit) in placements {
            let (cell, digit) = (Cell::from_index(cell), Digit::new(digit));
            if grid.has(cell, digit) {
                grid.place(cell, digit);
            }
        }
        let values: [u8; 81] =
            std::array::from_fn(|i| grid.value(Cell::from_index(i)).map_or(0, |d| d.get()));
        let allowed: [u16; 81] = std::array::from_fn(|i| {
            let cell = Cell::from_index(i);
            grid.candidates(cell).iter().fold(0, |mask, d| mask | 1 << d.get())
        });
        let (count, first) = slow::count_within(&values, &allowed, 2);
        match (analyse_grid(&grid.places_of_digits(), grid.unsolved()), count) {
            (Uniqueness::NoSolution, 0) => {}
            (Uniqueness::Unique(solution), 1) => prop_assert_eq!(*solution.values(), first.unwrap()),
            (Uniqueness::Multiple(solution), 2..) => {
                for cell in Cell::all() {
                    let digit = solution.get(cell);
                    prop_assert!(grid.value(cell) == Some(digit) || grid.has(cell, digit));
                }
            }
            (found, _) => panic!("{grid}\nslow counter finds {count}, oracle says {found:?}"),
        }
    }

    #[test]
    fn agrees_on_random_sparse_grids(
        placements in prop::collection::vec((0..81usize, 1..=9u8), 0..36),
    ) {
        assert_agrees_with_slow_counter(&scattered(&placements));
    }
}
