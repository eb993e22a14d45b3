//! The brute-force oracle: a bitmask backtracking solver that counts solutions up to a
//! limit and returns the first one. Everything else is checked against it: uniqueness
//! before logic runs, every logical step when verifying, the brute-force rung's digits.
//!
//! This first version is a plain depth-first search with naked-single propagation and
//! fewest-candidates branching.

use crate::geometry::Cell;
use crate::puzzle::{Puzzle, Solution};

/// How many solutions a puzzle has, as far as anyone needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    NoSolution,
    Unique(Solution),
    /// Two or more; one of them.
    Multiple(Solution),
}

/// Whether `puzzle` has no, one or several solutions, with a solution when it has one.
pub fn analyse(puzzle: &Puzzle) -> Uniqueness {
    let mut search = Search::new(2);
    search.run(puzzle);
    match (search.count, search.first) {
        (0, _) => Uniqueness::NoSolution,
        (1, Some(s)) => Uniqueness::Unique(s),
        (_, Some(s)) => Uniqueness::Multiple(s),
        _ => unreachable!("a counted solution is recorded"),
    }
}

/// The number of solutions of `puzzle`, counting no further than `limit`.
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    let mut search = Search::new(limit);
    search.run(puzzle);
    search.count
}

struct Search {
    limit: usize,
    count: usize,
    first: Option<Solution>,
}

#[derive(Clone, Copy)]
struct State {
    masks: [u16; 81],
    values: [u8; 81],
}

impl State {
    /// Sets `cell` to `bit`'s digit and propagates; false on contradiction.
    fn assign(&mut self, cell: usize, bit: u16) -> bool {
        let mut stack = [(0usize, 0u16); 81];
        let mut len = 0;
        stack[len] = (cell, bit);
        len += 1;
        while len > 0 {
            len -= 1;
            let (cell, bit) = stack[len];
            if self.values[cell] != 0 {
                if self.masks[cell] != bit {
                    return false;
                }
                continue;
            }
            if self.masks[cell] & bit == 0 {
                return false;
            }
            self.values[cell] = bit.trailing_zeros() as u8 + 1;
            self.masks[cell] = bit;
            for peer in Cell::from_index(cell).peers().iter() {
                let p = peer.index();
                if self.values[p] != 0 || self.masks[p] & bit == 0 {
                    if self.values[p] != 0 && self.masks[p] == bit {
                        return false;
                    }
                    continue;
                }
                self.masks[p] &= !bit;
                match self.masks[p].count_ones() {
                    0 => return false,
                    1 => {
                        stack[len] = (p, self.masks[p]);
                        len += 1;
                    }
                    _ => {}
                }
            }
        }
        true
    }
}

impl Search {
    fn new(limit: usize) -> Search {
        Search {
            limit,
            count: 0,
            first: None,
        }
    }

    fn run(&mut self, puzzle: &Puzzle) {
        if self.limit == 0 {
            return;
        }
        let mut state = State {
            masks: [0x1ff; 81],
            values: [0; 81],
        };
        for cell in Cell::all() {
            if let Some(d) = puzzle.given(cell)
                && !state.assign(cell.index(), 1 << d.index())
            {
                return;
            }
        }
        self.descend(&state);
    }

    fn descend(&mut self, state: &State) {
        let mut best = None;
        let mut best_len = 10;
        for cell in 0..81 {
            if state.values[cell] == 0 {
                let len = state.masks[cell].count_ones();
                if len < best_len {
                    best_len = len;
                    best = Some(cell);
                }
            }
        }
        let Some(cell) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Solution::from_values(state.values);
            }
            return;
        };
        let mut rest = state.masks[cell];
        while rest != 0 && self.count < self.limit {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut next = *state;
            if next.assign(cell, bit) {
                self.descend(&next);
            }
        }
    }
}
