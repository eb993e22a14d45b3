//! The chain the solver applies, found without walking every chain.
//!
//! [`super::search`] walks every chain, as HoDoKu does, to keep the shortest of each set of
//! eliminations and rank them all ([`crate::technique::chains::choice`]); on a grid rich in
//! bivalue cells that is thousands of XY-Chains. But a chain's eliminations depend only on
//! its start candidate and its end cell, and the solver wants only the first of the
//! ranking. So:
//!
//! 1. a breadth-first pass from each start, which lets a chain cross a cell twice (though
//!    not go on from its start cell, which ends a chain), gives every end a chain could
//!    reach (more than the chains do) and a bound under the length of a chain to it;
//! 2. the ends' elimination sets are ranked by HoDoKu's first two keys: more eliminations,
//!    then the smaller weighted index sum;
//! 3. the best set's chain is looked for with the depth-first search itself, bounded: each
//!    length from the shortest possible up, starts in the search's order, every walk cut
//!    where it cannot reach one of the set's ends within the length. The first chain found
//!    is the one the full search keeps for the set: the first found of the shortest. A set
//!    no chain reaches gives way to the next.
//!
//! When the best set ties another on both keys, only the order the full search finds them
//! in decides: the caller then walks every chain. Remote Pairs, whose eliminations depend on
//! the whole chain, are not searched this way.

use super::links::{ChainKind, Links};
use super::search::{Bound, MAX_LINKS, cell_of, first_within, state};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::step::Eliminations;
use crate::technique::chains::choice::Findings;
use crate::technique::chains::engine::literal::CANDIDATE_NODES;

/// Walk states: a candidate and whether the next link must be strong.
const STATES: usize = 2 * CANDIDATE_NODES;

/// A state no walk reaches, or no end is reached from.
const FAR: u8 = u8::MAX;

/// An end some start's chains may reach, and what a chain to it would remove.
#[derive(Clone, Copy)]
struct End {
    start: Cell,
    digit: Digit,
    cell: Cell,
    /// The fewest links a chain to it can have.
    links: u8,
    targets: CellSet,
    count: u32,
    index_sum: i64,
}

impl End {
    fn set(&self) -> (Digit, CellSet) {
        (self.digit, self.targets)
    }
}

/// A start with chains to a set of eliminations: the ends that give it, and the fewest
/// links a chain to one of them can have.
#[derive(Clone, Copy)]
struct SetStart {
    start: Cell,
    digit: Digit,
    ends: CellSet,
    links: u8,
}

/// A depth per walk state, for every number [`state`] can give (a node is a `u16`), so
/// that a state indexes it without a bounds check; only the [`STATES`] first are used.
struct Depths(Box<[u8; 1 << 17]>);

impl Default for Depths {
    fn default() -> Self {
        Depths(
            vec![FAR; 1 << 17]
                .into_boxed_slice()
                .try_into()
                .expect("the length is right"),
        )
    }
}

/// The buffers of the search, kept by the caller from grid to grid.
#[derive(Default)]
pub struct Best {
    /// Per state, the links of the shortest walk to it from the current start ([`FAR`]
    /// between walks).
    depth: Depths,
    queue: Vec<u16>,
    /// The cells the current start's walks have ended in.
    ended: CellSet,
    ends: Vec<End>,
    /// The digits of the starts with ends.
    digits_with_ends: DigitSet,
    /// The starts of the set looked for, and per start and state, the fewest links from
    /// the state to one of the start's ends.
    set_starts: Vec<SetStart>,
    distances: Vec<u8>,
    /// How many sets no chain reaches were passed over (for the tests).
    #[cfg(test)]
    unreached_sets: usize,
}

impl Best {
    /// Offers `findings` the one chain of `kind` (X-Chain or XY-Chain, starting with one
    /// of `digits`) that the full search would rank first, or nothing when it would find
    /// none; false, with `findings` untouched, when only the full search can tell.
    ///
    /// `links` are built here, from the candidates of `digits`, when a chain is to be
    /// walked: an XY-Chain's ends are listed from the grid alone, and most grids need no
    /// chain walked, so on true they may be left as they were. On false they are built.
    pub fn find(
        &mut self,
        grid: &Candidates,
        links: &mut Links,
        kind: ChainKind,
        digits: DigitSet,
        findings: &mut Findings,
    ) -> bool {
        let by_cells = kind == ChainKind::Xy;
        let mut built = false;
        let mut build = |links: &mut Links| {
            if !built {
                links.build(grid, kind, digits, CellSet::ALL);
                built = true;
            }
        };
        if !by_cells {
            build(links);
        }
        self.list_ends(grid, links, by_cells, digits);
        // A stable sort: on equal keys, the order of the starts.
        self.ends
            .sort_by_key(|end| (std::cmp::Reverse(end.count), end.index_sum));
        while let Some(&best) = self.ends.first() {
            let key = (best.count, best.index_sum);
            let tied = self
                .ends
                .iter()
                .take_while(|end| (end.count, end.index_sum) == key)
                .any(|end| end.set() != best.set());
            build(links);
            if tied {
                return false;
            }
            if self.chain_for(grid, links, best.set(), findings) {
                return true;
            }
            #[cfg(test)]
            {
                self.unreached_sets += 1;
            }
            self.ends.retain(|end| end.set() != best.set());
        }
        true
    }

    /// The digits some start's walks found an end for in the last search: the others have
    /// no chain.
    pub fn digits_with_ends(&self) -> DigitSet {
        self.digits_with_ends
    }

    /// Every end a walk from each start reaches with a strong link on the start digit,
    /// where some cell holding that digit sees the start and the end: for XY-Chains
    /// (`by_cells`) from the grid alone, else through `links`.
    fn list_ends(&mut self, grid: &Candidates, links: &Links, by_cells: bool, digits: DigitSet) {
        self.ends.clear();
        self.digits_with_ends = DigitSet::EMPTY;
        // An XY-Chain starts in a bivalue cell (its one strong link is inside it), and is
        // walked a cell at a time.
        let bivalue = grid.cells_with_exactly(2);
        let holders: [CellSet; 9] =
            std::array::from_fn(|i| bivalue & grid.cells_with(Digit::from_index(i)));
        let starts = if by_cells { bivalue } else { grid.unsolved() };
        // Every walk leaves the depths as it found them: all far.
        for start in starts.iter() {
            for digit in (grid.candidates(start) & digits).iter() {
                let seeing_start = start.peers() & grid.cells_with(digit);
                if seeing_start.is_empty()
                    || (!by_cells && links.strong_of(start, digit).is_empty())
                {
                    continue;
                }
                let listed = self.ends.len();
                if by_cells {
                    self.walk_cells(grid, &holders, start, digit, seeing_start);
                } else {
                    self.walk_from(links, start, digit, seeing_start);
                }
                if self.ends.len() > listed {
                    self.digits_with_ends.insert(digit);
                }
            }
        }
    }

    /// The breadth-first pass from `start` and `digit`.
    fn walk_from(&mut self, links: &Links, start: Cell, digit: Digit, seeing_start: CellSet) {
        self.queue.clear();
        self.ended = CellSet::EMPTY;
        for first in links.strong_of(start, digit) {
            let first = state(first.node, false);
            if self.depth.0[first] == FAR {
                self.depth.0[first] = 1;
                self.queue.push(first as u16);
            }
        }
        let mut next = 0;
        while next < self.queue.len() {
            let from = usize::from(self.queue[next]);
            next += 1;
            let depth = self.depth.0[from];
            // A chain that comes back to its start cell goes no further.
            if usize::from(depth) >= MAX_LINKS || (depth > 1 && cell_of(from) == start) {
                continue;
            }
            let strong = from % 2 == 1;
            for link in links.of(from / 2, strong) {
                if strong && link.digit() == digit {
                    let cell = link.cell();
                    let targets = seeing_start & cell.peers();
                    if !self.ended.contains(cell) && !targets.is_empty() {
                        self.ended.insert(cell);
                        self.push_end(start, digit, cell, depth + 1, targets);
                    }
                }
                let to = state(link.node, !strong);
                if self.depth.0[to] == FAR {
                    self.depth.0[to] = depth + 1;
                    self.queue.push(to as u16);
                }
            }
        }
        for &state in &self.queue {
            self.depth.0[usize::from(state)] = FAR;
        }
    }

    /// [`Best::walk_from`] for XY-Chains, from cell to cell, all the weak links out of a
    /// cell at once.
    ///
    /// An XY-Chain's links alternate: a weak one into a bivalue cell (`holders[d]`: the
    /// bivalue cells holding `d`) with a digit, the strong one inside it to its other
    /// digit, which the next weak link leaves by. So the walk's states pair up: the state
    /// after a strong link is reached only through the state before it, one link
    /// shallower, which is in the same cell. The pass keeps, per digit, the cells entered
    /// with it (the start cell counts as entered: a walk coming back to it goes no
    /// further) and a queue of the cells left, with the digit they are left by: one level
    /// of the queue after another, the cells entered from a level are its cells' peers
    /// holding their digit that were not entered with it before, and each is left by its
    /// other digit two links deeper, an end where that is the start digit. A state is
    /// gone on from when its links are fewer than [`MAX_LINKS`], so a cell left after `k`
    /// links leads on only when `k + 1` is.
    fn walk_cells(
        &mut self,
        grid: &Candidates,
        holders: &[CellSet; 9],
        start: Cell,
        digit: Digit,
        seeing_start: CellSet,
    ) {
        let other = |cell: Cell, digit: Digit| {
            let others = grid.candidates(cell) - DigitSet::single(digit);
            others.first().expect("a bivalue cell")
        };
        let mut entered = [CellSet::single(start); 9];
        self.queue.clear();
        self.queue.push(node(start, other(start, digit)));
        let (mut level, mut depth) = (0, 1);
        while usize::from(depth) + 1 < MAX_LINKS && level < self.queue.len() {
            let level_end = self.queue.len();
            for i in level..level_end {
                let left = usize::from(self.queue[i]);
                let (cell, by) = (Cell::from_index(left / 9), left % 9);
                let new = (cell.peers() & holders[by]) - entered[by];
                entered[by] |= new;
                for next in new.iter() {
                    let next_by = other(next, Digit::from_index(by));
                    if next_by == digit {
                        let targets = seeing_start & next.peers();
                        if !targets.is_empty() {
                            self.push_end(start, digit, next, depth + 2, targets);
                        }
                    }
                    self.queue.push(node(next, next_by));
                }
            }
            level = level_end;
            depth += 2;
        }
    }

    /// Lists the end `cell` of `start`'s walks on `digit`, `links` from it, where
    /// `targets` see both.
    fn push_end(&mut self, start: Cell, digit: Digit, cell: Cell, links: u8, targets: CellSet) {
        self.ends.push(End {
            start,
            digit,
            cell,
            links,
            targets,
            count: targets.len(),
            index_sum: index_sum(digit, targets),
        });
    }

    /// Looks for the chain the full search keeps for the elimination set `set` (its digit
    /// and cells) and offers it to `findings`; whether there is one.
    fn chain_for(
        &mut self,
        grid: &Candidates,
        links: &Links,
        set: (Digit, CellSet),
        findings: &mut Findings,
    ) -> bool {
        self.set_starts.clear();
        for end in self.ends.iter().filter(|end| end.set() == set) {
            let same_start = |s: &&mut SetStart| (s.start, s.digit) == (end.start, end.digit);
            match self.set_starts.iter_mut().find(same_start) {
                Some(start) => {
                    start.ends.insert(end.cell);
                    start.links = start.links.min(end.links);
                }
                None => self.set_starts.push(SetStart {
                    start: end.start,
                    digit: end.digit,
                    ends: CellSet::single(end.cell),
                    links: end.links,
                }),
            }
        }
        // In the search's order: cells, then digits.
        self.set_starts.sort_by_key(|s| (s.start, s.digit));
        self.distances.clear();
        self.distances.resize(self.set_starts.len() * STATES, FAR);
        for k in 0..self.set_starts.len() {
            self.find_distances(links, k);
        }
        let mut eliminations = Eliminations::NONE;
        eliminations.insert_cells(set.1, set.0);
        let shortest = self.set_starts.iter().map(|s| usize::from(s.links)).min();
        // Chains ending strong have an odd number of links.
        for length in (shortest.unwrap_or(MAX_LINKS)..=MAX_LINKS).step_by(2) {
            for (k, s) in self.set_starts.iter().enumerate() {
                if usize::from(s.links) > length {
                    continue;
                }
                let bound = Bound {
                    length,
                    ends: s.ends,
                    eliminations,
                    distance: &self.distances[k * STATES..(k + 1) * STATES],
                };
                if first_within(grid, links, s.start, s.digit, bound, findings) {
                    return true;
                }
            }
        }
        false
    }

    /// Per state, the fewest links from it to a strong link landing on the start digit in
    /// one of the ends of set start `k` (ignoring which cells a chain has crossed: never
    /// more than a chain needs).
    ///
    /// The walk goes backwards, from each state to those with a link to it; as the links
    /// are symmetric ([`Links`]: `u` lists `v` in its strong, or weak, list just when `v`
    /// lists `u` in the same list), the states with a link to `(v, strong next)` are the
    /// `(u, weak next)` for the `u` that `v` lists as weak, and those with a link to
    /// `(v, weak next)` the `(u, strong next)` for the `u` it lists as strong.
    fn find_distances(&mut self, links: &Links, k: usize) {
        let SetStart {
            start, digit, ends, ..
        } = self.set_starts[k];
        let distance = &mut self.distances[k * STATES..(k + 1) * STATES];
        self.queue.clear();
        for cell in ends.iter() {
            // Reached by a strong link: the next must be weak.
            let goal = state((cell.index() * 9 + digit.index()) as u16, false);
            distance[goal] = 0;
            self.queue.push(goal as u16);
        }
        let mut next = 0;
        while next < self.queue.len() {
            let to = usize::from(self.queue[next]);
            next += 1;
            let depth = distance[to];
            if usize::from(depth) >= MAX_LINKS {
                continue;
            }
            let strong_next = to % 2 == 1;
            for link in links.of(to / 2, !strong_next) {
                let from = state(link.node, !strong_next);
                if distance[from] == FAR {
                    distance[from] = depth + 1;
                    // A chain is in its start cell only after its first link.
                    if cell_of(from) != start {
                        self.queue.push(from as u16);
                    }
                }
            }
        }
    }
}

/// The candidate node of `digit` in `cell`.
fn node(cell: Cell, digit: Digit) -> u16 {
    (cell.index() * 9 + digit.index()) as u16
}

/// HoDoKu's weighted index sum ([`crate::technique::chains::choice::index_sum`]) of
/// `digit` removed from `cells`: listed by cell, the k-th (from 0) adds
/// `cell * (1 + 80 k) + digit`.
fn index_sum(digit: Digit, cells: CellSet) -> i64 {
    cells
        .iter()
        .enumerate()
        .map(|(k, cell)| cell.index() as i64 * (1 + 80 * k as i64) + i64::from(digit.get()))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{Uniqueness, analyse};
    use crate::puzzle::Puzzle;
    use crate::technique::chains::simple::search::search;
    use crate::technique::test_grids::sample_grids_after_singles;

    /// The first chain `findings` ranks: what it removes, and its literals.
    fn first(
        findings: &Findings,
    ) -> Option<(
        Eliminations,
        Vec<crate::technique::chains::engine::literal::Lit>,
    )> {
        let found = findings.iter().next()?;
        Some((found.eliminations, findings.chain(found).to_vec()))
    }

    /// The ends `best.ends` lists from `listed` on, by cell.
    fn ends_from(best: &Best, listed: usize) -> Vec<(usize, u8, u128)> {
        let mut ends: Vec<_> = best.ends[listed..]
            .iter()
            .map(|end| (end.cell.index(), end.links, end.targets.bits()))
            .collect();
        ends.sort_unstable();
        ends
    }

    #[test]
    fn the_walk_by_cells_lists_the_ends_the_walk_by_links_lists() {
        let (mut links, mut best) = (Links::default(), Best::default());
        let mut seed = 0x9e37_79b9_u64;
        let (mut compared, mut deep) = (0, 0);
        for (_, mut grid) in sample_grids_after_singles(60) {
            for _ in 0..8 {
                links.build(&grid, ChainKind::Xy, DigitSet::ALL, CellSet::ALL);
                let bivalue = grid.cells_with_exactly(2);
                let holders: [CellSet; 9] =
                    std::array::from_fn(|i| bivalue & grid.cells_with(Digit::from_index(i)));
                for start in bivalue.iter() {
                    for digit in grid.candidates(start).iter() {
                        let seeing_start = start.peers() & grid.cells_with(digit);
                        best.ends.clear();
                        best.walk_from(&links, start, digit, seeing_start);
                        let by_links = ends_from(&best, 0);
                        best.walk_cells(&grid, &holders, start, digit, seeing_start);
                        assert_eq!(ends_from(&best, by_links.len()), by_links);
                        compared += by_links.len();
                        deep += by_links.iter().filter(|end| end.1 > 9).count();
                    }
                }
                // Fewer candidates, more bivalue cells (whether a digit is right does not
                // matter to the walks).
                for _ in 0..10 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let cell = Cell::from_index((seed % 81) as usize);
                    let candidates = grid.candidates(cell);
                    if candidates.len() > 2 {
                        let digit = candidates.iter().nth((seed >> 8) as usize % 2);
                        grid.eliminate(cell, digit.expect("three digits or more"));
                    }
                }
            }
        }
        assert!(
            compared > 1000 && deep > 100,
            "{compared} ends, {deep} deep"
        );
    }

    #[test]
    fn the_chain_found_is_the_one_the_full_search_ranks_first() {
        let (mut links, mut best) = (Links::default(), Best::default());
        let (mut found, mut full) = (Findings::default(), Findings::default());
        let (mut chains, mut none) = ([0, 0], 0);
        // Real grids after their singles, then thinned step by step (false candidates
        // removed, pseudo-randomly) into grids richer in bivalue cells.
        let mut seed = 0x2545_f491_u64;
        for (line, mut grid) in sample_grids_after_singles(150) {
            let puzzle = Puzzle::parse_line(&line).expect("sample puzzles parse");
            let Uniqueness::Unique(solution) = analyse(&puzzle) else {
                panic!("{line}: one solution")
            };
            for round in 0..6 {
                for kind in [ChainKind::Xy, ChainKind::X] {
                    found.clear();
                    full.clear();
                    // The links are those of the other kind, or of the grid before: `find`
                    // builds what it needs.
                    let best_only = best.find(&grid, &mut links, kind, DigitSet::ALL, &mut found);
                    links.build(&grid, kind, DigitSet::ALL, CellSet::ALL);
                    search(&grid, &links, DigitSet::ALL, &mut full);
                    full.rank();
                    if best_only {
                        assert_eq!(
                            first(&found),
                            first(&full),
                            "{line}, {kind:?}, round {round}"
                        );
                        assert!(found.iter().nth(1).is_none(), "{line}: one chain");
                        match first(&found) {
                            Some(_) => chains[usize::from(kind == ChainKind::X)] += 1,
                            None => none += 1,
                        }
                        // Digits without ends have no chain.
                        for found in full.iter() {
                            assert!(
                                found
                                    .eliminations
                                    .digits()
                                    .is_subset_of(best.digits_with_ends())
                            );
                        }
                    } else {
                        // Two sets tie: the full search decides, and nothing is offered here.
                        assert!(found.iter().next().is_none(), "{line}");
                    }
                }
                for _ in 0..12 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let cell = crate::geometry::Cell::from_index((seed % 81) as usize);
                    let candidates = grid.candidates(cell);
                    let Some(digit) = candidates.iter().find(|&d| d != solution.get(cell)) else {
                        continue;
                    };
                    if candidates.len() > 2 {
                        grid.eliminate(cell, digit);
                    }
                }
            }
        }
        assert!(
            chains[0] > 300 && chains[1] > 100 && none > 10,
            "{chains:?} chains (XY, X), {none} grids without"
        );
        assert!(best.unreached_sets > 0, "no set was passed over");
    }
}
