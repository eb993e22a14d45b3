//! HoDoKu's depth-first search for simple chains (`ChainSolver.getChains`, `getChain`),
//! over the [`Links`] of X-Chains, XY-Chains or Remote Pairs.
//!
//! From every candidate (cells ascending, digits ascending) a chain starts with a strong
//! link (for XY-Chains and Remote Pairs, the one inside its bivalue cell) and goes on
//! through the links in their listed order, weak and strong in turn; where a weak link is
//! due a strong one may serve, and counts as weak (where a strong one is due, only the
//! strong links are looked at: HoDoKu skips the others in the same order). A chain never
//! enters a cell it has left (it may come back to its start, which ends that branch), and
//! stops at 20 links (`restrictChainLength`; a Turbot Fish has exactly 3). Whenever a strong link lands on the start
//! digit, two links or more from the start, and some cell holding that digit sees both
//! ends, the chain is recorded: those cells lose the digit. A Remote Pair is recorded from
//! four cells (seven links) on, with what HoDoKu's `checkRemotePairs` removes.
//!
//! [`first_within`] walks the same way from one start, cut by a [`Bound`] (a length and
//! each state's distance to the ends wanted), and stops at the first chain that meets it:
//! how [`super::best`] finds the one chain the solver applies.

use super::links::{ChainKind, Links};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::step::Eliminations;
use crate::technique::chains::choice::Findings;
use crate::technique::chains::engine::literal::Lit;

/// HoDoKu's default limit on a simple chain's links.
pub const MAX_LINKS: usize = 20;

/// The links of a Turbot Fish (which [`super::turbot`] finds straight from the grid: this
/// search, stopped at three links, is what its test holds it to).
const TURBOT_LINKS: usize = 3;

/// The links of the shortest Remote Pair: four cells.
const REMOTE_PAIR_LINKS: usize = 7;

/// A level of the search: the cell of the candidate reached, whether the next link must
/// be strong, and which of its links come next (positions in the strong or the weak list).
#[derive(Copy, Clone, Default)]
struct Level {
    cell: u8,
    strong_only: bool,
    next: u32,
    end: u32,
}

/// Records into `findings` every chain of `links` that starts with one of `digits` and
/// removes something, as HoDoKu does.
pub fn search(grid: &Candidates, links: &Links, digits: DigitSet, findings: &mut Findings) {
    let mut search = Search::new(grid, links, findings, None);
    for start in grid.unsolved().iter() {
        for digit in (grid.candidates(start) & digits).iter() {
            // The first link is strong: for X-Chains to the same digit in a house, for
            // XY-Chains to the other digit of the cell; those are the strong links.
            for &first in links.strong_of(start, digit) {
                search.from::<false>(start, digit, first.node);
            }
        }
    }
}

/// What a bounded walk looks for: a chain of exactly `length` links whose last, strong,
/// lands on the start digit in one of `ends`, removing `eliminations`. It goes on from a
/// candidate only while `distance` (per [`state`], the fewest links from there to such an
/// end, or more) leaves room.
pub struct Bound<'a> {
    pub length: usize,
    pub ends: CellSet,
    pub eliminations: Eliminations,
    pub distance: &'a [u8],
}

/// A walk's state after a link: the candidate reached (`node`) and whether the next link
/// must be strong.
#[inline]
pub fn state(node: u16, strong_next: bool) -> usize {
    usize::from(node) * 2 + usize::from(strong_next)
}

/// The cell of a walk's [`state`].
#[inline]
pub fn cell_of(state: usize) -> Cell {
    Cell::from_index(state / 2 / 9)
}

/// Walks the chains from `start` and `digit` as [`search`] does, cut by `bound`, and
/// offers `findings` the first that meets it; whether there is one.
pub fn first_within(
    grid: &Candidates,
    links: &Links,
    start: Cell,
    digit: Digit,
    bound: Bound<'_>,
    findings: &mut Findings,
) -> bool {
    let mut search = Search::new(grid, links, findings, Some(bound));
    for &first in links.strong_of(start, digit) {
        search.from::<true>(start, digit, first.node);
        if search.done {
            return true;
        }
    }
    false
}

struct Search<'a> {
    grid: &'a Candidates,
    links: &'a Links,
    findings: &'a mut Findings,
    /// The chain so far: its start (off), then each link (on when strong).
    chain: [Lit; MAX_LINKS + 1],
    levels: [Level; MAX_LINKS + 1],
    bound: Option<Bound<'a>>,
    /// Whether a bounded walk has found its chain.
    done: bool,
}

impl<'a> Search<'a> {
    fn new(
        grid: &'a Candidates,
        links: &'a Links,
        findings: &'a mut Findings,
        bound: Option<Bound<'a>>,
    ) -> Search<'a> {
        Search {
            grid,
            links,
            findings,
            chain: [Lit::candidate(Cell::from_index(0), Digit::from_index(0), false);
                MAX_LINKS + 1],
            levels: [Level::default(); MAX_LINKS + 1],
            bound,
            done: false,
        }
    }

    /// Every chain from `start` (holding `digit`) whose first, strong, link goes to
    /// candidate `first`.
    ///
    /// `BOUNDED`: whether `self.bound` cuts the walk (compiled apart, so that the
    /// full search pays nothing for it).
    #[inline(always)]
    fn from<const BOUNDED: bool>(&mut self, start: Cell, digit: Digit, first: u16) {
        // Cells holding the start digit that see the start: those that also see the end
        // lose the digit.
        let seeing_start = start.peers() & self.grid.cells_with(digit);
        if seeing_start.is_empty() {
            // No chain from here can remove anything.
            return;
        }
        self.chain[0] = Lit::candidate(start, digit, false);
        self.chain[1] = Lit::of_node(first, true);
        // The cells the chain has left (HoDoKu's `chainSet`): 128 slots, indexed by a cell
        // number masked to 7 bits, which the compiler needs no bounds check for.
        let mut left = [false; 128];
        left[start.index() & 127] = true;
        let mut depth = 1;
        let max_links = if self.links.kind() == Some(ChainKind::Turbot) {
            TURBOT_LINKS
        } else {
            MAX_LINKS
        };
        self.levels[1] = self.level(first, false);
        loop {
            let level = &mut self.levels[depth];
            if level.next >= level.end {
                depth -= 1;
                left[usize::from(self.levels[depth].cell) & 127] = false;
                if depth == 0 {
                    return;
                }
                continue;
            }
            let link = if level.strong_only {
                self.links.strong(level.next as usize)
            } else {
                self.links.weak(level.next as usize)
            };
            level.next += 1;
            let level = *level;
            let cell = link.cell();
            let closes = left[cell.index() & 127];
            if closes && cell != start {
                continue;
            }
            left[usize::from(level.cell) & 127] = true;
            let strong = level.strong_only;
            depth += 1;
            self.chain[depth] = Lit::of_node(link.node, strong);
            if depth > 1 && strong && link.digit() == digit {
                if BOUNDED {
                    let bound = self.bound.as_ref().expect("a bounded walk has a bound");
                    if depth == bound.length && bound.ends.contains(cell) {
                        self.findings
                            .offer(None, bound.eliminations, &self.chain[..=depth]);
                        self.done = true;
                        return;
                    }
                } else {
                    self.record(digit, depth, seeing_start & cell.peers());
                }
            }
            let within = !BOUNDED
                || self.bound.as_ref().is_some_and(|bound| {
                    depth < bound.length
                        && depth + usize::from(bound.distance[state(link.node, !strong)])
                            <= bound.length
                });
            self.levels[depth] = if depth < max_links && !closes && within {
                self.level(link.node, !strong)
            } else {
                // The chain may go no further from here.
                Level::default()
            };
        }
    }

    /// Offers the chain `chain[..=depth]`, which ends on the start digit where `targets`
    /// see both ends, if it removes something.
    #[inline]
    fn record(&mut self, digit: Digit, depth: usize, targets: CellSet) {
        if targets.is_empty() {
            return;
        }
        let eliminations = if self.links.kind() == Some(ChainKind::RemotePair) {
            if depth < REMOTE_PAIR_LINKS {
                return;
            }
            self.remote_pair_eliminations(depth, targets)
        } else {
            let mut eliminations = Eliminations::NONE;
            eliminations.insert_cells(targets, digit);
            eliminations
        };
        self.findings
            .offer(None, eliminations, &self.chain[..=depth]);
    }

    /// What the Remote Pair of `chain[..=depth]` removes (HoDoKu's `checkRemotePairs`):
    /// for four cells, the start digit from `targets` (the cells seeing both ends) and the
    /// other digit from the cells seeing both ends; for more, both digits from the cells
    /// seeing two cells of the chain an odd number of cells apart, three or more.
    fn remote_pair_eliminations(&self, depth: usize, targets: CellSet) -> Eliminations {
        let cell_at = |i: usize| Lit::as_candidate(self.chain[i]).expect("a candidate").0;
        let (start, digit) = Lit::as_candidate(self.chain[0]).expect("a candidate");
        let other = Lit::as_candidate(self.chain[1]).expect("a candidate").1;
        let mut eliminations = Eliminations::NONE;
        if depth == REMOTE_PAIR_LINKS {
            let end = cell_at(depth);
            eliminations.insert_cells(targets, digit);
            eliminations.insert_cells(
                start.peers() & end.peers() & self.grid.cells_with(other),
                other,
            );
            return eliminations;
        }
        // The chain enters its cells at even positions.
        for i in (0..=depth).step_by(2) {
            for j in (i + 6..=depth).step_by(4) {
                let seeing = cell_at(i).peers() & cell_at(j).peers();
                eliminations.insert_cells(seeing & self.grid.cells_with(digit), digit);
                eliminations.insert_cells(seeing & self.grid.cells_with(other), other);
            }
        }
        eliminations
    }

    fn level(&self, node: u16, strong_only: bool) -> Level {
        let (next, end) = if strong_only {
            self.links.strong_range(usize::from(node))
        } else {
            self.links.weak_range(usize::from(node))
        };
        Level {
            cell: (node / 9) as u8,
            strong_only,
            next: next as u32,
            end: end as u32,
        }
    }
}
