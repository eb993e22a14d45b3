//! HoDoKu's depth-first search for simple chains (`ChainSolver.getChains`, `getChain`),
//! over the [`Links`] of X-Chains or XY-Chains.
//!
//! From every candidate (cells ascending, digits ascending) a chain starts with a strong
//! link (for XY-Chains, the one inside its bivalue cell) and goes on through the links in
//! their listed order, weak and strong in turn; where a weak link is due a strong one may
//! serve, and counts as weak. A chain never enters a cell it has left (it may come back to
//! its start, which ends that branch), and stops at 20 links (`restrictChainLength`).
//! Whenever a strong link lands on the start digit, two links or more from the start,
//! the cells holding that digit and seeing both ends lose it: the chain is recorded.

use super::choice::Findings;
use super::links::{ChainKind, Links};
use super::literal::Lit;
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::step::Eliminations;

/// HoDoKu's default limit on a simple chain's links.
const MAX_LINKS: usize = 20;

/// A level of the search: the candidate reached, whether the next link must be strong,
/// and which of its links comes next.
#[derive(Copy, Clone)]
struct Level {
    cell: Cell,
    digit: Digit,
    strong_only: bool,
    next: usize,
    end: usize,
}

/// Records into `findings` every chain of `kind` that removes something, as HoDoKu does.
pub fn search(grid: &Candidates, links: &Links, kind: ChainKind, findings: &mut Findings) {
    let mut search = Search {
        grid,
        links,
        kind,
        findings,
        chain: Vec::with_capacity(MAX_LINKS + 1),
        levels: [Level {
            cell: Cell::from_index(0),
            digit: Digit::from_index(0),
            strong_only: false,
            next: 0,
            end: 0,
        }; MAX_LINKS + 1],
    };
    for start in grid.unsolved().iter() {
        for digit in grid.candidates(start).iter() {
            for first in links.of(start, digit) {
                let opens = first.strong
                    && match kind {
                        ChainKind::X => first.digit == digit,
                        ChainKind::Xy => first.cell == start,
                    };
                if opens {
                    search.from(start, digit, first.cell, first.digit);
                }
            }
        }
    }
}

struct Search<'a> {
    grid: &'a Candidates,
    links: &'a Links,
    kind: ChainKind,
    findings: &'a mut Findings,
    /// The chain so far: its start (off), then each link (on when strong).
    chain: Vec<Lit>,
    levels: [Level; MAX_LINKS + 1],
}

impl Search<'_> {
    /// Every chain from `start` (holding `digit`) whose first, strong, link goes to
    /// `digit2` in `cell`.
    fn from(&mut self, start: Cell, digit: Digit, cell: Cell, digit2: Digit) {
        // Cells holding the start digit that see the start: those that also see the end
        // lose the digit.
        let seeing_start = start.peers() & self.grid.cells_with(digit);
        self.chain.clear();
        self.chain.push(Lit::candidate(start, digit, false));
        self.chain.push(Lit::candidate(cell, digit2, true));
        // The cells the chain has left (HoDoKu's `chainSet`).
        let mut left = CellSet::single(start);
        let mut depth = 1;
        self.levels[1] = self.level(cell, digit2, false);
        loop {
            let level = &mut self.levels[depth];
            if level.next >= level.end {
                depth -= 1;
                self.chain.truncate(depth + 1);
                left.remove(self.levels[depth].cell);
                if depth == 0 {
                    return;
                }
                continue;
            }
            let links = self.links;
            let link = links.of(level.cell, level.digit)[level.next];
            level.next += 1;
            let level = *level;
            if level.strong_only && !link.strong {
                continue;
            }
            if link.cell == level.cell && link.digit == level.digit {
                continue;
            }
            match self.kind {
                ChainKind::X if link.digit != digit => continue,
                ChainKind::Xy if level.strong_only && link.cell != level.cell => continue,
                _ => {}
            }
            let closes = left.contains(link.cell);
            if closes && link.cell != start {
                continue;
            }
            left.insert(level.cell);
            let strong = level.strong_only && link.strong;
            self.chain.truncate(depth + 1);
            self.chain
                .push(Lit::candidate(link.cell, link.digit, strong));
            depth += 1;
            if depth > 1 && strong && link.digit == digit {
                let targets = seeing_start & link.cell.peers();
                if !targets.is_empty() {
                    let mut eliminations = Eliminations::NONE;
                    eliminations.insert_cells(targets, digit);
                    self.findings.offer(None, eliminations, &self.chain);
                }
            }
            self.levels[depth] = if depth < MAX_LINKS && !closes {
                self.level(link.cell, link.digit, !level.strong_only)
            } else {
                // The chain may go no further from here.
                Level {
                    next: 0,
                    end: 0,
                    ..level
                }
            };
        }
    }

    fn level(&self, cell: Cell, digit: Digit, strong_only: bool) -> Level {
        Level {
            cell,
            digit,
            strong_only,
            next: 0,
            end: self.links.of(cell, digit).len(),
        }
    }
}
