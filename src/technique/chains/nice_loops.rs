//! Nice loops and alternating inference chains (AICs), HoDoKu's "Nice Loop/AIC" and
//! "Grouped Nice Loop/AIC", found as HoDoKu's `TablingSolver` finds them: an implication
//! [`Table`] for every candidate on and off, then every chain in those tables that comes
//! back to its premise's cell (a loop) or, from an "off" premise, ends "on" where it
//! removes something (an AIC).
//!
//! A loop from premise `p` (candidate `d` in cell `c`) back to an entry `e` in `c`, three
//! links long at least, neither leaving nor entering `c` through `c` itself, and crossing
//! no cell twice (a lasso) is:
//! - discontinuous when it proves something about `c`:
//!   - weak in, weak out, same digit: `c` cannot be `d`;
//!   - strong in, strong out, same digit: `c` is `d` (its other digits go);
//!   - one weak and one strong, different digits: the digit of the weak end goes;
//! - continuous when it closes properly (weak/weak with `c` bivalue and different digits,
//!   strong/strong with different digits, or weak/strong with the same digit): then every
//!   weak link between two cells removes its digit from the cells that see both ends, and
//!   a cell entered and left by strong links keeps only those two digits.
//!
//! An AIC starts with a strong link (an "off" premise) and ends on an "on" entry: with
//! the same digit it removes it from every cell seeing both ends (at least two of them:
//! one would be a nice loop), with another digit in a cell seeing the start it removes
//! each end's digit from the other end.
//!
//! Most tables hold nothing of the kind: a table is filled only when the literals its
//! premise reaches ([`super::reach`]) include one that could end a loop or an AIC.
//!
//! Which chain: all are collected, one per kind and elimination set, and ranked as HoDoKu
//! ranks them ([`super::choice`]). Chains through group nodes are the grouped kinds; the
//! grouped search also finds plain chains (scored as grouped, as HoDoKu does).

use super::choice::Findings;
use super::engine::implications::Implications;
use super::engine::literal::{GroupNodes, Lit};
use super::engine::reach::{Layout, Reach};
use super::engine::table::Table;
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::{Subtype, Technique};
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// Nice loops and AICs without group nodes.
pub fn nice_loops(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::NiceLoop)
}

/// Nice loops and AICs with group nodes.
pub fn grouped_nice_loops(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::GroupedNiceLoop)
}

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    groups: Option<GroupNodes>,
    implications: Implications,
    reach: Reach,
    /// Where the literals that could end an "off" premise's loop or AIC lie ([`Masks`]).
    masks: Masks,
    table: Table,
    chain: Vec<Lit>,
    /// The loops of the "on" tables, of the "off" tables, their AICs, and all of them
    /// in HoDoKu's order.
    on_loops: Findings,
    off_loops: Findings,
    aics: Findings,
    all: Findings,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

fn search(grid: &Candidates, sink: &mut StepSink<'_>, technique: Technique) -> ControlFlow<()> {
    WORKSPACE.with_borrow_mut(|work| {
        let Workspace {
            groups,
            implications,
            reach,
            masks,
            table,
            chain,
            on_loops,
            off_loops,
            aics,
            all,
        } = work;
        let groups = groups.get_or_insert_with(GroupNodes::none);
        if technique == Technique::GroupedNiceLoop {
            groups.fill(grid);
        } else {
            groups.clear();
        }
        implications.build(grid, groups, Table::CAPACITY);
        reach.build(grid, groups, implications, Layout::Dense);
        for findings in [&mut *on_loops, &mut *off_loops, &mut *aics, &mut *all] {
            findings.clear();
        }
        masks.fill(grid, groups, reach);
        let mut checks = Checks {
            grid,
            groups,
            chain,
        };
        // HoDoKu checks the loops of every "on" table, then of every "off" table, then the
        // AICs of every "off" table. An "on" table can only close a loop that removes one
        // candidate (all the cell's other digits are off at once, so every loop back into
        // it is discontinuous): when only the best step is wanted and an "off" table has
        // something better, the "on" tables cannot change the choice and are skipped.
        for on in [false, true] {
            if on
                && sink.wanted() == 1
                && off_loops.iter().chain(aics.iter()).any(|f| f.count() >= 2)
            {
                break;
            }
            for cell in grid.unsolved().iter() {
                let mut cell_mask_filled = false;
                for digit in grid.candidates(cell).iter() {
                    let premise = Lit::candidate(cell, digit, on);
                    // What the premise reaches is what its table would hold: the premise
                    // and the literals one link away or more.
                    let Some(reached) = reach.of(premise) else {
                        continue;
                    };
                    if !on && !cell_mask_filled {
                        masks.fill_cell(grid, cell, reach, checks.dead_ends(cell, implications));
                        cell_mask_filled = true;
                    }
                    if !checks.may_find(premise, implications, reach, reached, masks) {
                        continue;
                    }
                    table.fill(premise, grid.candidates(cell), implications, groups);
                    let first_strong = implications.of(premise).first().is_some_and(|l| l.is_on());
                    if on {
                        checks.loops(table, first_strong, on_loops);
                    } else {
                        checks.loops(table, first_strong, off_loops);
                        checks.aics(table, aics);
                    }
                }
            }
        }
        // In HoDoKu's order, kept once per kind and elimination set as it keeps them
        // (AICs and loops never share a kind).
        all.offer_all(on_loops);
        all.offer_all(off_loops);
        all.append(aics);
        all.rank();
        let loops = &*all;
        for found in loops.iter() {
            let links = loops.chain(found).iter().map(|&lit| groups.link(lit));
            let chain = sink.chains().push(links);
            let pattern = Pattern {
                chain,
                ..Pattern::default()
            };
            let mut step = Step::eliminating(technique, pattern, found.eliminations);
            if let Some(subtype) = found.subtype {
                step = step.with_subtype(subtype);
            }
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    })
}

/// The literals whose being reached lets an "off" premise's table hold a loop or an AIC
/// ([`Checks::may_find`]), as sets of the search's [`Reach`]: only those get looked at,
/// not every "on" literal the premise reaches. The test passes only for
/// - a literal of the premise's cell,
/// - an "on" candidate of the premise's digit (an AIC's end on that digit),
/// - an "on" candidate of another digit of the premise's cell (in a cell that sees it: an
///   AIC's end on two digits, or what sends a dead end of the cell off),
/// - an "on" group node, when the premise's cell has dead ends;
///
/// so the mask of a premise is its cell's literals and the "on" candidates of the cell's
/// digits ([`Masks::fill_cell`]), with the groups' part when needed. (Leaving out the
/// cells that do not see the premise's cell costs more than it saves.) The mask and the
/// dead ends depend on the premise's cell alone, so they are made once per cell, not once
/// per digit.
#[derive(Default)]
struct Masks {
    words: usize,
    /// Per digit, its "on" candidates (`words` words each).
    digit_on: Vec<u64>,
    /// The "on" group nodes.
    group_on: Vec<u64>,
    /// The mask of the cell last filled: its literals, the "on" candidates of its
    /// digits, and the "on" group nodes when it has dead ends.
    cell: Vec<u64>,
    /// The dead ends of the cell last filled ([`Checks::dead_ends`]).
    dead_ends: DigitSet,
}

impl Masks {
    /// The parts that hold for every cell, for a search over `reach`.
    fn fill(&mut self, grid: &Candidates, groups: &GroupNodes, reach: &Reach) {
        let words = reach.words();
        self.words = words;
        self.digit_on.clear();
        self.digit_on.resize(9 * words, 0);
        for digit in Digit::all() {
            let part = &mut self.digit_on[digit.index() * words..][..words];
            for cell in grid.cells_with(digit).iter() {
                insert(part, reach.number(Lit::candidate(cell, digit, true)));
            }
        }
        self.group_on.clear();
        self.group_on.resize(words, 0);
        for (g, _) in groups.iter() {
            insert(&mut self.group_on, reach.number(Lit::group(g, true)));
        }
    }

    /// The mask of `cell`'s "off" premises, whose dead ends are `dead_ends`.
    fn fill_cell(&mut self, grid: &Candidates, cell: Cell, reach: &Reach, dead_ends: DigitSet) {
        self.dead_ends = dead_ends;
        self.cell.clear();
        self.cell.resize(self.words, 0);
        let words = self.words;
        for digit in grid.candidates(cell).iter() {
            for on in [false, true] {
                insert(
                    &mut self.cell,
                    reach.number(Lit::candidate(cell, digit, on)),
                );
            }
            let digit_on = &self.digit_on[digit.index() * words..][..words];
            for (word, on) in self.cell.iter_mut().zip(digit_on) {
                *word |= on;
            }
        }
        if !dead_ends.is_empty() {
            for (word, group) in self.cell.iter_mut().zip(&self.group_on) {
                *word |= group;
            }
        }
    }
}

/// Adds literal number `number` to a set; a literal without one (cut off, which no set
/// of the reach holds) is left out.
fn insert(set: &mut [u64], number: Option<usize>) {
    if let Some(number) = number {
        set[number / 64] |= 1 << (number % 64);
    }
}

/// The loop and AIC checks on one table.
struct Checks<'a> {
    grid: &'a Candidates,
    groups: &'a GroupNodes,
    chain: &'a mut Vec<Lit>,
}

impl Checks<'_> {
    /// The cell HoDoKu names a literal's node by: its first cell.
    fn cell(&self, lit: Lit) -> Cell {
        self.groups.cells(lit).first().expect("a node has cells")
    }

    /// Whether `premise`'s table can hold a loop or an AIC, knowing the literals it would
    /// reach (`reached`, a set of `reach`): some literal two links away or more must come
    /// back to the premise's cell, or, from an "off" premise, be an "on" candidate that
    /// would remove something as the end of an AIC. (A dead end of the premise's cell,
    /// which live implications leave out, counts when a literal whose whole row holds it
    /// is reached and the premise's own row does not hold it.)
    fn may_find(
        &self,
        premise: Lit,
        implications: &Implications,
        reach: &Reach,
        reached: &[u64],
        masks: &Masks,
    ) -> bool {
        let (start, start_digit) = premise.as_candidate().expect("a candidate premise");
        if premise.is_on() {
            let off = Lit::candidate(start, start_digit, false);
            let dead_end = implications.is_live() && implications.is_dead_end(off);
            return self.on_premise_may_find(premise, reach, reached, dead_end);
        }
        // Only the literals the test can pass matter ([`Masks`], filled for this cell).
        self.reaches_an_end(
            premise,
            implications,
            masks.dead_ends,
            reach,
            reached,
            &masks.cell,
        )
    }

    /// The dead ends of an "off" premise's cell `start` that some other literal's row may
    /// hold (live implications leave them out of the rows).
    fn dead_ends(&self, start: Cell, implications: &Implications) -> DigitSet {
        let mut dead_ends = DigitSet::EMPTY;
        if implications.is_live() {
            for digit in self.grid.candidates(start).iter() {
                if implications.is_dead_end(Lit::candidate(start, digit, false)) {
                    dead_ends.insert(digit);
                }
            }
        }
        dead_ends
    }

    /// [`Self::may_find`] for an "off" premise, over the reached literals in `mask`.
    fn reaches_an_end(
        &self,
        premise: Lit,
        implications: &Implications,
        dead_ends: DigitSet,
        reach: &Reach,
        reached: &[u64],
        mask: &[u64],
    ) -> bool {
        let (start, start_digit) = premise.as_candidate().expect("a candidate premise");
        let direct = implications.of(premise);
        reach.any_in(reached, mask, |lit| {
            if lit == premise {
                return false;
            }
            let Some((cell, digit)) = lit.as_candidate() else {
                let group = self.groups.get(lit.as_group().expect("a group literal"));
                return lit.is_on()
                    && dead_ends.contains(group.digit)
                    && group.buddies.contains(start);
            };
            let far = || !direct.contains(&lit);
            if cell == start {
                return far();
            }
            if !lit.is_on() {
                return false;
            }
            if dead_ends.contains(digit) && start.peers().contains(cell) {
                return true;
            }
            let ends_aic = if digit == start_digit {
                (start.peers() & cell.peers() & self.grid.cells_with(start_digit)).has_at_least(2)
            } else {
                self.grid.has(start, digit)
                    && self.grid.has(cell, start_digit)
                    && start.peers().contains(cell)
            };
            ends_aic && far()
        })
    }

    /// [`Self::may_find`] for an "on" premise, which sends its cell's other digits off at
    /// once and nothing on: a loop comes back to the cell when its digit goes off later,
    /// or another digit of the cell goes on (which sends it off at once). When its digit
    /// going off is a dead end (`dead_end`), left out of live rows, what would send it
    /// off counts instead: another digit of the cell, a peer's candidate of the digit or
    /// a group of it that the cell sees going on.
    fn on_premise_may_find(
        &self,
        premise: Lit,
        reach: &Reach,
        reached: &[u64],
        dead_end: bool,
    ) -> bool {
        let (start, digit) = premise.as_candidate().expect("a candidate premise");
        let holds = |lit| reach.holds(reached, lit);
        if holds(Lit::candidate(start, digit, false)) {
            return true;
        }
        if !dead_end {
            return false;
        }
        let others = self.grid.candidates(start) - DigitSet::single(digit);
        others
            .iter()
            .any(|other| holds(Lit::candidate(start, other, true)))
            || (start.peers() & self.grid.cells_with(digit))
                .iter()
                .any(|peer| holds(Lit::candidate(peer, digit, true)))
            || (self.groups.buddies_of_digit(digit).contains(start)
                && self.groups.of_digit(digit).iter().any(|&g| {
                    self.groups.get(g).buddies.contains(start) && holds(Lit::group(g, true))
                }))
    }

    /// Every entry of the premise's cell (a plain candidate) closes a loop to check.
    fn loops(&mut self, table: &Table, first_strong: bool, findings: &mut Findings) {
        for &index in table.in_premise_cell() {
            self.nice_loop(table, usize::from(index), first_strong, findings);
        }
    }

    /// `TablingSolver.checkNiceLoop`.
    fn nice_loop(
        &mut self,
        table: &Table,
        index: usize,
        first_strong: bool,
        findings: &mut Findings,
    ) {
        let entry = table.entries()[index];
        if entry.depth <= 1 {
            return;
        }
        table.chain_to(index, self.chain);
        let chain = &*self.chain;
        let start = self.cell(chain[0]);
        // The last link must come into the start cell from another cell, the first must
        // leave it, and no cell may be crossed twice.
        let last = chain.len() - 1;
        if self.cell(chain[last - 1]) == start || self.cell(chain[1]) == start {
            return;
        }
        if self.is_lasso(chain, false) {
            return;
        }
        let (premise, end) = (chain[0], chain[last]);
        let last_strong = end.is_on();
        let (start_digit, end_digit) = (self.groups.digit(premise), self.groups.digit(end));
        let mut eliminations = Eliminations::NONE;
        let same = start_digit == end_digit;
        let subtype = if !first_strong && !last_strong && same {
            eliminations.insert(start, start_digit);
            Subtype::DiscontinuousNiceLoop
        } else if first_strong && last_strong && same {
            for other in self
                .grid
                .candidates(start)
                .iter()
                .filter(|&o| o != start_digit)
            {
                eliminations.insert(start, other);
            }
            Subtype::DiscontinuousNiceLoop
        } else if first_strong != last_strong && !same {
            let weak = if first_strong { end_digit } else { start_digit };
            eliminations.insert(start, weak);
            Subtype::DiscontinuousNiceLoop
        } else if (!first_strong && !last_strong && self.grid.candidates(start).len() == 2)
            || (first_strong && last_strong)
            || (first_strong != last_strong && same)
        {
            eliminations =
                self.continuous_eliminations(start_digit, end_digit, first_strong && last_strong);
            Subtype::ContinuousNiceLoop
        } else {
            return;
        };
        self.offer(eliminations, subtype, findings);
    }

    /// What a continuous loop (`self.chain`) removes: the other digits of each cell
    /// entered and left by strong links, and each weak link's digit from the cells that
    /// see both of its ends, outside the chain.
    fn continuous_eliminations(
        &self,
        start_digit: Digit,
        end_digit: Digit,
        strong_ends: bool,
    ) -> Eliminations {
        let chain = &*self.chain;
        let last = chain.len() - 1;
        let on_chain: CellSet = chain[..last]
            .iter()
            .fold(CellSet::EMPTY, |cells, &lit| cells | self.groups.cells(lit));
        let start = self.cell(chain[0]);
        let mut eliminations = Eliminations::NONE;
        for i in 0..=last {
            let cell = self.cell(chain[i]);
            let strong_through = if i == 0 {
                strong_ends.then_some((start_digit, end_digit))
            } else if chain[i].is_on()
                && i + 2 <= last
                && self.cell(chain[i - 1]) != cell
                && !chain[i + 1].is_on()
                && self.cell(chain[i + 1]) == cell
                && chain[i + 2].is_on()
                && self.cell(chain[i + 2]) != cell
            {
                Some((self.groups.digit(chain[i]), self.groups.digit(chain[i + 2])))
            } else {
                None
            };
            if let Some((a, b)) = strong_through {
                for other in self
                    .grid
                    .candidates(cell)
                    .iter()
                    .filter(|&o| o != a && o != b)
                {
                    eliminations.insert(cell, other);
                }
            }
            if i > 0 && !chain[i].is_on() && self.cell(chain[i - 1]) != cell {
                let digit = self.groups.digit(chain[i]);
                let seeing = self.groups.buddies(chain[i - 1]) & self.groups.buddies(chain[i]);
                let targets =
                    (seeing - on_chain - CellSet::single(start)) & self.grid.cells_with(digit);
                eliminations.insert_cells(targets, digit);
            }
        }
        eliminations
    }

    /// From an "off" premise, every plain "on" entry outside its cell that ends an AIC.
    fn aics(&mut self, table: &Table, findings: &mut Findings) {
        let premise = table.premise();
        let (start, start_digit) = premise.as_candidate().expect("a candidate premise");
        for (index, entry) in table.entries().iter().enumerate().skip(1) {
            let Some((end, end_digit)) = entry.lit.as_candidate() else {
                continue;
            };
            if !entry.lit.is_on() || end == start {
                continue;
            }
            let mut eliminations = Eliminations::NONE;
            if end_digit == start_digit {
                let seeing = start.peers() & end.peers() & self.grid.cells_with(start_digit);
                if !seeing.has_at_least(2) {
                    continue;
                }
                eliminations.insert_cells(seeing, start_digit);
            } else {
                if !start.sees(end)
                    || !self.grid.has(end, start_digit)
                    || !self.grid.has(start, end_digit)
                {
                    continue;
                }
                eliminations.insert(start, end_digit);
                eliminations.insert(end, start_digit);
            }
            if entry.depth <= 1 {
                continue;
            }
            table.chain_to(index, self.chain);
            if self.is_lasso(self.chain, true) {
                continue;
            }
            self.offer(eliminations, Subtype::Aic, findings);
        }
    }

    /// Whether a chain crosses a cell it has left (HoDoKu's lasso check): a cell is
    /// barred once the chain has moved on from it, a group's cells all at once but only
    /// its first cell tested on entry; a loop may come back to its start cell, an AIC not.
    fn is_lasso(&self, chain: &[Lit], aic: bool) -> bool {
        let start = self.cell(chain[0]);
        let mut barred = CellSet::EMPTY;
        let mut previous: Option<Lit> = None;
        for &lit in chain {
            let cell = self.cell(lit);
            if barred.contains(cell) {
                return true;
            }
            if let Some(prev) = previous
                && (aic || self.cell(prev) != start)
            {
                barred |= self.groups.cells(prev);
            }
            previous = Some(lit);
        }
        false
    }

    /// Keeps a chain of `self.chain` with its eliminations, as the grouped kind when it
    /// goes through a group node.
    fn offer(&self, eliminations: Eliminations, subtype: Subtype, findings: &mut Findings) {
        let grouped = self.chain.iter().any(|lit| lit.as_group().is_some());
        let subtype = if grouped { subtype.grouped() } else { subtype };
        findings.offer(Some(subtype), eliminations, self.chain);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// Digit 5 in two places in rows 1, 5 and 8, joined through columns 4 and 8.
    fn x_chain() -> Candidates {
        let mut cells = row_except(1, &[1, 4]);
        cells.extend(row_except(5, &[4, 8]));
        cells.extend(row_except(8, &[8, 2]));
        without(d(5), &cells)
    }

    #[test]
    fn an_aic_of_one_digit_and_the_loops_that_remove_each_of_its_targets() {
        let found = texts(Technique::NiceLoop, &x_chain());
        // The AIC removes four candidates: it ranks first.
        assert_eq!(
            found[0],
            "AIC: 5 5- r1c1 =5= r1c4 -5- r5c4 =5= r5c8 -5- r8c8 =5= r8c2 -5 => \
             r2c2,r3c2,r7c1,r9c1<>5"
        );
        // Each target alone: a discontinuous loop, weak in and out of the same digit.
        assert_eq!(found.len(), 5);
        assert!(
            found.contains(
                &"Discontinuous Nice Loop: 5 r2c2 -5- r8c2 =5= r8c8 -5- r5c8 =5= r5c4 -5- r1c4 \
              =5= r1c1 -5- r2c2 => r2c2<>5"
                    .to_string()
            )
        );
    }

    #[test]
    fn an_aic_of_two_digits_removes_each_end_s_digit_from_the_other() {
        // r1c1 or r7c1 holds 1 (column 1); r7c1 or r7c9 holds 2 (row 7); r7c9 or r1c9
        // holds 3 (column 9). So r1c1 is 1 or r1c9 is 3; they see each other.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(1), &col_except(1, &[1, 7]));
        remove(&mut grid, d(2), &row_except(7, &[1, 9]));
        remove(&mut grid, d(3), &col_except(9, &[1, 7]));
        assert_eq!(
            texts(Technique::NiceLoop, &grid),
            [
                "AIC: 1/3 1- r1c1 =1= r7c1 =2= r7c9 =3= r1c9 -3 => r1c9<>1, r1c1<>3",
                "Discontinuous Nice Loop: 3 r1c1 -3- r1c9 =3= r7c9 =2= r7c1 =1= r1c1 => r1c1<>3",
                "Discontinuous Nice Loop: 1 r1c9 -1- r1c1 =1= r7c1 =2= r7c9 =3= r1c9 => r1c9<>1",
            ]
        );
    }

    /// Strong links of 1 in row 1, of 2 in column 5, of 3 in row 5 and of `last` in
    /// column 1, around the corners r1c1, r1c5, r5c5, r5c1.
    fn four_corners(last: u8) -> Candidates {
        let mut grid = Candidates::empty();
        remove(&mut grid, d(1), &row_except(1, &[1, 5]));
        remove(&mut grid, d(2), &col_except(5, &[1, 5]));
        remove(&mut grid, d(3), &row_except(5, &[5, 1]));
        remove(&mut grid, d(last), &col_except(1, &[5, 1]));
        grid
    }

    #[test]
    fn a_continuous_loop_keeps_each_corner_to_its_two_link_digits() {
        // Each corner is entered and left by strong links: it keeps their two digits.
        let found = texts(Technique::NiceLoop, &four_corners(4));
        let step = &Technique::NiceLoop.find_all(&four_corners(4), None)[0];
        assert_eq!(step.subtype, Some(Subtype::ContinuousNiceLoop));
        let corners = [
            (rc(1, 1), [1, 4]),
            (rc(1, 5), [1, 2]),
            (rc(5, 5), [2, 3]),
            (rc(5, 1), [3, 4]),
        ];
        for (cell, kept) in corners {
            for v in 1..=9 {
                let removed = step.eliminations.contains(cell, d(v));
                assert_eq!(removed, !kept.contains(&v), "{cell}<>{v}");
            }
        }
        assert_eq!(step.eliminations.len(), 4 * 7);
        assert!(found[0].starts_with(
            "Continuous Nice Loop: 1/2/3/4/5/6/7/8/9 4= r1c1 =1= r1c5 =2= r5c5 =3= r5c1 =4= \
             r1c1 =1 => "
        ));
        // A loop through cells of different digits, strong into its start cell and weak out
        // of it: the weak digit goes.
        assert!(
            found.contains(
                &"Discontinuous Nice Loop: 2 r1c1 -2- r1c5 =2= r5c5 =3= r5c1 =4= r1c1 => r1c1<>2"
                    .to_string()
            )
        );
    }

    #[test]
    fn a_loop_strong_into_and_out_of_its_start_on_one_digit_sets_it() {
        // Column 1's strong link is of 1 too: r1c1 not 1 forces r1c1 to be 1.
        let grid = four_corners(1);
        let found = Technique::NiceLoop.find_all(&grid, None);
        let set = found
            .iter()
            .position(|s| {
                s.subtype == Some(Subtype::DiscontinuousNiceLoop)
                    && s.eliminations.len() == 8
                    && (2..=9).all(|v| s.eliminations.contains(rc(1, 1), d(v)))
            })
            .expect("a loop that sets r1c1 to 1");
        assert_eq!(
            found.display(set).to_string(),
            "Discontinuous Nice Loop: 2/3/4/5/6/7/8/9 r1c1 =1= r1c5 =2= r5c5 =3= r5c1 =1= \
             r1c1 => r1c1<>2, r1c1<>3, r1c1<>4, r1c1<>5, r1c1<>6, r1c1<>7, r1c1<>8, r1c1<>9"
        );
    }

    #[test]
    fn group_nodes_in_a_row_and_in_a_column_of_a_box() {
        // 7 in row 1 only at r1c2, r1c3 (box 1) and r1c8; in box 1 only there and at r3c1;
        // in column 8 only at r1c8 and r6c8.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(7), &row_except(1, &[2, 3, 8]));
        remove(
            &mut grid,
            d(7),
            &box_except(1, &[rc(1, 2), rc(1, 3), rc(3, 1)]),
        );
        remove(&mut grid, d(7), &col_except(8, &[1, 6]));
        assert_eq!(
            texts(Technique::GroupedNiceLoop, &grid),
            [
                "Grouped Discontinuous Nice Loop: 7 r6c1 -7- r6c8 =7= r1c8 -7- r1c23 =7= r3c1 \
                 -7- r6c1 => r6c1<>7"
            ]
        );
        assert!(texts(Technique::NiceLoop, &grid).is_empty());
        // The transpose: the group is r2c1, r3c1 in column 1.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(7), &col_except(1, &[2, 3, 8]));
        remove(
            &mut grid,
            d(7),
            &box_except(1, &[rc(2, 1), rc(3, 1), rc(1, 3)]),
        );
        remove(&mut grid, d(7), &row_except(8, &[1, 6]));
        assert_eq!(
            texts(Technique::GroupedNiceLoop, &grid),
            [
                "Grouped Discontinuous Nice Loop: 7 r1c6 -7- r1c3 =7= r23c1 -7- r8c1 =7= r8c6 \
                 -7- r1c6 => r1c6<>7"
            ]
        );
    }

    #[test]
    fn the_grouped_search_also_finds_plain_chains() {
        let grouped = texts(Technique::GroupedNiceLoop, &x_chain());
        assert_eq!(grouped, texts(Technique::NiceLoop, &x_chain()));
    }

    #[test]
    fn an_off_premise_s_mask_leaves_out_no_literal_that_could_end_its_chains() {
        let (mut agree, mut found) = (0, 0);
        for (_, grid) in sample_grids_after_singles(12) {
            for grouped in [false, true] {
                let mut groups = GroupNodes::none();
                if grouped {
                    groups.fill(&grid);
                }
                let mut implications = Implications::default();
                implications.build(&grid, &groups, Table::CAPACITY);
                let mut reach = Reach::default();
                reach.build(&grid, &groups, &implications, Layout::Dense);
                let mut masks = Masks::default();
                masks.fill(&grid, &groups, &reach);
                let mut chain = Vec::new();
                let checks = Checks {
                    grid: &grid,
                    groups: &groups,
                    chain: &mut chain,
                };
                let every = vec![u64::MAX; reach.words()];
                for cell in grid.unsolved().iter() {
                    let dead_ends = checks.dead_ends(cell, &implications);
                    masks.fill_cell(&grid, cell, &reach, dead_ends);
                    for digit in grid.candidates(cell).iter() {
                        let premise = Lit::candidate(cell, digit, false);
                        let Some(reached) = reach.of(premise) else {
                            continue;
                        };
                        let masked =
                            checks.may_find(premise, &implications, &reach, reached, &masks);
                        let unmasked = checks.reaches_an_end(
                            premise,
                            &implications,
                            dead_ends,
                            &reach,
                            reached,
                            &every,
                        );
                        assert_eq!(masked, unmasked, "{premise:?}\n{grid}");
                        agree += 1;
                        found += usize::from(masked);
                    }
                }
            }
        }
        assert!(found > 100 && agree > found + 100, "{found} of {agree}");
    }

    #[test]
    fn nothing_without_strong_links() {
        assert!(texts(Technique::NiceLoop, &Candidates::empty()).is_empty());
        assert!(texts(Technique::GroupedNiceLoop, &Candidates::empty()).is_empty());
        // The AIC's targets gone, and with them every loop.
        let mut grid = x_chain();
        remove(&mut grid, d(5), &[rc(2, 2), rc(3, 2), rc(7, 1), rc(9, 1)]);
        assert!(texts(Technique::NiceLoop, &grid).is_empty());
    }
}
