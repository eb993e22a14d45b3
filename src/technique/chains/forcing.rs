//! Forcing Chains: what follows from a premise by chains of implications (the tables of
//! [`super::table`], with group nodes, as HoDoKu builds them for its forcing chains).
//!
//! - Contradiction: a premise whose table holds a contradiction is false. The contradictions
//!   HoDoKu checks (`TablingSolver.checkOneChain`, `checkHouseSet`): the premise's own
//!   negation; a candidate both on and off; two digits on in one cell; a digit on twice in a
//!   row, column or box; an unsolved cell with every candidate off; a row, column or box
//!   with every place of a digit off (`checkHouseDel`: places where no set peer rules the
//!   digit out, removed candidates included, so a house where a step removed the digit from
//!   a cell never counts). An "on" premise is then removed, an "off" premise placed.
//! - Verity: what every case of an exhaustive choice implies is true (`checkTwoChains`,
//!   `checkAllChainsForHouse`): a candidate on and off; every candidate of a cell on; every
//!   place of a digit in a row, column or box on.
//!
//! Every conclusion is one placement or one elimination, and HoDoKu takes (its
//! `TablingComparator`) the placement in the lowest cell if there is one, else the
//! elimination of the lowest (cell, digit): the finder reports them in that order. Which kind it is
//! named (HoDoKu's `fcc` or `fcv`, one score) comes from the shortest derivation of that
//! conclusion, chains counted as table distances: a contradiction wins ties, being found
//! first; a placement HoDoKu reaches both ways is named a contradiction (its comparator
//! does not rank the two kinds of placement, see docs/grading.md).
//!
//! Tables are whole (dead ends kept: the contradictions look for "off" literals) and hold
//! at most [`Table::CAPACITY`] entries, as HoDoKu's. A table that cannot reach that many
//! holds exactly what its premise reaches, so most summaries are read from
//! [`super::reach`] without filling a table; a derivation's chain lengths are read from
//! its premises' tables, filled when it is asked for.
//!
//! The conclusions and their derivations are read from summaries of the tables
//! ([`Derivations`]), which Forcing Nets ([`super::nets`]) share: only their tables and the
//! measure of a derivation differ.

use super::engine::implications::Implications;
use super::engine::literal::{GroupNodes, Lit};
use super::engine::reach::{Layout, Reach};
use super::engine::table::Table;
use crate::bitset::{CellSet, DigitSet, HouseSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House, HouseKind};
use crate::hodoku::catalogue::{Subtype, Technique};
use crate::step::{ChainRef, Chains, Eliminations, Link, Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    tabling: Tabling,
    /// Per candidate (cells, then digits, ascending), the summaries of its "on" and "off"
    /// tables.
    tables: Vec<[Summary; 2]>,
    candidates: Vec<(Cell, Digit)>,
    /// What each literal reaches, as summaries: a table's summary when it is whole.
    reach: Reach,
    /// Every conclusion, in HoDoKu's rank order.
    conclusions: Vec<Conclusion>,
    /// Per digit, the unsolved cells no set peer rules it out of (HoDoKu's
    /// `getCandidatesAllowed`: candidates removed by steps still count).
    allowed: Allowed,
    /// For Kraken Fish, per cell and digit: what its "on" table turns off, once filled.
    turned_off: Vec<Option<[CellSet; 9]>>,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

/// One grid's group nodes and implications (chains only), and the one table filled from
/// them, which remembers its premise so that asking again costs nothing.
#[derive(Default)]
struct Tabling {
    groups: GroupNodes,
    implications: Implications,
    table: Table,
    /// The premise whose consequences `table` holds for this grid, if any.
    filled: Option<Lit>,
}

impl Tabling {
    /// The group nodes and implications of `grid`; no table filled yet.
    fn build(&mut self, grid: &Candidates) {
        self.groups.fill(grid);
        self.implications.build(grid, &self.groups, 0);
        self.filled = None;
    }

    /// The table of `premise` (a candidate of `grid`, the grid built for).
    fn fill(&mut self, grid: &Candidates, premise: Lit) -> &Table {
        if self.filled != Some(premise) {
            let (cell, _) = premise.as_candidate().expect("a candidate premise");
            self.table.fill(
                premise,
                grid.candidates(cell),
                &self.implications,
                &self.groups,
            );
            self.filled = Some(premise);
        }
        &self.table
    }
}

/// The candidates a table turns on and off.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Summary {
    pub(super) on: [CellSet; 9],
    pub(super) off: [CellSet; 9],
}

impl Summary {
    /// What `premise` reaches (in `reach`, laid out as [`Layout::Candidates`]).
    pub(super) fn reached(reach: &Reach, premise: Lit) -> Summary {
        match reach.of(premise) {
            Some(words) => Summary::of_words(words),
            None => {
                let (cell, digit) = premise.as_candidate().expect("a candidate premise");
                let mut summary = Summary::default();
                let side = if premise.is_on() {
                    &mut summary.on
                } else {
                    &mut summary.off
                };
                side[digit.index()].insert(cell);
                summary
            }
        }
    }

    /// The summary a [`Layout::Candidates`] set of literals is.
    fn of_words(words: &[u64]) -> Summary {
        let set = |i: usize| {
            CellSet::from_bits(u128::from(words[2 * i]) | u128::from(words[2 * i + 1]) << 64)
        };
        Summary {
            on: std::array::from_fn(set),
            off: std::array::from_fn(|i| set(9 + i)),
        }
    }

    /// How many candidates, on and off, it holds.
    pub(super) fn len(&self) -> usize {
        self.on
            .iter()
            .chain(&self.off)
            .map(|s| s.len() as usize)
            .sum()
    }

    fn of(table: &Table) -> Summary {
        let mut summary = Summary::default();
        for entry in table.entries() {
            if let Some((cell, digit)) = entry.lit.as_candidate() {
                let side = if entry.lit.is_on() {
                    &mut summary.on
                } else {
                    &mut summary.off
                };
                side[digit.index()].insert(cell);
            }
        }
        summary
    }

    pub(super) fn has(&self, lit: (Cell, Digit, bool)) -> bool {
        let (cell, digit, on) = lit;
        let side = if on { &self.on } else { &self.off };
        side[digit.index()].contains(cell)
    }

    /// Keeps only what `other` holds too.
    fn and_assign(&mut self, other: &Summary) {
        for (mine, theirs) in self.on.iter_mut().zip(&other.on) {
            *mine &= *theirs;
        }
        for (mine, theirs) in self.off.iter_mut().zip(&other.off) {
            *mine &= *theirs;
        }
    }

    /// Whether it holds nothing.
    fn is_empty(&self) -> bool {
        self.on.iter().chain(&self.off).all(|set| set.is_empty())
    }

    /// What both summaries hold.
    fn and(&self, other: &Summary) -> Summary {
        Summary {
            on: std::array::from_fn(|i| self.on[i] & other.on[i]),
            off: std::array::from_fn(|i| self.off[i] & other.off[i]),
        }
    }
}

/// Lists `grid`'s candidates (cells, then digits) into `candidates` and, per candidate,
/// the summaries of its "on" and "off" tables into `summaries`: read from what the premise
/// reaches (`reach`, laid out as [`Layout::Candidates`]) when its table, of `capacity`
/// entries, cannot be cut short (the grid's literals all fit, or the premise reaches few
/// enough of them, the grid's `group_nodes` counted at most); else from `cut_short`,
/// which fills it.
pub(super) fn summarise(
    grid: &Candidates,
    group_nodes: usize,
    reach: &Reach,
    capacity: usize,
    candidates: &mut Vec<(Cell, Digit)>,
    summaries: &mut Vec<[Summary; 2]>,
    mut cut_short: impl FnMut(Lit) -> Summary,
) {
    candidates.clear();
    for cell in grid.unsolved().iter() {
        for digit in grid.candidates(cell).iter() {
            candidates.push((cell, digit));
        }
    }
    let group_literals = 2 * group_nodes;
    let all_fit = 2 * candidates.len() + group_literals <= capacity;
    summaries.clear();
    for &(cell, digit) in candidates.iter() {
        summaries.push([true, false].map(|on| {
            let premise = Lit::candidate(cell, digit, on);
            let reached = Summary::reached(reach, premise);
            if all_fit || reached.len() + group_literals <= capacity {
                reached
            } else {
                cut_short(premise)
            }
        }));
    }
}

/// One conclusion. Ordered as HoDoKu ranks them: placements first, by cell; then
/// eliminations, by cell and digit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Conclusion {
    Place(Cell, Digit),
    Remove(Cell, Digit),
}

impl Conclusion {
    /// The literal the conclusion makes true, as (cell, digit, on).
    fn literal(self) -> (Cell, Digit, bool) {
        match self {
            Conclusion::Place(cell, digit) => (cell, digit, true),
            Conclusion::Remove(cell, digit) => (cell, digit, false),
        }
    }

    /// The first conclusion (in rank order) a summary of common consequences holds, but in
    /// the cells `except`.
    fn first_in(summary: &Summary, except: CellSet) -> Option<Conclusion> {
        Conclusion::first_of(|i| summary.on[i], |i| summary.off[i], except)
    }

    /// [`Conclusion::first_in`] of what both summaries hold, without building it.
    fn first_in_both(a: &Summary, b: &Summary, except: CellSet) -> Option<Conclusion> {
        Conclusion::first_of(|i| a.on[i] & b.on[i], |i| a.off[i] & b.off[i], except)
    }

    /// The first placement of `on` (its cells per digit index), else the first removal
    /// of `off`, but in the cells `except`.
    #[inline]
    fn first_of(
        on: impl Fn(usize) -> CellSet,
        off: impl Fn(usize) -> CellSet,
        except: CellSet,
    ) -> Option<Conclusion> {
        first_candidate(on, except)
            .map(|(c, d)| Conclusion::Place(c, d))
            .or_else(|| first_candidate(off, except).map(|(c, d)| Conclusion::Remove(c, d)))
    }

    /// Every conclusion a summary of common consequences holds, but in the cells `except`.
    fn all_in(summary: &Summary, except: CellSet, out: &mut Vec<Conclusion>) {
        for d in Digit::all() {
            out.extend(
                (summary.on[d.index()] - except)
                    .iter()
                    .map(|c| Conclusion::Place(c, d)),
            );
            out.extend(
                (summary.off[d.index()] - except)
                    .iter()
                    .map(|c| Conclusion::Remove(c, d)),
            );
        }
    }
}

/// Where a conclusion comes from, as the step shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Source {
    /// The conclusion's negation, leading to a contradiction.
    Contradiction,
    /// A candidate both on and off.
    BothWays(Cell, Digit),
    /// Every candidate of a cell.
    EachCandidate(Cell),
    /// Every place of a digit in a house.
    EachPlace(House, Digit),
}

pub fn forcing_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    WORKSPACE.with_borrow_mut(|work| {
        work.build(grid);
        let mut conclusions = std::mem::take(&mut work.conclusions);
        if sink.wanted() == 1 {
            // Only the best is wanted: found without listing them all.
            conclusions.clear();
            conclusions.extend(work.derivations(grid).first());
        } else {
            work.derivations(grid).list(&mut conclusions);
        }
        work.conclusions = conclusions;
        // Best first; each is derived (which costs table walks) only when it is wanted.
        for i in 0..work.conclusions.len() {
            let conclusion = work.conclusions[i];
            let (source, ends) = work.shortest_source(grid, conclusion);
            let chain = work.branches(grid, &ends, sink.chains());
            sink.push(step(Technique::ForcingChain, conclusion, source, chain))?;
        }
        ControlFlow::Continue(())
    })
}

/// The forcing chains' "on" tables (chains only, group nodes: HoDoKu's
/// `initForKrakenSearch`) of one grid, each filled when first asked for: what Kraken Fish
/// read (HoDoKu's `onTable[..].offSets`).
pub struct OnTables<'a> {
    work: &'a mut Workspace,
    grid: &'a Candidates,
}

impl OnTables<'_> {
    /// Runs `search` with the tables of `grid`.
    pub fn with<R>(grid: &Candidates, search: impl FnOnce(OnTables<'_>) -> R) -> R {
        WORKSPACE.with_borrow_mut(|work| {
            work.tabling.build(grid);
            work.turned_off.clear();
            work.turned_off.resize(81 * 9, None);
            search(OnTables { work, grid })
        })
    }

    /// Per digit, the cells that setting `digit` in `cell` turns off.
    pub fn turned_off(&mut self, cell: Cell, digit: Digit) -> [CellSet; 9] {
        let slot = cell.index() * 9 + digit.index();
        if let Some(off) = self.work.turned_off[slot] {
            return off;
        }
        let table = self
            .work
            .tabling
            .fill(self.grid, Lit::candidate(cell, digit, true));
        let off = Summary::of(table).off;
        self.work.turned_off[slot] = Some(off);
        off
    }

    /// The chain by which setting `digit` in `cell` turns `end_digit` off in `end`, which
    /// [`OnTables::turned_off`] said it does, premise first.
    pub fn chain(
        &mut self,
        (cell, digit): (Cell, Digit),
        (end, end_digit): (Cell, Digit),
    ) -> Vec<Link> {
        let tabling = &mut self.work.tabling;
        let table = tabling.fill(self.grid, Lit::candidate(cell, digit, true));
        let target = Lit::candidate(end, end_digit, false);
        let mut lits = Vec::new();
        if let Some(index) = table.entries().iter().position(|e| e.lit == target) {
            table.chain_to(index, &mut lits);
        }
        lits.iter().map(|&lit| tabling.groups.link(lit)).collect()
    }
}

impl Workspace {
    /// The tables of every candidate, summarised. A table that cannot reach its
    /// capacity holds everything its premise reaches, so its summary is read from
    /// [`Reach`]; only a table that might be cut short is filled.
    fn build(&mut self, grid: &Candidates) {
        self.allowed = Allowed::of(grid);
        let tabling = &mut self.tabling;
        tabling.build(grid);
        self.reach.build(
            grid,
            &tabling.groups,
            &tabling.implications,
            Layout::Candidates,
        );
        summarise(
            grid,
            tabling.groups.len(),
            &self.reach,
            tabling.table.capacity(),
            &mut self.candidates,
            &mut self.tables,
            |premise| Summary::of(tabling.fill(grid, premise)),
        );
    }

    fn derivations<'a>(&'a self, grid: &'a Candidates) -> Derivations<'a> {
        Derivations {
            grid,
            allowed: &self.allowed,
            candidates: &self.candidates,
            summaries: &self.tables,
        }
    }

    /// The derivation of `conclusion` HoDoKu keeps: the shortest, chains counted in table
    /// distances (read from the premises' tables, each filled when a chain needs it), and
    /// the ends of its chains.
    fn shortest_source(
        &mut self,
        grid: &Candidates,
        conclusion: Conclusion,
    ) -> (Source, Vec<ChainEnds>) {
        let derivations = Derivations {
            grid,
            allowed: &self.allowed,
            candidates: &self.candidates,
            summaries: &self.tables,
        };
        let mut length = |(cell, digit, on): (Cell, Digit, bool), target: (Cell, Digit, bool)| {
            let premise = Lit::candidate(cell, digit, on);
            let table = self.tabling.fill(grid, premise);
            let (cell, digit, on) = target;
            let target = Lit::candidate(cell, digit, on);
            let entry = table
                .entries()
                .iter()
                .find(|entry| entry.lit == target)
                .expect("the table holds the chain's end");
            // HoDoKu counts a chain's entries: its links plus one.
            u32::from(entry.depth) + 1
        };
        // The chains of the derivation `shortest` keeps: the first of the least length,
        // as it keeps it.
        let mut kept: Option<(u32, Vec<ChainEnds>)> = None;
        let source = derivations
            .shortest(conclusion, |chains| {
                let total = chains.iter().map(|&(p, t)| length(p, t)).sum();
                if kept.as_ref().is_none_or(|(best, _)| total < *best) {
                    kept = Some((total, chains.to_vec()));
                }
                Some(total)
            })
            .expect("a conclusion has a derivation");
        (source, kept.map(|(_, ends)| ends).unwrap_or_default())
    }

    /// The chains from premise to end of `ends`, each read back from its premise's table,
    /// stored in `chains` as the branches of one chain.
    fn branches(&mut self, grid: &Candidates, ends: &[ChainEnds], chains: &mut Chains) -> ChainRef {
        let mut lits = Vec::new();
        let mut branches: Vec<Vec<Link>> = Vec::with_capacity(ends.len());
        for &((cell, digit, on), (end_cell, end_digit, end_on)) in ends {
            let table = self.tabling.fill(grid, Lit::candidate(cell, digit, on));
            let end = Lit::candidate(end_cell, end_digit, end_on);
            let index = table
                .entries()
                .iter()
                .position(|entry| entry.lit == end)
                .expect("the table holds the chain's end");
            table.chain_to(index, &mut lits);
            branches.push(
                lits.iter()
                    .map(|&lit| self.tabling.groups.link(lit))
                    .collect(),
            );
        }
        chains.push_branches(branches)
    }
}

/// Per digit, the unsolved cells no set peer rules it out of (HoDoKu's
/// `getCandidatesAllowed`: candidates removed by steps still count), and the houses they
/// meet (read once per grid: every table's contradiction test asks).
#[derive(Clone, Copy, Default)]
pub(super) struct Allowed {
    cells: [CellSet; 9],
    houses: [HouseSet; 9],
}

impl Allowed {
    pub(super) fn of(grid: &Candidates) -> Allowed {
        let mut cells = [grid.unsolved(); 9];
        for cell in Cell::all() {
            if let Some(digit) = grid.value(cell) {
                cells[digit.index()] = cells[digit.index()] - cell.peers();
            }
        }
        Allowed::places(cells)
    }

    /// The allowed places `cells`, per digit.
    fn places(cells: [CellSet; 9]) -> Allowed {
        Allowed {
            cells,
            houses: cells.map(CellSet::houses_met),
        }
    }
}

/// One chain of a derivation: its premise and the literal it ends on.
pub(super) type ChainEnds = ((Cell, Digit, bool), (Cell, Digit, bool));

/// What the derivations of a conclusion are drawn from: a grid's tables, summarised (one
/// pair per candidate of `candidates`, "on" first).
pub(super) struct Derivations<'a> {
    pub(super) grid: &'a Candidates,
    pub(super) allowed: &'a Allowed,
    pub(super) candidates: &'a [(Cell, Digit)],
    pub(super) summaries: &'a [[Summary; 2]],
}

impl Derivations<'_> {
    /// The derivation of `conclusion` HoDoKu keeps, of those `length` measures (given its
    /// chains; `None` for one that does not count): the shortest, the first found on ties,
    /// in HoDoKu's order of checks (contradictions of the conclusion's negation, then a
    /// candidate both on and off, then exhaustive choices). A placement with a
    /// contradiction is named one: HoDoKu keeps its contradiction and its verity as two
    /// steps that its ranking does not order, so the one found first stays first.
    pub(super) fn shortest(
        &self,
        conclusion: Conclusion,
        mut length: impl FnMut(&[ChainEnds]) -> Option<u32>,
    ) -> Option<Source> {
        let target = conclusion.literal();
        let (cell, digit, on) = target;
        let mut best: Option<(Source, u32)> = None;
        let mut consider = |best: &mut Option<(Source, u32)>, source, chains: &[ChainEnds]| {
            if let Some(l) = length(chains)
                && best.is_none_or(|(_, b)| l < b)
            {
                *best = Some((source, l));
            }
        };
        let mut chains = [(target, target); 9];
        let premise = (cell, digit, !on);
        let summary = &self.tables_of(cell, digit)[usize::from(on)];
        if contradiction(self.grid, self.allowed, summary, premise) {
            for_each_contradiction(self.grid, self.allowed, premise, summary, |ends| {
                if on && best.is_some() {
                    return;
                }
                let n = fill(&mut chains, ends.iter().map(|&end| (premise, end)));
                consider(&mut best, Source::Contradiction, &chains[..n]);
            });
            if on && best.is_some() {
                return best.map(|(source, _)| source);
            }
        }
        for (i, &(c, d)) in self.candidates.iter().enumerate() {
            let [on_table, off_table] = &self.summaries[i];
            if c != cell && on_table.has(target) && off_table.has(target) {
                let both = [((c, d, true), target), ((c, d, false), target)];
                consider(&mut best, Source::BothWays(c, d), &both);
            }
        }
        for choice in exhaustive_choices(self.grid) {
            let (members, n) = members(self.grid, choice);
            let members = &members[..n];
            if members
                .iter()
                .all(|&(c, d)| self.tables_of(c, d)[0].has(target))
            {
                let n = fill(
                    &mut chains,
                    members.iter().map(|&(c, d)| ((c, d, true), target)),
                );
                consider(&mut best, choice, &chains[..n]);
            }
        }
        best.map(|(source, _)| source)
    }

    /// Every conclusion of the tables, in HoDoKu's rank order ([`Conclusion`]'s), each
    /// once, into `out`.
    pub(super) fn list(&self, out: &mut Vec<Conclusion>) {
        out.clear();
        for (&(cell, digit), summaries) in self.candidates.iter().zip(self.summaries) {
            for (summary, on) in summaries.iter().zip([true, false]) {
                if contradiction(self.grid, self.allowed, summary, (cell, digit, on)) {
                    out.push(if on {
                        Conclusion::Remove(cell, digit)
                    } else {
                        Conclusion::Place(cell, digit)
                    });
                }
            }
            let [on, off] = summaries;
            Conclusion::all_in(&on.and(off), CellSet::single(cell), out);
        }
        self.for_each_verity(|common| Conclusion::all_in(common, CellSet::EMPTY, out));
        out.sort_unstable();
        out.dedup();
    }

    /// The first conclusion of [`Derivations::list`], found without testing every table
    /// for a contradiction: the conclusions of candidates both ways and of verities (set
    /// operations) first, then the contradictions in rank order, up to the best so far
    /// (an "off" premise's is a placement in its cell, an "on" premise's an elimination,
    /// and no elimination is looked for once a placement is known).
    pub(super) fn first(&self) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        let mut offer = |found: Option<Conclusion>| {
            if let Some(found) = found {
                best = Some(best.map_or(found, |b| b.min(found)));
            }
        };
        for (&(cell, _), [on, off]) in self.candidates.iter().zip(self.summaries) {
            offer(Conclusion::first_in_both(on, off, CellSet::single(cell)));
        }
        self.for_each_verity(|common| offer(Conclusion::first_in(common, CellSet::EMPTY)));
        for on in [false, true] {
            for (&(cell, digit), summaries) in self.candidates.iter().zip(self.summaries) {
                let found = if on {
                    Conclusion::Remove(cell, digit)
                } else {
                    Conclusion::Place(cell, digit)
                };
                if best.is_some_and(|b| b < found) {
                    break;
                }
                let summary = &summaries[usize::from(!on)];
                if contradiction(self.grid, self.allowed, summary, (cell, digit, on)) {
                    best = Some(found);
                    break;
                }
            }
        }
        best
    }

    /// Runs `each` on what every member's "on" table holds, for each exhaustive choice in
    /// HoDoKu's order.
    fn for_each_verity(&self, mut each: impl FnMut(&Summary)) {
        // Where each cell's candidates start in `candidates` (listed cells, then digits, from
        // the unsolved cells of the grid): a member's "on" summary is found by counting, not
        // by a binary search.
        let unsolved = self.grid.unsolved();
        let mut starts = [0u16; 81];
        let mut listed = 0;
        for cell in Cell::all() {
            starts[cell.index()] = listed;
            if unsolved.contains(cell) {
                listed += self.grid.candidates(cell).len() as u16;
            }
        }
        let on_summary = |c: Cell, d: Digit| {
            let below = self.grid.candidates(c).bits() & ((1 << d.index()) - 1);
            let at = usize::from(starts[c.index()]) + nine_bit_count(below) as usize;
            debug_assert_eq!(self.candidates[at], (c, d));
            &self.summaries[at][0]
        };
        for choice in exhaustive_choices(self.grid) {
            let (members, n) = members(self.grid, choice);
            let Some((&(c, d), rest)) = members[..n].split_first() else {
                continue;
            };
            // Most choices have nothing in common after two or three members.
            let mut common = *on_summary(c, d);
            for &(c, d) in rest {
                if common.is_empty() {
                    break;
                }
                common.and_assign(on_summary(c, d));
            }
            each(&common);
        }
    }

    /// The summaries of the "on" and "off" tables of `(cell, digit)`.
    fn tables_of(&self, cell: Cell, digit: Digit) -> &[Summary; 2] {
        let at = self
            .candidates
            .binary_search(&(cell, digit))
            .expect("a candidate of the grid");
        &self.summaries[at]
    }
}

/// The least (cell, digit) with the cell in `sets(digit)` but not in `except`: the first
/// cell of their union, with the lowest digit holding it (one union and one scan rather
/// than a first cell per digit and a minimum).
fn first_candidate(sets: impl Fn(usize) -> CellSet, except: CellSet) -> Option<(Cell, Digit)> {
    let union = (0..9).fold(CellSet::EMPTY, |union, i| union | sets(i)) - except;
    let cell = union.first()?;
    Digit::all()
        .find(|d| sets(d.index()).contains(cell))
        .map(|d| (cell, d))
}

/// Every contradiction the table of `premise` (summarised) holds, in the order HoDoKu
/// checks them (`checkOneChain`), each given as the literals its chains end on: the
/// premise's negation; a candidate on and off (its first cell per digit); two digits on
/// in one cell (the first such cell per pair); a digit on twice in a house (rows, then
/// columns, then boxes, digit by digit); a cell left without candidates; a house with
/// every allowed place of a digit off (rows, columns, boxes, digit by digit).
fn for_each_contradiction(
    grid: &Candidates,
    allowed: &Allowed,
    premise: (Cell, Digit, bool),
    t: &Summary,
    mut each: impl FnMut(&[(Cell, Digit, bool)]),
) {
    let (cell, digit, on) = premise;
    // At most nine ends: a house's places, a cell's candidates.
    let mut ends = [premise; 9];
    if t.has((cell, digit, !on)) {
        each(&[(cell, digit, !on)]);
    }
    for d in Digit::all() {
        if let Some(c) = (t.on[d.index()] & t.off[d.index()]).first() {
            each(&[(c, d, false), (c, d, true)]);
        }
    }
    for a in Digit::all() {
        for b in Digit::all().filter(|&b| b > a) {
            if let Some(c) = (t.on[a.index()] & t.on[b.index()]).first() {
                each(&[(c, a, true), (c, b, true)]);
            }
        }
    }
    for kind in [HouseKind::Row, HouseKind::Column, HouseKind::Box] {
        for d in Digit::all() {
            for house in House::all_of(kind) {
                let cells = t.on[d.index()] & house.cell_set();
                if cells.has_at_least(2) {
                    let n = fill(&mut ends, cells.iter().map(|c| (c, d, true)));
                    each(&ends[..n]);
                }
            }
        }
    }
    for c in empty_cells(grid, t).iter() {
        let n = fill(&mut ends, grid.candidates(c).iter().map(|d| (c, d, false)));
        each(&ends[..n]);
    }
    for kind in [HouseKind::Row, HouseKind::Column, HouseKind::Box] {
        for d in Digit::all() {
            for house in House::all_of(kind) {
                if let Some(cells) = all_off(allowed, t, house, d) {
                    let n = fill(&mut ends, cells.iter().map(|c| (c, d, false)));
                    each(&ends[..n]);
                }
            }
        }
    }
}

/// Writes `items` (at most nine) at the start of `buffer`; how many there were.
fn fill<T>(buffer: &mut [T; 9], items: impl Iterator<Item = T>) -> usize {
    let mut n = 0;
    for (slot, item) in buffer.iter_mut().zip(items) {
        *slot = item;
        n += 1;
    }
    n
}

/// Whether the table of `premise` (summarised) holds a contradiction. Called for every
/// table: each kind is tested with a few set operations per digit.
fn contradiction(
    grid: &Candidates,
    allowed: &Allowed,
    t: &Summary,
    premise: (Cell, Digit, bool),
) -> bool {
    let (cell, digit, on) = premise;
    if t.has((cell, digit, !on)) {
        return true;
    }
    let mut on_so_far = CellSet::EMPTY;
    for i in 0..9 {
        let on = t.on[i];
        // On and off; on with a lower digit in the same cell; two places seeing each other.
        if on.intersects(t.off[i])
            || on.intersects(on_so_far)
            || (on.has_at_least(2) && on.iter().any(|c| on.intersects(c.peers())))
        {
            return true;
        }
        on_so_far |= on;
    }
    if !empty_cells(grid, t).is_empty() {
        return true;
    }
    (0..9).any(|i| {
        // A house with allowed places, all of them off, has none left open.
        allowed.cells[i].intersects(t.off[i])
            && !(allowed.houses[i] - (allowed.cells[i] - t.off[i]).houses_met()).is_empty()
    })
}

/// The cells of `house` where `digit` is allowed, if there are some and the table turns
/// every one off (HoDoKu's `checkHouseDel`: a cell allowed the digit but no longer holding
/// it is never off, so such a house never counts).
fn all_off(allowed: &Allowed, t: &Summary, house: House, digit: Digit) -> Option<CellSet> {
    let cells = allowed.cells[digit.index()] & house.cell_set();
    (!cells.is_empty() && cells.is_subset_of(t.off[digit.index()])).then_some(cells)
}

/// The unsolved cells a table leaves without a candidate.
fn empty_cells(grid: &Candidates, t: &Summary) -> CellSet {
    let mut empty = grid.unsolved();
    for d in Digit::all() {
        empty &= t.off[d.index()] | !grid.cells_with(d);
        empty = empty - t.on[d.index()];
    }
    empty
}

/// Every exhaustive choice HoDoKu tries for verities, in its order: each unsolved cell's
/// candidates, then each digit's places in each row, column and box.
fn exhaustive_choices(grid: &Candidates) -> impl Iterator<Item = Source> + '_ {
    let cells = grid.unsolved().iter().map(Source::EachCandidate);
    let houses = [HouseKind::Row, HouseKind::Column, HouseKind::Box]
        .into_iter()
        .flat_map(House::all_of)
        .flat_map(move |house| {
            Digit::all()
                .filter(move |&d| grid.cells_with(d).intersects(house.cell_set()))
                .map(move |d| Source::EachPlace(house, d))
        });
    cells.chain(houses)
}

/// The candidates of an exhaustive choice (at most nine), in order.
fn members(grid: &Candidates, choice: Source) -> ([(Cell, Digit); 9], usize) {
    let mut out = [(Cell::from_index(0), Digit::from_index(0)); 9];
    let mut n = 0;
    let mut push = |c, d| {
        out[n] = (c, d);
        n += 1;
    };
    match choice {
        Source::EachCandidate(cell) => grid.candidates(cell).iter().for_each(|d| push(cell, d)),
        Source::EachPlace(house, digit) => (grid.cells_with(digit) & house.cell_set())
            .iter()
            .for_each(|c| push(c, digit)),
        _ => {}
    }
    (out, n)
}

/// The step of `technique` (Forcing Chain or Forcing Net): its conclusion, where it comes
/// from, which names it a contradiction or a verity, and its chains, branch by branch.
pub(super) fn step(
    technique: Technique,
    conclusion: Conclusion,
    source: Source,
    chain: ChainRef,
) -> Step {
    let contradiction = source == Source::Contradiction;
    let subtype = match (technique, contradiction) {
        (Technique::ForcingNet, true) => Subtype::ForcingNetContradiction,
        (Technique::ForcingNet, false) => Subtype::ForcingNetVerity,
        (_, true) => Subtype::ForcingChainContradiction,
        (_, false) => Subtype::ForcingChainVerity,
    };
    let mut pattern = Pattern {
        chain,
        ..Pattern::default()
    };
    match source {
        Source::Contradiction => {}
        Source::BothWays(cell, digit) => {
            pattern.cells = CellSet::single(cell);
            pattern.digits = DigitSet::single(digit);
        }
        Source::EachCandidate(cell) => pattern.cells = CellSet::single(cell),
        Source::EachPlace(house, digit) => {
            pattern.base = crate::bitset::HouseSet::single(house);
            pattern.digits = DigitSet::single(digit);
        }
    }
    let step = match conclusion {
        Conclusion::Place(cell, digit) => Step::placing(technique, cell, digit, pattern),
        Conclusion::Remove(cell, digit) => {
            let mut eliminations = Eliminations::NONE;
            eliminations.insert(cell, digit);
            Step::eliminating(technique, pattern, eliminations)
        }
    };
    step.with_subtype(subtype)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    fn summary(on: &[(Cell, u8)], off: &[(Cell, u8)]) -> Summary {
        let mut s = Summary::default();
        for &(cell, digit) in on {
            s.on[usize::from(digit - 1)].insert(cell);
        }
        for &(cell, digit) in off {
            s.off[usize::from(digit - 1)].insert(cell);
        }
        s
    }

    #[test]
    fn first_candidate_is_the_least_pair_outside_except() {
        // Pseudo-random sets, sparse and dense, against the least pair found by brute force.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..2000 {
            let mask = (1u128 << 81) - 1;
            let random = |next: &mut dyn FnMut() -> u64| {
                let bits = (u128::from(next()) << 64 | u128::from(next())) & mask;
                // Thin the sets out in most rounds, so the union is often small or empty.
                let thin = (u128::from(next()) << 64 | u128::from(next())) & mask;
                CellSet::from_bits(if round % 3 == 0 {
                    bits
                } else {
                    bits & thin & (bits >> 3)
                })
            };
            let sets: [CellSet; 9] = std::array::from_fn(|_| random(&mut next));
            let except = random(&mut next);
            let expected = Digit::all()
                .flat_map(|d| (sets[d.index()] - except).iter().map(move |c| (c, d)))
                .min();
            assert_eq!(first_candidate(|i| sets[i], except), expected);
        }
    }

    #[test]
    fn every_summary_is_that_of_its_premise_s_table() {
        // HoDoKu's capacity, and one small enough for tables to be cut short.
        for capacity in [Table::CAPACITY, 60] {
            let mut work = Workspace {
                tabling: Tabling {
                    table: Table::with_capacity(capacity),
                    ..Tabling::default()
                },
                ..Workspace::default()
            };
            let (mut read, mut cut_short) = (0, 0);
            for (_, grid) in sample_grids_after_singles(12) {
                work.build(&grid);
                let group_literals = 2 * work.tabling.groups.len();
                for k in 0..work.candidates.len() {
                    let (cell, digit) = work.candidates[k];
                    for (on, summary) in [true, false].into_iter().zip(work.tables[k]) {
                        let premise = Lit::candidate(cell, digit, on);
                        let reached = Summary::reached(&work.reach, premise).len();
                        if reached + group_literals > capacity {
                            cut_short += 1;
                        } else {
                            read += 1;
                        }
                        let table = work.tabling.fill(&grid, premise);
                        assert_eq!(summary, Summary::of(table), "{premise:?}\n{grid}");
                    }
                }
            }
            // HoDoKu's capacity: summaries read from what premises reach; the small one:
            // tables that may be cut short, filled.
            let taken = if capacity == Table::CAPACITY {
                read
            } else {
                cut_short
            };
            assert!(taken > 1000, "{capacity}: {read} read, {cut_short} filled");
        }
    }

    #[test]
    fn the_first_conclusion_is_the_first_of_the_list() {
        // Grids after their singles (placements abound), and grids where the standard
        // ladder's rungs before Forcing Chain are stuck (often eliminations only).
        let standard = crate::ladder::Ladder::parse("standard").expect("a preset");
        let before: Vec<&str> = standard
            .rungs()
            .iter()
            .take_while(|&&t| t != Technique::ForcingChain)
            .map(|t| t.name())
            .collect();
        let solver = crate::solver::Solver::new(
            crate::ladder::Ladder::parse(&before.join(",")).expect("a ladder"),
            crate::solver::Policy::Single,
        );
        let mut work = Workspace::default();
        let mut listed = Vec::new();
        let (mut places, mut removals) = (0, 0);
        for (k, (line, mut grid)) in sample_grids_after_singles(usize::MAX).enumerate() {
            if k >= 60 {
                solver.solve_counts(&mut grid, None, &mut Default::default());
                if grid.unsolved().is_empty() {
                    continue;
                }
            }
            work.build(&grid);
            work.derivations(&grid).list(&mut listed);
            let first = work.derivations(&grid).first();
            assert_eq!(first, listed.first().copied(), "{line}");
            match first {
                Some(Conclusion::Place(..)) => places += 1,
                Some(Conclusion::Remove(..)) => removals += 1,
                None => {}
            }
        }
        assert!(
            places > 20 && removals > 20,
            "{places} placements, {removals} eliminations"
        );
    }

    /// Every digit allowed in every cell of an empty grid.
    fn all_allowed() -> Allowed {
        Allowed::places([CellSet::ALL; 9])
    }

    #[test]
    fn each_kind_of_contradiction_is_one() {
        let grid = Candidates::empty();
        let premise = (rc(1, 1), d(5), true);
        let cases: [(&str, Summary); 5] = [
            ("negation", summary(&[(rc(1, 1), 5)], &[(rc(1, 1), 5)])),
            ("on and off", summary(&[(rc(4, 4), 2)], &[(rc(4, 4), 2)])),
            ("two digits", summary(&[(rc(4, 4), 2), (rc(4, 4), 3)], &[])),
            (
                "twice in a box",
                summary(&[(rc(4, 4), 2), (rc(5, 5), 2)], &[]),
            ),
            (
                "empty cell",
                summary(&[], &(1..=9).map(|v| (rc(9, 9), v)).collect::<Vec<_>>()),
            ),
        ];
        for (name, t) in cases {
            assert!(contradiction(&grid, &all_allowed(), &t, premise), "{name}");
        }
        let house_off: Vec<(Cell, u8)> = (1..=9).map(|c| (rc(7, c), 4)).collect();
        assert!(contradiction(
            &grid,
            &all_allowed(),
            &summary(&[], &house_off),
            premise
        ));
    }

    #[test]
    fn consequences_that_agree_are_no_contradiction() {
        let grid = Candidates::empty();
        let t = summary(
            &[(rc(1, 1), 5), (rc(4, 4), 2), (rc(9, 9), 2)],
            &[(rc(1, 2), 5), (rc(4, 4), 3)],
        );
        assert!(!contradiction(
            &grid,
            &all_allowed(),
            &t,
            (rc(1, 1), d(5), true)
        ));
    }

    #[test]
    fn a_house_counts_only_when_every_allowed_place_is_turned_off() {
        let grid = Candidates::empty();
        // r7c9 is allowed a 4 but not turned off (a step removed the candidate there).
        let house_off: Vec<(Cell, u8)> = (1..=8).map(|c| (rc(7, c), 4)).collect();
        let t = summary(&[], &house_off);
        assert!(!contradiction(
            &grid,
            &all_allowed(),
            &t,
            (rc(1, 1), d(5), true)
        ));
        // A set 4 in r1c9 rules r7c9 out: then the other eight are all there is.
        let mut cells = [CellSet::ALL; 9];
        cells[3] = cells[3] - rc(1, 9).peers();
        let allowed = Allowed::places(cells);
        assert!(contradiction(&grid, &allowed, &t, (rc(1, 1), d(5), true)));
    }

    #[test]
    fn placements_rank_before_eliminations_and_lower_cells_first() {
        let mut all = [
            Conclusion::Remove(rc(1, 1), d(3)),
            Conclusion::Place(rc(5, 5), d(1)),
            Conclusion::Remove(rc(1, 1), d(2)),
            Conclusion::Place(rc(2, 9), d(7)),
        ];
        all.sort();
        assert_eq!(
            all,
            [
                Conclusion::Place(rc(2, 9), d(7)),
                Conclusion::Place(rc(5, 5), d(1)),
                Conclusion::Remove(rc(1, 1), d(2)),
                Conclusion::Remove(rc(1, 1), d(3)),
            ]
        );
    }
}
