//! The two settings a solve takes beside its ladder: the step [`Policy`] (how the rungs
//! take turns) and the [`Fallback`] (what happens when logic stops). Presets, ladder files
//! and the command line set them.

use std::fmt;
use std::str::FromStr;

/// How the ladder's rungs take turns.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Policy {
    /// One pattern instance per step (HoDoKu's and Sudoku Explainer's way).
    #[default]
    Single,
    /// Every instance the technique finds in one pass over the grid (the blog solver's way).
    Sweep,
    /// An operation queue driven by the cells set: recalculation first, then each house's
    /// techniques for the houses of the cells set, then the whole-grid rungs when the queue
    /// is empty (the Logical Candidate Methods solver's way; the rules are in the solver's
    /// `queue` module).
    Queue,
}

impl Policy {
    /// The name a ladder file and `--policy` use.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Single => "single",
            Policy::Sweep => "sweep",
            Policy::Queue => "queue",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "single" => Ok(Policy::Single),
            "sweep" => Ok(Policy::Sweep),
            "queue" => Ok(Policy::Queue),
            other => Err(format!(
                "unknown policy {other:?}; valid: single, sweep, queue{}",
                crate::suggest::did_you_mean(other, ["single", "sweep", "queue"])
            )),
        }
    }
}

/// What happens when the ladder's logic stops.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Fallback {
    /// The puzzle is `stuck`.
    #[default]
    None,
    /// Brute Force becomes the last rung: set a cell from the unique solution and go on.
    BruteForce,
}

impl Fallback {
    /// The name a ladder file and `--fallback` use.
    pub fn name(self) -> &'static str {
        match self {
            Fallback::None => "none",
            Fallback::BruteForce => "brute-force",
        }
    }
}

impl fmt::Display for Fallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Fallback {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Fallback::None),
            "brute-force" | "bf" => Ok(Fallback::BruteForce),
            other => Err(format!(
                "unknown fallback {other:?}; valid: none, brute-force{}",
                crate::suggest::did_you_mean(other, ["none", "brute-force"])
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies_parse_by_name_and_print_back() {
        for policy in [Policy::Single, Policy::Sweep, Policy::Queue] {
            assert_eq!(policy.to_string().parse::<Policy>(), Ok(policy));
        }
        assert_eq!(" Sweep ".parse::<Policy>(), Ok(Policy::Sweep));
        assert_eq!(Policy::default(), Policy::Single);
        let err = "both".parse::<Policy>().unwrap_err();
        assert_eq!(err, "unknown policy \"both\"; valid: single, sweep, queue");
        let err = "singel".parse::<Policy>().unwrap_err();
        assert!(err.contains("did you mean single?"), "{err}");
    }

    #[test]
    fn fallback_names_round_trip() {
        for f in [Fallback::None, Fallback::BruteForce] {
            assert_eq!(f.name().parse::<Fallback>().unwrap(), f);
        }
        assert_eq!("BF".parse::<Fallback>(), Ok(Fallback::BruteForce));
        assert!("maybe".parse::<Fallback>().is_err());
        let err = "brute_forse".parse::<Fallback>().unwrap_err();
        assert!(err.contains("did you mean brute-force?"), "{err}");
        assert_eq!(Fallback::default(), Fallback::None);
    }
}
