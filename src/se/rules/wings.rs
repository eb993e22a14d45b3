//! SE's XY-Wing (4.2) and XYZ-Wing (4.4) (`XYWing`).
//!
//! SE's order: the pivot in reading order, then the first wing among the pivot's house
//! cells in SE's order (block, row, column: [`house_cells`]), then the second wing in the
//! same order. The removals are the cells that see both wings (and the pivot for
//! XYZ-Wing), other than the three.

use crate::bitset::DigitSet;
use crate::candidates::Candidates;
use crate::geometry::Cell;
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::house_cells;

/// SE's first XY-Wing (or, `xyz`, XYZ-Wing) that removes something.
pub fn xy_wing(grid: &Candidates, xyz: bool) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    let pivots = grid.cells_with_exactly(pivot_size);
    let pairs = grid.cells_with_exactly(2);
    for pivot in pivots.iter() {
        let xy = grid.candidates(pivot);
        for &xz_cell in house_cells(pivot) {
            let xz = grid.candidates(xz_cell);
            if !pairs.contains(xz_cell) || (xy - xz).len() != 1 {
                continue;
            }
            for &yz_cell in house_cells(pivot) {
                let yz = grid.candidates(yz_cell);
                if !pairs.contains(yz_cell) || !is_wing(xy, xz, yz, xyz) {
                    continue;
                }
                if let Some(hint) = removing(grid, [pivot, xz_cell, yz_cell], xz & yz, xyz) {
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// SE's pattern test: three cells' candidates union to three digits, with no digit in
/// all three (XY-Wing) or exactly one (XYZ-Wing, whose pivot has the three).
fn is_wing(xy: DigitSet, xz: DigitSet, yz: DigitSet, xyz: bool) -> bool {
    (xy | xz | yz).len() == 3 && (xy & xz & yz).len() == u32::from(xyz)
}

fn removing(
    grid: &Candidates,
    [pivot, xz, yz]: [Cell; 3],
    common: DigitSet,
    xyz: bool,
) -> Option<Hint> {
    let z = common.first()?;
    let mut victims = xz.peers() & yz.peers();
    if xyz {
        victims &= pivot.peers();
    }
    for cell in [pivot, xz, yz] {
        victims.remove(cell);
    }
    let removed = victims & grid.cells_with(z);
    if removed.is_empty() {
        return None;
    }
    let mut removals = Removals::NONE;
    removals.add_cells(z, removed);
    let rule = if xyz { Rule::XyzWing } else { Rule::XyWing };
    Some(Hint::removing(rule, removals))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Digit;
    use crate::se::rules::test_grids::{grid, keep_only};

    #[test]
    fn an_xy_wing_removes_z_where_both_wings_see() {
        // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let g = keep_only(
            &grid(&".".repeat(81)),
            &[("r1c1", "12"), ("r1c5", "13"), ("r5c1", "23")],
        );
        let hint = xy_wing(&g, false).unwrap();
        assert_eq!((hint.rule, hint.difficulty.0), (Rule::XyWing, 4.2));
        assert_eq!(
            hint.removals.iter().collect::<Vec<_>>(),
            [(Cell::at(4, 4), Digit::new(3))]
        );
        assert_eq!(xy_wing(&g, true), None);
    }

    #[test]
    fn an_xyz_wing_removes_z_where_all_three_see() {
        // Pivot r1c1 {1,2,3}, wings r1c5 {1,3} (row) and r2c2 {2,3} (box): r1c2 and
        // r1c3 see all three.
        let g = keep_only(
            &grid(&".".repeat(81)),
            &[("r1c1", "123"), ("r1c5", "13"), ("r2c2", "23")],
        );
        let hint = xy_wing(&g, true).unwrap();
        assert_eq!((hint.rule, hint.difficulty.0), (Rule::XyzWing, 4.4));
        let removed: Vec<_> = hint
            .removals
            .iter()
            .map(|(c, d)| format!("{c}-{d}"))
            .collect();
        assert_eq!(removed, ["r1c2-3", "r1c3-3"]);
        assert_eq!(xy_wing(&g, false), None);
    }
}
