//! `explain` in pictures: every step of a path drawn as a solver draws it ([`scene`] reads
//! what to draw from the step's JSON, [`svg`] draws it), as one self-contained HTML page
//! ([`page`]) or one SVG file per picture. Runs of singles fold into one picture unless
//! every step is asked for.

pub mod page;
pub mod scene;
pub mod svg;

use scene::{Scene, SceneError};
use serde_json::Value;
use std::path::Path;
use thiserror::Error;

/// Why pictures could not be written.
#[derive(Debug, Error)]
pub enum PictureError {
    #[error(transparent)]
    Scene(#[from] SceneError),
    #[error("{path}: {error}")]
    Io { path: String, error: std::io::Error },
}

/// One drawing: a step, or a run of singles folded together.
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    /// The steps it shows, in order (one unless singles are folded).
    pub steps: &'a [Value],
    pub scene: Scene,
}

impl Picture<'_> {
    /// The 1-based numbers of its first and last steps.
    pub fn numbers(&self) -> (u64, u64) {
        let number = |step: &Value| step["number"].as_u64().unwrap_or_default();
        (
            number(&self.steps[0]),
            number(&self.steps[self.steps.len() - 1]),
        )
    }

    /// Whether it folds a run of singles.
    pub fn is_folded(&self) -> bool {
        self.steps.len() > 1
    }

    /// A name for it, unique in its path: `step-007`, or `steps-003-014` for a run.
    pub fn name(&self) -> String {
        match self.numbers() {
            (first, last) if first == last => format!("step-{first:03}"),
            (first, last) => format!("steps-{first:03}-{last:03}"),
        }
    }
}

/// A single: HoDoKu's path says so in the step's pattern, SE's in its rule.
fn is_single(step: &Value) -> bool {
    step["pattern"]["kind"] == "single"
        || matches!(
            step["rule"].as_str(),
            Some("hidden-single" | "naked-single")
        )
}

/// The pictures of `steps` (as `explain --format json --grid` gives them): one per step
/// with `all_steps`, else one per step that is not a single and one per run of two singles
/// or more.
pub fn pictures(steps: &[Value], all_steps: bool) -> Result<Vec<Picture<'_>>, SceneError> {
    let mut pictures = Vec::new();
    let mut at = 0;
    while at < steps.len() {
        let run = if all_steps {
            1
        } else {
            steps[at..]
                .iter()
                .take_while(|s| is_single(s))
                .count()
                .max(1)
        };
        let shown = &steps[at..at + run];
        let scene = match shown {
            [one] => Scene::of_step(one)?,
            many => Scene::of_singles(many)?,
        };
        pictures.push(Picture {
            steps: shown,
            scene,
        });
        at += run;
    }
    Ok(pictures)
}

/// Writes the pictures of `explanation` (as `explain --format json --grid` gives it) into
/// `dir` (made if missing), one SVG file each, named by [`Picture::name`]; returns how many.
pub fn write_svgs(explanation: &Value, all_steps: bool, dir: &Path) -> Result<usize, PictureError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |error| PictureError::Io { path, error }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let steps = explanation["steps"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let pictures = pictures(steps, all_steps)?;
    for picture in &pictures {
        let name = picture.name();
        let title = match picture.steps {
            [one] => one["text"].as_str().unwrap_or_default().to_string(),
            many => format!("{} singles", many.len()),
        };
        let path = dir.join(format!("{name}.svg"));
        let svg = svg::render(&picture.scene, &name, &title, true);
        std::fs::write(&path, svg).map_err(io(&path))?;
    }
    Ok(pictures.len())
}

/// `text` escaped for HTML and XML text and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    pulldown_cmark_escape::escape_html(&mut out, text).expect("writing to a String");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn step(number: u64, kind: &str) -> Value {
        json!({
            "number": number,
            "grid": vec![json!({"candidates": [1, 2]}); 81],
            "placed": [], "removed": [], "cells": [],
            "pattern": {"kind": kind},
        })
    }

    #[test]
    fn runs_of_singles_fold_unless_every_step_is_asked_for() {
        let steps = vec![
            step(1, "single"),
            step(2, "single"),
            step(3, "single"),
            step(4, "cells"),
            step(5, "single"),
        ];
        let folded = pictures(&steps, false).unwrap();
        let names: Vec<String> = folded.iter().map(Picture::name).collect();
        assert_eq!(names, ["steps-001-003", "step-004", "step-005"]);
        assert!(folded[0].is_folded());
        assert_eq!(pictures(&steps, true).unwrap().len(), 5);
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
