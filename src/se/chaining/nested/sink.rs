//! Where the hints of a nested search go, and what a search carries along.
//!
//! A producer asked inside a chain hands every hint to a collecting [`Sink`], which keeps
//! what the chain reads back: the difficulty, complexity and sort key (SE sorts by them,
//! stably), the removals, the rule parents and the fingerprint of the chains. The
//! producer asked by the solver keeps only the first hint by SE's order, with its chains.
//! [`Ctx`] holds the deadline and the arenas reused from one assumption to the next.

use super::super::advanced::AdvancedScratch;
use super::super::hint::{Chain, ChainKind, ChainingHint, Implication, length_tenths};
use super::super::links::WorkGrid;
use super::super::potential::{Cand, CandSet, cand_cell, cand_digit};
use super::arena::{Arena, Cause, HASH_START, mix, rule_parents, word};
use super::names::name;
use crate::geometry::{Cell, Digit};
use crate::se::difficulty::Difficulty;
use std::time::Instant;

/// What a search carries: the deadline, reused arenas and buffers.
pub(super) struct Ctx {
    deadline: Option<Instant>,
    ticks: u32,
    expired: bool,
    pool: Vec<Arena>,
    pub basic: AdvancedScratch,
    pub cycles: super::cycles::Buffers,
    /// How deep in rules asked inside chains the search is (0: the solver's own chains).
    pub depth: u32,
    /// What the rules asked inside the solver's own chains gave, for the next level.
    pub memo: super::memo::Memo,
    /// Buffers of the searches under way and done, one per level of nesting.
    pub run_buffers: Vec<super::search::RunBuffers>,
    chain: Vec<u32>,
}

/// Arenas kept for reuse at most (a few per level of nesting are in use at once).
const POOL: usize = 256;

impl Ctx {
    pub fn new(deadline: Option<Instant>) -> Ctx {
        Ctx {
            deadline,
            ticks: 0,
            expired: false,
            pool: Vec::new(),
            basic: AdvancedScratch::default(),
            cycles: Default::default(),
            depth: 0,
            memo: Default::default(),
            run_buffers: Vec::new(),
            chain: Vec::new(),
        }
    }

    /// Whether the deadline has passed (the clock is read every few calls).
    pub fn expired(&mut self) -> bool {
        if self.expired {
            return true;
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks % 16 == 1
            && let Some(deadline) = self.deadline
        {
            self.expired = Instant::now() >= deadline;
        }
        self.expired
    }

    /// An empty arena.
    pub fn take(&mut self) -> Arena {
        let mut arena = self.pool.pop().unwrap_or_default();
        arena.clear();
        arena
    }

    /// Gives an arena back for reuse.
    pub fn give(&mut self, arena: Arena) {
        if self.pool.len() < POOL {
            self.pool.push(arena);
        }
    }
}

/// One chain of a hint: its last implication in an arena, and the cause SE gives the
/// assumption when it reads rule parents (a cell or region forcing chain's assumption
/// holds because of its cell or house).
pub(super) struct Target<'a> {
    pub arena: &'a Arena,
    pub node: u32,
    pub assumption: Cause,
}

impl Target<'_> {
    pub fn new(arena: &Arena, node: u32) -> Target<'_> {
        Target {
            arena,
            node,
            assumption: Cause::Assumption,
        }
    }
}

/// A hint as a chain that nests it reads it.
pub(super) struct Found {
    pub difficulty: Difficulty,
    pub complexity: u32,
    pub sort_key: u8,
    pub removals: Vec<Cand>,
    /// The candidates the chain took out that the hint rests on (SE's `getRuleParents`).
    pub parents: Vec<Cand>,
    pub fingerprint: u64,
}

/// Where a producer's hints go.
pub(super) enum Sink<'g> {
    /// Every hint, for a chain nesting the producer on `current`, made from `source`;
    /// only those with rule parents when `fresh_only` (the chain keeps no other).
    Collect {
        source: &'g WorkGrid,
        current: &'g WorkGrid,
        hints: Vec<Found>,
        fresh_only: bool,
    },
    /// The first hint by SE's order, for the solver.
    Best {
        level: u8,
        hint: Option<ChainingHint>,
    },
}

impl<'g> Sink<'g> {
    #[cfg(test)]
    pub fn collect(source: &'g WorkGrid, current: &'g WorkGrid) -> Sink<'g> {
        Sink::Collect {
            source,
            current,
            hints: Vec::new(),
            fresh_only: false,
        }
    }

    /// A sink for a chain: it keeps only the hints with rule parents, and producers may
    /// skip searches that cannot find one.
    pub fn collect_fresh(source: &'g WorkGrid, current: &'g WorkGrid) -> Sink<'g> {
        Sink::Collect {
            source,
            current,
            hints: Vec::new(),
            fresh_only: true,
        }
    }

    /// Whether only hints with rule parents are kept.
    pub fn keeps_only_fresh(&self) -> bool {
        matches!(
            self,
            Sink::Collect {
                fresh_only: true,
                ..
            }
        )
    }

    /// The hints collected, in SE's order: difficulty, complexity, sort key, then found.
    pub fn into_sorted(self) -> Vec<Found> {
        match self {
            Sink::Collect { mut hints, .. } => {
                hints.sort_by(|a, b| {
                    a.difficulty
                        .0
                        .partial_cmp(&b.difficulty.0)
                        .expect("difficulties are numbers")
                        .then(a.complexity.cmp(&b.complexity))
                        .then(a.sort_key.cmp(&b.sort_key))
                });
                hints
            }
            Sink::Best { .. } => Vec::new(),
        }
    }

    /// The grids rule parents are read against, when collecting.
    pub fn grids(&self) -> Option<(&'g WorkGrid, &'g WorkGrid)> {
        match self {
            Sink::Collect {
                source, current, ..
            } => Some((source, current)),
            Sink::Best { .. } => None,
        }
    }

    /// Adds a hint already read (the cycles producer reads its own).
    pub fn push(&mut self, found: Found) {
        if let Sink::Collect {
            hints, fresh_only, ..
        } = self
            && (!*fresh_only || !found.parents.is_empty())
        {
            hints.push(found);
        }
    }

    /// Offers a hint of multiple chains: `targets` are its chains' ends.
    #[allow(clippy::too_many_arguments)]
    pub fn offer(
        &mut self,
        ctx: &mut Ctx,
        kind: ChainKind,
        base: f64,
        targets: &[Target],
        removals: &[Cand],
        placement: Option<(Cell, Digit)>,
    ) {
        let mut chain = std::mem::take(&mut ctx.chain);
        let mut complexity = 0;
        let mut seen_nested: Vec<u64> = Vec::new();
        let mut nested = 0;
        for target in targets {
            target.arena.chain(target.node, &mut chain);
            complexity += chain.len() as u32;
            for &n in &chain {
                if let Some(inner) = target.arena.nested_of(n)
                    && !seen_nested.contains(&inner.fingerprint)
                {
                    seen_nested.push(inner.fingerprint);
                    nested += inner.complexity;
                }
            }
        }
        let complexity = complexity + nested;
        let difficulty = Difficulty::with_tenths(base, length_tenths(complexity));
        match self {
            Sink::Collect {
                source,
                current,
                hints,
                fresh_only,
            } => {
                let mut parents = Vec::new();
                let mut taken = CandSet::EMPTY;
                let mut fingerprint = HASH_START;
                for target in targets {
                    target.arena.chain(target.node, &mut chain);
                    fingerprint = mix(fingerprint, u64::MAX);
                    for &n in &chain {
                        let p = target.arena.potential(n);
                        fingerprint = mix(fingerprint, word(p));
                        if !p.on {
                            continue;
                        }
                        let cause = match target.arena.cause(n) {
                            Cause::Assumption => target.assumption,
                            cause => cause,
                        };
                        rule_parents(source, current, p, cause, |c| {
                            if !taken.contains(c) {
                                taken.insert(c);
                                parents.push(c);
                            }
                        });
                    }
                }
                if !*fresh_only || !parents.is_empty() {
                    hints.push(Found {
                        difficulty,
                        complexity,
                        sort_key: kind.sort_key(),
                        removals: removals.to_vec(),
                        parents,
                        fingerprint,
                    });
                }
            }
            Sink::Best { level, hint } => {
                let beats = hint.as_ref().is_none_or(|best| {
                    if difficulty.0 != best.difficulty.0 {
                        return difficulty.0 < best.difficulty.0;
                    }
                    if complexity != best.complexity {
                        return complexity < best.complexity;
                    }
                    kind.sort_key() < best.kind.sort_key()
                });
                if beats {
                    let chains = targets
                        .iter()
                        .map(|t| {
                            t.arena.chain(t.node, &mut chain);
                            to_chain(t.arena, &chain)
                        })
                        .collect();
                    let mut removals: Vec<(Cell, Digit)> = removals
                        .iter()
                        .map(|&c| (cand_cell(c), cand_digit(c)))
                        .collect();
                    removals.sort_by_key(|&(cell, digit)| (cell.index(), digit.index()));
                    *hint = Some(ChainingHint {
                        name: name(kind, *level),
                        kind,
                        difficulty,
                        complexity,
                        removals,
                        placement,
                        chains,
                    });
                }
            }
        }
        ctx.chain = chain;
    }
}

/// A chain listed for explaining: the implications in `order` (SE's `getChain`), each
/// with the positions of its parents in that list.
fn to_chain(arena: &Arena, order: &[u32]) -> Chain {
    let implications = order
        .iter()
        .map(|&n| {
            let p = arena.potential(n);
            Implication {
                cell: p.cell(),
                digit: p.digit(),
                on: p.on,
                parents: arena
                    .parents(n)
                    .iter()
                    .filter_map(|q| order.iter().position(|o| o == q))
                    .map(|k| k as u16)
                    .collect(),
            }
        })
        .collect();
    Chain { implications }
}
