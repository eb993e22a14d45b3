//! Which chain HoDoKu applies when a search finds several: it collects them all, keeps
//! one per kind and elimination set (a later one only if its chain is strictly shorter),
//! sorts them with `SolutionStep.compareTo` and applies the first:
//!
//! 1. more eliminations first (each candidate once);
//! 2. between chains of another kind or removing other candidates: the smaller weighted
//!    index sum first, `sum over k of cell * (1 + 80 k) + digit` over the eliminations in
//!    (digit, cell) order; equal sums leave them in the order they were found;
//! 3. between chains of the same kind removing the same candidates: the shorter first.
//!
//! HoDoKu's comparator is not a total order (rule 2 ties two chains of different sets
//! with equal sums, while rule 3 orders two chains of one set), so what Java's TimSort
//! makes of such ties depends on its internals. Here the chains of one kind and set stand
//! together where the first of them was found, shortest first, and equal sums keep the
//! order found: the same as Java's result whenever the comparator is consistent on the
//! chains found, and the same effect (the first set) whenever equal sums do not tie sets.

use super::engine::literal::Lit;
use crate::hodoku::catalogue::Subtype;
use crate::step::Eliminations;
use rustc_hash::FxHashMap;
use std::ops::Range;

/// One chain found: its kind, what it removes and where its literals are.
#[derive(Clone, Debug)]
pub struct Found {
    pub subtype: Option<Subtype>,
    pub eliminations: Eliminations,
    count: u32,
    index_sum: i64,
    /// When the first chain of its kind and set was found: its place among equals.
    class: u32,
    chain: Range<u32>,
}

impl Found {
    /// How many candidates it removes.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// How many literals its chain has.
    pub fn length(&self) -> usize {
        self.chain.len()
    }
}

/// The chains a search found, in the order it found them.
#[derive(Default)]
pub struct Findings {
    found: Vec<Found>,
    lits: Vec<Lit>,
    /// Per kind and elimination set, the length of the last chain kept for it and when
    /// the first was found.
    /// (A fast hash: the key is 150 bytes, and an X-Chain search offers thousands.)
    kept: FxHashMap<(Option<Subtype>, Eliminations), (usize, u32)>,
}

impl Findings {
    pub fn clear(&mut self) {
        self.found.clear();
        self.lits.clear();
        self.kept.clear();
    }

    /// Offers a chain; it is kept if it removes something, unless one of the same kind
    /// with the same eliminations and a chain no longer than this one was kept before.
    pub fn offer(&mut self, subtype: Option<Subtype>, eliminations: Eliminations, chain: &[Lit]) {
        if eliminations.is_empty() {
            return;
        }
        let key = (subtype, eliminations);
        let class = match self.kept.get_mut(&key) {
            Some((len, _)) if *len <= chain.len() => return,
            Some((len, class)) => {
                *len = chain.len();
                *class
            }
            None => {
                let class = self.found.len() as u32;
                self.kept.insert(key, (chain.len(), class));
                class
            }
        };
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(chain);
        self.found.push(Found {
            subtype,
            eliminations,
            count: eliminations.len(),
            index_sum: index_sum(&eliminations),
            class,
            chain: start..self.lits.len() as u32,
        });
    }

    /// Offers every chain `other` kept, in its order, as if found after these.
    pub fn offer_all(&mut self, other: &Findings) {
        for found in &other.found {
            self.offer(found.subtype, found.eliminations, other.chain(found));
        }
    }

    /// Appends the chains `other` kept, as if found after these (their kinds must differ
    /// from these, as HoDoKu's loops and AICs do: nothing is compared across).
    pub fn append(&mut self, other: &Findings) {
        let offset = self.lits.len() as u32;
        self.lits.extend_from_slice(&other.lits);
        let classes = self.found.len() as u32;
        self.found.extend(other.found.iter().map(|f| Found {
            chain: f.chain.start + offset..f.chain.end + offset,
            class: f.class + classes,
            ..f.clone()
        }));
    }

    /// Sorts the chains in HoDoKu's order: the first is the one it applies.
    pub fn rank(&mut self) {
        self.found
            .sort_by_key(|f| (std::cmp::Reverse(f.count), f.index_sum, f.class, f.length()));
    }

    /// The chains, in the order found or, after [`Findings::rank`], ranked.
    pub fn iter(&self) -> impl Iterator<Item = &Found> {
        self.found.iter()
    }

    /// The literals of `found`'s chain, premise first.
    pub fn chain(&self, found: &Found) -> &[Lit] {
        &self.lits[found.chain.start as usize..found.chain.end as usize]
    }
}

/// HoDoKu's weighted index sum of a list of eliminations (`SolutionStep.getIndexSumme`),
/// over the list sorted by digit, then cell.
pub fn index_sum(eliminations: &Eliminations) -> i64 {
    eliminations
        .iter()
        .enumerate()
        .map(|(k, (cell, digit))| {
            cell.index() as i64 * (1 + 80 * k as i64) + i64::from(digit.get())
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Digit};

    fn elims(list: &[(usize, u8)]) -> Eliminations {
        let mut e = Eliminations::NONE;
        for &(cell, digit) in list {
            e.insert(Cell::from_index(cell), Digit::new(digit));
        }
        e
    }

    fn chain(len: usize) -> Vec<Lit> {
        (0..len)
            .map(|i| Lit::candidate(Cell::from_index(i), Digit::new(1), i % 2 == 1))
            .collect()
    }

    #[test]
    fn index_sum_weighs_later_eliminations_more() {
        // (digit, cell) order: 3 at cell 10, then 5 at cells 2 and 7.
        let e = elims(&[(7, 5), (2, 5), (10, 3)]);
        assert_eq!(index_sum(&e), (10 + 3) + (2 * 81 + 5) + (7 * 161 + 5));
    }

    #[test]
    fn more_eliminations_first_then_smaller_index_sum_then_shorter() {
        let mut findings = Findings::default();
        let dnl = Some(Subtype::DiscontinuousNiceLoop);
        findings.offer(dnl, elims(&[(40, 1)]), &chain(9));
        findings.offer(dnl, elims(&[(3, 2)]), &chain(12));
        findings.offer(dnl, elims(&[(50, 1), (60, 1)]), &chain(14));
        // A shorter chain for the first set is kept; a longer one is not.
        findings.offer(dnl, elims(&[(40, 1)]), &chain(7));
        findings.offer(dnl, elims(&[(40, 1)]), &chain(8));
        // Another kind with the same eliminations is kept apart.
        findings.offer(Some(Subtype::Aic), elims(&[(3, 2)]), &chain(5));
        findings.rank();
        let ranked: Vec<_> = findings
            .iter()
            .map(|f| (f.count, f.index_sum, f.length(), f.subtype))
            .collect();
        assert_eq!(
            ranked,
            [
                (2, 51 + 60 * 81 + 1, 14, dnl),
                (1, 5, 12, dnl),
                (1, 5, 5, Some(Subtype::Aic)),
                (1, 41, 7, dnl),
                (1, 41, 9, dnl),
            ]
        );
        assert_eq!(findings.chain(findings.iter().next().unwrap()).len(), 14);
    }
}
