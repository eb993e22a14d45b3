//! A ladder: the ordered list of techniques a solver tries, simplest first. Ladders are
//! data: a preset name, `all`, or a comma list of technique names and HoDoKu codes.

use crate::hodoku::catalogue::Technique;
use crate::policy::{Fallback, Policy};
use std::fmt;
use thiserror::Error;

/// The ladder name that stands for every technique but brute force, in catalogue order.
pub const ALL: &str = "all";

/// An ordered list of distinct techniques.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ladder {
    rungs: Vec<Technique>,
}

/// Why a ladder specification was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LadderError {
    /// A name that is no technique, code or preset.
    #[error("unknown technique {name:?}; {}", help_for(name))]
    Unknown {
        /// The name as written.
        name: String,
    },
    /// A technique named twice.
    #[error("technique {0} appears twice in the ladder")]
    Duplicate(Technique),
    /// No technique at all.
    #[error("the ladder is empty")]
    Empty,
}

/// What to tell someone who wrote `name`: the technique or preset they most likely meant,
/// if one is close, and where to find them all (never the whole list: it runs to pages).
fn help_for(name: &str) -> String {
    let techniques = Technique::ALL.iter().flat_map(|t| {
        let shown = format!("{} ({})", t.name(), t.code());
        [t.name(), t.code(), t.label()].map(move |k| (k, shown.clone()))
    });
    let presets = PRESETS.iter().map(|p| p.name).chain([ALL]);
    let meant =
        crate::suggest::closest(name, techniques.chain(presets.map(|p| (p, p.to_string()))));
    let listed = format!(
        "`sudolab techniques` lists them all; presets: {}; `{ALL}`: every technique but brute force",
        preset_names()
    );
    match meant {
        Some(meant) => format!("did you mean {meant}? ({listed})"),
        None => listed,
    }
}

fn preset_names() -> String {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    names.join(", ")
}

/// A named configuration: a ladder, and the step policy and fallback it runs under when
/// named alone (`--ladder lcm`; a preset inside a list, `lcm,x-wing`, gives its techniques only).
pub struct Preset {
    /// The name given to `--ladder` (`standard`).
    pub name: &'static str,
    /// One line: what the ladder holds.
    pub description: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// Its policy, when it is not the default.
    pub policy: Option<Policy>,
    /// Its fallback, when it has one.
    pub fallback: Option<Fallback>,
    rungs: fn() -> Vec<Technique>,
}

/// The presets, in the order `--help` lists them.
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "singles",
        description: "full house, naked single, hidden single",
        source: "the singles every human-style solver starts with, as HoDoKu names them",
        policy: None,
        fallback: None,
        rungs: || {
            use Technique::*;
            vec![FullHouse, NakedSingle, HiddenSingle]
        },
    },
    Preset {
        name: "blog",
        description: "naked singles, pairs and triples, hidden singles, pairs and triples, locked \
                      candidates, fish, XY- and XYZ-Wing, each rung applying all it finds (sweep)",
        source: "Stuart McHattie's blog series on a human-style solver, the solver sudolab grew \
                 from (its puzzles are data/blog.txt)",
        policy: Some(Policy::Sweep),
        fallback: None,
        rungs: || {
            use Technique::*;
            vec![
                NakedSingle,
                NakedPair,
                NakedTriple,
                HiddenSingle,
                HiddenPair,
                HiddenTriple,
                LockedCandidatesPointing,
                LockedCandidatesClaiming,
                XWing,
                Swordfish,
                Jellyfish,
                XyWing,
                XyzWing,
            ]
        },
    },
    Preset {
        name: "lcm",
        description: "recalculation (naked singles), single appearance (hidden singles), locked \
                      candidates (pointing) and conjugate groups (naked subsets of 2 to 7 cells: \
                      locked and naked pairs to quads, and the hidden pairs to quads that are \
                      the larger ones' complements) on an operation queue, then brute force",
        source: "Henry Mercer, \"Solving Sudoku Puzzles Using Logical Candidate Methods\" (2013), \
                 henrymercer.name/2013/11/solving-sudoku-logically",
        policy: Some(Policy::Queue),
        fallback: Some(Fallback::BruteForce),
        rungs: || {
            use Technique::*;
            vec![
                NakedSingle,
                HiddenSingle,
                LockedCandidatesPointing,
                LockedPair,
                NakedPair,
                LockedTriple,
                NakedTriple,
                NakedQuad,
                HiddenPair,
                HiddenTriple,
                HiddenQuad,
            ]
        },
    },
    Preset {
        name: "related-sets",
        description: "singles, then for 2, 3 and 4 in turn: hidden subsets, (locked and) naked \
                      subsets and fish of that size: pairs and X-Wing before triples and \
                      Swordfish before quads and Jellyfish",
        source: "James Pike's Related Sets algorithm, sudokuwiki.org/Related_Sets_Algorithm",
        policy: None,
        fallback: None,
        rungs: || {
            use Technique::*;
            vec![
                FullHouse,
                NakedSingle,
                HiddenSingle,
                HiddenPair,
                LockedPair,
                NakedPair,
                XWing,
                HiddenTriple,
                LockedTriple,
                NakedTriple,
                Swordfish,
                HiddenQuad,
                NakedQuad,
                Jellyfish,
            ]
        },
    },
    Preset {
        name: "standard",
        description: "HoDoKu 2.2's default configuration: the techniques it enables, in its order (the default)",
        source: "HoDoKu 2.2's default solving configuration",
        policy: None,
        fallback: None,
        rungs: || {
            Technique::ALL
                .iter()
                .copied()
                .filter(|t| t.info().standard)
                .collect()
        },
    },
];

impl Preset {
    /// The preset called `name` (case and surrounding blanks aside).
    pub fn named(name: &str) -> Option<&'static Preset> {
        PRESETS
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The preset's techniques, in order.
    pub fn ladder(&self) -> Ladder {
        Ladder {
            rungs: (self.rungs)(),
        }
    }
}

impl Default for Ladder {
    /// The `standard` preset.
    fn default() -> Self {
        Ladder::preset("standard").expect("the standard preset exists")
    }
}

impl Ladder {
    /// A ladder of distinct techniques, in the order given.
    pub fn new(rungs: Vec<Technique>) -> Result<Ladder, LadderError> {
        if rungs.is_empty() {
            return Err(LadderError::Empty);
        }
        for (i, t) in rungs.iter().enumerate() {
            if rungs[..i].contains(t) {
                return Err(LadderError::Duplicate(*t));
            }
        }
        Ok(Ladder { rungs })
    }

    /// The preset called `name`.
    pub fn preset(name: &str) -> Option<Ladder> {
        Preset::named(name).map(Preset::ladder)
    }

    /// Every technique but brute force (which would settle any puzzle and say nothing
    /// about it), in catalogue (HoDoKu) order: what `all` names.
    pub fn all() -> Ladder {
        Ladder {
            rungs: Technique::ALL
                .iter()
                .copied()
                .filter(|&t| t != Technique::BruteForce)
                .collect(),
        }
    }

    /// A comma list of technique names, HoDoKu codes, presets and `all`, a preset (or
    /// `all`) standing for its techniques in order (`n1,h1,lc1,n2`, `standard`, `singles,fc`).
    pub fn parse(spec: &str) -> Result<Ladder, LadderError> {
        let mut rungs = Vec::new();
        for name in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if name.eq_ignore_ascii_case(ALL) {
                rungs.extend_from_slice(Ladder::all().rungs());
            } else if let Some(preset) = Ladder::preset(name) {
                rungs.extend_from_slice(preset.rungs());
            } else {
                rungs.push(
                    Technique::from_name(name).ok_or_else(|| LadderError::Unknown {
                        name: name.to_string(),
                    })?,
                );
            }
        }
        Ladder::new(rungs)
    }

    /// The techniques in order.
    pub fn rungs(&self) -> &[Technique] {
        &self.rungs
    }

    /// Whether `t` is one of the rungs.
    pub fn contains(&self, t: Technique) -> bool {
        self.rungs.contains(&t)
    }

    /// Where `t` stands in the ladder.
    pub fn position(&self, t: Technique) -> Option<usize> {
        self.rungs.iter().position(|&r| r == t)
    }

    /// This ladder with `t` appended, unless it is already there.
    pub fn with(&self, t: Technique) -> Ladder {
        let mut rungs = self.rungs.clone();
        if !rungs.contains(&t) {
            rungs.push(t);
        }
        Ladder { rungs }
    }

    /// This ladder with `fallback`'s rung appended (Brute Force), if it has one.
    pub fn with_fallback(&self, fallback: Fallback) -> Ladder {
        match fallback {
            Fallback::None => self.clone(),
            Fallback::BruteForce => self.with(Technique::BruteForce),
        }
    }

    /// This ladder without `t` (possibly empty: check before solving).
    pub fn without(&self, t: Technique) -> Ladder {
        Ladder {
            rungs: self.rungs.iter().copied().filter(|&r| r != t).collect(),
        }
    }
}

impl fmt::Display for Ladder {
    /// The comma list of names, which [`Ladder::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.rungs.iter().map(|t| t.name()).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Technique::*;

    #[test]
    fn a_fallback_extends_the_ladder_with_its_rung() {
        let singles = Ladder::parse("singles").unwrap();
        assert_eq!(singles.with_fallback(Fallback::None), singles);
        let extended = singles.with_fallback(Fallback::BruteForce);
        assert_eq!(extended.rungs().last(), Some(&BruteForce));
        assert_eq!(extended.rungs().len(), 4);
        assert_eq!(extended.with_fallback(Fallback::BruteForce), extended);
    }

    #[test]
    fn parses_presets_names_and_codes() {
        assert_eq!(
            Ladder::parse("singles").unwrap().rungs(),
            &[FullHouse, NakedSingle, HiddenSingle]
        );
        let l = Ladder::parse("n1, hidden-single,LC1,n2").unwrap();
        assert_eq!(
            l.rungs(),
            &[
                NakedSingle,
                HiddenSingle,
                LockedCandidatesPointing,
                NakedPair
            ]
        );
        assert_eq!(Ladder::parse(&l.to_string()).unwrap(), l);
        let standard = Ladder::default();
        assert_eq!(standard.rungs()[0], FullHouse);
        assert!(!standard.contains(BruteForce));
        assert_eq!(Ladder::parse("blog").unwrap().rungs().len(), 13);
        // A preset in a list stands for its techniques, in place.
        assert_eq!(
            Ladder::parse("singles, fc").unwrap().rungs(),
            &[FullHouse, NakedSingle, HiddenSingle, ForcingChain]
        );
        assert_eq!(
            Ladder::parse("lc1,SINGLES").unwrap().rungs(),
            &[
                LockedCandidatesPointing,
                FullHouse,
                NakedSingle,
                HiddenSingle
            ]
        );
    }

    #[test]
    fn all_is_every_technique_but_brute_force_in_catalogue_order() {
        for spec in ["all", "ALL", " all "] {
            let all = Ladder::parse(spec).unwrap();
            assert_eq!(all.rungs().len(), Technique::ALL.len() - 1);
            assert!(!all.contains(BruteForce));
            assert!(all.rungs().windows(2).all(|w| w[0] < w[1]));
        }
        assert_eq!(
            Ladder::parse("all,bf").unwrap().rungs().last(),
            Some(&BruteForce)
        );
        assert_eq!(
            Ladder::parse("n1,all"),
            Err(LadderError::Duplicate(NakedSingle))
        );
    }

    #[test]
    fn refuses_unknown_duplicate_and_empty() {
        let err = Ladder::parse("n1,nope").unwrap_err();
        assert_eq!(
            err,
            LadderError::Unknown {
                name: "nope".into()
            }
        );
        // Nothing near: where to look, not pages of names.
        let text = err.to_string();
        assert!(
            text.contains("`sudolab techniques` lists them all"),
            "{text}"
        );
        assert!(text.contains("presets: singles, blog, lcm, related-sets, standard"));
        assert!(!text.contains("naked-single"), "{text}");
        assert!(text.len() < 200, "{text}");
        // A slip gets the name meant, not the whole list.
        for (slip, meant) in [
            ("xwing", "x-wing (bf2)"),
            ("X Wing", "x-wing (bf2)"),
            ("nakedsingle", "naked-single (n1)"),
            ("skyscrapper", "skyscraper (sk)"),
            ("standart", "standard"),
            ("al", "all"),
        ] {
            let text = Ladder::parse(slip).unwrap_err().to_string();
            assert!(
                text.contains(&format!("did you mean {meant}?")),
                "{slip}: {text}"
            );
            assert!(text.len() < 250, "{text}");
        }
        assert_eq!(
            Ladder::parse("n1,naked-single"),
            Err(LadderError::Duplicate(NakedSingle))
        );
        assert_eq!(
            Ladder::parse("singles,fh"),
            Err(LadderError::Duplicate(FullHouse))
        );
        assert_eq!(Ladder::parse(" , "), Err(LadderError::Empty));
    }
}
