//! Which potentials can imply which, in a grid that does not change: the strongly
//! connected components of the implication graph and, per component, the components it
//! reaches. A chain search whose target cannot be reached at all is skipped, which is
//! what makes a grid without any cycle or forcing chain quick to rule out. The components
//! come from [`Reach::build`]; which reach which, only when asked, from [`Reach::close`].

use super::links::{NO_CAND, StaticLinks};
use super::potential::Cand;

/// A node: `cand * 2 + on`.
type Node = usize;

const NODES: usize = 729 * 2;
const UNSEEN: u32 = u32::MAX;

/// The reachability of one pass's implication graph.
#[derive(Default)]
pub(super) struct Reach {
    /// Each node's component (`UNSEEN` for a candidate not in the grid).
    component: Vec<u32>,
    /// Per component, the components it reaches (itself included), `words` words each.
    closure: Vec<u64>,
    words: usize,
    // Tarjan's buffers.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<Node>,
    calls: Vec<(Node, usize)>,
    successors: Vec<Node>,
    starts: Vec<(usize, usize)>,
    /// Components' members, in Tarjan's order: component `k` is
    /// `members[member_starts[k]..member_starts[k + 1]]`.
    members: Vec<Node>,
    member_starts: Vec<usize>,
    merged: Vec<u32>,
    count: u32,
    /// Whether the closure is that of the graph built last.
    closed: bool,
    /// Per component, which of the targets given to [`Reach::close_towards`] it reaches,
    /// `toward_words` words each.
    toward: Vec<u64>,
    toward_words: usize,
}

#[inline]
fn node(c: Cand, on: bool) -> Node {
    usize::from(c) * 2 + usize::from(on)
}

impl Reach {
    /// Builds the graph of the present candidates `cands`: "on" implies the "off"s of
    /// [`StaticLinks::on_to_off`] (with or without cell links), "off" implies the "on"s
    /// of [`StaticLinks::off_to_on`] (the cell link and the house links as asked).
    pub fn build(
        &mut self,
        links: &StaticLinks,
        cands: &[Cand],
        cell_links_off: bool,
        cell_links_on: bool,
        house_links_on: bool,
    ) {
        self.build_within(
            links,
            cands,
            cell_links_off,
            cell_links_on,
            house_links_on,
            |_| true,
        );
    }

    /// [`Reach::build`] on a part of the graph: the candidates `cands`, all of which
    /// `keep` holds, and the implications between them only. The caller makes sure that
    /// what it asks does not change (the potentials left out lie on no path between
    /// two it asks about).
    pub fn build_within(
        &mut self,
        links: &StaticLinks,
        cands: &[Cand],
        cell_links_off: bool,
        cell_links_on: bool,
        house_links_on: bool,
        keep: impl Fn(Cand) -> bool,
    ) {
        if self.component.len() != NODES {
            self.component = vec![UNSEEN; NODES];
            self.index = vec![UNSEEN; NODES];
            self.low = vec![0; NODES];
            self.on_stack = vec![false; NODES];
            self.starts = vec![(0, 0); NODES];
        } else {
            // Only the last graph's nodes were marked (all of them are members of its
            // components, and none is left on the stack); `low` and `starts` are written
            // before they are read.
            for &v in &self.members {
                self.component[v] = UNSEEN;
                self.index[v] = UNSEEN;
            }
        }
        self.stack.clear();
        self.count = 0;
        let mut next_index = 0u32;
        // Successor lists, flattened: (start, end) per node into `successors`, written
        // straight from the tables.
        let mut starts = std::mem::take(&mut self.starts);
        self.successors.clear();
        for &c in cands {
            let start = self.successors.len();
            let row = links.off_to_on(c);
            if cell_links_on && row[0] != NO_CAND && keep(row[0]) {
                self.successors.push(node(row[0], true));
            }
            if house_links_on {
                for &o in &row[1..] {
                    if o != NO_CAND && keep(o) {
                        self.successors.push(node(o, true));
                    }
                }
            }
            let middle = self.successors.len();
            let offs = links.on_to_off(c, cell_links_off);
            let kept = offs.iter().filter(|&&o| keep(o));
            self.successors.extend(kept.map(|&o| node(o, false)));
            starts[node(c, false)] = (start, middle);
            starts[node(c, true)] = (middle, self.successors.len());
        }
        // Iterative Tarjan: components come out in reverse topological order.
        self.members.clear();
        self.member_starts.clear();
        self.member_starts.push(0);
        for &c in cands {
            for on in [false, true] {
                let root = node(c, on);
                if self.index[root] != UNSEEN {
                    continue;
                }
                self.calls.clear();
                self.calls.push((root, starts[root].0));
                self.index[root] = next_index;
                self.low[root] = next_index;
                next_index += 1;
                self.stack.push(root);
                self.on_stack[root] = true;
                while let Some(&mut (v, ref mut at)) = self.calls.last_mut() {
                    let (_, end) = starts[v];
                    if *at < end {
                        let w = self.successors[*at];
                        *at += 1;
                        if self.index[w] == UNSEEN {
                            self.index[w] = next_index;
                            self.low[w] = next_index;
                            next_index += 1;
                            self.stack.push(w);
                            self.on_stack[w] = true;
                            self.calls.push((w, starts[w].0));
                        } else if self.on_stack[w] {
                            self.low[v] = self.low[v].min(self.index[w]);
                        }
                    } else {
                        self.calls.pop();
                        if let Some(&(parent, _)) = self.calls.last() {
                            self.low[parent] = self.low[parent].min(self.low[v]);
                        }
                        if self.low[v] == self.index[v] {
                            loop {
                                let w = self.stack.pop().expect("v is on the stack");
                                self.on_stack[w] = false;
                                self.component[w] = self.count;
                                self.members.push(w);
                                if w == v {
                                    break;
                                }
                            }
                            self.count += 1;
                            self.member_starts.push(self.members.len());
                        }
                    }
                }
            }
        }
        self.starts = starts;
        self.closed = false;
    }

    /// Computes which components reach which, for [`Reach::reaches`].
    pub fn close(&mut self) {
        let count = self.count as usize;
        let words = count.div_ceil(64);
        self.words = words;
        let mut closure = std::mem::take(&mut self.closure);
        closure.clear();
        closure.resize(count * words, 0);
        // Each component reaches itself.
        for k in 0..count {
            closure[k * words + k / 64] |= 1 << (k % 64);
        }
        self.propagate(&mut closure, words);
        self.closure = closure;
        self.closed = true;
    }

    /// Computes, per component, which of `targets` (potentials: a candidate and whether
    /// on) it reaches, for [`Reach::targets_reached`]: [`Reach::close`] cut down to a few
    /// columns, much cheaper when only a few targets matter.
    pub fn close_towards(&mut self, targets: &[(Cand, bool)]) {
        let count = self.count as usize;
        let words = targets.len().div_ceil(64).max(1);
        self.toward_words = words;
        let mut toward = std::mem::take(&mut self.toward);
        toward.clear();
        toward.resize(count * words, 0);
        // Each target's component reaches it.
        for (k, &(c, on)) in targets.iter().enumerate() {
            let component = self.component[node(c, on)];
            if component != UNSEEN {
                toward[component as usize * words + k / 64] |= 1 << (k % 64);
            }
        }
        self.propagate(&mut toward, words);
        self.toward = toward;
    }

    /// Completes `table` (a row of `words` words per component, holding the columns each
    /// component reaches by itself): each row takes in the rows of the components its
    /// members imply, successors' first (Tarjan's order), so that it ends up holding the
    /// columns of every component it reaches.
    fn propagate(&mut self, table: &mut [u64], words: usize) {
        let count = self.count as usize;
        // The last component each component's row took in, to take each once.
        self.merged.clear();
        self.merged.resize(count, u32::MAX);
        for k in 0..count {
            // Successors' components come before `k`.
            let (done, rest) = table.split_at_mut(k * words);
            let row = &mut rest[..words];
            for m in self.member_starts[k]..self.member_starts[k + 1] {
                let (start, end) = self.starts[self.members[m]];
                for &w in &self.successors[start..end] {
                    let target = self.component[w] as usize;
                    if target != k && self.merged[target] != k as u32 {
                        self.merged[target] = k as u32;
                        let from = &done[target * words..(target + 1) * words];
                        for (into, &bits) in row.iter_mut().zip(from) {
                            *into |= bits;
                        }
                    }
                }
            }
        }
    }

    /// The targets of the last [`Reach::close_towards`] that `from` (a candidate on or
    /// off) can imply, bit `k` for the `k`-th (empty for a candidate not in the grid).
    #[inline]
    pub fn targets_reached(&self, from: Cand, from_on: bool) -> &[u64] {
        match self.component[node(from, from_on)] {
            UNSEEN => &[],
            a => {
                let at = a as usize * self.toward_words;
                &self.toward[at..at + self.toward_words]
            }
        }
    }

    /// The number of components of the graph built last.
    pub fn component_count(&self) -> usize {
        self.count as usize
    }

    /// The component of `c` on or off (`None` for a candidate not in the grid).
    #[inline]
    pub fn component(&self, c: Cand, on: bool) -> Option<usize> {
        let x = self.component[node(c, on)];
        (x != UNSEEN).then_some(x as usize)
    }

    /// Whether `from` (a candidate on or off) can imply `to`.
    #[inline]
    pub fn reaches(&self, from: Cand, from_on: bool, to: Cand, to_on: bool) -> bool {
        debug_assert!(self.closed, "Reach::close was not called");
        let a = self.component[node(from, from_on)];
        let b = self.component[node(to, to_on)];
        if a == UNSEEN || b == UNSEEN {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        self.closure[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// Whether the two potentials lie on one cycle of implications.
    #[inline]
    pub fn same_component(&self, a: Cand, a_on: bool, b: Cand, b_on: bool) -> bool {
        let x = self.component[node(a, a_on)];
        x != UNSEEN && x == self.component[node(b, b_on)]
    }
}
