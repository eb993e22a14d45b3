//! Wings: XY-Wing and XYZ-Wing (a pivot and two pincers), and W-Wing (two equal bivalue
//! cells joined by a strong link).

pub mod w_wing;
pub mod xy_wings;
