//! What a generated puzzle must be: its HoDoKu level and score, its hardest technique,
//! the techniques it must and must not use, its number of givens and its SE rating, all
//! read from the row `run` writes for it. Techniques are rungs of the grader whose path
//! makes the rows: HoDoKu's techniques along a ladder, SE's rules along SE's path
//! (`--ladder se`, whose rows have no HoDoKu level or score). A target is checked against
//! the rows' columns before any search ([`Target::check`]), so that one no puzzle can meet
//! is refused plainly.

use super::range::Range;
use crate::hodoku::catalogue::Technique;
use crate::hodoku::level::Level;
use crate::record::{Columns, Record, Status};
use crate::rung::{Grader, Rung};
use crate::se::Bound;
use thiserror::Error;

/// The fewest givens a puzzle with one solution can have (McGuire, Tugemann and Civario,
/// 2012: no 16-clue Sudoku exists).
pub const FEWEST_GIVENS: u32 = 17;
/// The most givens a minimal puzzle is known to have.
pub const MOST_MINIMAL_GIVENS: u32 = 40;

/// The properties a puzzle must have; an unset one accepts anything.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Target {
    /// HoDoKu's level is one of these.
    pub levels: Option<Vec<Level>>,
    /// HoDoKu's score lies in this range.
    pub score: Option<Range<u32>>,
    /// The hardest rung is one of these.
    pub hardest: Option<Vec<Rung>>,
    /// Each of these is used at least once.
    pub needs: Vec<Rung>,
    /// None of these is used.
    pub without: Vec<Rung>,
    /// The number of givens lies in this range.
    pub givens: Option<Range<u32>>,
    /// SE's rating (ER) lies in this range.
    pub er: Option<Range<f64>>,
}

/// Why no puzzle can meet a target.
#[derive(Debug, Error, PartialEq)]
pub enum TargetError {
    #[error(
        "--givens {0}: no puzzle with fewer than {FEWEST_GIVENS} givens has exactly one \
         solution (McGuire, Tugemann and Civario, 2012), so none can be generated"
    )]
    TooFewGivens(Range<u32>),
    #[error(
        "--givens {0}: no minimal puzzle is known with more than {MOST_MINIMAL_GIVENS} \
         givens; add --not-minimal for puzzles with givens to spare"
    )]
    TooManyGivens(Range<u32>),
    #[error(
        "--{option} {technique}: the ladder ({ladder}) has no {technique}, so no solve uses it"
    )]
    NotInLadder {
        option: &'static str,
        technique: Rung,
        ladder: String,
    },
    #[error("{technique} is both needed and excluded")]
    NeededAndExcluded { technique: Rung },
    #[error(
        "--needs {needed} comes after every --hardest technique in the ladder, and the hardest \
         technique is the latest used"
    )]
    NeededAfterHardest { needed: Rung },
    #[error(
        "--level and --score are HoDoKu's grade, which SE's path ({ladder}) does not give; \
         use --er for SE's rating"
    )]
    NoHodokuGrade { ladder: String },
    #[error(
        "--level: a puzzle whose hardest technique is {technique} (level {level}) is graded \
         {level} or harder, above every level asked"
    )]
    LevelBelowHardest { technique: Technique, level: Level },
}

impl Target {
    /// Refuses a target no puzzle can meet with rows of `columns` (made along the path
    /// `ladder` names, HoDoKu's levels given by `level_of`): fewer than 17 givens, more
    /// than a minimal puzzle can have (when `minimal`), a rung needed or made hardest that
    /// the path lacks or that is also excluded, HoDoKu's level or score along SE's path,
    /// and along a HoDoKu ladder a needed technique after every allowed hardest one (the
    /// hardest is the latest used; SE's is the hardest rated, so no order rules it out) or
    /// a hardest technique whose own level is above every level asked.
    pub fn check(
        &self,
        columns: &Columns,
        ladder: &str,
        minimal: bool,
        level_of: impl Fn(Technique) -> Level,
    ) -> Result<(), TargetError> {
        if let Some(givens) = self.givens {
            if givens.high.is_some_and(|high| high < FEWEST_GIVENS) {
                return Err(TargetError::TooFewGivens(givens));
            }
            if minimal && givens.low.is_some_and(|low| low > MOST_MINIMAL_GIVENS) {
                return Err(TargetError::TooManyGivens(givens));
            }
        }
        let along_hodoku = columns.grader == Grader::Hodoku;
        if !along_hodoku && (self.levels.is_some() || self.score.is_some()) {
            return Err(TargetError::NoHodokuGrade {
                ladder: ladder.to_string(),
            });
        }
        let position = |rung: Rung| columns.techniques.iter().position(|&c| c == rung);
        let not_in_ladder = |option, technique| TargetError::NotInLadder {
            option,
            technique,
            ladder: ladder.to_string(),
        };
        for &technique in &self.needs {
            if position(technique).is_none() {
                return Err(not_in_ladder("needs", technique));
            }
            if self.without.contains(&technique) {
                return Err(TargetError::NeededAndExcluded { technique });
            }
        }
        if let Some(hardest) = &self.hardest {
            // Only the allowed rungs the path has can be the hardest.
            let possible: Vec<Rung> = hardest
                .iter()
                .copied()
                .filter(|&t| position(t).is_some() && !self.without.contains(&t))
                .collect();
            let Some(&latest) = possible.iter().max_by_key(|&&t| position(t)) else {
                let technique = hardest[0];
                return Err(match self.without.contains(&technique) {
                    true => TargetError::NeededAndExcluded { technique },
                    false => not_in_ladder("hardest", technique),
                });
            };
            if along_hodoku
                && let Some(&needed) = self.needs.iter().find(|&&t| position(t) > position(latest))
            {
                return Err(TargetError::NeededAfterHardest { needed });
            }
            if let Some(levels) = &self.levels {
                let easiest = possible
                    .iter()
                    .filter_map(|t| t.technique())
                    .min_by_key(|&t| level_of(t))
                    .expect("along a HoDoKu ladder, possible rungs are techniques");
                let level = level_of(easiest);
                if levels.iter().all(|&l| l < level) {
                    return Err(TargetError::LevelBelowHardest {
                        technique: easiest,
                        level,
                    });
                }
            }
        }
        Ok(())
    }

    /// Whether a row (made with `columns`) meets every part of the target. Only solved
    /// puzzles do: the ladder must take the puzzle to the end. A rating known only as a
    /// lower bound (`>=9.5`) meets an ER range only when the range has no top and the
    /// bound is within it.
    pub fn meets(&self, record: &Record, columns: &Columns) -> bool {
        let used = |t: Rung| record.count(columns, t).is_some_and(|n| n > 0);
        record.status == Status::Solved
            && allowed(&self.levels, record.level)
            && self.score.is_none_or(|range| range.contains(record.score))
            && allowed(&self.hardest, record.hardest)
            && self.needs.iter().all(|&t| used(t))
            && !self.without.iter().any(|&t| used(t))
            && self
                .givens
                .is_none_or(|range| record.givens.is_some_and(|g| range.contains(g)))
            && self.er.is_none_or(|range| {
                record.se.is_some_and(|se| match se.er {
                    Bound::Exact(d) => range.contains(tenths(d.tenths())),
                    Bound::AtLeast(d) => range.high.is_none() && range.contains(tenths(d.tenths())),
                })
            })
    }
}

/// Whether `value` is one of `list`, when there is a list.
fn allowed<T: PartialEq>(list: &Option<Vec<T>>, value: Option<T>) -> bool {
    list.as_ref()
        .is_none_or(|list| value.is_some_and(|v| list.contains(&v)))
}

/// A rating in tenths as the number serate prints.
fn tenths(tenths: u32) -> f64 {
    f64::from(tenths) / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::grade::ScoreTable;
    use crate::ladder::Ladder;
    use crate::record::SeGrade;

    fn hodoku(t: Technique) -> Rung {
        Rung::Hodoku(t)
    }

    fn standard() -> Columns {
        Columns {
            grader: Grader::Hodoku,
            techniques: Ladder::preset("standard")
                .unwrap()
                .rungs()
                .iter()
                .copied()
                .map(hodoku)
                .collect(),
            solution: false,
            se: false,
            rest: false,
        }
    }

    fn check(target: &Target) -> Result<(), TargetError> {
        let scores = ScoreTable::default();
        target.check(&standard(), "standard", true, |t| scores.level(t))
    }

    #[test]
    fn impossible_targets_are_refused_before_any_search() {
        let givens = |text: &str| Target {
            givens: Some(text.parse().unwrap()),
            ..Target::default()
        };
        assert!(matches!(
            check(&givens("16")),
            Err(TargetError::TooFewGivens(_))
        ));
        assert_eq!(check(&givens("17")), Ok(()));
        assert!(matches!(
            check(&givens("45..")),
            Err(TargetError::TooManyGivens(_))
        ));
        let xw = hodoku(Technique::XWing);
        let both = Target {
            needs: vec![xw],
            without: vec![xw],
            ..Target::default()
        };
        assert_eq!(
            check(&both),
            Err(TargetError::NeededAndExcluded { technique: xw })
        );
        let easy_x_wing = Target {
            hardest: Some(vec![xw]),
            levels: Some(vec![Level::Easy]),
            ..Target::default()
        };
        assert!(matches!(
            check(&easy_x_wing),
            Err(TargetError::LevelBelowHardest { .. })
        ));
        let singles = Target {
            hardest: Some(vec![hodoku(Technique::HiddenSingle)]),
            needs: vec![xw],
            ..Target::default()
        };
        assert_eq!(
            check(&singles),
            Err(TargetError::NeededAfterHardest { needed: xw })
        );
        let absent = Target {
            needs: vec![hodoku(Technique::BruteForce)],
            ..Target::default()
        };
        assert!(matches!(
            check(&absent),
            Err(TargetError::NotInLadder { .. })
        ));
        let fine = Target {
            hardest: Some(vec![xw]),
            levels: Some(vec![Level::Hard]),
            needs: vec![hodoku(Technique::HiddenSingle)],
            ..Target::default()
        };
        assert_eq!(check(&fine), Ok(()));
    }

    #[test]
    fn along_se_s_path_rungs_are_se_s_rules_and_there_is_no_hodoku_grade() {
        let se = |name| Rung::from_name(Grader::Se, name).unwrap();
        let columns = Columns {
            grader: Grader::Se,
            techniques: crate::se::ladder::SeLadder::FULL
                .rules()
                .map(Rung::Se)
                .collect(),
            solution: false,
            se: true,
            rest: false,
        };
        let check = |target: &Target| target.check(&columns, "se", true, |_| Level::Easy);
        let x_wing = Target {
            hardest: Some(vec![se("x-wing")]),
            // SE's hardest is the hardest rated step, not the latest in its order.
            needs: vec![se("xy-wing")],
            ..Target::default()
        };
        assert_eq!(check(&x_wing), Ok(()));
        let hodoku_x_wing = Target {
            hardest: Some(vec![hodoku(Technique::XWing)]),
            ..Target::default()
        };
        assert!(matches!(
            check(&hodoku_x_wing),
            Err(TargetError::NotInLadder { .. })
        ));
        for graded in [
            Target {
                levels: Some(vec![Level::Hard]),
                ..Target::default()
            },
            Target {
                score: Some("1000..".parse().unwrap()),
                ..Target::default()
            },
        ] {
            assert!(matches!(
                check(&graded),
                Err(TargetError::NoHodokuGrade { .. })
            ));
        }
    }

    #[test]
    fn a_row_meets_a_target_when_every_part_holds() {
        let columns = standard();
        let mut record = Record::new("", 1, columns.techniques.len());
        record.status = Status::Solved;
        record.givens = Some(24);
        record.hardest = Some(hodoku(Technique::XWing));
        record.level = Some(Level::Hard);
        record.score = 1200;
        let xw = columns
            .techniques
            .iter()
            .position(|&t| t == hodoku(Technique::XWing))
            .unwrap();
        record.counts[xw] = 1;
        let target = Target {
            hardest: Some(vec![hodoku(Technique::XWing)]),
            levels: Some(vec![Level::Hard]),
            score: Some("1000..1500".parse().unwrap()),
            needs: vec![hodoku(Technique::XWing)],
            givens: Some("22..25".parse().unwrap()),
            ..Target::default()
        };
        assert!(target.meets(&record, &columns));
        let misses = [
            Target {
                hardest: Some(vec![hodoku(Technique::Swordfish)]),
                ..Target::default()
            },
            Target {
                score: Some("1400..".parse().unwrap()),
                ..Target::default()
            },
            Target {
                levels: Some(vec![Level::Easy, Level::Extreme]),
                ..Target::default()
            },
            Target {
                needs: vec![hodoku(Technique::Swordfish)],
                ..Target::default()
            },
            Target {
                without: vec![hodoku(Technique::XWing)],
                ..Target::default()
            },
            Target {
                givens: Some("25..".parse().unwrap()),
                ..Target::default()
            },
            Target {
                er: Some("1.0..".parse().unwrap()),
                ..Target::default()
            },
        ];
        for miss in misses {
            assert!(!miss.meets(&record, &columns), "{miss:?}");
        }
        let bound = |er| SeGrade { er, ep: er, ed: er };
        let at_least = Bound::AtLeast(crate::se::Difficulty(9.5));
        record.se = Some(bound(at_least));
        let open: Target = Target {
            er: Some("9.0..".parse().unwrap()),
            ..Target::default()
        };
        assert!(
            open.meets(&record, &columns),
            "a bound inside an open range"
        );
        let closed: Target = Target {
            er: Some("9.0..10.0".parse().unwrap()),
            ..Target::default()
        };
        assert!(
            !closed.meets(&record, &columns),
            "a bound may lie past the top"
        );
        record.status = Status::Stuck;
        assert!(
            !target.meets(&record, &columns),
            "only solved puzzles meet a target"
        );
    }
}
