//! Small copyable bitsets: digits (9 bits), cells (81 bits) and houses (27 bits).
//!
//! They are the currency of the hot path: no heap, set algebra with the usual operators,
//! and iteration in ascending order so that everything derived from them is deterministic.
//! What a bit *means* (which cell is bit 40) lives in [`crate::geometry`].

use crate::geometry::{Cell, Digit, House};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

macro_rules! bitset {
    ($(#[$doc:meta])* $name:ident, $raw:ty, $item:ty, $width:expr, $from_bit:expr, $to_bit:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
        pub struct $name($raw);

        impl $name {
            /// The empty set.
            pub const EMPTY: Self = Self(0);
            /// Every member.
            pub const ALL: Self = Self(if $width == <$raw>::BITS { <$raw>::MAX } else { (1 << $width) - 1 });

            /// A set from its raw bits (bits past the width are dropped).
            #[inline]
            pub const fn from_bits(bits: $raw) -> Self {
                Self(bits & Self::ALL.0)
            }
            /// The raw bits.
            #[inline]
            pub const fn bits(self) -> $raw {
                self.0
            }
            /// The set holding only `item`.
            #[inline]
            pub fn single(item: $item) -> Self {
                Self(1 << ($to_bit)(item))
            }
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            #[inline]
            pub const fn len(self) -> u32 {
                self.0.count_ones()
            }
            /// Whether the set has `n` members or more: `n` steps of `x & (x - 1)`, cheaper
            /// than [`Self::len`] for small `n` on the baseline x86-64 target.
            #[inline]
            pub const fn has_at_least(self, n: u32) -> bool {
                let mut rest = self.0;
                let mut i = 1;
                while i < n && rest != 0 {
                    rest &= rest - 1;
                    i += 1;
                }
                rest != 0 || n == 0
            }
            #[inline]
            pub fn contains(self, item: $item) -> bool {
                self.0 >> ($to_bit)(item) & 1 != 0
            }
            #[inline]
            pub fn insert(&mut self, item: $item) {
                self.0 |= 1 << ($to_bit)(item);
            }
            #[inline]
            pub fn remove(&mut self, item: $item) {
                self.0 &= !(1 << ($to_bit)(item));
            }
            /// The lowest member, if any.
            #[inline]
            pub fn first(self) -> Option<$item> {
                (self.0 != 0).then(|| ($from_bit)(self.0.trailing_zeros()))
            }
            /// The only member when the set has exactly one. (`x & (x - 1)` rather than a
            /// population count: the baseline x86-64 target has no popcount instruction.)
            #[inline]
            pub fn single_member(self) -> Option<$item> {
                (self.0 != 0 && self.0 & (self.0 - 1) == 0)
                    .then(|| ($from_bit)(self.0.trailing_zeros()))
            }
            #[inline]
            pub const fn is_subset_of(self, other: Self) -> bool {
                self.0 & !other.0 == 0
            }
            #[inline]
            pub const fn intersects(self, other: Self) -> bool {
                self.0 & other.0 != 0
            }
            /// Members in ascending order, a 64-bit word at a time (a cell set's two words
            /// are cheaper to walk apart than as one 128-bit integer).
            #[inline]
            pub fn iter(self) -> impl Iterator<Item = $item> {
                let bits = self.0 as u128;
                let (mut low, mut high) = (bits as u64, (bits >> 64) as u64);
                std::iter::from_fn(move || {
                    if low != 0 {
                        let bit = low.trailing_zeros();
                        low &= low - 1;
                        return Some(($from_bit)(bit));
                    }
                    if high != 0 {
                        let bit = high.trailing_zeros();
                        high &= high - 1;
                        return Some(($from_bit)(bit + 64));
                    }
                    None
                })
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> Self {
                let mut set = Self::EMPTY;
                for item in iter {
                    set.insert(item);
                }
                set
            }
        }

        impl BitOr for $name {
            type Output = Self;
            #[inline]
            fn bitor(self, rhs: Self) -> Self {
                Self(self.0 | rhs.0)
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, rhs: Self) {
                self.0 |= rhs.0;
            }
        }
        impl BitAnd for $name {
            type Output = Self;
            #[inline]
            fn bitand(self, rhs: Self) -> Self {
                Self(self.0 & rhs.0)
            }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, rhs: Self) {
                self.0 &= rhs.0;
            }
        }
        impl BitXor for $name {
            type Output = Self;
            #[inline]
            fn bitxor(self, rhs: Self) -> Self {
                Self(self.0 ^ rhs.0)
            }
        }
        impl Sub for $name {
            type Output = Self;
            /// Set difference.
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                Self(self.0 & !rhs.0)
            }
        }
        impl Not for $name {
            type Output = Self;
            /// Complement within the set's width.
            #[inline]
            fn not(self) -> Self {
                Self(!self.0 & Self::ALL.0)
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }
    };
}

bitset!(
    /// A set of digits 1-9; bit `d - 1` stands for digit `d`.
    DigitSet, u16, Digit, 9, |bit: u32| Digit::from_index(bit as usize), |d: Digit| d.index()
);
bitset!(
    /// A set of the 81 cells; bit `i` stands for the cell with index `i` (row-major).
    CellSet, u128, Cell, 81, |bit: u32| Cell::from_index(bit as usize), |c: Cell| c.index()
);
bitset!(
    /// A set of the 27 houses; bit `i` stands for the house with index `i`
    /// (rows 0-8, columns 9-17, boxes 18-26).
    HouseSet, u32, House, 27, |bit: u32| House::from_index(bit as usize), |h: House| h.index()
);

/// The positions of the set bits of `mask`, lowest first.
#[inline]
pub fn bit_positions(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// How many bits a 9-bit mask (a house's positions of a digit, a cell's digits, a set of
/// lines) has: a table, as the baseline x86-64 target has no population count instruction.
#[inline]
pub fn nine_bit_count(mask: u16) -> u32 {
    static COUNTS: [u8; 512] = {
        let mut table = [0u8; 512];
        let mut mask = 1;
        while mask < 512 {
            table[mask] = table[mask >> 1] + (mask & 1) as u8;
            mask += 1;
        }
        table
    };
    u32::from(COUNTS[usize::from(mask & 0x1ff)])
}

/// Whether a mask (a house's positions of a digit, a cell's digits) has exactly two bits:
/// `x & (x - 1)` then has one. Cheaper than a population count on the baseline target.
#[inline]
pub const fn has_two_bits(mask: u16) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Writes items separated by `sep`, e.g. `1,2` or `r1c2,r1c5`.
pub(crate) fn write_joined<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = T>,
    sep: &str,
) -> fmt::Result {
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

impl fmt::Display for DigitSet {
    /// `1,2,5`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_joined(f, self.iter(), ",")
    }
}

impl CellSet {
    /// The cells after `cell` in reading order.
    #[inline]
    pub fn after(cell: Cell) -> CellSet {
        CellSet::from_bits(CellSet::ALL.bits() & !((2u128 << cell.index()) - 1))
    }
}

impl fmt::Display for CellSet {
    /// `r1c2,r1c5`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_joined(f, self.iter(), ",")
    }
}

impl fmt::Display for HouseSet {
    /// `r2,r7`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_joined(f, self.iter(), ",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_set_algebra_and_order() {
        let a: DigitSet = [Digit::new(5), Digit::new(1), Digit::new(9)]
            .into_iter()
            .collect();
        assert_eq!(a.len(), 3);
        assert_eq!(a.iter().map(Digit::get).collect::<Vec<_>>(), vec![1, 5, 9]);
        assert_eq!((!a).len(), 6);
        assert!(!(!a).contains(Digit::new(5)));
        assert_eq!(a.to_string(), "1,5,9");
        assert_eq!(a.single_member(), None);
        assert_eq!(
            DigitSet::single(Digit::new(7)).single_member(),
            Some(Digit::new(7))
        );
        assert_eq!(DigitSet::ALL.len(), 9);
    }

    #[test]
    fn the_cells_after_a_cell_are_those_of_higher_index() {
        for index in [0, 40, 79, 80] {
            let after = CellSet::after(Cell::from_index(index));
            assert_eq!(after.len() as usize, 80 - index);
            assert!(after.iter().all(|cell| cell.index() > index));
        }
    }

    #[test]
    fn cell_set_covers_all_81_cells() {
        assert_eq!(CellSet::ALL.len(), 81);
        let mut s = CellSet::EMPTY;
        s.insert(Cell::from_index(80));
        s.insert(Cell::from_index(0));
        assert_eq!(s.to_string(), "r1c1,r9c9");
        // Members come in ascending order across the two 64-bit words.
        let around: CellSet = [80, 64, 0, 63, 62, 65]
            .map(Cell::from_index)
            .into_iter()
            .collect();
        let members: Vec<usize> = around.iter().map(Cell::index).collect();
        assert_eq!(members, [0, 62, 63, 64, 65, 80]);
        s.remove(Cell::from_index(0));
        assert_eq!(s.first(), Some(Cell::from_index(80)));
        assert!(s.is_subset_of(CellSet::ALL));
        assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
    }

    #[test]
    fn nine_bit_count_agrees_with_a_count() {
        for mask in 0..512u16 {
            assert_eq!(nine_bit_count(mask), mask.count_ones(), "{mask:#x}");
        }
    }

    #[test]
    fn has_two_bits_agrees_with_a_count() {
        for mask in 0..=u16::MAX {
            assert_eq!(has_two_bits(mask), mask.count_ones() == 2, "{mask:#x}");
        }
    }

    #[test]
    fn has_at_least_agrees_with_len() {
        let sets = [
            0u128,
            1,
            1 << 80,
            0b101,
            0b111 << 60,
            (1 << 81) - 1,
            0x5555 << 40,
        ];
        for bits in sets {
            let set = CellSet::from_bits(bits);
            for n in 0..=82 {
                assert_eq!(set.has_at_least(n), set.len() >= n, "{bits:#x} {n}");
            }
        }
    }
}
