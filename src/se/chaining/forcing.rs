//! SE's multiple and dynamic forcing chains (`getMultipleChainsHintList`): Nishio, Multiple,
//! Dynamic and Dynamic (+) chainers.
//!
//! For every empty cell in reading order and every candidate of it, SE follows all the
//! implications of the candidate on and off (`doChaining`, [`Search::run`]) and reports:
//! a contradiction from either assumption, a potential implied both ways ("double"), a
//! potential implied by every place of the digit in a house (region forcing chains, when
//! the cell is the first place) and, after the cell's last candidate, a potential implied
//! by every candidate of the cell (cell forcing chains). The assumption "on" of a
//! candidate always leads to the same implications, so each is followed once and kept
//! until its cell is done (SE follows it again for every region it is part of).

use super::Chainer;
use super::advanced;
use super::hint::{Best, Chain, ChainKind, ChainingHint, Implication, difficulty};
use super::links::{
    Because, NO_CAND, StaticLinks, WorkGrid, hidden_parents, off_to_on, on_to_off, se_houses,
};
use super::potential::{Cand, CandSet, Implications, NodeId, Potential, cand};
use crate::geometry::{Cell, Digit};

/// How a chainer follows implications.
#[derive(Copy, Clone, Debug)]
pub(super) struct Rules {
    /// Cell links (off Nishio's single-digit chains).
    pub cell_links: bool,
    /// Takes the potentials turned off out of the grid as it goes.
    pub dynamic: bool,
    /// Adds SE's basic rules' deductions when the implications run dry (level 1).
    pub advanced: bool,
}

impl Rules {
    pub fn of(chainer: Chainer) -> Rules {
        Rules {
            cell_links: chainer != Chainer::Nishio,
            dynamic: matches!(
                chainer,
                Chainer::Nishio | Chainer::Dynamic | Chainer::DynamicPlus
            ),
            advanced: chainer == Chainer::DynamicPlus,
        }
    }
}

/// Reused buffers of the search: the arenas of the implications followed, the working
/// grid, the lists the rules fill.
#[derive(Default)]
pub(super) struct ForcingScratch {
    /// Arenas; those in use are named by `on_run` and `off_run`.
    pool: Vec<Implications>,
    free: Vec<u32>,
    /// The arena holding the implications of each candidate on, once followed.
    on_run: Vec<u32>,
    offs: Vec<Cand>,
    ons: Vec<(Potential, Because)>,
    parents: Vec<NodeId>,
    advanced: advanced::AdvancedScratch,
    /// The rules tabulated, for the chainers whose grid does not change.
    links: StaticLinks,
}

const NO_RUN: u32 = u32::MAX;

/// What a hint concludes: its kind, the candidates it removes, the digit it sets.
struct Conclusion {
    kind: ChainKind,
    removals: Vec<(Cell, Digit)>,
    placement: Option<(Cell, Digit)>,
}

impl Conclusion {
    /// `digit` is not in `cell`.
    fn off(kind: ChainKind, cell: Cell, digit: Digit) -> Conclusion {
        Conclusion {
            kind,
            removals: vec![(cell, digit)],
            placement: None,
        }
    }
}

/// The runs of a cell's candidates or of a digit's places in a house, and the potentials
/// found on and off in every one of them.
struct Common {
    runs: [u32; 9],
    count: usize,
    on: CandSet,
    off: CandSet,
}

/// One producer's search over one grid.
pub(super) struct Search<'a> {
    chainer: Chainer,
    rules: Rules,
    grid: &'a WorkGrid,
    work: WorkGrid,
    scratch: &'a mut ForcingScratch,
}

/// Offers every hint of the producer to `best`, in SE's order.
pub(super) fn search(
    chainer: Chainer,
    grid: &WorkGrid,
    scratch: &mut ForcingScratch,
    best: &mut Best,
) {
    scratch.on_run.clear();
    scratch.on_run.resize(729, NO_RUN);
    scratch.free.clear();
    scratch.free.extend((0..scratch.pool.len() as u32).rev());
    let rules = Rules::of(chainer);
    if !rules.dynamic {
        scratch.links.build(grid);
    }
    let mut search = Search {
        chainer,
        rules,
        grid,
        work: grid.clone(),
        scratch,
    };
    search.all(best);
}

impl Search<'_> {
    fn all(&mut self, best: &mut Best) {
        for cell in Cell::all() {
            let digits = self.grid.candidates(cell);
            let count = digits.len();
            if count > 2 || (count > 1 && self.rules.dynamic) {
                self.cell(cell, best);
            }
            for digit in digits.iter() {
                self.release_on_run(cand(cell, digit));
            }
        }
    }

    /// Every hint found from the candidates of `cell`.
    fn cell(&mut self, cell: Cell, best: &mut Best) {
        let nishio = self.chainer == Chainer::Nishio;
        let digits = self.grid.candidates(cell);
        let count = digits.len();
        let double = count >= 3 && !nishio && self.rules.dynamic;
        let contradiction = self.rules.dynamic;
        for digit in digits.iter() {
            let on = self.on_run(cell, digit, best.complexity_limit());
            self.binary(cell, digit, on, double, contradiction, best);
            if !nishio {
                self.regions(cell, digit, best);
            }
        }
        if !nishio {
            self.cell_reduction(cell, best);
        }
    }

    /// A free arena.
    fn take_arena(&mut self) -> u32 {
        match self.scratch.free.pop() {
            Some(id) => id,
            None => {
                self.scratch.pool.push(Implications::default());
                (self.scratch.pool.len() - 1) as u32
            }
        }
    }

    fn arena(&mut self, id: u32) -> &mut Implications {
        &mut self.scratch.pool[id as usize]
    }

    /// The arena of the implications of `digit` set in `cell`, followed on first use.
    fn on_run(&mut self, cell: Cell, digit: Digit, limit: u32) -> u32 {
        let c = usize::from(cand(cell, digit));
        if self.scratch.on_run[c] == NO_RUN {
            let id = self.take_arena();
            self.run(id, Potential::new(cell, digit, true), limit);
            self.scratch.on_run[c] = id;
        }
        self.scratch.on_run[c]
    }

    fn release_on_run(&mut self, c: Cand) {
        let id = self.scratch.on_run[usize::from(c)];
        if id != NO_RUN {
            self.scratch.on_run[usize::from(c)] = NO_RUN;
            self.scratch.free.push(id);
        }
    }

    /// SE's `doChaining`: every implication of `start`, in SE's order, into arena `id`,
    /// stopping at the first potential found both on and off.
    ///
    /// A hint from an implication found by following a potential `p` holds at least
    /// `depth(p) + 3` potentials (the new one and its first ancestors, and one more in
    /// another chain), and SE follows potentials in an order whose depths never fall by
    /// more than one; so once it reaches a potential of depth `limit - 1` or more, every
    /// implication it would still find makes hints of more than `limit` potentials, and
    /// the search stops (but not with SE's basic rules inside, which add potentials out of
    /// that order).
    fn run(&mut self, id: u32, start: Potential, limit: u32) {
        let rules = self.rules;
        let deepest = if rules.advanced {
            u32::MAX
        } else {
            limit.saturating_sub(1)
        };
        // The pool is moved out for the search (moving a Vec costs nothing; taking one
        // arena out would build a new one in its place).
        let mut pool = std::mem::take(&mut self.scratch.pool);
        let imp = &mut pool[id as usize];
        let mut offs = std::mem::take(&mut self.scratch.offs);
        let mut ons = std::mem::take(&mut self.scratch.ons);
        let mut parents = std::mem::take(&mut self.scratch.parents);
        imp.clear();
        imp.add(start, &[]);
        let (mut next_on, mut next_off) = (0, 0);
        'search: loop {
            if next_on < imp.len(true) {
                let p = imp.at(true, next_on);
                next_on += 1;
                if imp.depth(p) >= deepest {
                    break;
                }
                let pot = imp.potential(p);
                let offs: &[Cand] = if rules.dynamic {
                    on_to_off(
                        &self.work,
                        pot.cell(),
                        pot.digit(),
                        rules.cell_links,
                        &mut offs,
                    );
                    &offs
                } else {
                    // Static: the tabulated rule, in the same order.
                    self.scratch.links.on_to_off(pot.cand, rules.cell_links)
                };
                for &c in offs {
                    let off = Potential { cand: c, on: false };
                    if let Some(on) = imp.get(Potential { cand: c, on: true }) {
                        let off = imp.new_node(off, &[p]);
                        imp.contradiction = Some((on, off));
                        break 'search;
                    }
                    if !imp.contains(off) {
                        imp.add(off, &[p]);
                    }
                }
            } else if next_off < imp.len(false) {
                let p = imp.at(false, next_off);
                next_off += 1;
                if imp.depth(p) >= deepest {
                    break;
                }
                let pot = imp.potential(p);
                let (cell, digit) = (pot.cell(), pot.digit());
                if rules.dynamic {
                    off_to_on(&self.work, cell, digit, rules.cell_links, true, &mut ons);
                } else {
                    // Static: no hidden parents, so the reason is not needed.
                    let row = self.scratch.links.off_to_on(pot.cand);
                    let from = if rules.cell_links { 0 } else { 1 };
                    ons.clear();
                    ons.extend(
                        row[from..]
                            .iter()
                            .filter(|&&c| c != NO_CAND)
                            .map(|&c| (Potential { cand: c, on: true }, Because::Cell)),
                    );
                }
                for &(on, because) in &ons {
                    parents.clear();
                    parents.push(p);
                    if rules.dynamic {
                        hidden_parents(&self.work, self.grid, on, because, |c| {
                            let hidden = imp
                                .get(Potential { cand: c, on: false })
                                .expect("a candidate gone from the grid was turned off");
                            parents.push(hidden);
                        });
                    }
                    if let Some(off) = imp.get(Potential { on: false, ..on }) {
                        let on = imp.new_node(on, &parents);
                        imp.contradiction = Some((on, off));
                        break 'search;
                    }
                    if !imp.contains(on) {
                        imp.add(on, &parents);
                    }
                }
                if rules.dynamic {
                    self.work.remove(cell, digit);
                }
            } else if rules.advanced {
                let before = imp.len(false);
                advanced::add_deductions(&self.work, self.grid, imp, &mut self.scratch.advanced);
                if imp.len(false) == before {
                    break;
                }
            } else {
                break;
            }
        }
        if rules.dynamic {
            self.work.restore(self.grid);
        }
        self.scratch.pool = pool;
        self.scratch.offs = offs;
        self.scratch.ons = ons;
        self.scratch.parents = parents;
    }

    /// SE's `doBinaryChaining`: contradictions from the candidate on (in arena `on`) or
    /// off, and the potentials implied both ways.
    fn binary(
        &mut self,
        cell: Cell,
        digit: Digit,
        on: u32,
        double: bool,
        contradiction: bool,
        best: &mut Best,
    ) {
        if let Some((a, b)) = self.arena(on).contradiction.filter(|_| contradiction) {
            let false_ = Conclusion::off(ChainKind::Contradiction, cell, digit);
            self.offer_binary(false_, (on, a), (on, b), best);
        }
        if !(contradiction || double) {
            return;
        }
        let off = self.take_arena();
        self.run(
            off,
            Potential::new(cell, digit, false),
            best.complexity_limit(),
        );
        if let Some((a, b)) = self.arena(off).contradiction.filter(|_| contradiction) {
            let true_ = self.on_conclusion(ChainKind::Contradiction, cell, digit);
            self.offer_binary(true_, (off, a), (off, b), best);
        }
        if double {
            for polarity in [true, false] {
                let count = self.scratch.pool[on as usize].len(polarity);
                for k in 0..count {
                    let from_on = self.scratch.pool[on as usize].at(polarity, k);
                    let p = self.scratch.pool[on as usize].potential(from_on);
                    if let Some(from_off) = self.scratch.pool[off as usize].get(p) {
                        let both = if p.on {
                            self.on_conclusion(ChainKind::Double, p.cell(), p.digit())
                        } else {
                            Conclusion::off(ChainKind::Double, p.cell(), p.digit())
                        };
                        if !both.removals.is_empty() {
                            self.offer_binary(both, (on, from_on), (off, from_off), best);
                        }
                    }
                }
            }
        }
        self.scratch.free.push(off);
    }

    /// What `digit` set in `cell` concludes: the cell's other candidates go.
    fn on_conclusion(&self, kind: ChainKind, cell: Cell, digit: Digit) -> Conclusion {
        let others = self.grid.candidates(cell).iter().filter(|&d| d != digit);
        Conclusion {
            kind,
            removals: others.map(|d| (cell, d)).collect(),
            placement: Some((cell, digit)),
        }
    }

    /// Offers a hint of two chains (SE's `BinaryChainingHint`).
    fn offer_binary(
        &mut self,
        conclusion: Conclusion,
        (run_a, a): (u32, NodeId),
        (run_b, b): (u32, NodeId),
        best: &mut Best,
    ) {
        let limit = best.complexity_limit();
        let Some(count_a) = self.arena(run_a).ancestor_count(a, limit) else {
            return;
        };
        let Some(count_b) = self
            .arena(run_b)
            .ancestor_count(b, limit - count_a.min(limit))
        else {
            return;
        };
        self.offer(
            conclusion,
            count_a + count_b,
            &[(run_a, a), (run_b, b)],
            best,
        );
    }

    /// Keeps the hint if it comes before the best so far.
    fn offer(
        &mut self,
        conclusion: Conclusion,
        complexity: u32,
        targets: &[(u32, NodeId)],
        best: &mut Best,
    ) {
        let kind = conclusion.kind;
        let d = difficulty(kind, self.chainer, complexity);
        if !best.beaten_by(d, complexity, kind) {
            return;
        }
        let chains = targets
            .iter()
            .map(|&(run, node)| chain(&self.scratch.pool[run as usize], node))
            .collect();
        best.hint = Some(ChainingHint {
            name: kind.name(self.chainer, 0, complexity),
            kind,
            difficulty: d,
            complexity,
            removals: conclusion.removals,
            placement: conclusion.placement,
            chains,
        });
    }

    /// SE's `doRegionChainings` for `digit` in `cell`: in each house where `cell` is the
    /// digit's first place, the potentials implied by every place.
    fn regions(&mut self, cell: Cell, digit: Digit, best: &mut Best) {
        for house in se_houses(cell) {
            let places = self.grid.places(house, digit);
            if places.len() < 2 || places.first() != Some(cell) {
                continue;
            }
            let common = self.common(places.iter().map(|place| (place, digit)), best);
            self.reductions(ChainKind::RegionForcing, &common, best);
        }
    }

    /// SE's cell reduction: the potentials implied by every candidate of `cell`.
    fn cell_reduction(&mut self, cell: Cell, best: &mut Best) {
        let digits = self.grid.candidates(cell);
        let common = self.common(digits.iter().map(|digit| (cell, digit)), best);
        self.reductions(ChainKind::CellForcing, &common, best);
    }

    /// The runs of the candidates `each` set (two to nine) and the potentials found in
    /// all of them.
    fn common(&mut self, each: impl Iterator<Item = (Cell, Digit)>, best: &Best) -> Common {
        let mut common = Common {
            runs: [NO_RUN; 9],
            count: 0,
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
        };
        for (cell, digit) in each {
            let run = self.on_run(cell, digit, best.complexity_limit());
            let imp = &self.scratch.pool[run as usize];
            if common.count == 0 {
                common.on = *imp.on_set();
                common.off = *imp.off_set();
            } else {
                common.on.intersect_with(imp.on_set());
                common.off.intersect_with(imp.off_set());
            }
            common.runs[common.count] = run;
            common.count += 1;
        }
        common
    }

    /// The hints of the potentials common to `runs`: ons, then offs, in the order the
    /// first run found them.
    fn reductions(&mut self, kind: ChainKind, common: &Common, best: &mut Best) {
        let runs = &common.runs[..common.count];
        for on in [true, false] {
            let common = if on { &common.on } else { &common.off };
            if common.is_empty() {
                continue;
            }
            let first = runs[0] as usize;
            let count = self.scratch.pool[first].len(on);
            for k in 0..count {
                let imp = &self.scratch.pool[first];
                let node = imp.at(on, k);
                let p = imp.potential(node);
                if !common.contains(p.cand) {
                    continue;
                }
                let conclusion = if on {
                    self.on_conclusion(kind, p.cell(), p.digit())
                } else {
                    Conclusion::off(kind, p.cell(), p.digit())
                };
                if conclusion.removals.is_empty() {
                    continue;
                }
                let limit = best.complexity_limit();
                let mut complexity = 0u32;
                let mut targets = [(0u32, 0 as NodeId); 9];
                let mut within = true;
                for (j, &run) in runs.iter().enumerate() {
                    let imp = &mut self.scratch.pool[run as usize];
                    let target = imp.get(p).expect("a common potential is in every run");
                    targets[j] = (run, target);
                    match imp.ancestor_count(target, limit - complexity.min(limit)) {
                        Some(count) => complexity += count,
                        None => {
                            within = false;
                            break;
                        }
                    }
                }
                if within {
                    let targets = &targets[..runs.len()];
                    self.offer(conclusion, complexity, targets, best);
                }
            }
        }
    }
}

/// The chain of `node`: it and its ancestors, breadth first, as SE's `getChain` lists them.
fn chain(imp: &Implications, node: NodeId) -> Chain {
    let mut order: Vec<NodeId> = vec![node];
    let mut index = std::collections::HashMap::new();
    index.insert(node, 0u16);
    let mut k = 0;
    while k < order.len() {
        let n = order[k];
        for &parent in imp.parents(n) {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(parent) {
                e.insert(order.len() as u16);
                order.push(parent);
            }
        }
        k += 1;
    }
    let implications = order
        .iter()
        .map(|&n| {
            let p = imp.potential(n);
            Implication {
                cell: p.cell(),
                digit: p.digit(),
                on: p.on,
                parents: imp.parents(n).iter().map(|q| index[q]).collect(),
            }
        })
        .collect();
    Chain { implications }
}
