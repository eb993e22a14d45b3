//! `select`: the rows of a results file that match a set of filters, streamed. Each
//! filter holds a list of accepted values and a row must match one of them; a row is
//! selected when it passes every filter given (filters combine with AND; `uses` may be
//! given several times, each one more condition). Names are read as everywhere else:
//! techniques as in a ladder (names, codes, presets), statuses and levels by name, and
//! an unknown name is refused with the one most likely meant.
//!
//! This module decides which rows match; reading the file and writing the selection is
//! the CLI's.

use crate::catalogue::Technique;
use crate::ladder::{Ladder, LadderError};
use crate::level::Level;
use crate::record::{Columns, Record, Status};
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
    NoColumn { technique: Technique },
}

/// Which rows to keep: every filter that is set must accept the row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The row's status is one of these.
    pub statuses: Option<Vec<Status>>,
    /// Its hardest technique is one of these.
    pub hardest: Option<Vec<Technique>>,
    /// Its level is one of these.
    pub levels: Option<Vec<Level>>,
    /// For each list, it used one of its techniques at least once.
    pub uses: Vec<Vec<Technique>>,
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

    /// Reads a list of techniques for `--option`, as a ladder is read.
    pub fn parse_techniques(
        option: &'static str,
        spec: &str,
    ) -> Result<Vec<Technique>, FilterError> {
        Ladder::parse(spec)
            .map(|ladder| ladder.rungs().to_vec())
            .map_err(|error| FilterError::Technique { option, error })
    }

    /// Refuses a filter that cannot be answered from rows with these columns: `uses` of a
    /// technique the file has no count of.
    pub fn check(&self, columns: &Columns) -> Result<(), FilterError> {
        match self
            .uses
            .iter()
            .flatten()
            .find(|t| !columns.techniques.contains(t))
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

    fn columns() -> Columns {
        Columns {
            techniques: vec![
                Technique::NakedSingle,
                Technique::XWing,
                Technique::Swordfish,
            ],
            solution: false,
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
            hardest,
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
            hardest: Some(vec![XWing, Swordfish]),
            ..Filter::default()
        };
        assert_eq!(selected(&hardest), [0, 2]);
        let level = Filter {
            levels: Some(vec![Level::Hard]),
            ..Filter::default()
        };
        assert_eq!(selected(&level), [0], "an unsolved row has no level");
        let uses = Filter {
            uses: vec![vec![XWing]],
            ..Filter::default()
        };
        assert_eq!(selected(&uses), [0, 2]);
        let uses_both = Filter {
            uses: vec![vec![XWing], vec![Swordfish]],
            ..Filter::default()
        };
        assert_eq!(selected(&uses_both), [2]);
        let and = Filter {
            hardest: Some(vec![XWing, Swordfish]),
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
            uses: vec![vec![Technique::Jellyfish]],
            ..Filter::default()
        };
        let err = filter.check(&columns()).unwrap_err().to_string();
        assert!(err.contains("no jellyfish column"), "{err}");
    }
}
