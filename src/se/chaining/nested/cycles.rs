//! SE's "Forcing Chains & Cycles" producer asked inside a chain (level 2 and up): every
//! bidirectional cycle and forcing chain on the grid the chain has made, read as the
//! chain reads them (rule parents, complexity, fingerprint).
//!
//! The search is SE's `doCycles` and `doForcingChains` as they are: breadth first from
//! each candidate, three passes (house links, cell links, both), "off" potentials queued
//! again on every path (only ancestors skipped) for cycles. A cycle is read both ways
//! (SE's reversed cycle keeps each potential's cause), so every potential of its path but
//! the assumption gives rule parents.

use super::super::Chainer;
use super::super::hint::{ChainKind, length_tenths};
use super::super::links::{WorkGrid, off_to_on, on_to_off};
use super::super::potential::{Cand, CandSet, Potential, cand, cand_cell};
use super::arena::{Arena, Cause, HASH_START, mix, rule_parents, word};
use super::search::off_cause;
use super::sink::{Ctx, Found, Sink};
use crate::bitset::CellSet;
use crate::geometry::Cell;
use crate::se::difficulty::Difficulty;

/// Every hint of the producer on `grid` (the sink's current grid), in SE's order.
pub(super) fn hints(ctx: &mut Ctx, grid: &WorkGrid, sink: &mut Sink) {
    let Some((source, current)) = sink.grids() else {
        return;
    };
    let mut arena = ctx.take();
    let mut buffers = Buffers::default();
    for (cell_links, house_links) in [(false, true), (true, false), (true, true)] {
        for cell in grid.empty().iter() {
            if ctx.expired() {
                break;
            }
            let digits = grid.candidates(cell);
            if digits.len() < 2 || (digits.len() > 2 && !house_links) {
                continue;
            }
            for digit in digits.iter() {
                let start = Potential::new(cell, digit, true);
                let links = (cell_links, house_links);
                cycles(grid, &mut arena, &mut buffers, links, start);
                for k in 0..buffers.ends.len() {
                    let end = buffers.ends[k];
                    if let Some(found) = cycle_hint(grid, source, current, &arena, links, end) {
                        sink.push(found);
                    }
                }
                if house_links {
                    for start in [start, Potential { on: false, ..start }] {
                        if let Some(target) =
                            forcing(grid, &mut arena, &mut buffers, cell_links, start)
                            && let Some(found) =
                                chain_hint(grid, source, current, &arena, cell_links, target)
                        {
                            sink.push(found);
                        }
                    }
                }
            }
        }
    }
    ctx.give(arena);
}

#[derive(Default)]
struct Buffers {
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    ends: Vec<u32>,
    offs: Vec<Cand>,
    ons: Vec<(Potential, super::super::links::Because)>,
}

/// Whether `p` is a strict ancestor of `node` through first parents (SE's `isParent`).
fn is_parent(arena: &Arena, node: u32, p: Potential) -> bool {
    let mut at = node;
    while let Some(&parent) = arena.parents(at).first() {
        at = parent;
        if arena.potential(at) == p {
            return true;
        }
    }
    false
}

fn cause_of(because: super::super::links::Because) -> Cause {
    match because {
        super::super::links::Because::Cell => Cause::Cell,
        super::super::links::Because::House(house) => Cause::House(house),
    }
}

/// SE's `doCycles` from `start` (on): the ends of the cycles found, in `b.ends`.
fn cycles(
    grid: &WorkGrid,
    arena: &mut Arena,
    b: &mut Buffers,
    links: (bool, bool),
    start: Potential,
) {
    let (cell_links, house_links) = links;
    arena.clear();
    b.ends.clear();
    b.pending_on.clear();
    b.pending_off.clear();
    let root = arena.new_node(start, &[], Cause::Assumption);
    let mut to_on = CandSet::EMPTY;
    to_on.insert(start.cand);
    b.pending_on.push(root);
    let mut length = 0;
    while !b.pending_on.is_empty() || !b.pending_off.is_empty() {
        length += 1;
        for i in 0..b.pending_on.len() {
            let p = b.pending_on[i];
            let pot = arena.potential(p);
            on_to_off(grid, pot.cell(), pot.digit(), cell_links, &mut b.offs);
            for k in 0..b.offs.len() {
                let c = b.offs[k];
                let off = Potential { cand: c, on: false };
                if !is_parent(arena, p, off) {
                    let id = arena.new_node(off, &[p], off_cause(pot.cell(), cand_cell(c)));
                    b.pending_off.push(id);
                }
            }
        }
        b.pending_on.clear();
        length += 1;
        for i in 0..b.pending_off.len() {
            let p = b.pending_off[i];
            let pot = arena.potential(p);
            off_to_on(
                grid,
                pot.cell(),
                pot.digit(),
                cell_links,
                house_links,
                &mut b.ons,
            );
            for k in 0..b.ons.len() {
                let (on, because) = b.ons[k];
                if length >= 4 && on == start {
                    let id = arena.new_node(on, &[p], cause_of(because));
                    b.ends.push(id);
                }
                if !to_on.contains(on.cand) {
                    to_on.insert(on.cand);
                    let id = arena.new_node(on, &[p], cause_of(because));
                    b.pending_on.push(id);
                }
            }
        }
        b.pending_off.clear();
    }
}

/// The path of a cycle from its end back to the assumption.
fn path(arena: &Arena, end: u32) -> Vec<u32> {
    let mut nodes = vec![end];
    let mut at = end;
    while let Some(&parent) = arena.parents(at).first() {
        nodes.push(parent);
        at = parent;
    }
    nodes
}

/// SE's `createCycleHint`, read as a nesting chain reads it.
fn cycle_hint(
    grid: &WorkGrid,
    source: &WorkGrid,
    current: &WorkGrid,
    arena: &Arena,
    (cell_links, house_links): (bool, bool),
    end: u32,
) -> Option<Found> {
    let nodes = path(arena, end);
    let inner = &nodes[..nodes.len() - 1];
    let mut cells = CellSet::EMPTY;
    for &n in inner {
        cells.insert(arena.potential(n).cell());
    }
    let mut forward = [CellSet::EMPTY; 9];
    let mut backward = [CellSet::EMPTY; 9];
    for &n in inner {
        let p = arena.potential(n);
        let seen = p.cell().peers() & grid.cells_with(p.digit());
        if p.on {
            forward[p.digit().index()] |= seen;
        } else {
            backward[p.digit().index()] |= seen;
        }
    }
    let mut removals = Vec::new();
    for cell in Cell::all() {
        for digit in grid.candidates(cell).iter() {
            let i = digit.index();
            if ((forward[i] & backward[i]) - cells).contains(cell) {
                removals.push(cand(cell, digit));
            }
        }
    }
    if removals.is_empty() {
        return None;
    }
    let kind = match (cell_links, house_links) {
        (false, _) => ChainKind::XCycle,
        (true, false) => ChainKind::YCycle,
        (true, true) => ChainKind::XyCycle,
    };
    let complexity = inner.len() as u32;
    let mut parents = Vec::new();
    let mut taken = CandSet::EMPTY;
    for &n in inner {
        rule_parents(source, current, arena.potential(n), arena.cause(n), |c| {
            if !taken.contains(c) {
                taken.insert(c);
                parents.push(c);
            }
        });
    }
    let mut fingerprint = mix(HASH_START, u64::MAX);
    for &n in inner {
        fingerprint = mix(fingerprint, word(arena.potential(n)));
    }
    fingerprint = mix(fingerprint, u64::MAX);
    for &n in nodes[1..].iter().rev() {
        let p = arena.potential(n);
        fingerprint = mix(fingerprint, word(Potential { on: !p.on, ..p }));
    }
    Some(Found {
        difficulty: Difficulty::with_tenths(kind.base(Chainer::Cycles), length_tenths(complexity)),
        complexity,
        sort_key: kind.sort_key(),
        removals,
        parents,
        fingerprint,
    })
}

/// SE's `doForcingChains` from `start`: the first potential found that negates it.
fn forcing(
    grid: &WorkGrid,
    arena: &mut Arena,
    b: &mut Buffers,
    cell_links: bool,
    start: Potential,
) -> Option<u32> {
    arena.clear();
    b.pending_on.clear();
    b.pending_off.clear();
    let (mut to_on, mut to_off) = (CandSet::EMPTY, CandSet::EMPTY);
    let root = arena.new_node(start, &[], Cause::Assumption);
    if start.on {
        to_on.insert(start.cand);
        b.pending_on.push(root);
    } else {
        to_off.insert(start.cand);
        b.pending_off.push(root);
    }
    while !b.pending_on.is_empty() || !b.pending_off.is_empty() {
        for i in 0..b.pending_on.len() {
            let p = b.pending_on[i];
            let pot = arena.potential(p);
            on_to_off(grid, pot.cell(), pot.digit(), cell_links, &mut b.offs);
            for k in 0..b.offs.len() {
                let c = b.offs[k];
                let off = Potential { cand: c, on: false };
                let cause = off_cause(pot.cell(), cand_cell(c));
                if start.on && c == start.cand {
                    return Some(arena.new_node(off, &[p], cause));
                }
                if !is_parent(arena, p, off) && !to_off.contains(c) {
                    to_off.insert(c);
                    let id = arena.new_node(off, &[p], cause);
                    b.pending_off.push(id);
                }
            }
        }
        b.pending_on.clear();
        for i in 0..b.pending_off.len() {
            let p = b.pending_off[i];
            let pot = arena.potential(p);
            off_to_on(grid, pot.cell(), pot.digit(), cell_links, true, &mut b.ons);
            for k in 0..b.ons.len() {
                let (on, because) = b.ons[k];
                if !start.on && on.cand == start.cand {
                    return Some(arena.new_node(on, &[p], cause_of(because)));
                }
                if !to_on.contains(on.cand) {
                    to_on.insert(on.cand);
                    let id = arena.new_node(on, &[p], cause_of(because));
                    b.pending_on.push(id);
                }
            }
        }
        b.pending_off.clear();
    }
    None
}

/// SE's `createForcingChainHint`, read as a nesting chain reads it.
fn chain_hint(
    grid: &WorkGrid,
    source: &WorkGrid,
    current: &WorkGrid,
    arena: &Arena,
    cell_links: bool,
    target: u32,
) -> Option<Found> {
    let t = arena.potential(target);
    let removals: Vec<Cand> = if t.on {
        let rest = grid.candidates(t.cell()).iter().filter(|&d| d != t.digit());
        rest.map(|d| cand(t.cell(), d)).collect()
    } else {
        vec![t.cand]
    };
    if removals.is_empty() {
        return None;
    }
    let kind = if cell_links {
        ChainKind::XyChain
    } else {
        ChainKind::XChain
    };
    let mut order = Vec::new();
    arena.chain(target, &mut order);
    let complexity = order.len() as u32;
    let mut parents = Vec::new();
    let mut taken = CandSet::EMPTY;
    let mut fingerprint = mix(HASH_START, u64::MAX);
    for &n in &order {
        let p = arena.potential(n);
        fingerprint = mix(fingerprint, word(p));
        if p.on {
            rule_parents(source, current, p, arena.cause(n), |c| {
                if !taken.contains(c) {
                    taken.insert(c);
                    parents.push(c);
                }
            });
        }
    }
    Some(Found {
        difficulty: Difficulty::with_tenths(kind.base(Chainer::Cycles), length_tenths(complexity)),
        complexity,
        sort_key: kind.sort_key(),
        removals,
        parents,
        fingerprint,
    })
}
