//! SE's difficulties and how serate prints them.
//!
//! SE computes a difficulty as a Java `double` (a base plus adders of 0.1, one at a time)
//! and compares those doubles when it sorts hints, so two hints whose difficulties read
//! the same can still sort apart. [`Difficulty`] keeps the `f64` computed by the same
//! operations in the same order, so every comparison comes out as SE's; serate prints it
//! rounded to one decimal ([`fmt::Display`]). A rating that stops short of the end of SE's
//! path is a lower bound ([`Bound`]), written `>=9.5` in a results file.

use std::fmt;
use std::str::FromStr;

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

/// One of ER, EP, ED: exact, or at least some difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// The rating, as serate prints it.
    Exact(Difficulty),
    /// A lower bound: the path stopped before its end.
    AtLeast(Difficulty),
}

impl fmt::Display for Bound {
    /// `7.2`, or `>=9.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Exact(d) => write!(f, "{d}"),
            Bound::AtLeast(d) => write!(f, ">={d}"),
        }
    }
}

/// A [`Bound`] as a results file writes it that is not one.
#[derive(Debug, PartialEq, Eq)]
pub struct BadBound;

impl FromStr for Bound {
    type Err = BadBound;

    /// Reads what [`Bound`]'s `Display` writes (one decimal), back to a bound that prints
    /// the same.
    fn from_str(text: &str) -> Result<Bound, BadBound> {
        let (at_least, number) = match text.strip_prefix(">=") {
            Some(number) => (true, number),
            None => (false, text),
        };
        let (whole, tenth) = number.split_once('.').ok_or(BadBound)?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || tenth.len() != 1 || !digits(tenth) {
            return Err(BadBound);
        }
        let tenths: u32 = whole.parse::<u32>().map_err(|_| BadBound)? * 10
            + tenth.parse::<u32>().map_err(|_| BadBound)?;
        let difficulty = Difficulty(f64::from(tenths) / 10.0);
        Ok(match at_least {
            true => Bound::AtLeast(difficulty),
            false => Bound::Exact(difficulty),
        })
    }
}

impl Bound {
    /// The difficulty, exact or the least it can be.
    pub fn difficulty(self) -> Difficulty {
        match self {
            Bound::Exact(d) | Bound::AtLeast(d) => d,
        }
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
    fn bounds_read_back_as_written() {
        for text in ["1.2", "7.1", "10.5", ">=9.5", ">=11.0"] {
            assert_eq!(text.parse::<Bound>().unwrap().to_string(), text);
        }
        let computed = Bound::Exact(Difficulty::with_tenths(6.6, 2));
        assert_eq!(
            computed.to_string().parse::<Bound>().unwrap().to_string(),
            "6.8"
        );
        for bad in ["", "7", "7.", ".5", "7.25", ">9.5", "x.1", "-1.0", ">= 9.5"] {
            assert_eq!(bad.parse::<Bound>(), Err(BadBound), "{bad:?}");
        }
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
