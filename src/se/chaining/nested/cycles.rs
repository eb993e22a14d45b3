//! SE's "Forcing Chains & Cycles" producer asked inside a chain (level 2 and up): every
//! bidirectional cycle and forcing chain on the grid the chain has made, read as the
//! chain reads them (rule parents, complexity, fingerprint).
//!
//! The search is SE's `doCycles` and `doForcingChains` as they are: breadth first from
//! each candidate, three passes (house links, cell links, both), "off" potentials queued
//! again on every path (only ancestors skipped) for cycles. A cycle is read both ways
//! (SE's reversed cycle keeps each potential's cause), so every potential of its path but
//! the assumption gives rule parents.
//!
//! As in the solver's own cycle search, the rules are tabulated once per grid and only
//! potentials that can still lead to the search's target are followed (the implication
//! graph's components, [`Reach`]): what is left out could never be part of a hint, and
//! what is kept is found in SE's order with SE's parents. A search that could only find
//! hints without rule parents, which the chain drops, is skipped ([`fresh`]). Causes are
//! read back from the grid, which does not change, when a hint is made.

use super::super::Chainer;
use super::super::hint::{ChainKind, length_tenths};
use super::super::links::{NO_CAND, StaticLinks, WorkGrid, se_houses};
use super::super::potential::{Cand, CandSet, Potential, cand};
use super::super::reach::Reach;
use super::arena::{Arena, Cause, HASH_START, mix, rule_parents, word};
use super::fresh::{self, FreshLinks};
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
    let mut b = std::mem::take(&mut ctx.cycles);
    b.links.build(grid);
    b.cands.clear();
    for cell in grid.empty().iter() {
        for digit in grid.candidates(cell).iter() {
            b.cands.push(cand(cell, digit));
        }
    }
    // Inside a chain, only hints with rule parents count: searches that cannot find one
    // are skipped.
    let fresh_only = sink.keeps_only_fresh();
    let touched = fresh::touched(source, current);
    for (cell_links, house_links) in [(false, true), (true, false), (true, true)] {
        let links = Links {
            cell: cell_links,
            house: house_links,
        };
        // Every potential of a cycle or forcing chain but its first and last has a link
        // of the pass ("off to on"): the components and the forcing chains' first test
        // need only those candidates.
        b.linked.clear();
        b.linked_set = CandSet::EMPTY;
        for &c in &b.cands {
            if links.strong(&b.links, c).next().is_some() {
                b.linked.push(c);
                b.linked_set.insert(c);
            }
        }
        let linked = b.linked_set;
        let keep = |c: Cand| linked.contains(c);
        b.reach.build_within(
            &b.links,
            &b.linked,
            cell_links,
            cell_links,
            house_links,
            keep,
        );
        // A cycle lies in one component: it can have rule parents only if a touched
        // potential shares the start's.
        b.fresh_components.clear();
        b.fresh_components
            .resize(b.reach.component_count(), !fresh_only);
        for &c in &b.linked {
            if touched.contains(c) {
                for on in [true, false] {
                    if let Some(k) = b.reach.component(c, on) {
                        b.fresh_components[k] = true;
                    }
                }
            }
        }
        // Forcing chains ask what reaches what (the whole graph, [`Buffers::full`]), but
        // inside a chain only once one may pass a fresh link.
        b.fresh_links.clear();
        if house_links && fresh_only {
            for &q in &b.linked {
                for p in links.strong(&b.links, q) {
                    if touched.contains(p) && fresh_on(grid, source, current, q, p) {
                        b.fresh_links.add(q, p);
                    }
                }
            }
            if !b.fresh_links.is_empty() {
                b.reach.close_towards(&b.fresh_links.targets);
            }
        }
        let mut closed = false;
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
                let c = start.cand;
                let component = b.reach.component(c, true);
                if component.is_some_and(|k| b.fresh_components[k]) {
                    cycles(&mut arena, &mut b, links, start);
                    for k in 0..b.ends.len() {
                        let end = b.ends[k];
                        if let Some(found) = cycle_hint(grid, source, current, &arena, links, end) {
                            sink.push(found);
                        }
                    }
                }
                if !house_links || (fresh_only && b.fresh_links.is_empty()) {
                    continue;
                }
                for start in [start, Potential { on: false, ..start }] {
                    if fresh_only && !may_pass_fresh(&mut b, cell_links, start) {
                        continue;
                    }
                    if !closed {
                        b.full
                            .build(&b.links, &b.cands, cell_links, cell_links, house_links);
                        b.full.close();
                        closed = true;
                    }
                    if !b.full.reaches(c, start.on, c, !start.on) {
                        continue;
                    }
                    if let Some(target) = forcing(&mut arena, &mut b, cell_links, start)
                        && let Some(found) =
                            chain_hint(grid, source, current, &arena, cell_links, target)
                    {
                        sink.push(found);
                    }
                }
            }
        }
    }
    ctx.cycles = b;
    ctx.give(arena);
}

/// Which links a pass uses.
#[derive(Copy, Clone)]
struct Links {
    cell: bool,
    house: bool,
}

impl Links {
    /// The "off to on" implications of `c` this pass uses.
    fn strong(self, table: &StaticLinks, c: Cand) -> impl Iterator<Item = Cand> + use<> {
        let skip = if self.cell { 0 } else { 1 };
        let take = if self.house { 4 } else { 1 };
        let row = *table.off_to_on(c);
        row.into_iter()
            .take(take)
            .skip(skip)
            .filter(|&on| on != NO_CAND)
    }
}

/// The tables and buffers of the search, reused from one call to the next.
#[derive(Default)]
pub(super) struct Buffers {
    links: StaticLinks,
    /// The components of a pass's linked candidates.
    reach: Reach,
    /// What reaches what in a pass's whole graph, for the forcing chains.
    full: Reach,
    cands: Vec<Cand>,
    /// The candidates with a link ("off to on") in the pass.
    linked: Vec<Cand>,
    linked_set: CandSet,
    /// What a potential outside the linked candidates reaches of the fresh links' targets.
    reached: Vec<u64>,
    /// Per component of the pass, whether a touched potential is in it.
    fresh_components: Vec<bool>,
    fresh_links: FreshLinks,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    ends: Vec<u32>,
    /// Per node of a cycle search, whether it repeats an "off" met before.
    repeat: Vec<bool>,
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

/// The cause SE gives `p` implied by `parent` on a grid that does not change: an "on"
/// holds by its cell, or by the first house (box, row, column) of the parent where the
/// digit has two places; an "off" by its cell or the first house the two share.
fn cause(grid: &WorkGrid, parent: Potential, p: Potential) -> Cause {
    if !p.on {
        return off_cause(parent.cell(), p.cell());
    }
    if parent.cell() == p.cell() {
        return Cause::Cell;
    }
    let house = se_houses(parent.cell())
        .into_iter()
        .find(|h| h.cell_set().contains(p.cell()) && grid.places(*h, p.digit()).len() == 2)
        .expect("an implied on shares a house of two places with its parent");
    Cause::House(house)
}

/// Whether a forcing chain from `start` may pass a fresh link ([`FreshLinks::may_pass`]),
/// the components being those of the linked candidates: an "on" outside them reaches
/// what its "off"s do, an "off" outside them nothing.
fn may_pass_fresh(b: &mut Buffers, cell_links: bool, start: Potential) -> bool {
    let c = start.cand;
    if b.linked_set.contains(c) {
        return b.fresh_links.may_pass(b.reach.targets_reached(c, start.on));
    }
    if !start.on {
        return false;
    }
    b.reached.clear();
    for &off in b.links.on_to_off(c, cell_links) {
        if !b.linked_set.contains(off) {
            continue;
        }
        let row = b.reach.targets_reached(off, false);
        if b.reached.len() < row.len() {
            b.reached.resize(row.len(), 0);
        }
        for (into, &bits) in b.reached.iter_mut().zip(row) {
            *into |= bits;
        }
    }
    b.fresh_links.may_pass(&b.reached)
}

/// Whether `on(p)` implied by `off(q)` rests on candidates taken from `source` to make
/// `current` (the grid searched).
fn fresh_on(grid: &WorkGrid, source: &WorkGrid, current: &WorkGrid, q: Cand, p: Cand) -> bool {
    let (q, p) = (
        Potential { cand: q, on: false },
        Potential { cand: p, on: true },
    );
    let mut fresh = false;
    rule_parents(source, current, p, cause(grid, q, p), |_| fresh = true);
    fresh
}

/// The cause of node `n` of a tree search.
fn node_cause(grid: &WorkGrid, arena: &Arena, n: u32) -> Cause {
    match arena.parents(n).first() {
        None => Cause::Assumption,
        Some(&parent) => cause(grid, arena.potential(parent), arena.potential(n)),
    }
}

/// SE's `doCycles` from `start` (on): the ends of the cycles found, in `b.ends`.
///
/// SE queues an "off" again each time it is implied (unless it is on the path already),
/// but an "on" only once. A repeated "off" implies only "on"s already found, so it matters
/// only when it implies the start: a cycle. It is queued again only then.
fn cycles(arena: &mut Arena, b: &mut Buffers, links: Links, start: Potential) {
    arena.clear();
    b.ends.clear();
    b.pending_on.clear();
    b.pending_off.clear();
    b.repeat.clear();
    let mut to_on = CandSet::EMPTY;
    to_on.insert(start.cand);
    let mut seen_off = CandSet::EMPTY;
    // The candidates whose "off" implies the start.
    let mut closing = CandSet::EMPTY;
    let mut on_a_cycle = false;
    for &c in b.links.on_to_off(start.cand, true) {
        if links.strong(&b.links, c).any(|on| on == start.cand) {
            closing.insert(c);
            on_a_cycle |= b.reach.same_component(start.cand, true, c, false);
        }
    }
    if !on_a_cycle {
        return;
    }
    let root = arena.new_node(start, &[], Cause::Assumption);
    b.repeat.push(false);
    b.pending_on.push(root);
    let mut length = 0;
    while !b.pending_on.is_empty() || !b.pending_off.is_empty() {
        length += 1;
        for i in 0..b.pending_on.len() {
            let p = b.pending_on[i];
            let on = arena.potential(p).cand;
            let (from, to) = b.links.on_to_off_range(on, links.cell);
            for k in from..to {
                let c = b.links.weak_at(k);
                let off = Potential { cand: c, on: false };
                if !seen_off.contains(c) {
                    seen_off.insert(c);
                    if b.reach.same_component(c, false, start.cand, true) {
                        let id = arena.new_node(off, &[p], Cause::Assumption);
                        b.repeat.push(false);
                        b.pending_off.push(id);
                    }
                } else if closing.contains(c) && !is_parent(arena, p, off) {
                    let id = arena.new_node(off, &[p], Cause::Assumption);
                    b.repeat.push(true);
                    b.pending_off.push(id);
                }
            }
        }
        b.pending_on.clear();
        length += 1;
        for i in 0..b.pending_off.len() {
            let p = b.pending_off[i];
            let off = arena.potential(p).cand;
            if length >= 4 && closing.contains(off) {
                let id = arena.new_node(start, &[p], Cause::Assumption);
                b.repeat.push(false);
                b.ends.push(id);
            }
            if b.repeat[p as usize] {
                continue;
            }
            for on in links.strong(&b.links, off) {
                if !to_on.contains(on) {
                    to_on.insert(on);
                    if b.reach.same_component(on, true, start.cand, true) {
                        let node = Potential { cand: on, on: true };
                        let id = arena.new_node(node, &[p], Cause::Assumption);
                        b.repeat.push(false);
                        b.pending_on.push(id);
                    }
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
    links: Links,
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
    let kind = match (links.cell, links.house) {
        (false, _) => ChainKind::XCycle,
        (true, false) => ChainKind::YCycle,
        (true, true) => ChainKind::XyCycle,
    };
    let complexity = inner.len() as u32;
    let mut parents = Vec::new();
    let mut taken = CandSet::EMPTY;
    for &n in inner {
        let cause = node_cause(grid, arena, n);
        rule_parents(source, current, arena.potential(n), cause, |c| {
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
/// Only potentials that can still imply that negation are followed.
fn forcing(arena: &mut Arena, b: &mut Buffers, cell_links: bool, start: Potential) -> Option<u32> {
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
    let strong = Links {
        cell: cell_links,
        house: true,
    };
    while !b.pending_on.is_empty() || !b.pending_off.is_empty() {
        for i in 0..b.pending_on.len() {
            let p = b.pending_on[i];
            let on = arena.potential(p).cand;
            let (from, to) = b.links.on_to_off_range(on, cell_links);
            for k in from..to {
                let c = b.links.weak_at(k);
                let off = Potential { cand: c, on: false };
                if start.on && c == start.cand {
                    return Some(arena.new_node(off, &[p], Cause::Assumption));
                }
                if !to_off.contains(c) {
                    to_off.insert(c);
                    if b.full.reaches(c, false, start.cand, !start.on) {
                        let id = arena.new_node(off, &[p], Cause::Assumption);
                        b.pending_off.push(id);
                    }
                }
            }
        }
        b.pending_on.clear();
        for i in 0..b.pending_off.len() {
            let p = b.pending_off[i];
            let off = arena.potential(p).cand;
            for on in strong.strong(&b.links, off) {
                let node = Potential { cand: on, on: true };
                if !start.on && on == start.cand {
                    return Some(arena.new_node(node, &[p], Cause::Assumption));
                }
                if !to_on.contains(on) {
                    to_on.insert(on);
                    if b.full.reaches(on, true, start.cand, !start.on) {
                        let id = arena.new_node(node, &[p], Cause::Assumption);
                        b.pending_on.push(id);
                    }
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
            let cause = node_cause(grid, arena, n);
            rule_parents(source, current, p, cause, |c| {
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
