//! Where chains of implications can go: for every literal of a grid, the set of literals
//! a breadth-first walk from it reaches, all computed at once.
//!
//! The graph is the grid's implication rows ([`Implications`]) or any other graph over
//! its literals ([`Successors`]: the forcing nets' direct table entries). Its literals are
//! numbered densely (the grid's candidates, cells then digits, off then on; then its group
//! nodes), but for those the graph cuts off (no literal leads to them and they lead
//! nowhere: the dead ends of live implications, most of the "off" literals), which reach
//! themselves alone and which no set holds: leaving them out keeps every set shorter.
//! Petgraph's Tarjan search splits the graph into strongly connected components
//! and hands them over successors first, so each component's reach is its own members and
//! its successors' reaches, at most one OR of bit rows per edge. What a table holds when
//! its capacity does not cut it short is what its premise reaches: a search asks here
//! first, and fills only the tables that matter.

use super::implications::Implications;
use super::literal::{CANDIDATE_NODES, GroupNodes, Lit};
use crate::candidates::Candidates;
use petgraph::algo::TarjanScc;
use petgraph::visit::{GraphBase, IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};

/// How a set of literals lies in its words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Every literal of the grid, one bit each, by dense number.
    Dense,
    /// The candidates alone, as per digit the cells "on", then per digit the cells "off"
    /// (each a [`crate::bitset::CellSet`]'s 128 bits); group nodes are followed but not recorded.
    Candidates,
}

/// The literals each literal reaches, for one grid's implications.
pub struct Reach {
    /// The grid's literals, by dense number.
    lits: Vec<Lit>,
    /// Per literal number ([`Lit::index`]), its dense number (`u16::MAX`: not in the grid,
    /// or cut off).
    dense: Vec<u16>,
    /// Per dense number, its bit in a set (`u16::MAX`: not recorded).
    bit: Vec<u16>,
    /// The graph by dense numbers: per dense number, where its successors start in
    /// `successors` (one more entry closes the last), read twice per build.
    first_successor: Vec<u32>,
    successors: Vec<u16>,
    layout: Layout,
    /// Per dense number, its component, or [`IMPLIES_NOTHING`] (it reaches itself alone
    /// and has no row).
    component: Vec<u32>,
    /// Per component, `words` words: the literals it reaches, as the layout says.
    rows: Vec<u64>,
    words: usize,
    tarjan: TarjanScc<u16>,
}

impl Default for Reach {
    fn default() -> Self {
        Reach {
            lits: Vec::new(),
            dense: Vec::new(),
            bit: Vec::new(),
            first_successor: Vec::new(),
            successors: Vec::new(),
            layout: Layout::Dense,
            component: Vec::new(),
            rows: Vec::new(),
            words: 0,
            tarjan: TarjanScc::new(),
        }
    }
}

/// The component of a literal that implies nothing: it reaches itself alone.
const IMPLIES_NOTHING: u32 = u32::MAX;

/// The edges a reach follows: what each literal leads to at once.
pub trait Successors {
    /// The literals `lit` leads to at once.
    fn of(&self, lit: Lit) -> impl Iterator<Item = Lit> + '_;

    /// Whether `lit` is known to be cut off: no literal leads to it and it leads nowhere.
    /// (A graph need not tell: a literal it does not say is cut off is numbered.)
    #[inline]
    fn is_cut_off(&self, _lit: Lit) -> bool {
        false
    }
}

impl Successors for Implications {
    #[inline]
    fn of(&self, lit: Lit) -> impl Iterator<Item = Lit> + '_ {
        Implications::of(self, lit).iter().copied()
    }

    /// A dead end of live implications: no row holds it, and it implies nothing.
    #[inline]
    fn is_cut_off(&self, lit: Lit) -> bool {
        self.is_live() && self.is_dead_end(lit)
    }
}

/// The graph over dense literal numbers, as petgraph sees it.
struct Graph<'a> {
    first_successor: &'a [u32],
    successors: &'a [u16],
}

impl<'a> Graph<'a> {
    #[inline]
    fn successors_of(&self, node: u16) -> &'a [u16] {
        let node = usize::from(node);
        &self.successors
            [self.first_successor[node] as usize..self.first_successor[node + 1] as usize]
    }
}

impl GraphBase for Graph<'_> {
    type NodeId = u16;
    type EdgeId = ();
}

impl NodeIndexable for &Graph<'_> {
    fn node_bound(&self) -> usize {
        self.first_successor.len() - 1
    }

    fn to_index(&self, node: u16) -> usize {
        usize::from(node)
    }

    fn from_index(&self, index: usize) -> u16 {
        index as u16
    }
}

impl<'a> IntoNodeIdentifiers for &Graph<'a> {
    type NodeIdentifiers = Roots<'a>;

    /// The nodes Tarjan's search starts from: those with successors. A node without
    /// any (an "off" literal that is a dead end, most of a grid's) is its own component
    /// and implies nothing, which is what a node never visited is taken for: starting a
    /// search from it would only hand it over alone.
    fn node_identifiers(self) -> Self::NodeIdentifiers {
        Roots {
            first_successor: self.first_successor,
            next: 0,
        }
    }
}

/// The nodes with successors, in order.
struct Roots<'a> {
    first_successor: &'a [u32],
    next: usize,
}

impl Iterator for Roots<'_> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.next + 1 < self.first_successor.len() {
            let node = self.next;
            self.next += 1;
            if self.first_successor[node] != self.first_successor[node + 1] {
                return Some(node as u16);
            }
        }
        None
    }
}

impl<'a> IntoNeighbors for &Graph<'a> {
    type Neighbors = std::iter::Copied<std::slice::Iter<'a, u16>>;

    #[inline]
    fn neighbors(self, node: u16) -> Self::Neighbors {
        self.successors_of(node).iter().copied()
    }
}

impl Reach {
    /// Computes what every literal of `grid` (with `groups`) reaches over `successors`
    /// (the implications built for that grid and those groups, or any graph over their
    /// literals), as sets laid out as `layout` says.
    pub fn build<S: Successors>(
        &mut self,
        grid: &Candidates,
        groups: &GroupNodes,
        successors: &S,
        layout: Layout,
    ) {
        // Only the previous grid's literals have a dense number to take back: a grid
        // holds a few hundred of the 1,458 candidate literals.
        for lit in self.lits.drain(..) {
            if let Some(number) = self.dense.get_mut(lit.index()) {
                *number = u16::MAX;
            }
        }
        let numbered = |lit: &Lit| !successors.is_cut_off(*lit);
        for cell in grid.unsolved().iter() {
            for digit in grid.candidates(cell).iter() {
                let pair = [false, true].map(|on| Lit::candidate(cell, digit, on));
                self.lits.extend(pair.into_iter().filter(numbered));
            }
        }
        for (g, _) in groups.iter() {
            let pair = [false, true].map(|on| Lit::group(g, on));
            self.lits.extend(pair.into_iter().filter(numbered));
        }
        let nodes = 2 * (CANDIDATE_NODES + groups.len());
        self.dense.truncate(nodes);
        self.dense.resize(nodes, u16::MAX);
        for (number, lit) in self.lits.iter().enumerate() {
            self.dense[lit.index()] = number as u16;
        }
        let count = self.lits.len();
        self.first_successor.clear();
        self.successors.clear();
        for &lit in &self.lits {
            self.first_successor.push(self.successors.len() as u32);
            let dense = &self.dense;
            self.successors
                .extend(successors.of(lit).map(|next| dense[next.index()]));
        }
        self.first_successor.push(self.successors.len() as u32);
        self.layout = layout;
        self.bit.clear();
        match layout {
            Layout::Dense => {
                self.words = count.div_ceil(64);
                self.bit.extend(0..count as u16);
            }
            Layout::Candidates => {
                self.words = 2 * 9 * 2;
                self.bit
                    .extend(self.lits.iter().map(|lit| match lit.as_candidate() {
                        Some((cell, digit)) => {
                            let set = digit.index() + if lit.is_on() { 0 } else { 9 };
                            (set * 128 + cell.index()) as u16
                        }
                        None => u16::MAX,
                    }));
            }
        }
        self.component.clear();
        // A literal's component is set when Tarjan's search hands it over, successors
        // first: one still unset among a component's successors implies nothing.
        self.component.resize(count, IMPLIES_NOTHING);
        // One row per component but those of a literal that implies nothing.
        self.rows.clear();
        let Reach {
            bit,
            first_successor,
            successors,
            component,
            rows,
            words,
            tarjan,
            ..
        } = self;
        let graph = Graph {
            first_successor,
            successors,
        };
        // Dense sets number their bits as the literals: a search of its own, without the
        // lookups.
        match layout {
            Layout::Dense => condense(tarjan, &graph, component, rows, *words, Some),
            Layout::Candidates => condense(tarjan, &graph, component, rows, *words, |n| {
                let bit = bit[n];
                (bit != u16::MAX).then_some(usize::from(bit))
            }),
        }
    }

    /// How many words a set of this grid's literals takes.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The set of the literals `lit` reaches, itself included; `None` when it implies
    /// nothing (it reaches itself alone).
    pub fn of(&self, lit: Lit) -> Option<&[u64]> {
        // A literal cut off has no number, and no component.
        let component = *self.component.get(usize::from(self.dense[lit.index()]))?;
        if component == IMPLIES_NOTHING {
            return None;
        }
        let row = component as usize * self.words;
        Some(&self.rows[row..row + self.words])
    }

    /// The grid's literals but those cut off, each with its bit in a set
    /// ([`Layout::Dense`]).
    #[cfg(test)]
    fn numbered(&self) -> impl Iterator<Item = (usize, Lit)> + '_ {
        debug_assert_eq!(self.layout, Layout::Dense);
        self.lits.iter().copied().enumerate()
    }

    /// The bit of `lit` in a set ([`Layout::Dense`]); `None` when it is cut off (no set
    /// holds it).
    #[inline]
    pub fn number(&self, lit: Lit) -> Option<usize> {
        debug_assert_eq!(self.layout, Layout::Dense);
        let number = self.dense[lit.index()];
        (number != u16::MAX).then_some(usize::from(number))
    }

    /// Whether `set` holds `lit` ([`Layout::Dense`]).
    #[inline]
    pub fn holds(&self, set: &[u64], lit: Lit) -> bool {
        self.number(lit)
            .is_some_and(|number| set[number / 64] >> (number % 64) & 1 != 0)
    }

    /// Whether `test` passes for some literal of `set` that `mask` holds too, trying them
    /// in dense order and stopping at the first that passes ([`Layout::Dense`]). A plain
    /// loop over the words: a search asks this of most premises, and an iterator chain
    /// over the words cost it more than the tests themselves.
    #[inline]
    pub fn any_in(&self, set: &[u64], mask: &[u64], mut test: impl FnMut(Lit) -> bool) -> bool {
        debug_assert_eq!(self.layout, Layout::Dense);
        for (w, (&word, &m)) in set.iter().zip(mask).enumerate() {
            let mut bits = word & m;
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if test(self.lits[w * 64 + bit]) {
                    return true;
                }
            }
        }
        false
    }

    /// The literals of `set` in the mask `mask` gives for each word number.
    #[cfg(test)]
    fn literals_where<'a>(
        &'a self,
        set: &'a [u64],
        mask: impl Fn(usize) -> u64 + 'a,
    ) -> impl Iterator<Item = Lit> + 'a {
        set.iter().enumerate().flat_map(move |(w, &word)| {
            let mut bits = word & mask(w);
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.lits[w * 64 + bit]
                })
            })
        })
    }
}

/// Runs Tarjan's search over `graph`, giving each component that implies something its
/// row of `words` words in `rows` (the literals it reaches, each at the bit `to_bit` gives,
/// if any) and its members that row's number in `component`.
fn condense(
    tarjan: &mut TarjanScc<u16>,
    graph: &Graph<'_>,
    component: &mut [u32],
    rows: &mut Vec<u64>,
    words: usize,
    to_bit: impl Fn(usize) -> Option<usize>,
) {
    tarjan.run(graph, |members| {
        if let [member] = members
            && graph.successors_of(*member).is_empty()
        {
            // It implies nothing: it reaches itself alone, and needs no row.
            return;
        }
        let id = (rows.len() / words) as u32;
        let at = rows.len();
        // A few words: stores in a loop, cheaper than the call to memset a resize makes.
        rows.extend(std::iter::repeat_n(0, words));
        for &member in members {
            component[usize::from(member)] = id;
        }
        let record = |rows: &mut Vec<u64>, number: usize| {
            if let Some(bit) = to_bit(number) {
                rows[at + bit / 64] |= 1 << (bit % 64);
            }
        };
        for &member in members {
            record(rows, usize::from(member));
            // Last successor first: Tarjan's search visits them in order, so a later one
            // tends to lie in a later component, which may reach an earlier one (never the
            // reverse); its row then holds the earlier one, whose OR is skipped. (Sorting
            // them by component costs more than it saves.)
            for &next in graph.successors_of(member).iter().rev() {
                let next = usize::from(next);
                let other = component[next];
                if other == IMPLIES_NOTHING {
                    record(rows, next);
                    continue;
                }
                if other == id {
                    continue;
                }
                if let Some(next_bit) = to_bit(next)
                    && rows[at + next_bit / 64] >> (next_bit % 64) & 1 != 0
                {
                    // Reached through an earlier successor, with all it reaches.
                    continue;
                }
                // Emitted before this one (its row lies before): its row is complete.
                let (done, row) = rows.split_at_mut(at);
                let from = other as usize * words;
                for (word, reached) in row.iter_mut().zip(&done[from..from + words]) {
                    *word |= reached;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::chains::engine::table::Table;
    use crate::technique::test_grids::*;
    use std::collections::BTreeSet;

    impl Reach {
        /// Adds to `set` (of [`Reach::words`] words) every literal reached from any of
        /// `from`, those literals included.
        fn add_reached(&self, from: &[Lit], set: &mut [u64]) {
            for &lit in from {
                match self.of(lit) {
                    Some(row) => {
                        for (word, reached) in set.iter_mut().zip(row) {
                            *word |= reached;
                        }
                    }
                    None => {
                        let bit = usize::from(self.bit[usize::from(self.dense[lit.index()])]);
                        if bit != usize::from(u16::MAX) {
                            set[bit / 64] |= 1 << (bit % 64);
                        }
                    }
                }
            }
        }

        fn insert(&self, lit: Lit, set: &mut [u64]) {
            let number = usize::from(self.dense[lit.index()]);
            set[number / 64] |= 1 << (number % 64);
        }

        fn literals<'a>(&'a self, set: &'a [u64]) -> impl Iterator<Item = Lit> + 'a {
            self.literals_where(set, |_| u64::MAX)
        }
    }

    /// Every literal reached from `lit` by a breadth-first walk of the rows, itself
    /// included: the definition.
    fn walk(implications: &Implications, lit: Lit) -> BTreeSet<Lit> {
        let mut seen = BTreeSet::from([lit]);
        let mut queue = vec![lit];
        while let Some(next) = queue.pop() {
            for &implied in implications.of(next) {
                if seen.insert(implied) {
                    queue.push(implied);
                }
            }
        }
        seen
    }

    #[test]
    fn every_literal_reaches_what_a_walk_of_its_implications_reaches() {
        let mut reach = Reach::default();
        let mut implications = Implications::default();
        let mut checked = 0;
        for (_, grid) in sample_grids_after_singles(12) {
            for groups in [GroupNodes::none(), {
                let mut g = GroupNodes::none();
                g.fill(&grid);
                g
            }] {
                for live_up_to in [usize::MAX, 0, Table::CAPACITY] {
                    implications.build(&grid, &groups, live_up_to);
                    reach.build(&grid, &groups, &implications, Layout::Dense);
                    let mut by_candidates = Reach::default();
                    by_candidates.build(&grid, &groups, &implications, Layout::Candidates);
                    for &lit in &reach.lits {
                        let mut set = vec![0; reach.words()];
                        reach.add_reached(&[lit], &mut set);
                        let reached: BTreeSet<Lit> = reach.literals(&set).collect();
                        let walked = walk(&implications, lit);
                        assert_eq!(reached, walked, "{lit:?}\n{grid}");
                        // The same, candidates only, per digit on then off.
                        let mut expected = [0u64; 36];
                        for (cell, digit, on) in walked
                            .iter()
                            .filter_map(|l| l.as_candidate().map(|(c, d)| (c, d, l.is_on())))
                        {
                            let bit = (digit.index() + if on { 0 } else { 9 }) * 128 + cell.index();
                            expected[bit / 64] |= 1 << (bit % 64);
                        }
                        let mut reached = [0u64; 36];
                        by_candidates.add_reached(&[lit], &mut reached);
                        assert_eq!(reached, expected, "{lit:?}\n{grid}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_dead_ends_of_live_implications_alone_are_cut_off() {
        let mut cut_off = 0;
        for (_, grid) in sample_grids_after_singles(6) {
            let mut groups = GroupNodes::none();
            groups.fill(&grid);
            for live_up_to in [usize::MAX, 0] {
                let mut implications = Implications::default();
                implications.build(&grid, &groups, live_up_to);
                let mut reach = Reach::default();
                reach.build(&grid, &groups, &implications, Layout::Dense);
                let numbered: BTreeSet<Lit> = reach.lits.iter().copied().collect();
                let reached: BTreeSet<Lit> = numbered
                    .iter()
                    .flat_map(|&lit| walk(&implications, lit))
                    .collect();
                let every = vec![u64::MAX; reach.words()];
                for cell in grid.unsolved().iter() {
                    for digit in grid.candidates(cell).iter() {
                        for on in [false, true] {
                            let lit = Lit::candidate(cell, digit, on);
                            let dead = implications.is_live() && implications.is_dead_end(lit);
                            assert_eq!(numbered.contains(&lit), !dead, "{lit:?}");
                            if dead {
                                assert!(!reached.contains(&lit), "{lit:?}");
                                assert!(reach.of(lit).is_none() && reach.number(lit).is_none());
                                assert!(!reach.holds(&every, lit));
                                cut_off += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(cut_off > 100, "{cut_off}");
    }

    #[test]
    fn sets_add_up_and_list_their_literals() {
        let (_, grid) = sample_grids_after_singles(1).next().expect("a sample");
        let groups = GroupNodes::none();
        let mut implications = Implications::default();
        implications.build(&grid, &groups, 0);
        let mut reach = Reach::default();
        reach.build(&grid, &groups, &implications, Layout::Dense);
        let cell = grid.unsolved().first().expect("an unsolved cell");
        let digit = grid.candidates(cell).first().expect("a candidate");
        let (off, on) = (
            Lit::candidate(cell, digit, false),
            Lit::candidate(cell, digit, true),
        );
        let mut set = vec![0; reach.words()];
        reach.insert(on, &mut set);
        assert_eq!(reach.literals(&set).collect::<Vec<_>>(), [on]);
        reach.add_reached(&[off], &mut set);
        let expected: BTreeSet<Lit> = walk(&implications, off).into_iter().chain([on]).collect();
        assert_eq!(reach.literals(&set).collect::<BTreeSet<_>>(), expected);
    }

    #[test]
    fn a_masked_listing_keeps_what_the_mask_holds() {
        for (_, grid) in sample_grids_after_singles(3) {
            let mut groups = GroupNodes::none();
            groups.fill(&grid);
            let mut implications = Implications::default();
            implications.build(&grid, &groups, 0);
            let mut reach = Reach::default();
            reach.build(&grid, &groups, &implications, Layout::Dense);
            let mut all = vec![0; reach.words()];
            for &lit in &reach.lits {
                reach.insert(lit, &mut all);
            }
            for cell in grid.unsolved().iter() {
                // The "on" literals of the cell's digits, and its own literals.
                let mut mask = vec![0; reach.words()];
                let wanted = |lit: Lit| {
                    lit.is_on() && groups.digit(lit) == grid.candidates(cell).first().unwrap()
                        || lit.as_candidate().is_some_and(|(c, _)| c == cell)
                };
                for (number, lit) in reach.numbered() {
                    assert_eq!(reach.number(lit), Some(number));
                    // Nothing is cut off (the implications are whole): "off", "on", in turn.
                    assert_eq!(lit.is_on(), number % 2 == 1);
                    if wanted(lit) {
                        mask[number / 64] |= 1 << (number % 64);
                    }
                }
                let mut listed = Vec::new();
                assert!(!reach.any_in(&all, &mask, |lit| {
                    listed.push(lit);
                    false
                }));
                // Stopped at the first that passes.
                if let Some(&first) = listed.first() {
                    let mut tried = 0;
                    assert!(reach.any_in(&all, &mask, |lit| {
                        tried += 1;
                        lit == first
                    }));
                    assert_eq!(tried, 1);
                }
                let expected: Vec<Lit> =
                    reach.lits.iter().copied().filter(|&l| wanted(l)).collect();
                assert_eq!(listed, expected, "{cell}");
            }
        }
    }
}
