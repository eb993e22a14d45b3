//! The orders SE walks things in, which decide which instance it finds first: its house
//! kinds (blocks, then rows, then columns for a cell's houses; blocks, columns, rows for
//! most rules), a cell's "house cells" (`Cell.getHouseCells`: its block, then the rest of
//! its row, then the rest of its column), and its combinations (`Permutations`: Gosper's
//! successor, so in increasing order of their bit masks).

use crate::bitset::bit_positions;
use crate::geometry::{Cell, House, HouseKind};

/// Blocks, then columns, then rows, each in number order: the order of SE's hidden and
/// naked sets, singles and intersections.
pub fn blocks_columns_rows() -> impl Iterator<Item = House> {
    (0..9)
        .map(House::box_)
        .chain((0..9).map(House::column))
        .chain((0..9).map(House::row))
}

/// House number `i` (0-8) of a kind.
#[inline]
pub fn house(kind: HouseKind, i: usize) -> House {
    match kind {
        HouseKind::Row => House::row(i),
        HouseKind::Column => House::column(i),
        HouseKind::Box => House::box_(i),
    }
}

/// A cell's three houses in SE's region-type order (`Grid.getRegionTypes`): block, row,
/// column.
#[inline]
pub fn block_row_column(cell: Cell) -> [House; 3] {
    let [row, column, block] = cell.houses();
    [block, row, column]
}

/// A cell's 20 peers in SE's `getHouseCells` order: the block's other cells in block
/// order, then the row's cells outside the block left to right, then the column's outside
/// the block top to bottom.
#[inline]
pub fn house_cells(cell: Cell) -> &'static [Cell; 20] {
    &HOUSE_CELLS[cell.index()]
}

static HOUSE_CELLS: [[Cell; 20]; 81] = {
    let mut table = [[Cell::from_index(0); 20]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let mut n = 0;
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        let mut p = 0;
        while p < 9 {
            let (pr, pc) = (br + p / 3, bc + p % 3);
            if pr != r || pc != c {
                table[i][n] = Cell::at(pr, pc);
                n += 1;
            }
            p += 1;
        }
        let mut x = 0;
        while x < 9 {
            if x / 3 != c / 3 {
                table[i][n] = Cell::at(r, x);
                n += 1;
            }
            x += 1;
        }
        let mut y = 0;
        while y < 9 {
            if y / 3 != r / 3 {
                table[i][n] = Cell::at(y, c);
                n += 1;
            }
            y += 1;
        }
        i += 1;
    }
    table
};

/// The `k`-subsets of `0..n` as bit masks, in SE's order (increasing masks). Like SE's
/// `Permutations`, `k = 0` gives the empty set once when `n > 0` and nothing when `n = 0`.
#[derive(Clone, Copy)]
pub struct Combinations {
    next: Option<u64>,
    limit: u64,
}

impl Combinations {
    pub fn new(k: u32, n: u32) -> Combinations {
        debug_assert!(k <= n && n < 64);
        let next = (n > 0).then_some((1u64 << k) - 1);
        Combinations {
            next,
            limit: 1u64 << n,
        }
    }
}

impl Iterator for Combinations {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        let value = self.next?;
        self.next = if value == 0 {
            None
        } else {
            let smallest = value & value.wrapping_neg();
            let ripple = value + smallest;
            let ones = ((value ^ ripple) >> 2) / smallest;
            let successor = ripple | ones;
            (successor < self.limit).then_some(successor)
        };
        Some(value)
    }
}

/// The `k`-subsets of the set bits of `members` as masks, in SE's order: the same as
/// the subsets of [`Combinations`] over all bits that lie inside `members`, as mapping
/// the members onto `0..m` in order keeps the order of the masks.
pub fn subsets_of(members: u64, k: u32) -> impl Iterator<Item = u64> {
    let mut listed = [0u8; 64];
    let mut m = 0;
    for bit in bit_positions(members) {
        listed[m] = bit as u8;
        m += 1;
    }
    let combinations = (k as usize <= m).then(|| Combinations::new(k, m as u32));
    combinations
        .into_iter()
        .flatten()
        .map(move |compact| bit_positions(compact).fold(0u64, |mask, i| mask | 1 << listed[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_increasing_mask_order() {
        let pairs: Vec<u64> = Combinations::new(2, 4).collect();
        assert_eq!(pairs, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(Combinations::new(3, 9).count(), 84);
        assert_eq!(Combinations::new(0, 5).collect::<Vec<_>>(), [0]);
        assert_eq!(Combinations::new(0, 0).count(), 0);
        assert_eq!(Combinations::new(4, 4).collect::<Vec<_>>(), [0b1111]);
    }

    #[test]
    fn subsets_of_members_keep_the_order_of_all_subsets() {
        for members in [0b1_0110_1101u64, 0b1_1111_1111, 0b101, 0] {
            for k in 0..=4 {
                let all: Vec<u64> = Combinations::new(k, 9)
                    .filter(|c| c & !members == 0)
                    .collect();
                let some: Vec<u64> = subsets_of(members, k).collect();
                if members == 0 && k == 0 {
                    // Like SE's over no members: nothing.
                    assert!(some.is_empty());
                } else {
                    assert_eq!(some, all, "{members:#b} {k}");
                }
            }
        }
    }

    #[test]
    fn house_cells_are_block_then_row_then_column() {
        let cell = Cell::at(4, 4);
        let order: Vec<String> = house_cells(cell).iter().map(Cell::to_string).collect();
        assert_eq!(order[0], "r4c4");
        assert_eq!(order[7], "r6c6");
        assert_eq!(
            order[8..14],
            ["r5c1", "r5c2", "r5c3", "r5c7", "r5c8", "r5c9"]
        );
        assert_eq!(
            order[14..],
            ["r1c5", "r2c5", "r3c5", "r7c5", "r8c5", "r9c5"]
        );
        for cell in Cell::all() {
            let set: crate::bitset::CellSet = house_cells(cell).iter().copied().collect();
            assert_eq!(set, cell.peers());
        }
    }
}
