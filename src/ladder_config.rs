//! What `--ladder` names, in full: a preset, a comma list of technique names and codes,
//! or a TOML file that also sets the step policy, the fallback and per-technique score and
//! level overrides:
//!
//! ```toml
//! techniques = ["n1", "h1", "lc1", "x-wing"]   # or one string: "standard", "n1,h1,lc1"
//! policy = "sweep"                              # single | sweep | queue
//! fallback = "brute-force"                      # none | brute-force
//! [scores]
//! x-wing = 150
//! [levels]
//! x-wing = "hard"
//! ```
//!
//! A `--ladder` value ending in `.toml` is read as such a file; anything else is a preset or
//! a list. A preset named alone (`--ladder lcm`, or `techniques = "lcm"`) brings its policy
//! and fallback, which the file's keys override. Unknown keys, techniques and values are
//! errors naming the file and the key. This module does not decide precedence beyond that:
//! the command line's `--policy` and `--fallback` override what the file or preset says.

use crate::hodoku::catalogue::Technique;
use crate::hodoku::grade::ScoreTable;
use crate::hodoku::level::Level;
use crate::ladder::{Ladder, LadderError, Preset};
use crate::policy::{Fallback, Policy};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use thiserror::Error;

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
    /// The ladder's techniques were refused.
    #[error(transparent)]
    Ladder(#[from] LadderError),
    /// The file could not be read.
    #[error("cannot read ladder file {}: {error}", path.display())]
    Read {
        /// The ladder file.
        path: PathBuf,
        /// What reading it gave.
        error: std::io::Error,
    },
    /// The file is not a ladder file: what is wrong, naming the key.
    #[error("ladder file {}: {message}", path.display())]
    File {
        /// The ladder file.
        path: PathBuf,
        /// What is wrong, naming the key.
        message: String,
    },
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
    levels: BTreeMap<String, String>,
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
        Ok(LadderConfig::from_spec(spec)?)
    }

    /// A preset or a comma list; a preset named alone brings its policy and fallback.
    fn from_spec(spec: &str) -> Result<LadderConfig, LadderError> {
        let mut config = LadderConfig::from_ladder(Ladder::parse(spec)?);
        if let Some(preset) = Preset::named(spec) {
            config.policy = preset.policy;
            config.fallback = preset.fallback;
        }
        Ok(config)
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
        let named = match &file.techniques {
            Techniques::Spec(spec) => LadderConfig::from_spec(spec),
            // Each entry is read like `--ladder`: a name, a code, a preset or `all`.
            Techniques::List(names) => {
                Ladder::parse(&names.join(",")).map(LadderConfig::from_ladder)
            }
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
        for (name, level) in &file.levels {
            let level = Level::from_name(level)
                .ok_or_else(|| fail(format!("[levels] {name}: {}", Level::unknown(level))))?;
            scores.set_level(technique("levels", name)?, level);
        }
        Ok(LadderConfig {
            ladder: named.ladder,
            policy: policy.or(named.policy),
            fallback: fallback.or(named.fallback),
            scores,
            file: Some(path.to_path_buf()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::grade::TechniqueCounts;

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
            err.contains("\"zz\"") && err.contains("`sudolab techniques` lists them all"),
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
        let config = parse(r#"techniques = "n1, h1,lc1""#).unwrap();
        assert_eq!(config.ladder, Ladder::parse("n1,h1,lc1").unwrap());
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
    fn a_slip_in_a_ladder_file_gets_the_name_meant_and_no_list_of_all() {
        let cases = [
            (
                r#"techniques = ["n1", "xwng"]"#,
                "did you mean x-wing (bf2)?",
            ),
            (
                "techniques = [\"n1\"]\n[scores]\nswordfsh = 3",
                "did you mean swordfish (bf3)?",
            ),
            (
                "techniques = [\"n1\"]\n[levels]\nx-wing = \"hrad\"",
                "did you mean hard?",
            ),
            (
                "techniques = [\"n1\"]\npolicy = \"swep\"",
                "did you mean sweep?",
            ),
            (
                r#"techniques = ["n1", "zzzz"]"#,
                "`sudolab techniques` lists them all",
            ),
        ];
        for (text, meant) in cases {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(meant), "{meant:?} not in {err}");
            assert!(err.len() < 300, "{err}");
        }
    }

    #[test]
    fn a_list_entry_may_be_a_preset_or_all() {
        let config = parse(r#"techniques = ["singles", "x-wing"]"#).unwrap();
        assert_eq!(config.ladder, Ladder::parse("singles,x-wing").unwrap());
        let config = parse(r#"techniques = ["all"]"#).unwrap();
        assert_eq!(config.ladder, Ladder::all());
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = LadderConfig::from_arg("no/such/ladder.toml").unwrap_err();
        assert!(matches!(err, LadderConfigError::Read { .. }));
        assert!(err.to_string().contains("no/such/ladder.toml"), "{err}");
    }

    #[test]
    fn a_preset_named_alone_brings_its_policy_and_fallback() {
        let lcm = LadderConfig::from_arg(" LCM ").unwrap();
        assert_eq!(lcm.ladder, Ladder::preset("lcm").unwrap());
        assert_eq!(
            (lcm.policy, lcm.fallback),
            (Some(Policy::Queue), Some(Fallback::BruteForce))
        );
        let blog = LadderConfig::from_arg("blog").unwrap();
        assert_eq!((blog.policy, blog.fallback), (Some(Policy::Sweep), None));
        // In a list, a preset stands for its techniques only.
        let listed = LadderConfig::from_arg("lcm,x-wing").unwrap();
        assert_eq!((listed.policy, listed.fallback), (None, None));
        assert_eq!(listed.ladder.rungs().len(), lcm.ladder.rungs().len() + 1);
        // A file naming the preset gets its settings, unless it sets its own.
        let file = parse(r#"techniques = "lcm""#).unwrap();
        assert_eq!((file.policy, file.fallback), (lcm.policy, lcm.fallback));
        let own = parse("techniques = \"lcm\"\npolicy = \"single\"\nfallback = \"none\"").unwrap();
        assert_eq!(
            (own.policy, own.fallback),
            (Some(Policy::Single), Some(Fallback::None))
        );
        // A list file names no preset.
        let list = parse(r#"techniques = ["n1", "h1"]"#).unwrap();
        assert_eq!((list.policy, list.fallback), (None, None));
    }
}
