//! Forcing Nets (HoDoKu's `fn`, named `fnc` or `fnv`): the forcing chains' conclusions
//! ([`super::forcing`]: contradictions and verities, ranked the same way) drawn from
//! tables that look ahead ([`tables`]): a premise's table holds what four rounds of
//! singles make of it on a scratch grid ([`lookahead`]), so one consequence may need
//! several earlier ones at once.
//!
//! HoDoKu keeps a conclusion only if one of its derivations prints as a net (a chain
//! with a side chain, [`chain`]); of those it keeps the shortest, the first found on
//! ties, and names the step after it (contradiction or verity), except that a placement
//! with a contradiction is named one (HoDoKu keeps the two kinds apart and its ranking
//! leaves them in the order found). Its rank order then picks the step: a placement in
//! the lowest cell, else the elimination of the lowest (cell, digit).

mod chain;
mod lookahead;
mod tables;

use super::forcing::{
    Conclusion, Source, Summary, contradiction, exhaustive_choices, for_each_contradiction,
    list_conclusions, members, on_summary, step,
};
use super::implications::Implications;
use super::literal::{GroupNodes, Lit};
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::catalogue::{Subtype, Technique};
use crate::geometry::{Cell, Digit};
use crate::technique::sink::StepSink;
use chain::{ChainMeter, Measure};
use std::cell::RefCell;
use std::ops::ControlFlow;
use tables::NetTables;

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    groups: GroupNodes,
    implications: Implications,
    tables: NetTables,
    meter: ChainMeter,
    /// The grid's candidates (cells, then digits, ascending).
    candidates: Vec<(Cell, Digit)>,
    /// Per candidate, the summaries of its "on" and "off" tables.
    summaries: Vec<[Summary; 2]>,
    conclusions: Vec<Conclusion>,
    /// Per digit, the unsolved cells no set peer rules it out of.
    allowed: [CellSet; 9],
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

pub fn forcing_nets(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    WORKSPACE.with_borrow_mut(|work| {
        work.build(grid);
        let mut conclusions = std::mem::take(&mut work.conclusions);
        list_conclusions(
            grid,
            &work.allowed,
            &work.candidates,
            &work.summaries,
            &mut conclusions,
        );
        work.conclusions = conclusions;
        // Best first; each is derived (which costs chain walks) only when it is wanted.
        for i in 0..work.conclusions.len() {
            let conclusion = work.conclusions[i];
            if let Some((source, _)) = work.shortest_net(grid, conclusion) {
                let subtype = match source {
                    Source::Contradiction => Subtype::ForcingNetContradiction,
                    _ => Subtype::ForcingNetVerity,
                };
                sink.push(step(Technique::ForcingNet, subtype, conclusion, source))?;
            }
        }
        ControlFlow::Continue(())
    })
}

impl Workspace {
    fn build(&mut self, grid: &Candidates) {
        self.allowed = [grid.unsolved(); 9];
        for cell in Cell::all() {
            if let Some(digit) = grid.value(cell) {
                self.allowed[digit.index()] = self.allowed[digit.index()] - cell.peers();
            }
        }
        self.groups.fill(grid);
        self.implications.build(grid, &self.groups, 0);
        self.tables.build(grid, &self.groups, &self.implications);
        self.candidates.clear();
        self.summaries.clear();
        for cell in grid.unsolved().iter() {
            for digit in grid.candidates(cell).iter() {
                self.candidates.push((cell, digit));
                let summaries = [true, false].map(|on| {
                    let table = self.tables.get(Lit::candidate(cell, digit, on));
                    Summary {
                        on: table.on,
                        off: table.off,
                    }
                });
                self.summaries.push(summaries);
            }
        }
    }

    /// The shortest derivation of `conclusion` that prints as a net, the first found on
    /// ties, in HoDoKu's order of checks; with its length.
    fn shortest_net(&mut self, grid: &Candidates, conclusion: Conclusion) -> Option<(Source, u32)> {
        let target = conclusion.literal();
        let (cell, digit, on) = target;
        let target_lit = Lit::candidate(cell, digit, on);
        let Workspace {
            groups,
            tables,
            meter,
            candidates,
            summaries,
            allowed,
            ..
        } = self;
        let mut best: Option<(Source, u32)> = None;
        // The contradictions of the conclusion's negation.
        let premise = (cell, digit, !on);
        let premise_lit = Lit::candidate(cell, digit, !on);
        let at = candidates
            .binary_search(&(cell, digit))
            .expect("a candidate of the grid");
        let summary = summaries[at][usize::from(on)];
        if contradiction(grid, allowed, &summary, premise) {
            for_each_contradiction(grid, allowed, premise, &summary, |ends| {
                let mut measures = ends.iter().map(|&(c, d, o)| {
                    meter.measure(tables, groups, premise_lit, Lit::candidate(c, d, o))
                });
                consider(&mut best, Source::Contradiction, &mut measures);
            });
            if on && best.is_some() {
                // HoDoKu keeps a placement's contradiction and its verity as two steps
                // that its ranking does not order: the one found first stays first.
                return best;
            }
        }
        // A candidate both on and off.
        for (i, &(c, d)) in candidates.iter().enumerate() {
            let [on_table, off_table] = &summaries[i];
            if c != cell && on_table.has(target) && off_table.has(target) {
                let mut measures = [true, false]
                    .into_iter()
                    .map(|o| meter.measure(tables, groups, Lit::candidate(c, d, o), target_lit));
                consider(&mut best, Source::BothWays(c, d), &mut measures);
            }
        }
        // Every case of an exhaustive choice.
        for choice in exhaustive_choices(grid) {
            let (members, n) = members(grid, choice);
            let members = &members[..n];
            if members
                .iter()
                .all(|&(c, d)| on_summary(candidates, summaries, c, d).has(target))
            {
                let mut measures = members.iter().map(|&(c, d)| {
                    meter.measure(tables, groups, Lit::candidate(c, d, true), target_lit)
                });
                consider(&mut best, choice, &mut measures);
            }
        }
        best
    }
}

/// Keeps the derivation whose chains are `measures` if it is a net and shorter than `best`.
fn consider(
    best: &mut Option<(Source, u32)>,
    source: Source,
    measures: &mut dyn Iterator<Item = Measure>,
) {
    let (length, net) = measures.fold((0, false), |(l, n), m| (l + m.length, n || m.net));
    if net && best.is_none_or(|(_, b)| length < b) {
        *best = Some((source, length));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{House, HouseKind};
    use crate::ladder::Ladder;
    use crate::oracle::{self, Uniqueness};
    use crate::puzzle::{Puzzle, Solution};
    use crate::solver::{Outcome, Policy, Solver};

    /// Real grids that need a net: the first puzzles of the bundled sample that the
    /// standard ladder without Forcing Net leaves stuck, where it stopped.
    fn stuck_grids(wanted: usize) -> Vec<(Candidates, Solution)> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sudoku_exchange_4k.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let solver = Solver::new(
            Ladder::default().without(Technique::ForcingNet),
            Policy::Single,
        );
        let mut grids = Vec::new();
        for line in text.lines() {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let mut grid = Candidates::from_puzzle(&puzzle);
            let summary = solver.solve_counts(&mut grid, None, &mut Default::default());
            if summary.outcome == Outcome::Stuck {
                let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
                    panic!("{puzzle}: the sample's puzzles have one solution");
                };
                grids.push((grid, solution));
                if grids.len() == wanted {
                    break;
                }
            }
        }
        assert_eq!(grids.len(), wanted, "the sample has puzzles that need nets");
        grids
    }

    /// What follows from `grid` by the plain rules, to a fixed point: placed digits leave
    /// their peers, naked and hidden singles are placed, a digit confined to one
    /// box-line intersection leaves the rest of the box and the line. `None` when that
    /// empties a cell or a house of a digit.
    fn propagated(mut grid: Candidates) -> Option<Candidates> {
        loop {
            let mut changed = false;
            for cell in grid.unsolved().iter() {
                let digits = grid.candidates(cell);
                if digits.is_empty() {
                    return None;
                }
                if let Some(digit) = digits.single_member() {
                    grid.place(cell, digit);
                    changed = true;
                }
            }
            for house in House::all() {
                for digit in Digit::all() {
                    if house.cells().iter().any(|&c| grid.value(c) == Some(digit)) {
                        continue;
                    }
                    let places = grid.cells_with(digit) & house.cell_set();
                    match places.len() {
                        0 => return None,
                        1 => {
                            grid.place(places.first().unwrap(), digit);
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            for box_ in House::all_of(HouseKind::Box) {
                for line in House::all().filter(|h| h.kind() != HouseKind::Box) {
                    let inside = box_.cell_set() & line.cell_set();
                    for digit in Digit::all() {
                        let held = grid.cells_with(digit);
                        for (from, to) in [(box_, line), (line, box_)] {
                            let places = held & from.cell_set();
                            let rest = held & to.cell_set() & !inside;
                            if !places.is_empty() && places.is_subset_of(inside) && !rest.is_empty()
                            {
                                for cell in rest.iter() {
                                    grid.eliminate(cell, digit);
                                }
                                changed = true;
                            }
                        }
                    }
                }
            }
            if grid.has_contradiction() {
                return None;
            }
            if !changed {
                return Some(grid);
            }
        }
    }

    #[test]
    fn every_entry_of_every_table_follows_from_its_premise() {
        let mut work = Workspace::default();
        let mut checked = 0;
        for (grid, _) in stuck_grids(3) {
            work.build(&grid);
            for &(cell, digit) in &work.candidates {
                for on in [true, false] {
                    let premise = Lit::candidate(cell, digit, on);
                    let mut assumed = grid.clone();
                    if on {
                        assumed.place(cell, digit);
                    } else {
                        assumed.eliminate(cell, digit);
                    }
                    // A premise that contradicts itself implies anything.
                    let Some(after) = propagated(assumed) else {
                        continue;
                    };
                    for entry in work.tables.get(premise).entries() {
                        let Some((c, d)) = entry.lit.as_candidate() else {
                            continue;
                        };
                        let holds = if entry.lit.is_on() {
                            after.value(c) == Some(d)
                        } else {
                            !after.has(c, d) && after.value(c) != Some(d)
                        };
                        assert!(holds, "{premise:?} does not imply {:?}\n{grid}", entry.lit);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_single_that_needs_two_removals_makes_a_net_and_a_peer_does_not() {
        let mut work = Workspace::default();
        let (grid, _) = &stuck_grids(1)[0];
        work.build(grid);
        let (mut nets, mut plain) = (0, 0);
        for &(cell, digit) in &work.candidates {
            let premise = Lit::candidate(cell, digit, true);
            let table = work.tables.get(premise);
            for entry in table.entries().iter().skip(1) {
                if entry.copied_from.is_some() || entry.lit.as_candidate().is_none() {
                    continue;
                }
                let measure = work
                    .meter
                    .measure(&work.tables, &work.groups, premise, entry.lit);
                let origins = entry.origins.iter().skip(1).filter(|&&o| o != 0).count();
                if entry.origins == [0; 5] && !entry.lit.is_on() {
                    // A peer the premise's digit leaves: two positions, no side chain.
                    assert_eq!(
                        measure,
                        Measure {
                            length: 2,
                            net: false
                        }
                    );
                    plain += 1;
                } else if origins > 0 {
                    assert!(measure.net, "{premise:?} to {:?}", entry.lit);
                    nets += 1;
                }
            }
        }
        assert!(plain > 100 && nets > 10, "{plain} plain, {nets} nets");
    }

    #[test]
    fn nets_find_their_conclusions_where_chains_stop_and_nothing_in_an_empty_grid() {
        for (grid, solution) in stuck_grids(3) {
            assert!(Technique::ForcingChain.find_all(&grid, None).is_empty());
            let steps = Technique::ForcingNet.find_all(&grid, None);
            assert!(!steps.is_empty(), "{grid}");
            for step in &steps {
                assert!(matches!(
                    step.subtype,
                    Some(Subtype::ForcingNetContradiction | Subtype::ForcingNetVerity)
                ));
                if let Some((cell, digit)) = step.placement {
                    assert_eq!(solution.get(cell), digit);
                }
                for (cell, digit) in step.eliminations.iter() {
                    assert_ne!(solution.get(cell), digit);
                }
            }
        }
        assert!(
            Technique::ForcingNet
                .find_all(&Candidates::empty(), None)
                .is_empty()
        );
    }

    #[test]
    fn packing_puts_the_largest_origin_first_and_drops_what_does_not_fit() {
        assert_eq!(tables::packed([3, 9, 0, 7, 0]), [9, 3, 0, 7, 0]);
        assert_eq!(tables::packed([5000, 2000, 4, 0, 0]), [4, 0, 0, 0, 0]);
    }
}
