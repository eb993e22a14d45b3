//! The chain HoDoKu prints for one consequence of a net table (`TablingSolver.buildChain`
//! and `addChain`), measured: how many entries it has and whether it is a net.
//!
//! The main chain is walked back from the consequence to the premise along each entry's
//! first (largest) origin, stepping into the table an entry was copied from and back out
//! at that table's premise. Every further origin met on the way starts a side chain,
//! walked back the same way until it meets the main chain (or the premise); a side chain
//! that joins the main chain is printed after its joining entry, followed by a marker.
//! A step whose chains print a side chain is a net; its length counts every printed
//! position. HoDoKu keeps, per conclusion, the shortest net derivation, and names the
//! step after it.

use super::tables::{CAPACITY, NetTables};
use crate::bitset::CellSet;
use crate::technique::chains::engine::literal::{GroupNodes, Lit};

/// HoDoKu keeps at most this many side chains per chain (`mins`).
const MAX_SIDE_CHAINS: usize = 200;

/// Buffers for measuring chains; reused so that measuring allocates nothing once warm.
#[derive(Default)]
pub struct ChainMeter {
    main: Vec<Lit>,
    /// Where each side chain starts, and the main chain's entry it is an origin of.
    side_starts: Vec<(Lit, Lit)>,
    side: Vec<Vec<Lit>>,
    main_cells: CellSet,
}

/// A printed chain's size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Printed positions: entries, side chains' entries and their markers.
    pub length: u32,
    /// Whether a side chain is printed.
    pub net: bool,
}

impl ChainMeter {
    /// The chain from `premise` to `target`, which its table holds.
    pub fn measure(
        &mut self,
        tables: &NetTables,
        groups: &GroupNodes,
        premise: Lit,
        target: Lit,
    ) -> Measure {
        let table = tables.get(premise);
        let Some(at) = table.position(target) else {
            debug_assert!(false, "the table holds its consequence");
            return Measure {
                length: 0,
                net: false,
            };
        };
        self.main_cells = CellSet::EMPTY;
        self.side_starts.clear();
        let mut main = std::mem::take(&mut self.main);
        self.walk(tables, groups, premise, at, None, &mut main);
        let starts = std::mem::take(&mut self.side_starts);
        let mut sides = std::mem::take(&mut self.side);
        if sides.len() < starts.len() {
            sides.resize_with(starts.len(), Vec::new);
        }
        for (side, &(start, _)) in sides.iter_mut().zip(&starts) {
            let at = table.position(start).unwrap_or(0);
            self.walk(tables, groups, premise, at, Some(&main), side);
        }
        let mut measure = Measure {
            length: main.len() as u32,
            net: false,
        };
        for &lit in &main {
            for side in &sides[..starts.len()] {
                if side.last() == Some(&lit) {
                    measure.length += side.len() as u32;
                    measure.net = true;
                }
            }
        }
        self.main = main;
        self.side = sides;
        self.side_starts = starts;
        measure
    }

    /// The chains the last [`ChainMeter::measure`] walked, premise first: the main chain,
    /// then each side chain that joins it, from where it leaves the main chain to the
    /// entry it is an origin of.
    pub fn last_chains(&self) -> Vec<Vec<Lit>> {
        let mut chains = vec![self.main.iter().rev().copied().collect::<Vec<Lit>>()];
        for (side, &(_, implied)) in self.side.iter().zip(&self.side_starts) {
            if side.last().is_some_and(|joint| self.main.contains(joint)) {
                let mut chain: Vec<Lit> = side.iter().rev().copied().collect();
                chain.push(implied);
                chains.push(chain);
            }
        }
        chains
    }

    /// HoDoKu's inner `buildChain`: from entry `at` of `premise`'s table back along first
    /// origins into `out` (consequence first). The main chain (`main` is `None`) records
    /// its cells and the side chains it meets; a side chain stops on meeting `main`.
    fn walk(
        &mut self,
        tables: &NetTables,
        groups: &GroupNodes,
        premise: Lit,
        at: usize,
        main: Option<&[Lit]>,
        out: &mut Vec<Lit>,
    ) {
        out.clear();
        let outer = tables.get(premise);
        let mut table = outer;
        out.push(table.entries()[at].lit);
        let mut first = at;
        let mut inside = false;
        while first != 0 && out.len() < CAPACITY {
            if let (false, Some(source)) = (inside, table.entries()[first].copied_from) {
                let lit = table.entries()[first].lit;
                table = tables.get(source);
                inside = true;
                first = table.position(lit).unwrap_or(0);
            }
            let entry = table.entries()[first];
            let implied = entry.lit;
            for (i, &origin) in entry.origins.iter().enumerate() {
                let origin = usize::from(origin);
                let lit = table.entries()[origin].lit;
                if i == 0 {
                    first = origin;
                    out.push(lit);
                    match main {
                        None => self.main_cells |= groups.cells(lit),
                        Some(main) => {
                            let cell = groups.cells(lit).first().expect("a node has cells");
                            if self.main_cells.contains(cell) && main.contains(&lit) {
                                return;
                            }
                        }
                    }
                } else if origin != 0 && main.is_none() && self.side_starts.len() < MAX_SIDE_CHAINS
                {
                    self.side_starts.push((lit, implied));
                }
            }
            if inside && first == 0 {
                let back = table.entries()[0].lit;
                table = outer;
                first = table.position(back).unwrap_or(0);
                inside = false;
            }
        }
    }
}
