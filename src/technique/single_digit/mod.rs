//! Single-digit techniques: the short chains of one digit (Skyscraper, 2-String Kite,
//! Turbot Fish, Empty Rectangle) and coloring (Simple and Multi Colors).

pub mod coloring;
pub mod patterns;
