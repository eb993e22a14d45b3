//! An implication table: everything that follows from one premise literal by chains of
//! direct implications, found breadth first, each with the literal it was reached from,
//! so that the shortest chain to any consequence can be read back.
//!
//! This is HoDoKu's expanded table (`TablingSolver.expandTables`): its entries are the
//! premise, then its direct implications, then theirs, each literal once, in the order a
//! breadth-first walk of the [`Implications`] rows meets them, and at most
//! [`Table::CAPACITY`] of them.
//!
//! Dead ends ("off" literals that imply nothing) are most of what such a walk meets, and
//! the only ones a loop needs are those of the premise's cell. Over live implications
//! (built so when the grid has too few literals for the capacity to matter) the walk
//! leaves them out, and then looks up the dead ends of the premise's cell: each is reached
//! from the first entry whose row holds it, as a whole walk would. Every other entry is as
//! a whole walk leaves it.

use super::implications::Implications;
use super::literal::{GroupNodes, Lit};
use crate::bitset::DigitSet;
use crate::geometry::{Cell, Digit};

/// One consequence: the literal, the entry it was reached from and how many links away
/// from the premise it is.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub lit: Lit,
    /// Index of the entry this one was reached from (the premise points at itself).
    pub parent: u16,
    /// Links from the premise: 0 for the premise, 1 for its direct implications.
    pub depth: u16,
}

/// A stamp per literal number (a `u16`).
struct Stamps(Box<[u32; 1 << 16]>);

impl Default for Stamps {
    fn default() -> Self {
        Stamps(
            vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is right"),
        )
    }
}

/// The consequences of one premise.
pub struct Table {
    /// How many entries it may hold.
    capacity: usize,
    entries: Vec<Entry>,
    /// Per literal, the stamp of the last fill that reached it: one slot for every
    /// possible literal number, so that a literal indexes it without a bounds check.
    reached: Stamps,
    stamp: u32,
    /// The entries (after the premise) that are candidates of the premise's cell.
    in_premise_cell: Vec<u16>,
}

impl Default for Table {
    fn default() -> Self {
        Table::with_capacity(Table::CAPACITY)
    }
}

impl Table {
    /// HoDoKu's limit on a table's entries (`Options.maxTableEntryLength`).
    pub const CAPACITY: usize = 1000;

    /// A table of at most `capacity` entries.
    pub fn with_capacity(capacity: usize) -> Table {
        Table {
            capacity,
            entries: Vec::new(),
            reached: Stamps::default(),
            stamp: 0,
            in_premise_cell: Vec::new(),
        }
    }

    /// How many entries it may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Fills the table with the consequences of `premise` (a candidate of `digits`'s
    /// cell), over the literals of `groups` and the grid's candidates.
    pub fn fill(
        &mut self,
        premise: Lit,
        digits: DigitSet,
        implications: &Implications,
        groups: &GroupNodes,
    ) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reached.0.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let (start, _) = premise.as_candidate().expect("a candidate premise");
        self.in_premise_cell.clear();
        self.entries.clear();
        self.entries.push(Entry {
            lit: premise,
            parent: 0,
            depth: 0,
        });
        self.reached.0[premise.index()] = stamp;
        // The walk works on local handles, which the compiler keeps in registers.
        let (entries, reached, capacity) = (&mut self.entries, &mut *self.reached.0, self.capacity);
        entries.reserve(capacity);
        // The literals of the premise's cell: 18 numbers from its first, on and off.
        let first_in_cell = Lit::candidate(start, Digit::from_index(0), false).index();
        let mut next = 0;
        while next < entries.len() && entries.len() < capacity {
            let Entry { lit, depth, .. } = entries[next];
            for &implied in implications.of(lit) {
                let seen = &mut reached[implied.index()];
                if *seen == stamp {
                    continue;
                }
                *seen = stamp;
                if implied.index().wrapping_sub(first_in_cell) < 18 {
                    self.in_premise_cell.push(entries.len() as u16);
                }
                entries.push(Entry {
                    lit: implied,
                    parent: next as u16,
                    depth: depth + 1,
                });
                if entries.len() == capacity {
                    break;
                }
            }
            next += 1;
        }
        if implications.is_live() {
            self.add_dead_ends(start, digits, implications, groups);
        }
    }

    /// Adds the dead ends of the premise's cell `start` (holding `digits`): each reached
    /// from the first entry whose whole row holds it. Then sorts the premise cell's
    /// entries as a whole walk would have met them: by the entry they come from, then by
    /// digit (the only order in which one entry reaches several of them).
    fn add_dead_ends(
        &mut self,
        start: Cell,
        digits: DigitSet,
        implications: &Implications,
        groups: &GroupNodes,
    ) {
        let premise = self.entries[0].lit;
        let mut pending = DigitSet::EMPTY;
        for digit in digits.iter() {
            let off = Lit::candidate(start, digit, false);
            if off != premise && implications.is_dead_end(off) {
                pending.insert(digit);
            }
        }
        let mut index = 0;
        while !pending.is_empty() && index < self.entries.len() {
            let Entry { lit, depth, .. } = self.entries[index];
            let reached = if !lit.is_on() {
                crate::bitset::DigitSet::EMPTY
            } else if let Some((cell, digit)) = lit.as_candidate() {
                if cell == start {
                    pending - DigitSet::single(digit)
                } else if cell.sees(start) {
                    pending & DigitSet::single(digit)
                } else {
                    DigitSet::EMPTY
                }
            } else {
                let group = groups.get(lit.as_group().expect("a group literal"));
                if group.buddies.contains(start) {
                    pending & DigitSet::single(group.digit)
                } else {
                    DigitSet::EMPTY
                }
            };
            for digit in reached.iter() {
                self.in_premise_cell.push(self.entries.len() as u16);
                self.entries.push(Entry {
                    lit: Lit::candidate(start, digit, false),
                    parent: index as u16,
                    depth: depth + 1,
                });
            }
            pending = pending - reached;
            index += 1;
        }
        let entries = &self.entries;
        self.in_premise_cell.sort_by_key(|&i| {
            let entry = entries[usize::from(i)];
            let digit = entry.lit.as_candidate().map(|(_, d)| d.get());
            (entry.parent, digit)
        });
    }

    /// The indices of the entries (after the premise) that are candidates of the
    /// premise's cell, in order.
    pub fn in_premise_cell(&self) -> &[u16] {
        &self.in_premise_cell
    }

    /// The entries in the order they were reached; the first is the premise.
    #[inline]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The premise.
    pub fn premise(&self) -> Lit {
        self.entries[0].lit
    }

    /// The chain from the premise to entry `index`, premise first, into `chain`.
    pub fn chain_to(&self, index: usize, chain: &mut Vec<Lit>) {
        chain.clear();
        let mut at = index;
        loop {
            chain.push(self.entries[at].lit);
            if at == 0 {
                break;
            }
            at = usize::from(self.entries[at].parent);
        }
        chain.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::technique::chains::engine::literal::GroupNodes;
    use crate::technique::test_grids::*;

    #[test]
    fn a_table_lists_consequences_breadth_first_with_shortest_chains() {
        // Bivalue r1c1 {1,2}; 2 in row 1 only at c1 and c5; r1c5 bivalue {2,3}.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[1, 2]);
        restrict(&mut grid, rc(1, 5), &[2, 3]);
        remove(&mut grid, d(2), &row_except(1, &[1, 5]));
        let groups = GroupNodes::none();
        let mut implications = Implications::default();
        implications.build(&grid, &groups, Table::CAPACITY);
        let mut table = Table::default();
        let premise = Lit::candidate(rc(1, 1), d(1), false);
        table.fill(premise, grid.candidates(rc(1, 1)), &implications, &groups);
        // r1c1<>1 => r1c1=2 => r1c5<>2 => r1c5=3.
        let r1c5_3 = Lit::candidate(rc(1, 5), d(3), true);
        let index = table
            .entries()
            .iter()
            .position(|e| e.lit == r1c5_3)
            .expect("reached");
        assert_eq!(table.entries()[index].depth, 3);
        let mut chain = Vec::new();
        table.chain_to(index, &mut chain);
        assert_eq!(
            chain,
            [
                premise,
                Lit::candidate(rc(1, 1), d(2), true),
                Lit::candidate(rc(1, 5), d(2), false),
                r1c5_3
            ]
        );
        // Each literal once, depths never decrease.
        let mut seen: Vec<_> = table.entries().iter().map(|e| e.lit).collect();
        let count = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), count);
        assert!(table.entries().windows(2).all(|w| w[0].depth <= w[1].depth));
        // Every entry comes from an earlier one, one link nearer the premise.
        for (i, entry) in table.entries().iter().enumerate().skip(1) {
            let parent = table.entries()[usize::from(entry.parent)];
            assert!(usize::from(entry.parent) < i);
            assert_eq!(parent.depth + 1, entry.depth);
            assert!(implications.of(parent.lit).contains(&entry.lit));
        }
        // A second fill forgets the first.
        table.fill(r1c5_3, grid.candidates(rc(1, 5)), &implications, &groups);
        assert_eq!(table.premise(), r1c5_3);
        assert_eq!(table.entries()[0].depth, 0);
        assert!(table.entries()[1..].iter().all(|e| e.lit != r1c5_3));
    }

    /// What a loop check reads of a table: the premise cell's entries in order, each with
    /// its depth and the chain to it.
    fn premise_cell(table: &Table) -> Vec<(u16, Vec<Lit>)> {
        table
            .in_premise_cell()
            .iter()
            .map(|&i| {
                let mut chain = Vec::new();
                table.chain_to(usize::from(i), &mut chain);
                (table.entries()[usize::from(i)].depth, chain)
            })
            .collect()
    }

    #[test]
    fn a_walk_along_live_rows_finds_the_premise_cell_as_a_whole_walk_does() {
        let (mut live, mut whole) = (Table::default(), Table::default());
        let (mut live_rows, mut whole_rows) = (Implications::default(), Implications::default());
        let mut compared = 0;
        for (_, grid) in sample_grids_after_singles(40) {
            for groups in [GroupNodes::none(), {
                let mut g = GroupNodes::none();
                g.fill(&grid);
                g
            }] {
                live_rows.build(&grid, &groups, usize::MAX);
                whole_rows.build(&grid, &groups, 0);
                assert!(live_rows.is_live() && !whole_rows.is_live());
                for cell in grid.unsolved().iter() {
                    let digits = grid.candidates(cell);
                    for digit in digits.iter() {
                        for on in [false, true] {
                            let premise = Lit::candidate(cell, digit, on);
                            live.fill(premise, digits, &live_rows, &groups);
                            whole.fill(premise, digits, &whole_rows, &groups);
                            assert_eq!(
                                premise_cell(&live),
                                premise_cell(&whole),
                                "{premise:?}\n{grid}"
                            );
                            compared += premise_cell(&whole).len();
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
