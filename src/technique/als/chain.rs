//! ALS Chain (HoDoKu's ALS-XY-Chain): ALS joined one to the next by restricted commons, each
//! link using an RC digit the previous link left free. If the first ALS lacks its RC digit it
//! is locked; else the second lacks its next one, and so on down the chain: the first or the
//! last ALS is locked. So a digit Z both hold, other than the RC digits they link by, leaves
//! every cell seeing all its places in both.
//!
//! As HoDoKu 2.2 does it (`AlsSolver.getAlsXYChainInt`, `getAlsXYChainRecursive`,
//! `RestrictedCommon.checkRC`): every ALS in list order starts a depth-first walk over its
//! restricted commons with later ALS only ([`super::sets`]), at most 50 links, no ALS twice;
//! a first link with two RC digits is walked once with each. A link may use the RC digits
//! the previous link did not (when the previous used both, HoDoKu compares with its first
//! digit twice, and so does this). From four ALS on, every chain is checked; per set of
//! eliminations only the chain with the fewest ALS cells is kept (the first on ties). All
//! are then ranked as HoDoKu's `AlsComparator` ranks them: more eliminations first, then the
//! lower weighted index sum of the eliminations (by digit, then cell), in the order found on
//! ties. Chains none of whose ALS meets a cell changed since the rung last found nothing
//! remove nothing: a walk that cannot reach such an ALS, and has none behind it, stops.

use super::sets::Rc;
use super::xz::{common_eliminations, removes_common};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::Digit;
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Link, Node, Pattern, Step};
use crate::technique::sink::StepSink;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// HoDoKu's limit on a chain's restricted commons (`AlsSolver.MAX_RC`).
const MAX_LINKS: usize = 50;

/// The fewest restricted commons a chain is checked with (four ALS).
const MIN_LINKS: usize = 3;

/// Which RC digits a link uses (HoDoKu's `actualRC`): none, the first, the second, both.
type Use = u8;

/// A set of eliminations some chain makes, in the order first found.
struct Found {
    eliminations: Eliminations,
    /// How many candidates it removes, and HoDoKu's weighted index sum of them.
    count: u32,
    index_sum: i64,
}

/// What a walk looks for.
#[derive(Clone, Copy, PartialEq)]
enum Goal {
    /// Every set of eliminations a chain makes.
    Sets,
    /// The chain HoDoKu keeps for these eliminations: the first found of those with the
    /// fewest ALS cells.
    ChainFor(Eliminations),
}

#[derive(Default)]
struct Workspace {
    goal: Option<Goal>,
    /// Per restricted common, the RC digits its last check let it use.
    uses: Vec<Use>,
    /// Per ALS, its cell count.
    sizes: Vec<u32>,
    /// The restricted commons of the chain being walked.
    chain: Vec<usize>,
    found: Vec<Found>,
    by_eliminations: FxHashMap<Eliminations, usize>,
    order: Vec<usize>,
    /// The best chain for [`Goal::ChainFor`]: its ALS cells, its ALS (list indices) with
    /// the RC digits into each (none into the first).
    best_cells: u32,
    best: Vec<(usize, DigitSet)>,
    /// Per restricted common and use, the shallowest and leanest walk that went on from it
    /// in this generation (one generation per start ALS and digit of the first link).
    visits: Vec<Visit>,
    generation: u32,
    /// Per ALS, whether a walk from it reaches a productive ALS, as `2 * generation +
    /// answer` (generations start at 1: 0 is unknown). The productive ALS depend on the
    /// start ALS and the first link's digit alone, so one answer holds for the whole
    /// generation.
    productive_reach: Vec<u32>,
    /// How many chains meeting the goal the search has met.
    hits: u64,
    /// Per ALS, the later ALS a walk from it can reach, and the links of its longest walk
    /// (at most one more than a chain may have).
    reach: AlsRows,
    heights: Vec<u8>,
    /// Per digit Z, the ALS that would remove Z with the start ALS (Z not a link digit); for
    /// [`Goal::ChainFor`], row 0 holds the ALS that would remove exactly the goal's.
    ends: AlsRows,
    /// Row 0: the ALS that could end a chain meeting the goal, given the start.
    any_end: AlsRows,
    /// Row d: the ALS that could end a chain meeting the goal, given the start and a first
    /// link using digit d; made when a first link first uses d (bit d of
    /// `productive_known`), kept for the start's other first links using d.
    productive: AlsRows,
    productive_known: u16,
    /// The digit the chain being walked links its first ALS by.
    first_digit: usize,
    /// Per digit Z and cell (row `81 * Z + cell`), the ALS that would remove Z from it.
    removing: AlsRows,
    /// Row 0: the ALS meeting a cell changed since the rung last found nothing: a chain of
    /// ALS as they were then removes nothing now (all count as changed when no such record
    /// is known, or when looking for a goal's chain).
    changed: AlsRows,
    /// Per ALS, whether it counts as changed or a walk from it reaches one that does.
    leads_to_change: Vec<bool>,
    /// Whether every ALS counts as changed.
    all_changed: bool,
    /// Whether the chain being walked holds a changed ALS.
    holds_change: bool,
}

/// Rows of bits over the ALS list: a set of ALS per row.
#[derive(Default)]
struct AlsRows {
    words: usize,
    bits: Vec<u64>,
}

impl AlsRows {
    fn reset(&mut self, rows: usize, alses: usize) {
        self.words = alses.div_ceil(64);
        self.bits.clear();
        self.bits.resize(rows * self.words, 0);
    }

    fn row(&self, row: usize) -> &[u64] {
        &self.bits[row * self.words..(row + 1) * self.words]
    }

    fn insert(&mut self, row: usize, als: usize) {
        self.bits[row * self.words + als / 64] |= 1 << (als % 64);
    }

    /// Adds the later row `from` to row `row`.
    fn absorb(&mut self, row: usize, from: usize) {
        let (head, tail) = self.bits.split_at_mut(from * self.words);
        for (word, other) in head[row * self.words..].iter_mut().zip(&tail[..self.words]) {
            *word |= other;
        }
    }

    /// Row `row` becomes the union of the rows of `sets` (as wide) that `rows` names.
    fn set_to_union(&mut self, row: usize, sets: &AlsRows, rows: impl Iterator<Item = usize>) {
        let words = self.words;
        let target = &mut self.bits[row * words..(row + 1) * words];
        target.fill(0);
        for from in rows {
            for (word, other) in target.iter_mut().zip(sets.row(from)) {
                *word |= other;
            }
        }
    }

    /// Adds row `other_row` of `other` (as wide) to row `row`.
    fn add_row(&mut self, row: usize, other: &AlsRows, other_row: usize) {
        let words = self.words;
        for (word, from) in self.bits[row * words..(row + 1) * words]
            .iter_mut()
            .zip(other.row(other_row))
        {
            *word |= from;
        }
    }

    /// Removes the ALS up to `last` (included) from row `row`.
    fn remove_up_to(&mut self, row: usize, last: usize) {
        let words = &mut self.bits[row * self.words..(row + 1) * self.words];
        let (whole, bit) = (last / 64, last % 64);
        words[..whole].fill(0);
        words[whole] &= !((2u64 << bit).wrapping_sub(1));
    }

    fn contains(&self, row: usize, als: usize) -> bool {
        self.bits[row * self.words + als / 64] >> (als % 64) & 1 != 0
    }

    /// Whether row `row` and row `other_row` of `other` share an ALS, for a row `row`
    /// holding none up to `first` (a reach row holds only ALS after its own): the words
    /// before that ALS's are not read.
    fn meets(&self, row: usize, other: &AlsRows, other_row: usize, first: usize) -> bool {
        let skip = first / 64;
        self.row(row)[skip..]
            .iter()
            .zip(&other.row(other_row)[skip..])
            .any(|(a, b)| a & b != 0)
    }
}

/// How a walk reached a link: all that decides what the walk from there finds, and how well.
#[derive(Clone, Copy, Default)]
struct Visit {
    generation: u32,
    links: u8,
    als_cells: u16,
    /// Whether the walk on met no chain meeting the goal.
    barren: bool,
    /// Whether the chain behind held a changed ALS (see [`Workspace::changed`]).
    holds_change: bool,
}

impl Visit {
    /// Whether every chain a walk from `later` can keep was already kept by the walk from
    /// `self`, from a link whose longest walk on has `height` links: the earlier walk went
    /// as far (it had as many links left, or enough for any walk), checked every chain
    /// length the later one checks (from three links on), and, when looking for the
    /// leanest chain, carried no more ALS cells or met no chain meeting the goal (which
    /// chains do does not depend on the path behind), and was not cut short for holding
    /// no changed ALS when the later one holds one.
    fn covers(self, later: Visit, height: u8, goal: Goal) -> bool {
        self.generation == later.generation
            && (self.holds_change || !later.holds_change)
            && (self.links <= later.links
                || usize::from(self.links) + usize::from(height) <= MAX_LINKS)
            && (later.links < 2 || self.links >= 2)
            && (goal == Goal::Sets || self.barren || self.als_cells <= later.als_cells)
    }
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

pub fn als_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    super::with_alses(grid, |lists| {
        sink.search_changes(|sink, changed| {
            WORKSPACE.with_borrow_mut(|work| search(work, lists, changed, sink))
        })
    })
}

/// Every ALS chain of `lists`, ranked, into `sink`: those holding an ALS that meets
/// `changed` cells (any, when `None`).
fn search(
    work: &mut Workspace,
    lists: &super::Lists<'_>,
    changed: Option<CellSet>,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    work.search(lists, Goal::Sets, changed);
    work.order.clear();
    work.order.extend(0..work.found.len());
    let found = &work.found;
    work.order
        .sort_by_key(|&i| (std::cmp::Reverse(found[i].count), found[i].index_sum));
    for k in 0..work.order.len() {
        let eliminations = work.found[work.order[k]].eliminations;
        work.search(lists, Goal::ChainFor(eliminations), None);
        // One link per ALS and RC digit into it (the first ALS: one, digitless).
        let chain = sink.chains().push(work.best.iter().flat_map(|&(als, rc)| {
            let a = &lists.alses[als];
            let digits = if rc.is_empty() {
                DigitSet::single(Digit::from_index(0))
            } else {
                rc
            };
            digits.iter().map(move |digit| Link {
                node: Node::Als(a.cells, a.digits),
                digit,
                on: false,
            })
        }));
        let pattern = Pattern {
            digits: eliminations.digits(),
            chain,
            ..Pattern::default()
        };
        sink.push(Step::eliminating(
            Technique::AlsChain,
            pattern,
            eliminations,
        ))?;
    }
    ControlFlow::Continue(())
}

impl Workspace {
    /// Walks every chain HoDoKu walks, skipping the walks that cannot change what `goal`
    /// keeps: first for the sets of eliminations (in the order HoDoKu first finds them),
    /// then, for each set reported, for the chain HoDoKu shows for it.
    fn search(&mut self, lists: &super::Lists<'_>, goal: Goal, changed: Option<CellSet>) {
        self.goal = Some(goal);
        self.uses.clear();
        self.uses.resize(lists.rcs.len(), 0);
        self.sizes.clear();
        self.sizes
            .extend(lists.alses.iter().map(|als| als.cells.len()));
        if goal == Goal::Sets {
            self.found.clear();
            self.by_eliminations.clear();
            self.find_reach(lists);
            self.find_removing(lists);
        }
        self.find_changed(lists, changed);
        self.leads_to_change.clear();
        self.leads_to_change
            .extend((0..lists.alses.len()).map(|at| {
                self.all_changed
                    || self.changed.contains(0, at)
                    || self.reach.meets(at, &self.changed, 0, at)
            }));
        self.productive.reset(9, lists.alses.len());
        // Sized once per search: each start clears what it reads.
        self.ends.reset(9, lists.alses.len());
        self.any_end.reset(1, lists.alses.len());
        self.best_cells = u32::MAX;
        self.best.clear();
        self.visits.clear();
        self.visits.resize(3 * lists.rcs.len(), Visit::default());
        self.generation = 0;
        self.productive_reach.clear();
        self.productive_reach.resize(lists.alses.len(), 0);
        for start in 0..lists.alses.len() {
            // A chain is checked from three links on: no walk from here is that long.
            self.holds_change = false;
            if usize::from(self.heights[start]) < MIN_LINKS
                || !self.may_lead_to_change(start)
                || !self.find_ends(lists, start, goal)
            {
                continue;
            }
            self.holds_change = self.is_changed(start);
            self.productive_known = 0;
            self.walk(lists, start, start, None, self.sizes[start]);
        }
    }

    /// Which ALS meet `changed` cells (all, when `None`).
    fn find_changed(&mut self, lists: &super::Lists<'_>, changed: Option<CellSet>) {
        self.all_changed = changed.is_none();
        let Some(cells) = changed else { return };
        self.changed.reset(1, lists.alses.len());
        for (index, als) in lists.alses.iter().enumerate() {
            if als.cells.intersects(cells) {
                self.changed.insert(0, index);
            }
        }
    }

    /// Whether a chain walked on from ALS `at` can hold a changed ALS.
    fn may_lead_to_change(&self, at: usize) -> bool {
        self.holds_change || self.leads_to_change[at]
    }

    /// Whether a walk on from ALS `at` can reach a productive ALS, in this generation.
    fn reaches_productive(&mut self, at: usize) -> bool {
        let known = self.productive_reach[at];
        if known >> 1 == self.generation {
            return known & 1 != 0;
        }
        let answer = self.reach.meets(at, &self.productive, self.first_digit, at);
        self.productive_reach[at] = self.generation << 1 | u32::from(answer);
        answer
    }

    /// Whether ALS `als` counts as changed.
    fn is_changed(&self, als: usize) -> bool {
        self.all_changed || self.changed.contains(0, als)
    }

    /// The ALS reachable from each, by restricted commons leading to later ALS, and how far.
    fn find_reach(&mut self, lists: &super::Lists<'_>) {
        let count = lists.alses.len();
        self.reach.reset(count, count);
        self.heights.clear();
        self.heights.resize(count, 0);
        for at in (0..count).rev() {
            for rc in &lists.rcs[lists.as_first[at]..lists.as_first[at + 1]] {
                self.reach.insert(at, rc.second);
                self.reach.absorb(at, rc.second);
                let height = (self.heights[rc.second] + 1).min(MAX_LINKS as u8 + 1);
                self.heights[at] = self.heights[at].max(height);
            }
        }
    }

    /// For each digit Z and cell, the ALS whose places of Z the cell sees (holding Z).
    fn find_removing(&mut self, lists: &super::Lists<'_>) {
        self.removing.reset(9 * 81, lists.alses.len());
        for (index, als) in lists.alses.iter().enumerate() {
            for z in als.digits.iter() {
                for cell in als.seers(z).iter() {
                    self.removing.insert(81 * z.index() + cell.index(), index);
                }
            }
        }
    }

    /// The ALS that, at the other end of a chain from ALS `start`, would make eliminations
    /// (per digit) or exactly the goal's (row 0); whether a chain from `start` can reach any.
    fn find_ends(&mut self, lists: &super::Lists<'_>, start: usize, goal: Goal) -> bool {
        self.ends.bits.fill(0);
        let a = &lists.alses[start];
        match goal {
            Goal::Sets => {
                // Those after `start` whose places of Z some cell seeing `a`'s places of Z
                // sees too: read from the index, a row per such cell.
                for z in a.digits.iter() {
                    for cell in a.seers(z).iter() {
                        let row = 81 * z.index() + cell.index();
                        self.ends.add_row(z.index(), &self.removing, row);
                    }
                    self.ends.remove_up_to(z.index(), start);
                }
            }
            Goal::ChainFor(target) => {
                if !target.digits().is_subset_of(a.digits) {
                    return false;
                }
                for (end, b) in lists.alses.iter().enumerate().skip(start + 1) {
                    // The link digits only drop whole digits: each of the goal's must go
                    // from exactly its cells.
                    let exact = a.all_seers.intersects(b.all_seers)
                        && target.digits().iter().all(|z| {
                            b.digits.contains(z) && a.seers(z) & b.seers(z) == target.cells(z)
                        });
                    if exact {
                        self.ends.insert(0, end);
                    }
                }
            }
        }
        self.any_end.set_to_union(0, &self.ends, 0..9);
        self.reach.meets(start, &self.any_end, 0, start)
    }

    /// Whether a chain of `links` links reaching ALS `at`, holding a changed ALS when
    /// `holds_change`, can be walked on to a chain worth checking: one within the most
    /// links and the fewest checked, holding a changed ALS, ending at a productive one.
    fn walks_on(&mut self, at: usize, links: usize, holds_change: bool) -> bool {
        links < MAX_LINKS
            && links + usize::from(self.heights[at]) >= MIN_LINKS
            && (holds_change || self.leads_to_change[at])
            && self.reaches_productive(at)
    }

    /// Walks on from ALS `at`, reached by restricted common `last`, with `als_cells` cells
    /// in the chain's ALS so far; the caller has seen that [`Self::walks_on`] holds.
    ///
    /// What a walk from here finds depends on the path behind only through the start ALS,
    /// the first link's digit, the number of links and the ALS cells (restricted commons
    /// lead to later ALS, so no ALS can repeat). A walk already made from the same link in
    /// the same way, with no more links (and, when the cells count, no more cells or none
    /// that met the goal), found all this one could: it is not walked again. Nor is one from
    /// which no ALS that could end a chain meeting the goal is reachable, nor, looking for
    /// the leanest chain, one already as heavy as the best. This turns HoDoKu's walk over
    /// every path, exponential on grids rich in candidates, into one over links, and keeps
    /// exactly what HoDoKu keeps.
    fn extend(
        &mut self,
        lists: &super::Lists<'_>,
        start: usize,
        at: usize,
        l: usize,
        als_cells: u32,
    ) {
        let goal = self.goal.expect("a search has a goal");
        let slot = 3 * l + usize::from(self.uses[l]) - 1;
        let mut visit = Visit {
            generation: self.generation,
            links: self.chain.len() as u8,
            // At most 51 ALS of at most 8 cells.
            als_cells: als_cells as u16,
            barren: false,
            holds_change: self.holds_change,
        };
        let seen = self.visits[slot];
        let height = self.heights[at];
        if seen.covers(visit, height, goal) {
            // What that walk met, this one would have: not barren unless that one was.
            self.hits += u64::from(!seen.barren);
            return;
        }
        let hits = self.hits;
        self.walk(lists, start, at, Some(l), als_cells);
        visit.barren = self.hits == hits;
        if seen.generation != visit.generation || visit.covers(seen, height, goal) {
            self.visits[slot] = visit;
        }
    }

    /// Tries each restricted common from ALS `at` as the chain's next link.
    ///
    /// Restricted commons lead to later ALS only, so the chain's ALS ascend and the next
    /// is never in it already; and the chain is short of [`MAX_LINKS`] here ([`Self::extend`]
    /// walks on only then).
    fn walk(
        &mut self,
        lists: &super::Lists<'_>,
        start: usize,
        at: usize,
        last: Option<usize>,
        als_cells: u32,
    ) {
        debug_assert!(self.chain.len() < MAX_LINKS);
        // The digit the previous link leaves to none after it.
        let blocked = last.map(|l| blocked_by(&lists.rcs[l], self.uses[l]));
        let mut first_try = true;
        let mut i = lists.as_first[at];
        while i < lists.as_first[at + 1] {
            let rc = lists.rcs[i];
            debug_assert!(rc.second > at);
            let uses = match blocked {
                Some(blocked) => usable(&rc, blocked),
                // A first link with two RC digits is tried with each.
                None if rc.other_digit.is_some() && !first_try => 2,
                None => 1,
            };
            self.uses[i] = uses;
            if uses == 0 {
                i += 1;
                continue;
            }
            let cells = als_cells + self.sizes[rc.second];
            if cells >= self.best_cells {
                // Only a chain with fewer cells than the best replaces it. A lighter walk
                // to here might find one: this walk is not barren.
                self.hits += 1;
                i += 1;
                continue;
            }
            if last.is_none() {
                // A first link uses one digit; the walks from it on find what they would
                // from any first link of the start ALS using that digit.
                let linked = used(&rc, self.uses[i]);
                let digit = linked.iter().next().expect("a first link uses a digit");
                self.generation = (9 * start + digit.index() + 1) as u32;
                self.first_digit = digit.index();
                if self.productive_known & 1 << digit.index() == 0 {
                    self.productive_known |= 1 << digit.index();
                    let row = digit.index();
                    match self.goal {
                        Some(Goal::ChainFor(target)) if target.digits().contains(digit) => {
                            self.productive.set_to_union(row, &self.ends, 0..0);
                        }
                        Some(Goal::ChainFor(_)) => {
                            self.productive.set_to_union(row, &self.ends, 0..1);
                        }
                        _ => {
                            let free = (DigitSet::ALL - linked).iter().map(Digit::index);
                            self.productive.set_to_union(row, &self.ends, free);
                        }
                    }
                }
            }
            let links = self.chain.len() + 1;
            let held = self.holds_change;
            let holds_change = held || self.is_changed(rc.second);
            // An ALS outside the productive ones makes no eliminations with the start, or
            // not the goal's: the chain is not checked.
            let checked = links >= MIN_LINKS
                && holds_change
                && self.productive.contains(self.first_digit, rc.second);
            // Most links lead nowhere: they are passed over before touching the chain.
            let walks_on = self.walks_on(rc.second, links, holds_change);
            if checked || walks_on {
                self.chain.push(i);
                self.holds_change = holds_change;
                if checked {
                    self.check_chain(lists, start, rc.second, cells);
                }
                if walks_on {
                    self.extend(lists, start, rc.second, i, cells);
                }
                self.holds_change = held;
                self.chain.pop();
            }
            if last.is_none() {
                if rc.other_digit.is_some() && first_try {
                    // The same first link again, with its other digit.
                    first_try = false;
                    continue;
                }
                first_try = true;
            }
            i += 1;
        }
    }

    /// Checks the chain from ALS `start` to ALS `end`, whose ALS hold `als_cells` cells,
    /// against the goal.
    fn check_chain(&mut self, lists: &super::Lists<'_>, start: usize, end: usize, als_cells: u32) {
        let first = self.chain[0];
        let last = *self.chain.last().expect("a chain has links");
        let links =
            used(&lists.rcs[first], self.uses[first]) | used(&lists.rcs[last], self.uses[last]);
        let (a, b) = (&lists.alses[start], &lists.alses[end]);
        // A chain that removes nothing meets no goal (a goal's set is not empty): most
        // chains checked are seen so without listing eliminations.
        if !removes_common(a, b, links) {
            return;
        }
        let mut eliminations = Eliminations::NONE;
        common_eliminations(a, b, links, &mut eliminations);
        match self.goal {
            Some(Goal::ChainFor(target)) if eliminations == target => {
                self.hits += 1;
                self.best_cells = als_cells;
                self.best.clear();
                self.best.push((start, DigitSet::EMPTY));
                for &i in &self.chain {
                    self.best
                        .push((lists.rcs[i].second, used(&lists.rcs[i], self.uses[i])));
                }
            }
            Some(Goal::Sets) => {
                self.hits += 1;
                if !self.by_eliminations.contains_key(&eliminations) {
                    self.by_eliminations.insert(eliminations, self.found.len());
                    self.found.push(Found {
                        eliminations,
                        count: eliminations.len(),
                        index_sum: index_sum(&eliminations),
                    });
                }
            }
            _ => {}
        }
    }
}

/// The RC digits a link uses.
fn used(rc: &Rc, uses: Use) -> DigitSet {
    let mut digits = DigitSet::EMPTY;
    if uses & 1 != 0 {
        digits.insert(rc.digit);
    }
    if uses & 2 != 0
        && let Some(other) = rc.other_digit
    {
        digits.insert(other);
    }
    digits
}

/// The digit a link that uses `uses` of `rc`'s RC digits leaves to no link after it
/// (HoDoKu's `checkRC`): the one it used, or, when it used both, the first (HoDoKu compares
/// with the first twice).
fn blocked_by(rc: &Rc, uses: Use) -> Digit {
    match (uses, rc.other_digit) {
        (2, Some(other)) => other,
        _ => rc.digit,
    }
}

/// Which of `rc`'s RC digits a link after one that blocks `blocked` may use (HoDoKu's
/// `checkRCInt`): 1 the first, 2 the second, 3 both, 0 none.
fn usable(rc: &Rc, blocked: Digit) -> Use {
    let first = Use::from(rc.digit != blocked);
    let second = rc
        .other_digit
        .map_or(0, |other| Use::from(other != blocked) << 1);
    first | second
}

/// HoDoKu's weighted index sum of eliminations listed by digit, then cell
/// (`SolutionStep.getIndexSumme`): the k-th (from 0) adds cell * (1 + 80 k) + digit.
fn index_sum(eliminations: &Eliminations) -> i64 {
    eliminations
        .iter()
        .enumerate()
        .map(|(k, (cell, digit))| {
            cell.index() as i64 * (1 + 80 * k as i64) + i64::from(digit.get())
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::CellSet;
    use crate::technique::test_grids::*;

    #[test]
    fn rows_of_alses_take_rows_of_others_and_drop_their_first_members() {
        let members = |rows: &AlsRows, row: usize| -> Vec<usize> {
            (0..rows.words * 64)
                .filter(|&als| rows.row(row)[als / 64] >> (als % 64) & 1 != 0)
                .collect()
        };
        let mut index = AlsRows::default();
        index.reset(2, 130);
        for als in [0, 5, 63, 64, 100, 129] {
            index.insert(1, als);
        }
        for last in [0, 4, 5, 62, 63, 64, 128, 129] {
            let mut ends = AlsRows::default();
            ends.reset(3, 130);
            ends.add_row(2, &index, 1);
            ends.add_row(2, &index, 0);
            ends.remove_up_to(2, last);
            let expected: Vec<usize> = [0, 5, 63, 64, 100, 129]
                .into_iter()
                .filter(|&als| als > last)
                .collect();
            assert_eq!(members(&ends, 2), expected, "after {last}");
            assert!(members(&ends, 0).is_empty() && members(&ends, 1).is_empty());
        }
    }

    #[test]
    fn a_link_may_use_only_the_rc_digits_the_previous_link_left() {
        let link = |digit: u8, other: Option<u8>| Rc {
            first: 0,
            second: 1,
            digit: d(digit),
            other_digit: other.map(d),
        };
        // After a link that used 2: a single RC of 2 is used up, of 3 is free.
        assert_eq!(usable(&link(2, None), d(2)), 0);
        assert_eq!(usable(&link(3, None), d(2)), 1);
        // Two RC digits after a link that used one of them: the other only.
        assert_eq!(usable(&link(2, Some(5)), d(2)), 2);
        assert_eq!(usable(&link(2, Some(5)), d(5)), 1);
        assert_eq!(usable(&link(2, Some(5)), d(7)), 3);
        // A link blocks the digit it used; having used both, its first.
        assert_eq!(blocked_by(&link(2, None), 1), d(2));
        assert_eq!(blocked_by(&link(2, Some(5)), 1), d(2));
        assert_eq!(blocked_by(&link(2, Some(5)), 2), d(5));
        assert_eq!(blocked_by(&link(2, Some(5)), 3), d(2));
    }

    #[test]
    fn the_index_sum_weighs_later_eliminations_more() {
        let mut first = Eliminations::NONE;
        first.insert(rc(1, 2), d(3));
        first.insert(rc(1, 1), d(4));
        // r1c2<>3 is listed first (digit 3 before 4): 1*1 + 3, then 0*81 + 4.
        assert_eq!(index_sum(&first), 1 + 3 + 4);
    }

    #[test]
    fn four_bivalue_cells_chain_from_the_first_to_the_last_in_either_orientation() {
        for transposed in [false, true] {
            let at = |row, col| rc_transposed_if(transposed, row, col);
            // r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c9 {4,1}: 1 leaves r1c9, r5c1.
            let mut grid = Candidates::empty();
            for (cell, digits) in [
                (at(1, 1), &[1, 2][..]),
                (at(1, 5), &[2, 3]),
                (at(5, 5), &[3, 4]),
                (at(5, 9), &[1, 4]),
            ] {
                restrict(&mut grid, cell, digits);
            }
            let expected: CellSet = [at(1, 9), at(5, 1)].into_iter().collect();
            let steps = Technique::AlsChain.find_all(&grid, None);
            let step = steps
                .iter()
                .find(|s| s.eliminations.cells(d(1)) == expected && s.eliminations.len() == 2)
                .unwrap_or_else(|| panic!("{:?}", steps.texts()));
            if !transposed {
                assert_eq!(
                    step.display(steps.chains()).to_string(),
                    "Almost Locked Set Chain: 1 r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- \
                     r5c9 {1,4} => r1c9,r5c1<>1"
                );
            }
        }
    }
}
