//! HoDoKu's difficulty levels, Easy to Extreme, with the highest score each allows: the
//! level a technique carries in the catalogue and the level a puzzle is graded at.

use serde::{Deserialize, Serialize};
use std::fmt;

/// HoDoKu's difficulty levels, easiest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Singles only (score up to 800).
    Easy,
    /// Intersections and subsets (up to 1000).
    Medium,
    /// Basic fish, wings, uniqueness (up to 1600).
    Hard,
    /// Chains and the harder fish (up to 1800).
    Unfair,
    /// Everything beyond, brute force included.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The highest score a puzzle of this level may have before it counts as the next.
    pub fn max_score(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    /// The next harder level (Extreme stays Extreme).
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The lowercase name (`easy`), as in the CSV's `level` column.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// Why `text` is not a level's name, with the level it most likely meant.
    pub fn unknown(text: &str) -> String {
        format!(
            "unknown level {text:?}; valid: easy, medium, hard, unfair, extreme{}",
            crate::suggest::did_you_mean(text, Level::ALL.map(Level::name))
        )
    }

    /// The level named `text`, case-insensitively.
    pub fn from_name(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
