//! The symmetries publishers give the givens of a puzzle, and the orbits they group the 81
//! cells into: a symmetric puzzle gives every cell of an orbit or none of it, so the
//! generator adds and removes givens an orbit at a time. Only the pattern of givens is
//! symmetric, not their digits.

use std::fmt;

/// A symmetry of the pattern of givens.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn about the centre (the most common in print).
    Rotational180,
    /// Unchanged by a quarter turn about the centre.
    Rotational90,
    /// Unchanged by reflection in the main diagonal (top left to bottom right).
    Diagonal,
    /// Unchanged by reflection in the anti-diagonal (top right to bottom left).
    AntiDiagonal,
    /// Unchanged by reflection left to right (in the middle column).
    Mirror,
    /// Unchanged by reflection top to bottom (in the middle row).
    Flip,
}

impl Symmetry {
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotational180,
        Symmetry::Rotational90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
        Symmetry::Flip,
    ];

    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational180 => "180",
            Symmetry::Rotational90 => "90",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
        }
    }

    /// The cells (indices 0-80) that one application of the symmetry's generator maps
    /// `cell` to.
    fn image(self, cell: usize) -> usize {
        let (row, col) = (cell / 9, cell % 9);
        let (row, col) = match self {
            Symmetry::None => (row, col),
            Symmetry::Rotational180 => (8 - row, 8 - col),
            Symmetry::Rotational90 => (col, 8 - row),
            Symmetry::Diagonal => (col, row),
            Symmetry::AntiDiagonal => (8 - col, 8 - row),
            Symmetry::Mirror => (row, 8 - col),
            Symmetry::Flip => (8 - row, col),
        };
        row * 9 + col
    }

    /// The orbits of the 81 cells, each listed once, in order of their first cell.
    pub fn orbits(self) -> Vec<Vec<u8>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for start in 0..81 {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell as u8);
                cell = self.image(cell);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of `values` (0 for blank) form a pattern this symmetry keeps.
    pub fn holds(self, values: &[u8; 81]) -> bool {
        (0..81).all(|cell| (values[cell] == 0) == (values[self.image(cell)] == 0))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once_with_the_sizes_of_each_symmetry() {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits();
            let mut cells: Vec<u8> = orbits.iter().flatten().copied().collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<u8>>(), "{symmetry}");
            let count = orbits.len();
            let expected = match symmetry {
                Symmetry::None => 81,
                Symmetry::Rotational180 => 41, // 40 pairs and the centre
                Symmetry::Rotational90 => 21,  // 20 foursomes and the centre
                Symmetry::Diagonal | Symmetry::AntiDiagonal => 45, // 36 pairs, 9 on the axis
                Symmetry::Mirror | Symmetry::Flip => 45,
            };
            assert_eq!(count, expected, "{symmetry}");
        }
    }

    #[test]
    fn a_pattern_made_of_whole_orbits_holds_and_a_lone_corner_does_not() {
        for symmetry in Symmetry::ALL.into_iter().skip(1) {
            let mut values = [0u8; 81];
            for &cell in &symmetry.orbits()[0] {
                values[usize::from(cell)] = 1;
            }
            assert!(symmetry.holds(&values), "{symmetry}");
            let mut lone = [0u8; 81];
            lone[1] = 1; // r1c2: off every axis, its own image under none of them
            assert!(!symmetry.holds(&lone), "{symmetry}");
        }
    }
}
