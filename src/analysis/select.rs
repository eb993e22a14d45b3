//! `select`: the rows of a results file that match a set of filters, streamed. Each
//! filter holds a list of accepted values and a row must match one of them; a row is
//! selected when it passes every filter given (filters combine with AND; `uses` may be
//! given several times, each one more condition). Names are read as everywhere else:
//! techniques as in a ladder (names, codes, presets) or as SE's rules (`pointing`: a
//! file made along SE's path names its columns so), statuses and levels by name, and an
//! unknown name is refused with the one most likely meant.
//!
//! This module decides which rows match; reading the file and writing the selection is
//! the CLI's.

use crate::ladder::{Ladder, LadderError};
use crate::level::Level;
use crate::record::{Columns, Record, Status};
use crate::rung::Rung;
use crate::se::named::SeRule;
use thiserror::Error;

/// Why a filter was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FilterError {
    #[error("--{option}: {error}")]
    Technique {
        option: &'static str,
        error: LadderError,
    },
    #[error("--status: unknown status {name:?}; valid: {}{meant}", status_names().join(", "))]
    Status { name: String, meant: String },
    #[error("--{option}: names nothing")]
    Empty { option: &'static str },
    #[error("--level: {0}")]
    Level(String),
    #[error("--uses {technique}: the results file has no {technique} column (its ladder lacks it)")]
    NoColumn { technique: Rung },
}

/// Which rows to keep: every filter that is set must accept the row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The row's status is one of these.
    pub statuses: Option<Vec<Status>>,
    /// Its hardest technique is one of these.
    pub hardest: Option<Vec<Rung>>,
    /// Its level is one of these.
    pub levels: Option<Vec<Level>>,
    /// For each list, it used one of its techniques at least once.
    pub uses: Vec<Vec<Rung>>,
}

impl Filter {
    /// Reads `--status`, a comma list of status names.
    pub fn parse_statuses(spec: &str) -> Result<Vec<Status>, FilterError> {
        listed("status", spec)?
            .into_iter()
            .map(|name| {
                Status::ALL
                    .into_iter()
                    .find(|s| s.name().eq_ignore_ascii_case(name))
                    .ok_or_else(|| FilterError::Status {
                        name: name.to_string(),
                        meant: crate::suggest::did_you_mean(name, status_names()),
                    })
            })
            .collect()
    }

    /// Reads `--level`, a comma list of level names.
    pub fn parse_levels(spec: &str) -> Result<Vec<Level>, FilterError> {
        listed("level", spec)?
            .into_iter()
            .map(|name| {
                Level::from_name(name).ok_or_else(|| FilterError::Level(Level::unknown(name)))
            })
            .collect()
    }

    /// Reads a list of techniques for `--option`, each name as a ladder reads it, or as
    /// SE's rule of that name (a name may be both: `x-wing`; the file's grader decides).
    pub fn parse_techniques(option: &'static str, spec: &str) -> Result<Vec<Rung>, FilterError> {
        let mut rungs = Vec::new();
        for name in listed(option, spec)? {
            let se = SeRule::from_name(name).map(Rung::Se);
            match (Ladder::parse(name), se) {
                (Ok(ladder), se) => {
                    rungs.extend(ladder.rungs().iter().copied().map(Rung::Hodoku));
                    rungs.extend(se);
                }
                (Err(_), Some(se)) => rungs.push(se),
                (Err(error), None) => return Err(FilterError::Technique { option, error }),
            }
        }
        Ok(rungs)
    }

    /// Refuses a filter that cannot be answered from rows with these columns: `uses` of a
    /// technique (of the file's grader) the file has no count of.
    pub fn check(&self, columns: &Columns) -> Result<(), FilterError> {
        match self
            .uses
            .iter()
            .flatten()
            .find(|t| t.grader() == columns.grader && !columns.techniques.contains(t))
        {
            Some(&technique) => Err(FilterError::NoColumn { technique }),
            None => Ok(()),
        }
    }

    /// Whether `record` (a row with `columns`) passes every filter.
    pub fn matches(&self, record: &Record, columns: &Columns) -> bool {
        accepts(&self.statuses, Some(record.status))
            && accepts(&self.hardest, record.hardest)
            && accepts(&self.levels, record.level)
            && self.uses.iter().all(|any| {
                any.iter()
                    .any(|&t| record.count(columns, t).is_some_and(|n| n > 0))
            })
    }
}

/// Whether a filter that is not set, or that lists `value`, lets it through (a row
/// without a value, such as an unsolved puzzle's level, passes only an unset filter).
fn accepts<T: PartialEq>(accepted: &Option<Vec<T>>, value: Option<T>) -> bool {
    match accepted {
        None => true,
        Some(list) => value.is_some_and(|v| list.contains(&v)),
    }
}

/// The names of a comma list, refusing an empty one.
fn listed<'a>(option: &'static str, spec: &'a str) -> Result<Vec<&'a str>, FilterError> {
    let names: Vec<&str> = spec
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    match names.is_empty() {
        true => Err(FilterError::Empty { option }),
        false => Ok(names),
    }
}
fn status_names() -> Vec<&'static str> {
    Status::ALL.map(Status::name).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;
    use crate::rung::Grader;

    fn columns() -> Columns {
        Columns {
            grader: Grader::Hodoku,
            techniques: [
                Technique::NakedSingle,
                Technique::XWing,
                Technique::Swordfish,
            ]
            .map(Rung::Hodoku)
            .to_vec(),
            solution: false,
            se: false,
            rest: false,
        }
    }

    fn row(
        status: Status,
        hardest: Option<Technique>,
        level: Option<Level>,
        counts: [u32; 3],
    ) -> Record {
        Record {
            status,
            hardest: hardest.map(Rung::Hodoku),
            level,
            counts: counts.to_vec(),
            ..Record::new("a.txt", 1, 3)
        }
    }

    #[test]
    fn each_filter_accepts_what_it_lists_and_they_combine_with_and() {
        use Technique::*;
        let columns = columns();
        let x_wing = row(Status::Solved, Some(XWing), Some(Level::Hard), [40, 1, 0]);
        let stuck = row(Status::Stuck, Some(NakedSingle), None, [10, 0, 0]);
        let both = row(
            Status::Solved,
            Some(Swordfish),
            Some(Level::Unfair),
            [40, 2, 1],
        );
        let rows = [&x_wing, &stuck, &both];
        let selected = |filter: &Filter| -> Vec<usize> {
            (0..rows.len())
                .filter(|&i| filter.matches(rows[i], &columns))
                .collect()
        };
        assert_eq!(selected(&Filter::default()), [0, 1, 2]);
        let status = Filter {
            statuses: Some(vec![Status::Stuck]),
            ..Filter::default()
        };
        assert_eq!(selected(&status), [1]);
        let hardest = Filter {
            hardest: Some(vec![Rung::Hodoku(XWing), Rung::Hodoku(Swordfish)]),
            ..Filter::default()
        };
        assert_eq!(selected(&hardest), [0, 2]);
        let level = Filter {
            levels: Some(vec![Level::Hard]),
            ..Filter::default()
        };
        assert_eq!(selected(&level), [0], "an unsolved row has no level");
        let uses = Filter {
            uses: vec![vec![Rung::Hodoku(XWing)]],
            ..Filter::default()
        };
        assert_eq!(selected(&uses), [0, 2]);
        let uses_both = Filter {
            uses: vec![vec![Rung::Hodoku(XWing)], vec![Rung::Hodoku(Swordfish)]],
            ..Filter::default()
        };
        assert_eq!(selected(&uses_both), [2]);
        let and = Filter {
            hardest: Some(vec![Rung::Hodoku(XWing), Rung::Hodoku(Swordfish)]),
            levels: Some(vec![Level::Unfair]),
            ..Filter::default()
        };
        assert_eq!(selected(&and), [2]);
    }

    #[test]
    fn names_are_read_as_everywhere_and_slips_get_the_name_meant() {
        assert_eq!(
            Filter::parse_statuses("stuck, Solved").unwrap(),
            [Status::Stuck, Status::Solved]
        );
        let err = Filter::parse_statuses("stuk").unwrap_err().to_string();
        assert!(err.contains("did you mean stuck?"), "{err}");
        let err = Filter::parse_levels("extrem").unwrap_err().to_string();
        assert!(
            err.starts_with("--level: ") && err.contains("did you mean extreme?"),
            "{err}"
        );
        assert_eq!(
            Filter::parse_techniques("hardest", "bf2,singles")
                .unwrap()
                .len(),
            4
        );
        let err = Filter::parse_techniques("hardest", "xwing")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("--hardest: ") && err.contains("did you mean x-wing (bf2)?"),
            "{err}"
        );
        assert_eq!(
            Filter::parse_statuses(" , "),
            Err(FilterError::Empty { option: "status" })
        );
        let filter = Filter {
            uses: vec![vec![Rung::Hodoku(Technique::Jellyfish)]],
            ..Filter::default()
        };
        let err = filter.check(&columns()).unwrap_err().to_string();
        assert!(err.contains("no jellyfish column"), "{err}");
    }

    #[test]
    fn se_s_rule_names_select_in_a_file_made_along_se_s_path() {
        let pointing = Filter::parse_techniques("hardest", "pointing").unwrap();
        assert_eq!(pointing, [Rung::Se(SeRule::from_name("pointing").unwrap())]);
        // A name both graders have stands for both; the file's rows have one of them.
        let x_wing = Filter::parse_techniques("uses", "x-wing").unwrap();
        assert_eq!(x_wing.len(), 2);
        let se_x_wing = Rung::Se(SeRule::from_name("x-wing").unwrap());
        let se_columns = Columns {
            grader: Grader::Se,
            techniques: vec![se_x_wing],
            solution: false,
            se: true,
            rest: false,
        };
        let filter = Filter {
            hardest: Some(x_wing.clone()),
            uses: vec![x_wing],
            ..Filter::default()
        };
        assert_eq!(filter.check(&se_columns), Ok(()));
        let record = Record {
            status: Status::Solved,
            hardest: Some(se_x_wing),
            counts: vec![1],
            ..Record::new("a.txt", 1, 1)
        };
        assert!(filter.matches(&record, &se_columns));
        let without = Record {
            counts: vec![0],
            ..record
        };
        assert!(!filter.matches(&without, &se_columns));
    }
}
