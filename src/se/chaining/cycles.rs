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
use super::links::{NO_CAND, StaticLinks, WorkGrid};
use super::potential::{CandSet, Potential, cand, cand_cell, cand_digit};
use super::reach::Reach;
use crate::bitset::CellSet;
use crate::geometry::{Cell, Digit};

/// A node of a single-parent search tree.
#[derive(Copy, Clone, Debug)]
struct TreeNode {
    potential: Potential,
    /// Whether no node of the same potential was made before (a cycle search makes
    /// repeated "off" nodes).
    first: bool,
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
    cycles: Vec<u32>,
    links: StaticLinks,
    reach: Reach,
    cands: Vec<u16>,
    /// The candidates of the cells with two.
    bivalue_cands: Vec<u16>,
}

/// Which links a pass uses.
#[derive(Copy, Clone)]
struct Links {
    cell: bool,
    house: bool,
}

impl Links {
    /// The "off to on" implications of `c` this pass uses.
    #[inline]
    fn strong(self, table: &StaticLinks, c: u16) -> impl Iterator<Item = u16> + use<> {
        let skip = if self.cell { 0 } else { 1 };
        let take = if self.house { 4 } else { 1 };
        let row = *table.off_to_on(c);
        row.into_iter()
            .take(take)
            .skip(skip)
            .filter(|&on| on != NO_CAND)
    }

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

    /// Whether some hint of this pass could come before the one kept: the least
    /// difficulty of its kinds (complexity zero), as a hint's difficulty never falls
    /// with its complexity.
    fn may_beat(self, best: &Best) -> bool {
        let least = |kind| best.beaten_by(difficulty(kind, Chainer::Cycles, 0), 0, kind);
        least(self.cycle_kind()) || (self.house && least(self.chain_kind()))
    }
}

/// Offers every hint of the producer to `best`, in SE's order.
pub(super) fn search(grid: &WorkGrid, scratch: &mut CycleScratch, best: &mut Best) {
    scratch.links.build(grid);
    scratch.cands.clear();
    scratch.bivalue_cands.clear();
    let mut bivalue = CellSet::EMPTY;
    for cell in grid.empty().iter() {
        let digits = grid.candidates(cell);
        for digit in digits.iter() {
            scratch.cands.push(cand(cell, digit));
        }
        if digits.len() == 2 {
            bivalue.insert(cell);
            scratch
                .bivalue_cands
                .extend(digits.iter().map(|digit| cand(cell, digit)));
        }
    }
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
        if !links.may_beat(best) {
            continue;
        }
        let table = &scratch.links;
        if links.house {
            let cands = &scratch.cands;
            scratch
                .reach
                .build(table, cands, links.cell, links.cell, links.house);
            // Only the forcing chains ask what reaches what.
            scratch.reach.close();
        } else {
            // Cell links alone: an "off" implies something only in a cell of two
            // candidates, and nothing implies the "on" of another cell, so the other
            // cells' potentials lie on no path between two of these cells' (the only
            // sources of this pass): the graph of these cells alone has the same
            // components.
            let cands = &scratch.bivalue_cands;
            let keep = |c| bivalue.contains(cand_cell(c));
            scratch
                .reach
                .build_within(table, cands, true, true, false, keep);
        }
        for cell in Cell::all() {
            let digits = grid.candidates(cell);
            if digits.len() < 2 || (digits.len() > 2 && !links.house) {
                continue;
            }
            for digit in digits.iter() {
                let source = Potential::new(cell, digit, true);
                cycles(grid, scratch, links, source, best);
                if links.house {
                    let c = source.cand;
                    if scratch.reach.reaches(c, true, c, false) {
                        forcing_chain(grid, scratch, links, source, best);
                    }
                    if scratch.reach.reaches(c, false, c, true) {
                        let off = Potential {
                            on: false,
                            ..source
                        };
                        forcing_chain(grid, scratch, links, off, best);
                    }
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
            first: true,
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
///
/// SE queues an "off" potential again each time it is implied (unless it is on the path
/// already), but the "on" ones only once. A repeated "off" implies only "on" potentials
/// already found, so it matters only when it implies the source: a cycle. It is queued
/// again here only then.
fn cycles(grid: &WorkGrid, s: &mut CycleScratch, links: Links, source: Potential, best: &mut Best) {
    s.nodes.clear();
    s.cycles.clear();
    s.pending_on.clear();
    s.pending_off.clear();
    let mut to_on = CandSet::EMPTY;
    to_on.insert(source.cand);
    let mut seen_off = CandSet::EMPTY;
    // The candidates whose "off" implies the source: the links are symmetric (the other
    // candidate of a bivalue cell, the other place of a digit with two in a house), so
    // they are those the source's "off" implies.
    let mut closing = CandSet::EMPTY;
    let mut on_a_cycle = false;
    for c in links.strong(&s.links, source.cand) {
        closing.insert(c);
        on_a_cycle |= s.reach.same_component(source.cand, true, c, false);
    }
    // No way back to the source: no cycle.
    if !on_a_cycle {
        return;
    }
    let root = s.push(source, ROOT);
    s.pending_on.push(root);
    let kind = links.cycle_kind();
    let mut length = 0;
    while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        // The cycles of this round have `length + 2` links, as many potentials; once they
        // cannot come first, neither can longer ones.
        let next = (length + 2).max(4);
        if !best.beaten_by(difficulty(kind, Chainer::Cycles, next), next, kind) {
            break;
        }
        length += 1;
        for i in 0..s.pending_on.len() {
            let p = s.pending_on[i];
            let on = s.nodes[p as usize].potential.cand;
            let (start, end) = s.links.on_to_off_range(on, links.cell);
            for k in start..end {
                let c = s.links.weak_at(k);
                let off = Potential { cand: c, on: false };
                if !seen_off.contains(c) {
                    seen_off.insert(c);
                    // Only potentials of the source's component lead back to it (and
                    // every ancestor of one is one).
                    if s.reach.same_component(c, false, source.cand, true) {
                        let id = s.push(off, p);
                        s.pending_off.push(id);
                    }
                } else if closing.contains(c) && !s.is_ancestor(p, off) {
                    let id = s.push(off, p);
                    s.nodes[id as usize].first = false;
                    s.pending_off.push(id);
                }
            }
        }
        s.pending_on.clear();
        length += 1;
        for i in 0..s.pending_off.len() {
            let p = s.pending_off[i];
            let off = s.nodes[p as usize].potential.cand;
            if length >= 4 && closing.contains(off) {
                let id = s.push(source, p);
                s.cycles.push(id);
            }
            if s.nodes[p as usize].first {
                for on in links.strong(&s.links, off) {
                    if !to_on.contains(on) {
                        to_on.insert(on);
                        if s.reach.same_component(on, true, source.cand, true) {
                            let id = s.push(Potential { cand: on, on: true }, p);
                            s.pending_on.push(id);
                        }
                    }
                }
            }
        }
        s.pending_off.clear();
    }
    for k in 0..s.cycles.len() {
        let end = s.cycles[k];
        // The path's potentials, the source once: as many as links.
        let complexity = s.nodes[end as usize].depth;
        let d = difficulty(kind, Chainer::Cycles, complexity);
        if !best.beaten_by(d, complexity, kind) {
            continue;
        }
        let cells = path_cells(s, end);
        let Some(removals) = cycle_removals(grid, s, end, cells) else {
            continue;
        };
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

/// SE's `createCycleHint` removals, if any: a candidate outside the cycle's `cells` that
/// sees an "on" of its digit in the cycle and an "off" of its digit in the cycle (the
/// source counted once, at the end of the path), in cell order, then digit order.
fn cycle_removals(
    grid: &WorkGrid,
    s: &CycleScratch,
    end: u32,
    cells: CellSet,
) -> Option<Vec<(Cell, Digit)>> {
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
    let mut removed = [CellSet::EMPTY; 9];
    let mut any = CellSet::EMPTY;
    for digit in 0..9 {
        removed[digit] = (forward[digit] & backward[digit]) - cells;
        any |= removed[digit];
    }
    if any.is_empty() {
        return None;
    }
    let mut removals = Vec::new();
    for cell in any.iter() {
        for digit in grid.candidates(cell).iter() {
            if removed[digit.index()].contains(cell) {
                removals.push((cell, digit));
            }
        }
    }
    Some(removals)
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
    let kind = links.chain_kind();
    // Whether a target found from the potentials pending in `queue` (one round, all of
    // one depth) could still come first: it would hold the depth plus two potentials.
    let worth = |s: &CycleScratch, queue: &[u32], best: &Best| {
        queue.first().is_none_or(|&first| {
            let complexity = s.nodes[first as usize].depth + 2;
            best.beaten_by(
                difficulty(kind, Chainer::Cycles, complexity),
                complexity,
                kind,
            )
        })
    };
    let mut target = None;
    'search: while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        if source.on && !worth(s, &s.pending_on, best) {
            break;
        }
        for i in 0..s.pending_on.len() {
            let p = s.pending_on[i];
            let on = s.nodes[p as usize].potential.cand;
            let (start, end) = s.links.on_to_off_range(on, links.cell);
            for k in start..end {
                let c = s.links.weak_at(k);
                if !to_off.contains(c) {
                    to_off.insert(c);
                    // Only potentials that can imply the target lead to it (and every
                    // ancestor of one can).
                    if !s.reach.reaches(c, false, source.cand, !source.on) {
                        continue;
                    }
                    let id = s.push(Potential { cand: c, on: false }, p);
                    s.pending_off.push(id);
                    if source.on && c == source.cand {
                        target = Some(id);
                        break 'search;
                    }
                }
            }
        }
        s.pending_on.clear();
        if !source.on && !worth(s, &s.pending_off, best) {
            break;
        }
        for i in 0..s.pending_off.len() {
            let p = s.pending_off[i];
            let off = s.nodes[p as usize].potential.cand;
            let house = Links {
                house: true,
                ..links
            };
            for on in house.strong(&s.links, off) {
                if !to_on.contains(on) {
                    to_on.insert(on);
                    if !s.reach.reaches(on, true, source.cand, !source.on) {
                        continue;
                    }
                    let id = s.push(Potential { cand: on, on: true }, p);
                    s.pending_on.push(id);
                    if !source.on && on == source.cand {
                        target = Some(id);
                        break 'search;
                    }
                }
            }
        }
        s.pending_off.clear();
    }
    let Some(target) = target else { return };
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
