//! Sudoku Explainer's ER read beside HoDoKu's level: the bands of ER that `report` and
//! `compare` count in, and each band's counterpart level (the HoDoKu level of the rules SE
//! rates in that band), from which the two scales' disagreement on a puzzle is measured.
//!
//! Bands are half a point wide from 1.0 (`1.0-1.4`, `1.5-1.9`, ...), the last one open
//! (`12.0+`). A lower bound (`>=8.4`: the rating's time ran out, `run --se-timeout`) is a
//! class of its own, never counted in a band it may not belong to.

use crate::hodoku::level::Level;
use crate::se::Bound;
use std::fmt;

/// Width of a band, lowest ER, and where the open top band starts, in tenths.
const WIDTH: u32 = 5;
const LOWEST: u32 = 10;
const TOP: u32 = 120;

/// Where a puzzle's ER falls.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum ErBand {
    /// An exact ER, in the band starting at this many tenths.
    Rated(u32),
    /// A lower bound of this many tenths: not rated.
    AtLeast(u32),
}

impl ErBand {
    pub fn of(er: Bound) -> ErBand {
        match er {
            Bound::Exact(d) => {
                let tenths = d.tenths().clamp(LOWEST, TOP);
                ErBand::Rated(LOWEST + (tenths - LOWEST) / WIDTH * WIDTH)
            }
            Bound::AtLeast(d) => ErBand::AtLeast(d.tenths()),
        }
    }

    /// Every rated band from 1.0 up to `highest`'s (none when `highest` is a bound).
    pub fn rated_up_to(highest: ErBand) -> Vec<ErBand> {
        match highest {
            ErBand::Rated(top) => (LOWEST..=top)
                .step_by(WIDTH as usize)
                .map(ErBand::Rated)
                .collect(),
            ErBand::AtLeast(_) => Vec::new(),
        }
    }

    /// The HoDoKu level of the rules SE rates in this band: below 2.5 singles and SE's
    /// direct rules (easy); to 3.9 intersections, pairs and triples (medium); to 6.9
    /// wings, fish, uniqueness, BUG and short cycles (hard); to 7.9 forcing chains
    /// (unfair); from 8.0 multiple, dynamic and nested forcing chains (extreme). A lower
    /// bound counts at its bound.
    pub fn counterpart(self) -> Level {
        let (ErBand::Rated(tenths) | ErBand::AtLeast(tenths)) = self;
        match tenths {
            ..25 => Level::Easy,
            25..40 => Level::Medium,
            40..70 => Level::Hard,
            70..80 => Level::Unfair,
            _ => Level::Extreme,
        }
    }
}

fn decimal(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl fmt::Display for ErBand {
    /// `7.0-7.4`, `12.0+`, `>=9.5 (not rated)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErBand::Rated(start) if start >= TOP => write!(f, "{}+", decimal(start)),
            ErBand::Rated(start) => {
                write!(f, "{}-{}", decimal(start), decimal(start + WIDTH - 1))
            }
            ErBand::AtLeast(tenths) => write!(f, ">={} (not rated)", decimal(tenths)),
        }
    }
}

/// How far apart the scales put a puzzle, in levels: its ER's counterpart level minus its
/// HoDoKu level. +3 is HoDoKu "easy" with ER 7.0 or more; 0 is agreement.
pub fn disagreement(level: Level, er: Bound) -> i32 {
    ErBand::of(er).counterpart() as i32 - level as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(text: &str) -> ErBand {
        ErBand::of(text.parse().unwrap())
    }

    #[test]
    fn bands_are_half_points_from_one_with_bounds_apart() {
        let labels: Vec<String> = ["1.2", "1.5", "2.4", "7.0", "9.9", "10.5", "11.9", "12.0"]
            .map(|er| band(er).to_string())
            .to_vec();
        assert_eq!(
            labels,
            [
                "1.0-1.4",
                "1.5-1.9",
                "2.0-2.4",
                "7.0-7.4",
                "9.5-9.9",
                "10.5-10.9",
                "11.5-11.9",
                "12.0+"
            ]
        );
        assert_eq!(band(">=9.5").to_string(), ">=9.5 (not rated)");
        assert_eq!(band(">=7.0").to_string(), ">=7.0 (not rated)");
        assert!(band("11.9") < band(">=9.5"), "bounds sort after every band");
        let up_to: Vec<String> = ErBand::rated_up_to(band("2.6"))
            .iter()
            .map(ErBand::to_string)
            .collect();
        assert_eq!(up_to, ["1.0-1.4", "1.5-1.9", "2.0-2.4", "2.5-2.9"]);
        assert!(ErBand::rated_up_to(band(">=9.5")).is_empty());
    }

    #[test]
    fn disagreement_is_the_counterpart_level_minus_hodokus() {
        let er = |text: &str| text.parse::<Bound>().unwrap();
        assert_eq!(disagreement(Level::Easy, er("2.3")), 0);
        assert_eq!(disagreement(Level::Medium, er("2.3")), -1);
        assert_eq!(disagreement(Level::Easy, er("7.2")), 3);
        assert_eq!(disagreement(Level::Easy, er(">=9.5")), 4);
        assert_eq!(disagreement(Level::Extreme, er("4.2")), -2);
        assert_eq!(disagreement(Level::Hard, er("6.9")), 0);
        assert_eq!(disagreement(Level::Hard, er("7.0")), 1);
    }
}
