//! The shape of the board: typed indices for cells, digits and houses, and the static
//! tables that relate them (cells of a house, houses of a cell, a cell's position in its
//! houses). All tables are built at compile time. The same facts as cell sets (a house's
//! cells, a cell's peers, the box/line intersections) are in [`crate::regions`].
//!
//! Numbering: cells 0-80 row-major; houses 0-8 are rows, 9-17 columns, 18-26 boxes
//! (reading order). Text uses the forum notation: `r4c7`, `r1`, `c3`, `b5`, all 1-based.

use std::fmt;

/// One of the 81 cells.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

/// A digit 1-9.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Digit(u8);

/// One of the 27 houses (rows, columns, boxes).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct House(u8);

/// Which kind of house.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row, r1 to r9.
    Row,
    /// A column, c1 to c9.
    Column,
    /// A box, b1 to b9 (left to right, top to bottom).
    Box,
}

impl Cell {
    /// The cell with row-major index `index` (0-80).
    #[inline]
    pub const fn from_index(index: usize) -> Cell {
        debug_assert!(index < 81);
        Cell(index as u8)
    }
    /// The cell at 0-based `row` and `col`.
    #[inline]
    pub const fn at(row: usize, col: usize) -> Cell {
        debug_assert!(row < 9 && col < 9);
        Cell((row * 9 + col) as u8)
    }
    /// The cell's 0-based index, row by row (r1c1 is 0, r9c9 is 80).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based row.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }
    /// 0-based column.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }
    /// 0-based box, reading order.
    #[inline]
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }
    /// The cell's row, column and box.
    #[inline]
    pub const fn houses(self) -> [House; 3] {
        CELL_HOUSES[self.0 as usize]
    }
    /// The cell's position (0-8) within its row, column and box, in [`Cell::houses`] order.
    #[inline]
    pub const fn positions_in_houses(self) -> [u8; 3] {
        CELL_POSITIONS[self.0 as usize]
    }
    /// Every cell, in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell::from_index)
    }
    /// Whether two distinct cells share a house.
    #[inline]
    pub const fn sees(self, other: Cell) -> bool {
        self.0 != other.0
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }
}

impl fmt::Display for Cell {
    /// `r4c7`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl Digit {
    /// The digit `value` (1-9).
    #[inline]
    pub const fn new(value: u8) -> Digit {
        debug_assert!(value >= 1 && value <= 9);
        Digit(value)
    }
    /// The digit with 0-based `index` (digit 1 is index 0).
    #[inline]
    pub const fn from_index(index: usize) -> Digit {
        debug_assert!(index < 9);
        Digit(index as u8 + 1)
    }
    /// The digit's value, 1-9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }
    /// 0-based index: digit 1 is 0.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
    /// Digits 1 to 9.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit::new)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl House {
    /// The house with index `index` (0-26).
    #[inline]
    pub const fn from_index(index: usize) -> House {
        debug_assert!(index < 27);
        House(index as u8)
    }
    /// Row `r` (0-based).
    #[inline]
    pub const fn row(r: usize) -> House {
        House(r as u8)
    }
    /// Column `c` (0-based).
    #[inline]
    pub const fn column(c: usize) -> House {
        House(9 + c as u8)
    }
    /// Box `b` (0-based, reading order).
    #[inline]
    pub const fn box_(b: usize) -> House {
        House(18 + b as u8)
    }
    /// The house's 0-based index: rows 0-8, columns 9-17, boxes 18-26.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Whether the house is a row, a column or a box.
    #[inline]
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }
    /// 0-based number within its kind: row 3 is `r4` and has number 3.
    #[inline]
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }
    /// The house's nine cells in position order (left to right, top to bottom, reading order).
    #[inline]
    pub const fn cells(self) -> &'static [Cell; 9] {
        &HOUSE_CELLS[self.0 as usize]
    }
    /// Every house: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House::from_index)
    }
    /// The nine houses of one kind.
    pub fn all_of(kind: HouseKind) -> impl Iterator<Item = House> {
        let base = match kind {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
        };
        (base..base + 9).map(House::from_index)
    }
    /// The position (0-8) of `cell` inside this house, if it is there.
    #[inline]
    pub fn position_of(self, cell: Cell) -> Option<usize> {
        let pos = CELL_POSITIONS[cell.index()][self.kind() as usize] as usize;
        (self.cells()[pos] == cell).then_some(pos)
    }
}

impl fmt::Display for House {
    /// `r1`, `c3`, `b5`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
        };
        write!(f, "{letter}{}", self.number() + 1)
    }
}

const fn house_cell(house: usize, pos: usize) -> usize {
    match house / 9 {
        0 => house * 9 + pos,
        1 => pos * 9 + (house - 9),
        _ => {
            let b = house - 18;
            (b / 3 * 3 + pos / 3) * 9 + b % 3 * 3 + pos % 3
        }
    }
}

static HOUSE_CELLS: [[Cell; 9]; 27] = {
    let mut table = [[Cell(0); 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut p = 0;
        while p < 9 {
            table[h][p] = Cell(house_cell(h, p) as u8);
            p += 1;
        }
        h += 1;
    }
    table
};

/// For each cell, its row, column and box (a table: the hot path asks for them on every
/// candidate removal).
static CELL_HOUSES: [[House; 3]; 81] = {
    let mut table = [[House(0); 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        table[i] = [
            House(r as u8),
            House(9 + c as u8),
            House(18 + (r / 3 * 3 + c / 3) as u8),
        ];
        i += 1;
    }
    table
};

/// For each cell, its position within its row, column and box.
static CELL_POSITIONS: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        table[i] = [c as u8, r as u8, (r % 3 * 3 + c % 3) as u8];
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_three_houses_at_its_positions() {
        for cell in Cell::all() {
            for h in cell.houses() {
                let pos = h.position_of(cell).unwrap();
                assert_eq!(h.cells()[pos], cell);
            }
        }
    }

    #[test]
    fn houses_hold_nine_distinct_cells() {
        for h in House::all() {
            let mut cells = h.cells().to_vec();
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), 9);
        }
        assert_eq!(House::box_(4).cells()[0], Cell::at(3, 3));
        assert_eq!(House::column(2).cells()[8], Cell::at(8, 2));
        assert_eq!(House::box_(4).to_string(), "b5");
        assert_eq!(Cell::at(3, 6).to_string(), "r4c7");
    }

    #[test]
    fn sees_matches_shared_house() {
        assert!(Cell::at(0, 0).sees(Cell::at(2, 2)));
        assert!(Cell::at(0, 0).sees(Cell::at(8, 0)));
        assert!(!Cell::at(0, 0).sees(Cell::at(3, 3)));
        assert!(!Cell::at(0, 0).sees(Cell::at(0, 0)));
    }
}
