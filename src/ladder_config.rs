//! What `--ladder` names, in full: a preset, a comma list of technique names and codes,
//! or a TOML file that also sets the step policy, the fallback and per-technique score and
//! level overrides:
//!
//! ```toml
//! techniques = ["n1", "h1", "lc1", "x-wing"]   # or one string: "standard", "n1,h1,lc1"
//! policy = "sweep"                              # single | sweep
//! fallback = "brute-force"                      # none | brute-force
//! [scores]
//! x-wing = 150
//! [levels]
//! x-wing = "hard"
//! ```
//!
//! A `--ladder` value ending in `.toml` is read as such a file; anything else is a preset or
//! a list. Unknown keys, techniques and values are errors naming the file and the key.
//! This module does not decide precedence: the command line's `--policy` and `--fallback`
//! override what the file says.

use crate::catalogue::Technique;
use crate::grade::ScoreTable;
use crate::ladder::{Ladder, LadderError};
use crate::level::Level;
use crate::solver::Policy;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use thiserror::Error;

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
    pub fn name(self) -> &'static str {
        match self {
            Fallback::None => "none",
            Fallback::BruteForce => "brute-force",
        }
    }

    /// `ladder` with this fallback's rung appended.
    pub fn extend(self, ladder: &Ladder) -> Ladder {
        match self {
            Fallback::None => ladder.clone(),
            Fallback::BruteForce => ladder.with(Technique::BruteForce),
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
                "unknown fallback {other:?}; valid: none, brute-force"
            )),
        }
    }
}

/// A ladder with the settings a ladder file may carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderConfig {
    /// The techniques, without the fallback rung.
    pub ladder: Ladder,
    /// The file's step policy, if it sets one.
    pub policy: Option<Policy>,
    /// The file's fallback, if it sets one.
    pub fallback: Option<Fallback>,
    /// Base scores and levels: HoDoKu's, with the file's overrides.
    pub scores: ScoreTable,
    /// The file the configuration came from, if any.
    pub file: Option<PathBuf>,
}

/// Why a `--ladder` value was refused.
#[derive(Debug, Error)]
pub enum LadderConfigError {
    #[error(transparent)]
    Ladder(#[from] LadderError),
    #[error("cannot read ladder file {}: {error}", path.display())]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("ladder file {}: {message}", path.display())]
    File { path: PathBuf, message: String },
}

/// The TOML layout of a ladder file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderFile {
    techniques: Techniques,
    policy: Option<String>,
    fallback: Option<String>,
    #[serde(default)]
    scores: BTreeMap<String, u32>,
    #[serde(default)]
    levels: BTreeMap<String, Level>,
}

/// `techniques` is a list of names, or one string read like `--ladder`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Techniques {
    List(Vec<String>),
    Spec(String),
}

impl LadderConfig {
    /// Reads a `--ladder` value: a `.toml` file, a preset, or a comma list.
    pub fn from_arg(spec: &str) -> Result<LadderConfig, LadderConfigError> {
        if spec.trim().to_ascii_lowercase().ends_with(".toml") {
            return LadderConfig::from_file(Path::new(spec));
        }
        Ok(LadderConfig::from_ladder(Ladder::parse(spec)?))
    }

    /// A ladder with default settings and HoDoKu's scores.
    pub fn from_ladder(ladder: Ladder) -> LadderConfig {
        LadderConfig {
            ladder,
            policy: None,
            fallback: None,
            scores: ScoreTable::default(),
            file: None,
        }
    }

    /// Reads a ladder file.
    pub fn from_file(path: &Path) -> Result<LadderConfig, LadderConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| LadderConfigError::Read {
            path: path.to_path_buf(),
            error,
        })?;
        LadderConfig::from_toml(&text, path)
    }

    /// Parses the text of a ladder file; `path` names it in errors.
    pub fn from_toml(text: &str, path: &Path) -> Result<LadderConfig, LadderConfigError> {
        let fail = |message: String| LadderConfigError::File {
            path: path.to_path_buf(),
            message,
        };
        let file: LadderFile = toml::from_str(text).map_err(|e| fail(e.to_string()))?;
        let ladder = match &file.techniques {
            Techniques::Spec(spec) => Ladder::parse(spec),
            Techniques::List(names) => names
                .iter()
                .map(|name| {
                    Technique::from_name(name)
                        .ok_or_else(|| LadderError::Unknown { name: name.clone() })
                })
                .collect::<Result<Vec<_>, _>>()
                .and_then(Ladder::new),
        }
        .map_err(|e| fail(format!("techniques: {e}")))?;
        let policy = file
            .policy
            .as_deref()
            .map(Policy::from_str)
            .transpose()
            .map_err(|e| fail(format!("policy: {e}")))?;
        let fallback = file
            .fallback
            .as_deref()
            .map(Fallback::from_str)
            .transpose()
            .map_err(|e| fail(format!("fallback: {e}")))?;
        let technique = |table: &str, name: &str| {
            Technique::from_name(name).ok_or_else(|| {
                fail(format!(
                    "[{table}] {name}: {}",
                    LadderError::Unknown {
                        name: name.to_string()
                    }
                ))
            })
        };
        let mut scores = ScoreTable::default();
        for (name, &score) in &file.scores {
            scores.set_score(technique("scores", name)?, score);
        }
        for (name, &level) in &file.levels {
            scores.set_level(technique("levels", name)?, level);
        }
        Ok(LadderConfig {
            ladder,
            policy,
            fallback,
            scores,
            file: Some(path.to_path_buf()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::TechniqueCounts;

    fn parse(text: &str) -> Result<LadderConfig, LadderConfigError> {
        LadderConfig::from_toml(text, Path::new("my.toml"))
    }

    #[test]
    fn reads_presets_and_lists_without_a_file() {
        let config = LadderConfig::from_arg("singles").unwrap();
        assert_eq!(config.ladder, Ladder::parse("singles").unwrap());
        assert_eq!(
            (config.policy, config.fallback, config.file),
            (None, None, None)
        );
        assert_eq!(config.scores, ScoreTable::default());
        let err = LadderConfig::from_arg("n1,zz").unwrap_err().to_string();
        assert!(
            err.contains("\"zz\"") && err.contains("hidden-single (h1)"),
            "{err}"
        );
    }

    #[test]
    fn reads_a_full_ladder_file() {
        let config = parse(
            r#"
            techniques = ["n1", "hidden-single", "bf2"]
            policy = "sweep"
            fallback = "brute-force"
            [scores]
            x-wing = 1001
            [levels]
            bf2 = "medium"
            "#,
        )
        .unwrap();
        assert_eq!(config.ladder, Ladder::parse("n1,h1,x-wing").unwrap());
        assert_eq!(config.policy, Some(Policy::Sweep));
        assert_eq!(config.fallback, Some(Fallback::BruteForce));
        assert_eq!(config.file.as_deref(), Some(Path::new("my.toml")));
        let mut counts = TechniqueCounts::default();
        counts[Technique::XWing] = 1;
        let grade = config.scores.grade(&counts);
        // Medium by the override, raised to hard by the overridden score.
        assert_eq!((grade.score, grade.level), (1001, Level::Hard));
    }

    #[test]
    fn techniques_may_be_one_string() {
        let config = parse(r#"techniques = "blog""#).unwrap();
        assert_eq!(config.ladder, Ladder::parse("blog").unwrap());
        assert_eq!((config.policy, config.fallback), (None, None));
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let cases = [
            (
                r#"techniques = ["n1"]
                colour = "red""#,
                "colour",
            ),
            (r#"techniques = ["n1", "nope"]"#, "nope"),
            (
                r#"techniques = ["n1"]
                policy = "greedy""#,
                "greedy",
            ),
            (
                r#"techniques = ["n1"]
                fallback = "guess""#,
                "guess",
            ),
            (
                r#"techniques = ["n1"]
                [scores]
                x-wingz = 3"#,
                "x-wingz",
            ),
            (
                r#"techniques = ["n1"]
                [levels]
                x-wing = "brutal""#,
                "brutal",
            ),
            (r#"policy = "single""#, "techniques"),
            (r#"techniques = []"#, "empty"),
        ];
        for (text, key) in cases {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.starts_with("ladder file my.toml: "), "{err}");
            assert!(err.contains(key), "{key:?} not in {err}");
        }
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = LadderConfig::from_arg("no/such/ladder.toml").unwrap_err();
        assert!(matches!(err, LadderConfigError::Read { .. }));
        assert!(err.to_string().contains("no/such/ladder.toml"), "{err}");
    }

    #[test]
    fn fallback_names_round_trip_and_extend_the_ladder() {
        for f in [Fallback::None, Fallback::BruteForce] {
            assert_eq!(f.name().parse::<Fallback>().unwrap(), f);
        }
        assert!("maybe".parse::<Fallback>().is_err());
        let singles = Ladder::parse("singles").unwrap();
        assert_eq!(Fallback::None.extend(&singles), singles);
        assert_eq!(
            Fallback::BruteForce.extend(&singles).rungs().last(),
            Some(&Technique::BruteForce)
        );
    }
}
