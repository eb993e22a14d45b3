//! Constant masks over one band (27 cells, bit `9 * row + column`), built at compile time:
//! the row, column and peer masks that placing a digit needs, and the two tables that do
//! box/line reasoning in one lookup each: rows against boxes inside a band, boxes against
//! columns across bands; and the houses of a band a digit's givens take, in one lookup.
//! The tables over a band's minirows are indexed by [`minirow_index`].

/// The nine cells of the band's first row; shift by 9 or 18 for the other two.
pub const ROW: u32 = 0x1ff;

/// All 27 cells of a band.
pub const BAND: u32 = 0x7ff_ffff;

/// For each column, its three cells in a band.
pub static COLUMN: [u32; 9] = {
    let mut table = [0; 9];
    let mut column = 0;
    while column < 9 {
        table[column] = (1 | 1 << 9 | 1 << 18) << column;
        column += 1;
    }
    table
};

/// For each cell of a band, the other cells of the band in its row or its box (the column
/// cells a band holds are all in the box).
pub static BAND_PEERS: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, column) = (cell / 9, cell % 9);
        let row_cells = ROW << (9 * row);
        let box_cells = minirow(0, column / 3) | minirow(1, column / 3) | minirow(2, column / 3);
        table[cell] = (row_cells | box_cells) & !(1 << cell);
        cell += 1;
    }
    table
};

/// Which of a band's nine minirows hold a bit of `cells`, as a 9-bit index: the index of
/// [`ROW_BOX_ASSIGNMENTS`] and [`HOUSES_TAKEN`], which are built through this function.
///
/// Folding each minirow onto its first cell leaves one bit per minirow, three apart (bit
/// `9 * row + 3 * box`); one multiplication gathers those nine bits into nine contiguous
/// ones, in an order of its own but without two landing on the same bit or a carry
/// reaching them (a test checks all 512 patterns). This takes about half the instructions
/// of looking up the three rows' minirows in a table.
#[inline(always)]
pub const fn minirow_index(cells: u32) -> usize {
    let firsts = (cells | cells >> 1 | cells >> 2) & 0x124_9249;
    // The nine bits land on bits 55-63, where the shift leaves nothing else.
    ((firsts as u64).wrapping_mul(0x8_1004_0100 << 26) >> 55) as usize
}

/// The cells of the minirows of `pattern`, bit `3 * row + box` for each: the cells any
/// cells with those minirows index a table by.
const fn minirows(pattern: usize) -> u32 {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if pattern >> k & 1 != 0 {
            cells |= minirow(k / 3, k % 3);
        }
        k += 1;
    }
    cells
}

/// For each row of a band and that row's nine bits: the row's cell when it holds exactly
/// one, in place in the band (shifted by `9 * row`), else 0. One table a row spares the
/// lookup of a lone cell its widening and shift.
pub static LONE_CELL: [[u32; 512]; 3] = {
    let mut table = [[0; 512]; 3];
    let mut bits = 0;
    while bits < 512 {
        if (bits as u32).is_power_of_two() {
            let mut row = 0;
            while row < 3 {
                table[row][bits] = (bits as u32) << (9 * row);
                row += 1;
            }
        }
        bits += 1;
    }
    table
};

/// Box/line reasoning for one digit in one band. The digit goes once in each of the band's
/// three rows and once in each of its three boxes, so the rows take the boxes in one of six
/// orders. Indexed by which minirows may hold the digit ([`minirow_index`]), the entry is
/// the union of the minirows used by the orders those minirows allow: the cells the digit
/// may keep. It is 0 when no order fits, which is
/// also the case whenever a row has lost the digit entirely.
pub static ROW_BOX_ASSIGNMENTS: [u32; 512] = {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut allowed = 0;
        let mut o = 0;
        while o < 6 {
            let [b0, b1, b2] = ORDERS[o];
            let uses = 1 << b0 | 1 << (3 + b1) | 1 << (6 + b2);
            if pattern & uses == uses {
                allowed |= minirow(0, b0) | minirow(1, b1) | minirow(2, b2);
            }
            o += 1;
        }
        table[minirow_index(minirows(pattern))] = allowed;
        pattern += 1;
    }
    table
};

/// Box/column reasoning across bands. Indexed by the columns where a digit may go in one
/// band (9 bits), the entry is the cells the digit may keep in the other two bands: when
/// the digit's cells in one of this band's boxes all lie in one column, the digit goes in
/// that column here, so the other bands lose the column.
pub static OTHER_BANDS_KEEP: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns: usize = 0;
    while columns < 512 {
        let mut keep = BAND;
        let mut box_ = 0;
        while box_ < 3 {
            let in_box = columns >> (3 * box_) & 0b111;
            if in_box.count_ones() == 1 {
                keep &= !COLUMN[3 * box_ + in_box.trailing_zeros() as usize];
            }
            box_ += 1;
        }
        table[columns] = keep;
        columns += 1;
    }
    table
};

/// For which minirows of a band hold a given of a digit ([`minirow_index`]), the cells of
/// the band's rows and boxes holding one (bits 0-26, where the digit may no longer go),
/// with how many rows (bits 27-28) and boxes (bits 29-30) those are.
pub static HOUSES_TAKEN: [u32; 512] = {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let (mut cells, mut rows, mut boxes) = (0, 0, 0);
        let mut k = 0;
        while k < 3 {
            if pattern >> (3 * k) & 0b111 != 0 {
                cells |= ROW << (9 * k);
                rows += 1;
            }
            if pattern >> k & 0b1001001 != 0 {
                cells |= minirow(0, k) | minirow(1, k) | minirow(2, k);
                boxes += 1;
            }
            k += 1;
        }
        table[minirow_index(minirows(pattern))] = cells | rows << 27 | boxes << 29;
        pattern += 1;
    }
    table
};

/// The three cells where `row` of a band meets box `box_` of the band.
const fn minirow(row: usize, box_: usize) -> u32 {
    0b111 << (9 * row + 3 * box_)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_and_peers_have_the_right_sizes() {
        for (column, cells) in COLUMN.iter().enumerate() {
            assert_eq!(cells.count_ones(), 3);
            assert_eq!(cells & ROW, 1 << column);
        }
        assert_eq!(COLUMN.iter().fold(0, |all, c| all | c), BAND);
        for (cell, peers) in BAND_PEERS.iter().enumerate() {
            assert_eq!(peers.count_ones(), 8 + 6, "cell {cell}");
            assert_eq!(peers & 1 << cell, 0);
            assert_eq!(peers & COLUMN[cell % 9], COLUMN[cell % 9] & !(1 << cell));
        }
    }

    /// The minirows of `cells`, bit `3 * row + box` for each.
    fn minirow_pattern(cells: u32) -> usize {
        (0..9)
            .filter(|&k| cells & minirow(k / 3, k % 3) != 0)
            .fold(0, |pattern, k| pattern | 1 << k)
    }

    #[test]
    fn minirow_index_tells_apart_every_set_of_minirows() {
        let mut seen = [false; 512];
        for pattern in 0..512 {
            let index = minirow_index(minirows(pattern));
            assert!(!seen[index], "pattern {pattern:09b}");
            seen[index] = true;
        }
        // Any cells of the same minirows give the same index: every cell of the band, each
        // alone and with others.
        let mut state = 42u64;
        for _ in 0..20000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cells = (state >> 30) as u32 & (state >> 5) as u32 & BAND;
            let index = minirow_index(cells);
            assert_eq!(index, minirow_index(minirows(minirow_pattern(cells))));
            for cell in 0..27 {
                let pattern = minirow_pattern(1 << cell);
                assert_eq!(minirow_index(1 << cell), minirow_index(minirows(pattern)));
            }
        }
        assert_eq!(minirow_index(0), 0);
        assert_eq!(minirow_index(BAND), 0x1ff);
    }

    #[test]
    fn lone_cell_keeps_rows_of_one_bit() {
        for (row, table) in LONE_CELL.iter().enumerate() {
            assert_eq!(table[0], 0);
            assert_eq!(table[0b000_010_000], 0b000_010_000 << (9 * row));
            assert_eq!(table[0b100_000_001], 0);
            assert_eq!(table.iter().filter(|&&cell| cell != 0).count(), 9);
        }
    }

    #[test]
    fn other_bands_lose_the_columns_a_box_is_confined_to() {
        assert_eq!(OTHER_BANDS_KEEP[0b111_111_111], BAND);
        assert_eq!(OTHER_BANDS_KEEP[0b111_111_010], BAND & !COLUMN[1]);
        assert_eq!(
            OTHER_BANDS_KEEP[0b100_011_001],
            BAND & !COLUMN[0] & !COLUMN[8]
        );
    }

    /// The index of the minirows of `pattern` (bit `3 * row + box`).
    fn idx(pattern: usize) -> usize {
        minirow_index(minirows(pattern))
    }

    #[test]
    fn row_box_assignments_keep_only_what_some_order_uses() {
        assert_eq!(ROW_BOX_ASSIGNMENTS[idx(0b111_111_111)], BAND);
        // A row without the digit: no order fits.
        assert_eq!(ROW_BOX_ASSIGNMENTS[idx(0b111_000_111)], 0);
        // Rows 0 and 1 both confined to box 0: no order fits.
        assert_eq!(ROW_BOX_ASSIGNMENTS[idx(0b111_001_001)], 0);
        // Row 0 confined to box 0: rows 1 and 2 lose box 0.
        let expected =
            minirow(0, 0) | minirow(1, 1) | minirow(1, 2) | minirow(2, 1) | minirow(2, 2);
        assert_eq!(ROW_BOX_ASSIGNMENTS[idx(0b111_111_001)], expected);
        // Box 2 only reachable from row 1: row 1 takes it.
        let expected =
            minirow(0, 0) | minirow(0, 1) | minirow(1, 2) | minirow(2, 0) | minirow(2, 1);
        assert_eq!(ROW_BOX_ASSIGNMENTS[idx(0b011_111_011)], expected);
    }
}
