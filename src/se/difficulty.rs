//! SE's difficulties and how serate prints them.
//!
//! SE computes a difficulty as a Java `double` (a base plus adders of 0.1, one at a time)
//! and compares those doubles when it sorts hints, so two hints whose difficulties read
//! the same can still sort apart. [`Difficulty`] keeps the `f64` computed by the same
//! operations in the same order, so every comparison comes out as SE's; serate prints it
//! rounded to one decimal ([`fmt::Display`]).

use std::fmt;

/// A difficulty as SE computes it (1.0 to 11-plus).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Difficulty(pub f64);

impl Difficulty {
    /// `base` plus `tenths` adders of 0.1, added one by one as SE adds them.
    pub fn with_tenths(base: f64, tenths: u32) -> Difficulty {
        let mut added = 0.0;
        for _ in 0..tenths {
            added += 0.1;
        }
        Difficulty(base + added)
    }

    /// The value in tenths, as serate rounds it for printing.
    pub fn tenths(self) -> u32 {
        ((self.0 + 0.05) * 10.0) as u32
    }
}

impl fmt::Display for Difficulty {
    /// `w.p` as serate's `%r`: `(int)((d + 0.05) * 10)`, then its tens and units.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = self.tenths();
        write!(f, "{}.{}", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_serate_rounds() {
        assert_eq!(Difficulty(1.2).to_string(), "1.2");
        assert_eq!(Difficulty::with_tenths(6.6, 2).to_string(), "6.8");
        assert_eq!(Difficulty(9.95).to_string(), "10.0");
        assert_eq!(Difficulty(11.0).to_string(), "11.0");
    }

    #[test]
    fn adders_keep_java_s_double_arithmetic() {
        // 6.5 + 0.1 + 0.1 + 0.1 is not 6.8 in binary floating point; SE sorts by it.
        let cycle = Difficulty::with_tenths(6.5, 3);
        let chain = Difficulty::with_tenths(6.6, 2);
        assert_eq!(cycle.to_string(), chain.to_string());
        assert_eq!(cycle.0, 6.5 + (0.1 + 0.1 + 0.1));
    }
}
