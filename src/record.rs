//! The per-puzzle result row: the one CSV schema that `sudolab run` writes and `report`,
//! `compare` and `unlock` read back.
//!
//! Columns, in order: `source`, `line`, `puzzle`, `givens`, `status`, `steps`,
//! `placements`, `eliminations`, `hardest`, `score`, `level`, `micros`, `error`, then one
//! count column per technique of the ladder (named by technique name, ladder order), then
//! `solution` when asked for, then `rest` (what followed the puzzle on its line: a bank's
//! own rating, say) when asked for. CSV cannot hold a map, so the counts are fixed columns
//! generated from the ladder; readers find them by name. With Sudoku Explainer's rating
//! (`run --grade hodoku,se`) the columns `er`, `ep` and `ed` follow the counts, before
//! `solution`. An `invalid` row, never solved, leaves `steps`, `placements`,
//! `eliminations`, `score` and the counts empty (read back as 0, as files written before
//! said). A run along SE's own path (`--ladder se`) has no `score` and `level` (they
//! are HoDoKu's grade of HoDoKu's path, which it does not take): its count columns and its
//! `hardest` are SE's rules ([`Rung::Se`]), and it always has `er`, `ep` and `ed`.

use crate::csv_rows::CsvRows;
use crate::level::Level;
use crate::rung::{Grader, Rung};
use crate::se::Bound;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// What happened to a puzzle line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Status {
    /// Every cell set by the ladder (brute-force steps included when it is a rung).
    Solved,
    /// Logic alone stops before the end.
    Stuck,
    /// The givens admit no solution.
    NoSolution,
    /// The givens admit two or more solutions.
    MultipleSolutions,
    /// Not a puzzle: wrong length, bad character, clashing givens (`error` says which).
    Invalid,
    /// A step contradicted the solution: a solver bug. `--verify` checks each step as it
    /// is taken; every solve is also checked at its end, and a failed end check names the
    /// step by solving again with verification.
    Unsound,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Solved,
        Status::Stuck,
        Status::NoSolution,
        Status::MultipleSolutions,
        Status::Invalid,
        Status::Unsound,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NoSolution => "no-solution",
            Status::MultipleSolutions => "multiple-solutions",
            Status::Invalid => "invalid",
            Status::Unsound => "unsound",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Status {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Status::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| RecordError::BadValue {
                column: "status",
                value: s.to_string(),
            })
    }
}

/// One puzzle line's result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The input file's path as given (`-` for stdin).
    pub source: String,
    /// 1-based line number within the source.
    pub line: u64,
    /// The normalised puzzle (`.` for blanks), or the raw line when it is not a puzzle.
    pub puzzle: String,
    /// Number of givens; `None` for invalid lines.
    pub givens: Option<u32>,
    pub status: Status,
    pub steps: u32,
    pub placements: u32,
    pub eliminations: u32,
    /// The hardest rung used: the latest in ladder order, or for SE's path the rule of
    /// the step that gave ER.
    pub hardest: Option<Rung>,
    /// HoDoKu's score (0 in a run along SE's path, which has no such column).
    pub score: u32,
    /// `None` unless the puzzle was solved along HoDoKu's path.
    pub level: Option<Level>,
    /// Time spent on the puzzle (uniqueness check and logic), in microseconds.
    pub micros: u64,
    /// Why the line is invalid, or the unsound step; empty otherwise.
    pub error: String,
    /// Uses of each technique, aligned with the file's technique columns.
    pub counts: Vec<u32>,
    /// The unique solution, when asked for and known.
    pub solution: Option<String>,
    /// Sudoku Explainer's rating (ER, EP, ED), when asked for and the puzzle has exactly
    /// one solution and a sound solve.
    pub se: Option<SeGrade>,
    /// What followed the puzzle on its line, when asked for; empty otherwise, and for a
    /// line that is not a puzzle.
    pub rest: String,
}

/// Sudoku Explainer's ER, EP and ED of a puzzle.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SeGrade {
    pub er: Bound,
    pub ep: Bound,
    pub ed: Bound,
}

impl Eq for SeGrade {}

/// Why a CSV row could not be read back as a [`Record`].
#[derive(Debug, Error)]
pub enum RecordError {
    #[error("missing column {0:?}")]
    MissingColumn(&'static str),
    #[error("column {column:?}: bad value {value:?}")]
    BadValue { column: &'static str, value: String },
    #[error(transparent)]
    Csv(#[from] csv::Error),
}

/// The fixed columns of a HoDoKu run.
const FIXED: [&str; 13] = [
    "source",
    "line",
    "puzzle",
    "givens",
    "status",
    "steps",
    "placements",
    "eliminations",
    "hardest",
    "score",
    "level",
    "micros",
    "error",
];

/// HoDoKu's grade of HoDoKu's path, which a run along SE's path leaves out.
const HODOKU_GRADE: [&str; 2] = ["score", "level"];

/// The fixed columns of a run along `grader`'s path.
fn fixed(grader: Grader) -> impl Iterator<Item = &'static str> {
    FIXED
        .into_iter()
        .filter(move |name| grader == Grader::Hodoku || !HODOKU_GRADE.contains(name))
}

/// The column layout of one results file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Columns {
    /// Whose path made the rows: HoDoKu's ladder or SE's rules.
    pub grader: Grader,
    /// The count columns (techniques, or SE's rules), in file order.
    pub techniques: Vec<Rung>,
    /// Whether the `solution` column is present.
    pub solution: bool,
    /// Whether the `er`, `ep` and `ed` columns are present.
    pub se: bool,
    /// Whether the `rest` column is present.
    pub rest: bool,
}

/// The columns of Sudoku Explainer's rating.
const SE_COLUMNS: [&str; 3] = ["er", "ep", "ed"];

impl Columns {
    /// The header row.
    pub fn header(&self) -> Vec<&'static str> {
        let mut header: Vec<&'static str> = fixed(self.grader).collect();
        header.extend(self.techniques.iter().map(|t| t.name()));
        if self.se {
            header.extend(SE_COLUMNS);
        }
        if self.solution {
            header.push("solution");
        }
        if self.rest {
            header.push("rest");
        }
        header
    }

    /// Recognises the layout from a header row: a run along SE's path has no `score`
    /// after `hardest`. Count columns are the known names of that grader's rungs after
    /// `error`; unknown extra columns are ignored.
    pub fn from_header(header: &csv::StringRecord) -> Result<Columns, RecordError> {
        let grader = match header.get(9) {
            Some("micros") if header.get(8) == Some("hardest") => Grader::Se,
            _ => Grader::Hodoku,
        };
        for (i, name) in fixed(grader).enumerate() {
            if header.get(i) != Some(name) {
                return Err(RecordError::MissingColumn(name));
            }
        }
        let rest = header.iter().skip(fixed(grader).count());
        // Count columns carry the rung's name as written (not a code: `er` is SE's ER
        // column, and Empty Rectangle's code).
        let named = |h: &str| match grader {
            Grader::Hodoku => Rung::from_name(grader, h).filter(|t| t.name() == h),
            Grader::Se => Rung::from_name(grader, h),
        };
        Ok(Columns {
            grader,
            techniques: rest.clone().filter_map(named).collect(),
            solution: header.iter().any(|h| h == "solution"),
            se: header.iter().any(|h| h == SE_COLUMNS[0]),
            rest: header.iter().any(|h| h == "rest"),
        })
    }
}

fn parse<T: FromStr>(column: &'static str, value: &str) -> Result<T, RecordError> {
    value.parse().map_err(|_| RecordError::BadValue {
        column,
        value: value.to_string(),
    })
}

fn optional<T>(
    column: &'static str,
    value: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, RecordError> {
    if value.is_empty() {
        return Ok(None);
    }
    read(value).map(Some).ok_or_else(|| RecordError::BadValue {
        column,
        value: value.to_string(),
    })
}

/// One field of a row, before formatting.
enum Field<'a> {
    Text(&'a str),
    Number(u64),
}

impl Record {
    /// The row of line `line` of `source` before anything is known of it: invalid, with
    /// no puzzle, error or solution yet and `techniques` zero counts.
    pub fn new(source: &str, line: u64, techniques: usize) -> Record {
        Record {
            source: source.to_string(),
            line,
            puzzle: String::new(),
            givens: None,
            status: Status::Invalid,
            steps: 0,
            placements: 0,
            eliminations: 0,
            hardest: None,
            score: 0,
            level: None,
            micros: 0,
            error: String::new(),
            counts: vec![0; techniques],
            solution: None,
            se: None,
            rest: String::new(),
        }
    }

    /// Hands each field to `field`, in `columns`' [`Columns::header`] order: the one place
    /// that order is written down for output. `counts` must align with `columns.techniques`.
    fn visit<E>(
        &self,
        columns: &Columns,
        mut field: impl FnMut(Field<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        debug_assert_eq!(self.counts.len(), columns.techniques.len());
        let optional_number =
            |n: Option<u32>| n.map_or(Field::Text(""), |n| Field::Number(n.into()));
        field(Field::Text(&self.source))?;
        field(Field::Number(self.line))?;
        field(Field::Text(&self.puzzle))?;
        field(optional_number(self.givens))?;
        field(Field::Text(self.status.name()))?;
        // A line that is not a puzzle was never solved: its counts are left empty, not 0.
        let solved = self.status != Status::Invalid;
        let count = |n: u32| match solved {
            true => Field::Number(n.into()),
            false => Field::Text(""),
        };
        field(count(self.steps))?;
        field(count(self.placements))?;
        field(count(self.eliminations))?;
        field(Field::Text(self.hardest.map_or("", Rung::name)))?;
        if columns.grader == Grader::Hodoku {
            field(count(self.score))?;
            field(Field::Text(self.level.map_or("", |l| l.name())))?;
        }
        field(Field::Number(self.micros))?;
        field(Field::Text(&self.error))?;
        for &n in &self.counts {
            field(count(n))?;
        }
        if columns.se {
            let grade = self.se.map(|g| [g.er, g.ep, g.ed]);
            for i in 0..SE_COLUMNS.len() {
                let text = grade.map(|g| g[i].to_string());
                field(Field::Text(text.as_deref().unwrap_or("")))?;
            }
        }
        if columns.solution {
            field(Field::Text(self.solution.as_deref().unwrap_or("")))?;
        }
        if columns.rest {
            field(Field::Text(&self.rest))?;
        }
        Ok(())
    }

    /// The row's fields in `columns`' [`Columns::header`] order (an empty `solution` when
    /// the file has the column and the row has no solution).
    pub fn fields(&self, columns: &Columns) -> Vec<String> {
        let mut fields = Vec::with_capacity(FIXED.len() + self.counts.len() + 1);
        let _ = self.visit(columns, |field| {
            fields.push(match field {
                Field::Text(text) => text.to_string(),
                Field::Number(n) => n.to_string(),
            });
            Ok::<(), std::convert::Infallible>(())
        });
        fields
    }

    /// Writes the row to `out` as [`Record::fields`] would, without building intermediate
    /// strings: the batch path.
    pub fn write(&self, columns: &Columns, out: &mut CsvRows) {
        let _ = self.visit(columns, |field| {
            match field {
                Field::Text(text) => out.text(text.as_bytes()),
                Field::Number(n) => out.number(n),
            }
            Ok::<(), std::convert::Infallible>(())
        });
        out.end_record();
    }

    /// Reads a row written with `columns`.
    pub fn from_row(columns: &Columns, row: &csv::StringRecord) -> Result<Record, RecordError> {
        let field =
            |i: usize, name: &'static str| row.get(i).ok_or(RecordError::MissingColumn(name));
        let status: Status = field(4, "status")?.parse()?;
        // An invalid row's counts are empty (files from before that say 0).
        let count = |column: &'static str, value: &str| match value {
            "" if status == Status::Invalid => Ok(0),
            _ => parse(column, value),
        };
        let grader = columns.grader;
        // A run along SE's path has no score and level: the columns after them move up.
        let (fixed_len, after_grade) = match grader {
            Grader::Hodoku => (FIXED.len(), 0),
            Grader::Se => (FIXED.len() - HODOKU_GRADE.len(), HODOKU_GRADE.len()),
        };
        let mut counts = Vec::with_capacity(columns.techniques.len());
        for (i, t) in columns.techniques.iter().enumerate() {
            counts.push(count(t.name(), field(fixed_len + i, t.name())?)?);
        }
        let se_index = fixed_len + columns.techniques.len();
        let se = match columns.se {
            false => None,
            true => {
                let mut bounds = [None; 3];
                for (i, name) in SE_COLUMNS.into_iter().enumerate() {
                    bounds[i] = optional(name, field(se_index + i, name)?, |v| v.parse().ok())?;
                }
                match bounds {
                    [Some(er), Some(ep), Some(ed)] => Some(SeGrade { er, ep, ed }),
                    [None, None, None] => None,
                    _ => {
                        return Err(RecordError::BadValue {
                            column: "er",
                            value: "er, ep and ed must be all present or all empty".into(),
                        });
                    }
                }
            }
        };
        let solution_index = se_index + if columns.se { SE_COLUMNS.len() } else { 0 };
        let rest_index = solution_index + usize::from(columns.solution);
        Ok(Record {
            source: field(0, "source")?.to_string(),
            line: parse("line", field(1, "line")?)?,
            puzzle: field(2, "puzzle")?.to_string(),
            givens: optional("givens", field(3, "givens")?, |v| v.parse().ok())?,
            status,
            steps: count("steps", field(5, "steps")?)?,
            placements: count("placements", field(6, "placements")?)?,
            eliminations: count("eliminations", field(7, "eliminations")?)?,
            hardest: optional("hardest", field(8, "hardest")?, |name| {
                Rung::from_name(grader, name)
            })?,
            score: match grader {
                Grader::Hodoku => count("score", field(9, "score")?)?,
                Grader::Se => 0,
            },
            level: match grader {
                Grader::Hodoku => optional("level", field(10, "level")?, Level::from_name)?,
                Grader::Se => None,
            },
            micros: parse("micros", field(11 - after_grade, "micros")?)?,
            error: field(12 - after_grade, "error")?.to_string(),
            counts,
            solution: match columns.solution {
                true => optional("solution", field(solution_index, "solution")?, |v| {
                    Some(v.to_string())
                })?,
                false => None,
            },
            se,
            rest: match columns.rest {
                true => field(rest_index, "rest")?.to_string(),
                false => String::new(),
            },
        })
    }

    /// Uses of `t`, if the file has a column for it.
    pub fn count(&self, columns: &Columns, t: Rung) -> Option<u32> {
        columns
            .techniques
            .iter()
            .position(|&c| c == t)
            .and_then(|i| self.counts.get(i).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;
    use crate::se::Difficulty;
    use crate::se::named::SeRule;

    fn hodoku(techniques: &[Technique]) -> Vec<Rung> {
        techniques.iter().copied().map(Rung::Hodoku).collect()
    }

    #[test]
    fn a_record_survives_a_round_trip_through_csv() {
        let columns = Columns {
            grader: Grader::Hodoku,
            techniques: hodoku(&[Technique::NakedSingle, Technique::XWing]),
            solution: true,
            se: true,
            rest: true,
        };
        let record = Record {
            source: "data/x.txt".into(),
            line: 7,
            puzzle: ".".repeat(81),
            givens: Some(17),
            status: Status::Solved,
            steps: 60,
            placements: 64,
            eliminations: 3,
            hardest: Some(Rung::Hodoku(Technique::XWing)),
            score: 396,
            level: Some(Level::Hard),
            micros: 42,
            error: String::new(),
            counts: vec![59, 1],
            solution: Some("1".repeat(81)),
            se: Some(SeGrade {
                er: Bound::AtLeast(Difficulty(9.5)),
                ep: Bound::Exact(Difficulty(7.2)),
                ed: Bound::Exact(Difficulty(1.2)),
            }),
            rest: "4.5\t\"rated\", by hand".into(),
        };
        let mut out = csv::Writer::from_writer(vec![]);
        out.write_record(columns.header()).unwrap();
        out.write_record(record.fields(&columns)).unwrap();
        let mut bytes = out.into_inner().unwrap();
        let mut rows = CsvRows::default();
        record.write(&columns, &mut rows);
        bytes.extend_from_slice(rows.bytes());
        let text = String::from_utf8(bytes.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1], lines[2],
            "write() and fields() give the same bytes"
        );
        let mut reader = csv::Reader::from_reader(bytes.as_slice());
        let read_columns = Columns::from_header(reader.headers().unwrap()).unwrap();
        assert_eq!(read_columns, columns);
        let rows: Vec<_> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0], rows[1], "write() and fields() agree");
        let back = Record::from_row(&read_columns, &rows[0]).unwrap();
        assert_eq!(back, record);
        assert_eq!(
            back.count(&columns, Rung::Hodoku(Technique::XWing)),
            Some(1)
        );
        assert_eq!(
            back.count(&columns, Rung::Hodoku(Technique::Swordfish)),
            None
        );
    }

    #[test]
    fn an_invalid_row_with_awkward_text_round_trips() {
        let columns = Columns {
            grader: Grader::Hodoku,
            techniques: hodoku(&[Technique::NakedSingle]),
            solution: true,
            se: false,
            rest: false,
        };
        let record = Record {
            puzzle: "12,\"3\"\t\u{fffd}".into(),
            error: "bad character ',' at position 3".into(),
            ..Record::new("odd, \"name\".txt", 3, 1)
        };
        let mut out = csv::Writer::from_writer(vec![]);
        out.write_record(columns.header()).unwrap();
        out.write_record(record.fields(&columns)).unwrap();
        let mut bytes = out.into_inner().unwrap();
        let by_fields = bytes.len();
        let mut rows = CsvRows::default();
        record.write(&columns, &mut rows);
        bytes.extend_from_slice(rows.bytes());
        let header_end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        assert_eq!(
            &bytes[header_end..by_fields],
            rows.bytes(),
            "the same bytes as csv"
        );
        let mut reader = csv::Reader::from_reader(bytes.as_slice());
        let row = reader.records().next().unwrap().unwrap();
        assert_eq!(row.len(), columns.header().len());
        assert_eq!(Record::from_row(&columns, &row).unwrap(), record);
        assert_eq!(record.fields(&columns).len(), columns.header().len());
    }

    #[test]
    fn the_rest_column_is_in_the_header_only_when_asked_for_and_read_back_by_name() {
        let mut columns = Columns {
            grader: Grader::Hodoku,
            techniques: hodoku(&[Technique::NakedSingle]),
            solution: false,
            se: false,
            rest: false,
        };
        assert!(!columns.header().contains(&"rest"));
        columns.rest = true;
        let header = columns.header();
        assert_eq!(header.last(), Some(&"rest"));
        let read = Columns::from_header(&csv::StringRecord::from(header)).unwrap();
        assert_eq!(read, columns);
        let record = Record {
            rest: "5.6".into(),
            ..Record::new("a.txt", 1, 1)
        };
        let row = csv::StringRecord::from(record.fields(&columns));
        assert_eq!(row.get(row.len() - 1), Some("5.6"));
        assert_eq!(Record::from_row(&columns, &row).unwrap(), record);
    }

    #[test]
    fn a_row_along_se_s_path_has_se_s_rules_and_no_hodoku_grade() {
        let rule = |name| Rung::Se(SeRule::from_name(name).unwrap());
        let columns = Columns {
            grader: Grader::Se,
            techniques: vec![rule("hidden-single"), rule("x-wing")],
            solution: false,
            se: true,
            rest: true,
        };
        let header = columns.header();
        assert!(!header.contains(&"score") && !header.contains(&"level"));
        assert_eq!(header[8..11], ["hardest", "micros", "error"]);
        assert_eq!(
            header[11..],
            ["hidden-single", "x-wing", "er", "ep", "ed", "rest"]
        );
        let record = Record {
            puzzle: ".".repeat(81),
            givens: Some(24),
            status: Status::Solved,
            steps: 50,
            placements: 57,
            eliminations: 4,
            hardest: Some(rule("x-wing")),
            micros: 9,
            counts: vec![49, 1],
            se: Some(SeGrade {
                er: Bound::Exact(Difficulty(3.2)),
                ep: Bound::Exact(Difficulty(3.2)),
                ed: Bound::Exact(Difficulty(1.2)),
            }),
            rest: "x".into(),
            ..Record::new("a.txt", 4, 2)
        };
        let read = Columns::from_header(&csv::StringRecord::from(header)).unwrap();
        assert_eq!(read, columns);
        let row = csv::StringRecord::from(record.fields(&columns));
        assert_eq!(row.len(), columns.header().len());
        assert_eq!(Record::from_row(&read, &row).unwrap(), record);
        // The same name in a HoDoKu file is HoDoKu's technique.
        let hodoku_columns = Columns {
            grader: Grader::Hodoku,
            ..columns
        };
        let read = Columns::from_header(&csv::StringRecord::from(hodoku_columns.header()));
        assert_eq!(
            read.unwrap().techniques,
            hodoku(&[Technique::HiddenSingle, Technique::XWing])
        );
    }

    #[test]
    fn status_names_round_trip() {
        for s in Status::ALL {
            assert_eq!(s.name().parse::<Status>().unwrap(), s);
        }
        assert!("solved!".parse::<Status>().is_err());
    }
}
