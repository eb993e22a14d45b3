//! Forcing Nets (HoDoKu's `fn`, named `fnc` or `fnv`): the forcing chains' conclusions
//! ([`super::forcing`]: contradictions and verities, ranked the same way) drawn from
//! tables that look ahead ([`tables`]): a premise's table holds what four rounds of
//! singles make of it on a scratch grid ([`lookahead`]), so one consequence may need
//! several earlier ones at once.
//!
//! The conclusions are drawn from the tables' summaries, read from what each premise
//! reaches through the tables' direct entries ([`super::reach`]); a table is expanded only
//! when it might be cut short or a chain is measured in it.
//!
//! HoDoKu keeps a conclusion only if one of its derivations prints as a net (a chain
//! with a side chain, [`chain`]); of those it keeps the shortest, chains measured as
//! printed, and names the step after it, as for forcing chains
//! ([`super::forcing::Derivations::shortest`]). Its rank order then picks the step: a
//! placement in the lowest cell, else the elimination of the lowest (cell, digit).

mod chain;
mod lookahead;
mod tables;

use super::engine::implications::Implications;
use super::engine::literal::{GroupNodes, Lit};
use super::engine::reach::{Layout, Reach};
use super::forcing::{Allowed, ChainEnds, Conclusion, Derivations, Summary, step, summarise};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Technique;
use crate::step::Link;
use crate::technique::sink::StepSink;
use chain::ChainMeter;
use std::cell::RefCell;
use std::ops::ControlFlow;
use tables::NetTables;

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    groups: GroupNodes,
    implications: Implications,
    tables: NetTables,
    /// What each literal reaches through the tables' direct entries: an expanded table's
    /// summary when it is not cut short.
    reach: Reach,
    meter: ChainMeter,
    /// The grid's candidates (cells, then digits, ascending).
    candidates: Vec<(Cell, Digit)>,
    /// Per candidate, the summaries of its "on" and "off" tables.
    summaries: Vec<[Summary; 2]>,
    conclusions: Vec<Conclusion>,
    /// Per digit, the unsolved cells no set peer rules it out of.
    allowed: Allowed,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

pub fn forcing_nets(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    WORKSPACE.with_borrow_mut(|work| {
        work.build(grid);
        let Workspace {
            groups,
            tables,
            meter,
            candidates,
            summaries,
            conclusions,
            allowed,
            ..
        } = work;
        let derivations = Derivations {
            grid,
            allowed,
            candidates,
            summaries,
        };
        derivations.list(conclusions);
        // Best first; each is derived (which costs chain walks) only when it is wanted.
        for &conclusion in conclusions.iter() {
            // A derivation counts if one of its chains prints as a net. The ends of the
            // one `shortest` keeps (the first of the least length) are kept to draw it.
            let mut kept: Option<(u32, Vec<ChainEnds>)> = None;
            let source = derivations.shortest(conclusion, |chains| {
                let (mut length, mut net) = (0, false);
                for &((pc, pd, p_on), (tc, td, t_on)) in chains {
                    let premise = Lit::candidate(pc, pd, p_on);
                    tables.expand(premise);
                    let measure =
                        meter.measure(tables, groups, premise, Lit::candidate(tc, td, t_on));
                    length += measure.length;
                    net |= measure.net;
                }
                if net && kept.as_ref().is_none_or(|(best, _)| length < *best) {
                    kept = Some((length, chains.to_vec()));
                }
                net.then_some(length)
            });
            if let Some(source) = source {
                let ends = kept.map(|(_, ends)| ends).unwrap_or_default();
                let mut branches: Vec<Vec<Link>> = Vec::new();
                for ((pc, pd, p_on), (tc, td, t_on)) in ends {
                    let premise = Lit::candidate(pc, pd, p_on);
                    tables.expand(premise);
                    meter.measure(tables, groups, premise, Lit::candidate(tc, td, t_on));
                    for chain in meter.last_chains() {
                        branches.push(chain.iter().map(|&lit| groups.link(lit)).collect());
                    }
                }
                let chain = sink.chains().push_branches(branches);
                sink.push(step(Technique::ForcingNet, conclusion, source, chain))?;
            }
        }
        ControlFlow::Continue(())
    })
}

impl Workspace {
    /// The tables of every candidate and their summaries. An expanded table that cannot
    /// be cut short holds exactly what its premise reaches through the tables' direct
    /// entries, so its summary is read from [`Reach`]; only a table that might be cut
    /// short is expanded here, the others when a derivation measures a chain in them.
    fn build(&mut self, grid: &Candidates) {
        self.allowed = Allowed::of(grid);
        self.groups.fill(grid);
        self.implications.build(grid, &self.groups, 0);
        self.tables.build(grid, &self.groups, &self.implications);
        self.reach
            .build(grid, &self.groups, &self.tables, Layout::Candidates);
        summarise(
            grid,
            self.groups.len(),
            &self.reach,
            self.tables.capacity(),
            &mut self.candidates,
            &mut self.summaries,
            |premise| {
                self.tables.expand(premise);
                let table = self.tables.get(premise);
                Summary {
                    on: table.on,
                    off: table.off,
                }
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::chain::Measure;
    use super::*;
    use crate::geometry::{House, HouseKind};
    use crate::hodoku::catalogue::Subtype;
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
                    work.tables.expand(premise);
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
    fn every_summary_is_that_of_its_premise_s_expanded_table() {
        let mut grids: Vec<Candidates> = stuck_grids(2).into_iter().map(|(g, _)| g).collect();
        grids.extend(
            crate::technique::test_grids::sample_grids_after_singles(6).map(|(_, grid)| grid),
        );
        // HoDoKu's capacity, and one small enough for tables to be cut short.
        for capacity in [tables::CAPACITY, 60] {
            let mut work = Workspace {
                tables: NetTables::with_capacity(capacity),
                ..Workspace::default()
            };
            let (mut read, mut cut_short) = (0, 0);
            for grid in &grids {
                work.build(grid);
                let group_literals = 2 * work.groups.len();
                for k in 0..work.candidates.len() {
                    let (cell, digit) = work.candidates[k];
                    for (on, summary) in [true, false].into_iter().zip(work.summaries[k]) {
                        let premise = Lit::candidate(cell, digit, on);
                        if Summary::reached(&work.reach, premise).len() + group_literals > capacity
                        {
                            cut_short += 1;
                        } else {
                            read += 1;
                        }
                        work.tables.expand(premise);
                        let table = work.tables.get(premise);
                        assert_eq!((summary.on, summary.off), (table.on, table.off));
                    }
                }
            }
            let taken = if capacity == tables::CAPACITY {
                read
            } else {
                cut_short
            };
            assert!(
                taken > 1000,
                "{capacity}: {read} read, {cut_short} expanded"
            );
        }
    }

    #[test]
    fn a_single_that_needs_two_removals_makes_a_net_and_a_peer_does_not() {
        let mut work = Workspace::default();
        let (grid, _) = &stuck_grids(1)[0];
        work.build(grid);
        let (mut nets, mut plain) = (0, 0);
        for &(cell, digit) in &work.candidates {
            let premise = Lit::candidate(cell, digit, true);
            work.tables.expand(premise);
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
                for (cell, digit) in step.placement.iter().flat_map(|p| p.iter()) {
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
