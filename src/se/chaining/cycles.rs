//! SE's "Forcing Chains & Cycles" producer (`Chaining(false, false, false, 0)`): for every
//! candidate, in three passes (house links only, cell links only, both), the
//! bidirectional cycles through it and the forcing chains that prove it false or true.
//!
//! SE searches breadth first from the candidate set on. A cycle is the candidate reached
//! on again after at least four links; SE does not mark "off" potentials as seen in that
//! search (only ones already on the path are skipped), so every path back is a cycle of
//! its own. A forcing chain is the candidate reached off from itself on, or on from itself
//! off, the first time it is (the shortest such chain). No dynamic bookkeeping: the grid
//! does not change, every potential has one parent.

use super::Chainer;
use super::hint::{Best, Chain, ChainKind, ChainingHint, Implication, difficulty};
use super::links::{Because, WorkGrid, off_to_on, on_to_off};
use super::potential::{CandSet, Potential, cand_cell, cand_digit};
use crate::bitset::CellSet;
use crate::geometry::{Cell, Digit};

/// A node of a single-parent search tree.
#[derive(Copy, Clone, Debug)]
struct TreeNode {
    potential: Potential,
    /// The parent, or `u32::MAX` for the assumption.
    parent: u32,
    depth: u32,
}

const ROOT: u32 = u32::MAX;

/// Reused buffers of the cycle and forcing-chain searches.
#[derive(Default)]
pub(super) struct CycleScratch {
    nodes: Vec<TreeNode>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    offs: Vec<u16>,
    ons: Vec<(Potential, Because)>,
    cycles: Vec<u32>,
}

/// Which links a pass uses.
#[derive(Copy, Clone)]
struct Links {
    cell: bool,
    house: bool,
}

impl Links {
    fn cycle_kind(self) -> ChainKind {
        match (self.cell, self.house) {
            (false, _) => ChainKind::XCycle,
            (true, false) => ChainKind::YCycle,
            (true, true) => ChainKind::XyCycle,
        }
    }
    fn chain_kind(self) -> ChainKind {
        if self.cell {
            ChainKind::XyChain
        } else {
            ChainKind::XChain
        }
    }
}

/// Offers every hint of the producer to `best`, in SE's order.
pub(super) fn search(grid: &WorkGrid, scratch: &mut CycleScratch, best: &mut Best) {
    for links in [
        Links {
            cell: false,
            house: true,
        },
        Links {
            cell: true,
            house: false,
        },
        Links {
            cell: true,
            house: true,
        },
    ] {
        for cell in Cell::all() {
            let digits = grid.candidates(cell);
            if digits.len() < 2 || (digits.len() > 2 && !links.house) {
                continue;
            }
            for digit in digits.iter() {
                let source = Potential::new(cell, digit, true);
                cycles(grid, scratch, links, source, best);
                if links.house {
                    forcing_chain(grid, scratch, links, source, best);
                    forcing_chain(
                        grid,
                        scratch,
                        links,
                        Potential {
                            on: false,
                            ..source
                        },
                        best,
                    );
                }
            }
        }
    }
}

impl CycleScratch {
    fn push(&mut self, potential: Potential, parent: u32) -> u32 {
        let depth = if parent == ROOT {
            0
        } else {
            self.nodes[parent as usize].depth + 1
        };
        self.nodes.push(TreeNode {
            potential,
            parent,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    /// SE's `isParent`: whether `p` is on the path from `node` (excluded) to the root.
    fn is_ancestor(&self, node: u32, p: Potential) -> bool {
        let mut at = self.nodes[node as usize].parent;
        while at != ROOT {
            let n = self.nodes[at as usize];
            if n.potential == p {
                return true;
            }
            at = n.parent;
        }
        false
    }

    /// The path from `node` to the root, as a chain.
    fn chain(&self, node: u32) -> Chain {
        let mut implications = Vec::new();
        let mut at = node;
        while at != ROOT {
            let n = self.nodes[at as usize];
            let parents = if n.parent == ROOT {
                Vec::new()
            } else {
                vec![(implications.len() + 1) as u16]
            };
            implications.push(Implication {
                cell: n.potential.cell(),
                digit: n.potential.digit(),
                on: n.potential.on,
                parents,
            });
            at = n.parent;
        }
        Chain { implications }
    }
}

/// SE's `doCycles` from `source` (on), then a hint for every cycle found.
fn cycles(grid: &WorkGrid, s: &mut CycleScratch, links: Links, source: Potential, best: &mut Best) {
    s.nodes.clear();
    s.cycles.clear();
    s.pending_on.clear();
    s.pending_off.clear();
    let mut to_on = CandSet::EMPTY;
    to_on.insert(source.cand);
    let root = s.push(source, ROOT);
    s.pending_on.push(root);
    let mut length = 0;
    while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        length += 1;
        let mut i = 0;
        while i < s.pending_on.len() {
            let p = s.pending_on[i];
            i += 1;
            let pot = s.nodes[p as usize].potential;
            let mut offs = std::mem::take(&mut s.offs);
            on_to_off(grid, pot.cell(), pot.digit(), links.cell, &mut offs);
            for &c in &offs {
                let off = Potential { cand: c, on: false };
                if !s.is_ancestor(p, off) {
                    let id = s.push(off, p);
                    s.pending_off.push(id);
                }
            }
            s.offs = offs;
        }
        s.pending_on.clear();
        length += 1;
        let mut i = 0;
        while i < s.pending_off.len() {
            let p = s.pending_off[i];
            i += 1;
            let pot = s.nodes[p as usize].potential;
            let mut ons = std::mem::take(&mut s.ons);
            off_to_on(
                grid,
                pot.cell(),
                pot.digit(),
                links.cell,
                links.house,
                &mut ons,
            );
            for &(on, _) in &ons {
                if length >= 4 && on == source {
                    let id = s.push(on, p);
                    s.cycles.push(id);
                }
                if !to_on.contains(on.cand) {
                    to_on.insert(on.cand);
                    let id = s.push(on, p);
                    s.pending_on.push(id);
                }
            }
            s.ons = ons;
        }
        s.pending_off.clear();
    }
    let kind = links.cycle_kind();
    for k in 0..s.cycles.len() {
        let end = s.cycles[k];
        // The path's potentials, the source once: as many as links.
        let complexity = s.nodes[end as usize].depth;
        let d = difficulty(kind, Chainer::Cycles, complexity);
        if !best.beaten_by(d, complexity, kind) {
            continue;
        }
        let removals = cycle_removals(grid, s, end);
        if removals.is_empty() {
            continue;
        }
        let cells = path_cells(s, end);
        let forward = s.chain(end);
        let backward = reversed(&forward);
        best.hint = Some(ChainingHint {
            name: kind.name(Chainer::Cycles, cells.len(), complexity),
            kind,
            difficulty: d,
            complexity,
            removals,
            placement: None,
            chains: vec![forward, backward],
        });
    }
}

/// The cells of a cycle's path.
fn path_cells(s: &CycleScratch, end: u32) -> CellSet {
    let mut cells = CellSet::EMPTY;
    let mut at = end;
    while at != ROOT {
        let n = s.nodes[at as usize];
        cells.insert(n.potential.cell());
        at = n.parent;
    }
    cells
}

/// SE's `createCycleHint` removals: a candidate outside the cycle that sees an "on" of
/// its digit in the cycle and an "off" of its digit in the cycle (the source counted
/// once, at the end of the path).
fn cycle_removals(grid: &WorkGrid, s: &CycleScratch, end: u32) -> Vec<(Cell, Digit)> {
    let cells = path_cells(s, end);
    let mut forward = [CellSet::EMPTY; 9];
    let mut backward = [CellSet::EMPTY; 9];
    let mut at = end;
    while s.nodes[at as usize].parent != ROOT {
        let n = s.nodes[at as usize];
        let digit = n.potential.digit();
        let seen = n.potential.cell().peers() & grid.cells_with(digit);
        if n.potential.on {
            forward[digit.index()] |= seen;
        } else {
            backward[digit.index()] |= seen;
        }
        at = n.parent;
    }
    let mut removals = Vec::new();
    for cell in Cell::all() {
        for digit in grid.candidates(cell).iter() {
            let i = digit.index();
            if ((forward[i] & backward[i]) - cells).contains(cell) {
                removals.push((cell, digit));
            }
        }
    }
    removals
}

/// The same cycle walked the other way, every potential negated (SE's
/// `getReversedCycle`): the chain from the source off.
fn reversed(forward: &Chain) -> Chain {
    let n = forward.implications.len();
    let implications = (0..n)
        .map(|k| {
            let step = &forward.implications[n - 1 - k];
            Implication {
                cell: step.cell,
                digit: step.digit,
                on: !step.on,
                parents: if k + 1 < n {
                    vec![(k + 1) as u16]
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    Chain { implications }
}

/// SE's `doForcingChains` from `source`: the first time its conjugate is implied, a
/// forcing chain hint (the candidate is false when reached off from on, true when reached
/// on from off).
fn forcing_chain(
    grid: &WorkGrid,
    s: &mut CycleScratch,
    links: Links,
    source: Potential,
    best: &mut Best,
) {
    s.nodes.clear();
    s.pending_on.clear();
    s.pending_off.clear();
    let (mut to_on, mut to_off) = (CandSet::EMPTY, CandSet::EMPTY);
    let root = s.push(source, ROOT);
    if source.on {
        to_on.insert(source.cand);
        s.pending_on.push(root);
    } else {
        to_off.insert(source.cand);
        s.pending_off.push(root);
    }
    let mut target = None;
    'search: while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        let mut i = 0;
        while i < s.pending_on.len() {
            let p = s.pending_on[i];
            i += 1;
            let pot = s.nodes[p as usize].potential;
            let mut offs = std::mem::take(&mut s.offs);
            on_to_off(grid, pot.cell(), pot.digit(), links.cell, &mut offs);
            for &c in &offs {
                if !to_off.contains(c) {
                    to_off.insert(c);
                    let id = s.push(Potential { cand: c, on: false }, p);
                    s.pending_off.push(id);
                    if source.on && c == source.cand {
                        target = Some(id);
                    }
                }
            }
            s.offs = offs;
            if target.is_some() {
                break 'search;
            }
        }
        s.pending_on.clear();
        let mut i = 0;
        while i < s.pending_off.len() {
            let p = s.pending_off[i];
            i += 1;
            let pot = s.nodes[p as usize].potential;
            let mut ons = std::mem::take(&mut s.ons);
            off_to_on(grid, pot.cell(), pot.digit(), links.cell, true, &mut ons);
            for &(on, _) in &ons {
                if !to_on.contains(on.cand) {
                    to_on.insert(on.cand);
                    let id = s.push(on, p);
                    s.pending_on.push(id);
                    if !source.on && on.cand == source.cand {
                        target = Some(id);
                    }
                }
            }
            s.ons = ons;
            if target.is_some() {
                break 'search;
            }
        }
        s.pending_off.clear();
    }
    let Some(target) = target else { return };
    let kind = links.chain_kind();
    let complexity = s.nodes[target as usize].depth + 1;
    let d = difficulty(kind, Chainer::Cycles, complexity);
    if !best.beaten_by(d, complexity, kind) {
        return;
    }
    let (cell, digit) = (cand_cell(source.cand), cand_digit(source.cand));
    let (removals, placement) = if source.on {
        (vec![(cell, digit)], None)
    } else {
        let others = grid.candidates(cell).iter().filter(|&d| d != digit);
        (others.map(|d| (cell, d)).collect(), Some((cell, digit)))
    };
    best.hint = Some(ChainingHint {
        name: kind.name(Chainer::Cycles, 0, complexity),
        kind,
        difficulty: d,
        complexity,
        removals,
        placement,
        chains: vec![s.chain(target)],
    });
}
