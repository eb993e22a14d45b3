//! A rung of either grader: a HoDoKu technique ([`Technique`]) or one of Sudoku
//! Explainer's rules ([`SeRule`]). A results file is made by one grader's path, which
//! names its count columns and its `hardest`; the two share some names (`x-wing`,
//! `naked-pair`), so a name is read knowing the grader ([`Rung::from_name`]).

use crate::catalogue::Technique;
use crate::se::named::SeRule;
use std::fmt;

/// Whose path a run follows: HoDoKu's (a ladder of techniques, scored and levelled) or
/// Sudoku Explainer's (its rules in its order, rated ER, EP, ED).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Grader {
    #[default]
    Hodoku,
    Se,
}

/// A technique of HoDoKu's catalogue or a rule of SE's.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Rung {
    Hodoku(Technique),
    Se(SeRule),
}

impl Rung {
    /// How many rungs there are, both graders together.
    pub const COUNT: usize = Technique::COUNT + SeRule::COUNT;

    /// A dense index, HoDoKu's techniques first.
    pub fn index(self) -> usize {
        match self {
            Rung::Hodoku(t) => t.index(),
            Rung::Se(r) => Technique::COUNT + r.index(),
        }
    }

    /// The rung of index `i` ([`Rung::index`]).
    pub fn from_index(i: usize) -> Rung {
        match i.checked_sub(Technique::COUNT) {
            None => Rung::Hodoku(Technique::ALL[i]),
            Some(se) => Rung::Se(SeRule::all().nth(se).expect("an SE rule's index")),
        }
    }

    /// The kebab-case name (a count column's, `hardest`'s).
    pub fn name(self) -> &'static str {
        match self {
            Rung::Hodoku(t) => t.name(),
            Rung::Se(r) => r.name(),
        }
    }

    pub fn grader(self) -> Grader {
        match self {
            Rung::Hodoku(_) => Grader::Hodoku,
            Rung::Se(_) => Grader::Se,
        }
    }

    /// The rung of `grader` named `name` as a results file writes it.
    pub fn from_name(grader: Grader, name: &str) -> Option<Rung> {
        match grader {
            Grader::Hodoku => Technique::from_name(name).map(Rung::Hodoku),
            Grader::Se => SeRule::from_name(name).map(Rung::Se),
        }
    }

    /// Whether it is a single (a cell's last digit, or a digit's last place in a house).
    pub fn is_single(self) -> bool {
        match self {
            Rung::Hodoku(t) => t.is_single(),
            Rung::Se(r) => r.is_single(),
        }
    }

    /// The HoDoKu technique, if it is one.
    pub fn technique(self) -> Option<Technique> {
        match self {
            Rung::Hodoku(t) => Some(t),
            Rung::Se(_) => None,
        }
    }
}

impl From<Technique> for Rung {
    fn from(t: Technique) -> Rung {
        Rung::Hodoku(t)
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_are_dense_and_names_read_back_by_grader() {
        for i in 0..Rung::COUNT {
            let rung = Rung::from_index(i);
            assert_eq!(rung.index(), i);
            assert_eq!(Rung::from_name(rung.grader(), rung.name()), Some(rung));
        }
        // One name, two graders.
        let hodoku = Rung::from_name(Grader::Hodoku, "x-wing").unwrap();
        let se = Rung::from_name(Grader::Se, "x-wing").unwrap();
        assert_ne!(hodoku, se);
        assert_eq!(Rung::from_name(Grader::Se, "finned-x-wing"), None);
    }
}
