//! An implication table: everything that follows from one premise literal by chains of
//! direct implications, found breadth first, each with the literal it was reached from,
//! so that the shortest chain to any consequence can be read back.
//!
//! This is HoDoKu's expanded table (`TablingSolver.expandTables`): its entries are the
//! premise, then its direct implications, then theirs, each literal once, in the order a
//! breadth-first walk of the [`Implications`] rows meets them, and at most
//! [`Table::CAPACITY`] of them.

use super::implications::Implications;
use super::literal::Lit;

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

/// The consequences of one premise.
#[derive(Default)]
pub struct Table {
    entries: Vec<Entry>,
    /// Per literal, the stamp of the last fill that reached it.
    reached: Vec<u32>,
    stamp: u32,
    /// The entries (after the premise) that are candidates of the premise's cell.
    in_premise_cell: Vec<u16>,
}

impl Table {
    /// HoDoKu's limit on a table's entries (`Options.maxTableEntryLength`).
    pub const CAPACITY: usize = 1000;

    /// Fills the table with the consequences of `premise`, over literals numbered below
    /// `literals`.
    pub fn fill(&mut self, premise: Lit, implications: &Implications, literals: usize) {
        if self.reached.len() < literals {
            self.reached.resize(literals, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reached.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let start = premise.as_candidate().map(|(cell, _)| cell);
        self.in_premise_cell.clear();
        self.entries.clear();
        self.entries.push(Entry {
            lit: premise,
            parent: 0,
            depth: 0,
        });
        self.reached[premise.index()] = stamp;
        let mut next = 0;
        while next < self.entries.len() && self.entries.len() < Self::CAPACITY {
            let Entry { lit, depth, .. } = self.entries[next];
            for &implied in implications.of(lit) {
                let seen = &mut self.reached[implied.index()];
                if *seen == stamp {
                    continue;
                }
                *seen = stamp;
                if implied.as_candidate().map(|(cell, _)| cell) == start {
                    self.in_premise_cell.push(self.entries.len() as u16);
                }
                self.entries.push(Entry {
                    lit: implied,
                    parent: next as u16,
                    depth: depth + 1,
                });
                if self.entries.len() == Self::CAPACITY {
                    break;
                }
            }
            next += 1;
        }
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
    use crate::technique::chains::literal::GroupNodes;
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
        implications.build(&grid, &groups);
        let mut table = Table::default();
        let premise = Lit::candidate(rc(1, 1), d(1), false);
        table.fill(premise, &implications, groups.literal_count());
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
        table.fill(r1c5_3, &implications, groups.literal_count());
        assert_eq!(table.premise(), r1c5_3);
        assert_eq!(table.entries()[0].depth, 0);
        assert!(table.entries()[1..].iter().all(|e| e.lit != r1c5_3));
    }
}
