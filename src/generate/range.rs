//! Inclusive ranges as the command line writes them: `A..B`, `A..` (A or more), `..B` (B
//! or less) or `A` alone (exactly A), for givens, scores and SE ratings.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An inclusive range with optional ends.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Range<T> {
    pub low: Option<T>,
    pub high: Option<T>,
}

/// Why a range was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RangeError {
    #[error("{text:?} is not a range: write A..B, A.., ..B or A")]
    Syntax { text: String },
    #[error("{text:?} is empty: its low end is above its high end")]
    Empty { text: String },
}

impl<T: Copy + PartialOrd> Range<T> {
    /// Whether `value` lies in the range.
    pub fn contains(&self, value: T) -> bool {
        self.low.is_none_or(|low| value >= low) && self.high.is_none_or(|high| value <= high)
    }
}

impl<T: FromStr + PartialOrd + Copy> FromStr for Range<T> {
    type Err = RangeError;

    fn from_str(text: &str) -> Result<Range<T>, RangeError> {
        let syntax = || RangeError::Syntax {
            text: text.to_string(),
        };
        let end = |part: &str| -> Result<Option<T>, RangeError> {
            match part.trim() {
                "" => Ok(None),
                value => value.parse().map(Some).map_err(|_| syntax()),
            }
        };
        let range = match text.split_once("..") {
            Some((low, high)) => Range {
                low: end(low)?,
                high: end(high)?,
            },
            None => {
                let value = end(text)?.ok_or_else(syntax)?;
                Range {
                    low: Some(value),
                    high: Some(value),
                }
            }
        };
        if let (Some(low), Some(high)) = (range.low, range.high)
            && low > high
        {
            return Err(RangeError::Empty {
                text: text.to_string(),
            });
        }
        Ok(range)
    }
}

impl<T: fmt::Display + PartialEq> fmt::Display for Range<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(low), Some(high)) = (&self.low, &self.high)
            && low == high
        {
            return write!(f, "{low}");
        }
        if let Some(low) = &self.low {
            write!(f, "{low}")?;
        }
        f.write_str("..")?;
        if let Some(high) = &self.high {
            write!(f, "{high}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_both_ends_one_end_or_one_value() {
        let r: Range<u32> = "22..25".parse().unwrap();
        assert!(r.contains(22) && r.contains(25) && !r.contains(21) && !r.contains(26));
        let r: Range<u32> = "30..".parse().unwrap();
        assert!(r.contains(30) && r.contains(80) && !r.contains(29));
        let r: Range<u32> = "..16".parse().unwrap();
        assert_eq!(r.high, Some(16));
        assert_eq!(r.low, None);
        let r: Range<u32> = "24".parse().unwrap();
        assert!(r.contains(24) && !r.contains(23) && !r.contains(25));
        let r: Range<f64> = "7.1..8.3".parse().unwrap();
        assert!(r.contains(7.1) && !r.contains(8.4));
    }

    #[test]
    fn malformed_and_empty_ranges_are_refused() {
        assert!(matches!(
            "a..3".parse::<Range<u32>>(),
            Err(RangeError::Syntax { .. })
        ));
        assert!(matches!(
            "".parse::<Range<u32>>(),
            Err(RangeError::Syntax { .. })
        ));
        assert!(matches!(
            "9..3".parse::<Range<u32>>(),
            Err(RangeError::Empty { .. })
        ));
    }
}
