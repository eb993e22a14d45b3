//! SE's multiple and dynamic forcing chains at any level of nesting
//! (`getMultipleChainsHintList` and `doChaining` with `getAdvancedPotentials`), every hint
//! handed to a [`Sink`].
//!
//! When the implications of an assumption run dry at level 1 and up, SE asks other rules
//! for hints on the grid as the assumption left it: its basic rules, then (level 2 and
//! up) whole chaining producers. The first rule with a hint resting on candidates the
//! assumption removed gives every such hint's removals, in the producer's own order, as
//! new "off" potentials whose parents are those candidates and whose nested chain is
//! that hint.

use super::super::advanced::basic_deductions;
use super::super::hint::ChainKind;
use super::super::links::{Because, WorkGrid, hidden_parents, off_to_on, on_to_off, se_houses};
use super::super::potential::{Cand, Potential, cand, cand_cell};
use super::arena::{Arena, Cause, Nested};
use super::cycles;
use super::memo::{Answer, Deduction};
use super::sink::{Ctx, Sink, Target};
use crate::geometry::{Cell, Digit};

/// SE's `Chaining(true, dynamic, false, level)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) struct Producer {
    pub dynamic: bool,
    pub level: u8,
}

impl Producer {
    /// `Chaining.getDifficulty` for the hints of multiple chains.
    pub fn base(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// A rule SE asks inside a chain (`otherRules`) after its basic ones.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Inner {
    /// `Chaining(false, false, false, 0)`.
    Cycles,
    Chaining(Producer),
}

/// The chaining rules of a level, in SE's order, after the basic ones.
fn inner_rules(level: u8) -> &'static [Inner] {
    const MULTIPLE: Producer = Producer {
        dynamic: false,
        level: 0,
    };
    const DYNAMIC: Producer = Producer {
        dynamic: true,
        level: 0,
    };
    const DYNAMIC_2: Producer = Producer {
        dynamic: true,
        level: 2,
    };
    match level {
        0 | 1 => &[],
        2 => &[Inner::Cycles],
        3 => &[Inner::Cycles, Inner::Chaining(MULTIPLE)],
        4 => &[Inner::Chaining(DYNAMIC)],
        _ => &[Inner::Chaining(DYNAMIC), Inner::Chaining(DYNAMIC_2)],
    }
}

/// Every hint of `producer` on `grid`, in the order SE finds them, into `sink`.
///
/// The implications of a candidate set on do not depend on where SE asks for them (its
/// cell, or a house where it is a place), so each is followed once, kept until its cell is
/// done (a house is searched from its first place, which comes first in reading order).
pub(super) fn hints(ctx: &mut Ctx, producer: Producer, grid: &WorkGrid, sink: &mut Sink) {
    let mut work = grid.clone();
    let mut on_runs = OnRuns::default();
    for cell in grid.empty().iter() {
        if ctx.expired() {
            break;
        }
        let digits = grid.candidates(cell);
        let count = digits.len();
        if !(count > 2 || (count > 1 && producer.dynamic)) {
            continue;
        }
        for digit in digits.iter() {
            let c = cand(cell, digit);
            follow_on(ctx, producer, grid, &mut work, &mut on_runs, c);
            let on = on_runs.get(c);
            binary(ctx, producer, grid, &mut work, cell, digit, on, count, sink);
            regions(
                ctx,
                producer,
                grid,
                &mut work,
                cell,
                digit,
                &mut on_runs,
                sink,
            );
        }
        let runs: Vec<&Arena> = digits.iter().map(|d| on_runs.get(cand(cell, d))).collect();
        reductions(
            ctx,
            producer,
            &runs,
            ChainKind::CellForcing,
            Cause::Cell,
            grid,
            sink,
        );
        for digit in digits.iter() {
            if let Some(arena) = on_runs.take(cand(cell, digit)) {
                ctx.give(arena);
            }
        }
    }
    for (_, arena) in on_runs.0 {
        ctx.give(arena);
    }
}

/// The implications of candidates set on, kept until their cell is done (a few dozen at
/// most: a cell's candidates and the places of its digits in houses it comes first in).
#[derive(Default)]
struct OnRuns(Vec<(Cand, Arena)>);

impl OnRuns {
    fn contains(&self, c: Cand) -> bool {
        self.0.iter().any(|(k, _)| *k == c)
    }

    fn get(&self, c: Cand) -> &Arena {
        &self.0.iter().find(|(k, _)| *k == c).expect("followed").1
    }

    fn take(&mut self, c: Cand) -> Option<Arena> {
        let at = self.0.iter().position(|(k, _)| *k == c)?;
        Some(self.0.swap_remove(at).1)
    }
}

/// Follows candidate `c` on, unless it has been.
fn follow_on(
    ctx: &mut Ctx,
    producer: Producer,
    grid: &WorkGrid,
    work: &mut WorkGrid,
    on_runs: &mut OnRuns,
    c: Cand,
) {
    if !on_runs.contains(c) {
        let start = Potential { cand: c, on: true };
        let arena = run(ctx, producer, grid, work, start);
        on_runs.0.push((c, arena));
    }
}

/// SE's `doBinaryChaining`: contradictions from the candidate on or off, and (three
/// candidates or more, dynamic) the potentials implied both ways.
#[allow(clippy::too_many_arguments)]
fn binary(
    ctx: &mut Ctx,
    producer: Producer,
    grid: &WorkGrid,
    work: &mut WorkGrid,
    cell: Cell,
    digit: Digit,
    on: &Arena,
    count: u32,
    sink: &mut Sink,
) {
    if !producer.dynamic {
        return;
    }
    let base = producer.base();
    if let Some((a, b)) = on.contradiction {
        let removals = [cand(cell, digit)];
        let targets = [Target::new(on, a), Target::new(on, b)];
        sink.offer(
            ctx,
            ChainKind::Contradiction,
            base,
            &targets,
            &removals,
            None,
        );
    }
    let off = run(
        ctx,
        producer,
        grid,
        work,
        Potential::new(cell, digit, false),
    );
    if let Some((a, b)) = off.contradiction {
        let removals = others(grid, cell, digit);
        let targets = [Target::new(&off, a), Target::new(&off, b)];
        let placement = Some((cell, digit));
        sink.offer(
            ctx,
            ChainKind::Contradiction,
            base,
            &targets,
            &removals,
            placement,
        );
    }
    if count >= 3 {
        for polarity in [true, false] {
            for k in 0..on.len(polarity) {
                let from_on = on.at(polarity, k);
                let p = on.potential(from_on);
                let Some(from_off) = off.get(p) else { continue };
                let removals = if p.on {
                    others(grid, p.cell(), p.digit())
                } else {
                    vec![p.cand]
                };
                if removals.is_empty() {
                    continue;
                }
                let placement = p.on.then(|| (p.cell(), p.digit()));
                let targets = [Target::new(on, from_on), Target::new(&off, from_off)];
                sink.offer(ctx, ChainKind::Double, base, &targets, &removals, placement);
            }
        }
    }
    ctx.give(off);
}

/// The candidates of `cell` other than `digit`.
fn others(grid: &WorkGrid, cell: Cell, digit: Digit) -> Vec<Cand> {
    let rest = grid.candidates(cell).iter().filter(|&d| d != digit);
    rest.map(|d| cand(cell, d)).collect()
}

/// SE's `doRegionChainings`: in each house where `cell` is the first place of `digit`,
/// the potentials implied by every place.
#[allow(clippy::too_many_arguments)]
fn regions(
    ctx: &mut Ctx,
    producer: Producer,
    grid: &WorkGrid,
    work: &mut WorkGrid,
    cell: Cell,
    digit: Digit,
    on_runs: &mut OnRuns,
    sink: &mut Sink,
) {
    for house in se_houses(cell) {
        let places = grid.places(house, digit);
        if places.len() < 2 || places.first() != Some(cell) {
            continue;
        }
        for place in places.iter() {
            follow_on(ctx, producer, grid, work, on_runs, cand(place, digit));
        }
        let runs: Vec<&Arena> = places
            .iter()
            .map(|place| on_runs.get(cand(place, digit)))
            .collect();
        let kind = ChainKind::RegionForcing;
        reductions(ctx, producer, &runs, kind, Cause::House(house), grid, sink);
    }
}

/// The hints of the potentials implied in every run: ons, then offs, in the order the
/// first run found them. `assumption` is the cause SE gives the runs' assumptions when it
/// looks for rule parents.
fn reductions(
    ctx: &mut Ctx,
    producer: Producer,
    runs: &[&Arena],
    kind: ChainKind,
    assumption: Cause,
    grid: &WorkGrid,
    sink: &mut Sink,
) {
    for on in [true, false] {
        let mut common = if on {
            *runs[0].on_set()
        } else {
            *runs[0].off_set()
        };
        for run in &runs[1..] {
            common.intersect_with(if on { run.on_set() } else { run.off_set() });
        }
        if common.is_empty() {
            continue;
        }
        for k in 0..runs[0].len(on) {
            let p = runs[0].potential(runs[0].at(on, k));
            if !common.contains(p.cand) {
                continue;
            }
            let removals = if on {
                others(grid, p.cell(), p.digit())
            } else {
                vec![p.cand]
            };
            if removals.is_empty() {
                continue;
            }
            let placement = on.then(|| (p.cell(), p.digit()));
            let targets: Vec<Target> = runs
                .iter()
                .map(|run| Target {
                    arena: run,
                    node: run.get(p).expect("a common potential is in every run"),
                    assumption,
                })
                .collect();
            sink.offer(ctx, kind, producer.base(), &targets, &removals, placement);
        }
    }
}

/// SE's `doChaining`: every implication of `start` on `grid`, in SE's order, stopping at
/// the first potential found both on and off. `work` equals `grid` before and after.
pub(super) fn run(
    ctx: &mut Ctx,
    producer: Producer,
    grid: &WorkGrid,
    work: &mut WorkGrid,
    start: Potential,
) -> Arena {
    let mut imp = ctx.take();
    imp.add(start, &[], Cause::Assumption);
    let mut buffers = ctx.run_buffers.pop().unwrap_or_default();
    let RunBuffers { offs, ons, parents } = &mut buffers;
    let (mut next_on, mut next_off) = (0, 0);
    'search: loop {
        if next_on < imp.len(true) {
            let p = imp.at(true, next_on);
            next_on += 1;
            let pot = imp.potential(p);
            let (cell, digit) = (pot.cell(), pot.digit());
            on_to_off(work, cell, digit, true, offs);
            for &c in offs.iter() {
                let off = Potential { cand: c, on: false };
                let cause = off_cause(cell, cand_cell(c));
                if let Some(on) = imp.get(Potential { cand: c, on: true }) {
                    let off = imp.new_node(off, &[p], cause);
                    imp.contradiction = Some((on, off));
                    break 'search;
                }
                if !imp.contains(off) {
                    imp.add(off, &[p], cause);
                }
            }
        } else if next_off < imp.len(false) {
            let p = imp.at(false, next_off);
            next_off += 1;
            let pot = imp.potential(p);
            let (cell, digit) = (pot.cell(), pot.digit());
            off_to_on(work, cell, digit, true, true, ons);
            for &(on, because) in ons.iter() {
                parents.clear();
                parents.push(p);
                if producer.dynamic {
                    hidden_parents(work, grid, on, because, |c| {
                        let hidden = imp
                            .get(Potential { cand: c, on: false })
                            .expect("a candidate gone from the grid was turned off");
                        parents.push(hidden);
                    });
                }
                let cause = match because {
                    Because::Cell => Cause::Cell,
                    Because::House(house) => Cause::House(house),
                };
                if let Some(off) = imp.get(Potential { on: false, ..on }) {
                    let on = imp.new_node(on, parents, cause);
                    imp.contradiction = Some((on, off));
                    break 'search;
                }
                if !imp.contains(on) {
                    imp.add(on, parents, cause);
                }
            }
            if producer.dynamic {
                work.remove(cell, digit);
            }
        } else if producer.level > 0 && !ctx.expired() {
            let before = imp.len(false);
            advanced(ctx, producer.level, grid, work, &mut imp);
            if imp.len(false) == before {
                break;
            }
        } else {
            break;
        }
    }
    work.restore(grid);
    ctx.run_buffers.push(buffers);
    imp
}

/// The buffers of one [`run`], reused (one per level of nesting in use).
#[derive(Default)]
pub(super) struct RunBuffers {
    offs: Vec<Cand>,
    ons: Vec<(Potential, Because)>,
    parents: Vec<u32>,
}

/// SE's cause of an "off" from an "on" in `from`: the cell, or the first of its houses
/// (box, row, column) that holds `to`.
pub(super) fn off_cause(from: Cell, to: Cell) -> Cause {
    if from == to {
        return Cause::Cell;
    }
    let house = se_houses(from)
        .into_iter()
        .find(|h| h.cell_set().contains(to))
        .expect("an implied off sees its on");
    Cause::House(house)
}

/// How many of the rules asked inside a chain at `level` (after the basic ones) are
/// asked first, in the same order, at `next`.
pub(super) fn rules_shared(level: u8, next: u8) -> usize {
    let (rules, next_rules) = (inner_rules(level), inner_rules(next));
    let shared = rules.iter().zip(next_rules).take_while(|(a, b)| a == b);
    if shared.count() == rules.len() {
        rules.len()
    } else {
        0
    }
}

/// SE's `getAdvancedPotentials` at `level`: the removals of the first rule with hints
/// resting on candidates taken from `grid` to make `work`, added to `imp` as "off".
/// The solver's own chains keep what the rules gave, for the next level (`memo`).
fn advanced(ctx: &mut Ctx, level: u8, grid: &WorkGrid, work: &WorkGrid, imp: &mut Arena) {
    let top = ctx.depth == 0;
    let kept = if top { ctx.memo.get(work) } else { None };
    let (mut deductions, mut parents, basic, asked) = match kept {
        Some(answer) if answer.basic => {
            (answer.deductions.clone(), answer.parents.clone(), true, 0)
        }
        Some(answer) if !answer.deductions.is_empty() && rules_shared(answer.level, level) > 0 => {
            let asked = rules_shared(answer.level, level);
            (
                answer.deductions.clone(),
                answer.parents.clone(),
                false,
                asked,
            )
        }
        Some(answer) => (
            Vec::new(),
            Vec::new(),
            false,
            rules_shared(answer.level, level),
        ),
        None => {
            let (deductions, parents) = basic_rules(ctx, grid, work);
            let basic = !deductions.is_empty();
            (deductions, parents, basic, 0)
        }
    };
    if deductions.is_empty() {
        ctx.depth += 1;
        for &rule in &inner_rules(level)[asked..] {
            let mut sink = Sink::collect_fresh(grid, work);
            match rule {
                Inner::Cycles => cycles::hints(ctx, work, &mut sink),
                Inner::Chaining(producer) => hints(ctx, producer, work, &mut sink),
            }
            for hint in sink.into_sorted() {
                if hint.parents.is_empty() {
                    continue;
                }
                let start = parents.len();
                parents.extend_from_slice(&hint.parents);
                let nested = Nested {
                    complexity: hint.complexity,
                    fingerprint: hint.fingerprint,
                };
                for &removal in &hint.removals {
                    deductions.push(Deduction {
                        removal,
                        parents: start..parents.len(),
                        nested: Some(nested),
                    });
                }
            }
            if !deductions.is_empty() || ctx.expired() {
                break;
            }
        }
        ctx.depth -= 1;
    }
    if top && !ctx.expired() {
        let answer = Answer {
            level,
            basic,
            deductions: deductions.clone(),
            parents: parents.clone(),
        };
        ctx.memo.put(work, answer);
    }
    add_deductions(imp, &deductions, &parents);
}

/// The basic rules' removals on `work`, with their parents.
fn basic_rules(ctx: &mut Ctx, grid: &WorkGrid, work: &WorkGrid) -> (Vec<Deduction>, Vec<Cand>) {
    let mut deductions = Vec::new();
    let mut scratch = std::mem::take(&mut ctx.basic);
    let (found, from) = basic_deductions(work, grid, &mut scratch);
    let parents = from.to_vec();
    for &(removal, start, end) in found {
        deductions.push(Deduction {
            removal,
            parents: start as usize..end as usize,
            nested: None,
        });
    }
    ctx.basic = scratch;
    (deductions, parents)
}

/// Adds the removals not yet off to `imp`, as "off" potentials with their parents.
fn add_deductions(imp: &mut Arena, deductions: &[Deduction], parents: &[Cand]) {
    let mut nodes: Vec<u32> = Vec::new();
    for deduction in deductions {
        let off = Potential {
            cand: deduction.removal,
            on: false,
        };
        if imp.contains(off) {
            continue;
        }
        nodes.clear();
        for &parent in &parents[deduction.parents.clone()] {
            let node = imp
                .get(Potential {
                    cand: parent,
                    on: false,
                })
                .expect("a rule parent was turned off");
            nodes.push(node);
        }
        let id = imp.add(off, &nodes, Cause::Advanced);
        if let Some(nested) = deduction.nested {
            imp.set_nested(id, nested);
        }
    }
}
