//! `report`: one or more results files turned into a Markdown page and the same as a
//! self-contained HTML page, with SVG charts. Nothing in a report depends on when it was
//! made: the same files give the same report.

pub mod charts;
pub mod explained;
pub mod html;
pub mod markdown;
mod se_rating;

use super::results::ResultSet;
use charts::ChartError;
use markdown::Chart;
use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a report could not be made.
#[derive(Debug, Error)]
pub enum ReportError {
    #[error(transparent)]
    Chart(#[from] ChartError),
    #[error("{path}: {error}")]
    Io { path: String, error: io::Error },
}

/// A report ready to be written: its Markdown, its HTML and its charts as SVG.
#[derive(Clone, Debug)]
pub struct Report {
    pub markdown: String,
    pub html: String,
    pub charts: Vec<(Chart, String)>,
}

/// The report's Markdown file name; the HTML page and the charts sit beside it.
pub const MARKDOWN_FILE: &str = "report.md";
pub const HTML_FILE: &str = "report.html";

impl Report {
    pub fn new(sets: &[ResultSet]) -> Result<Report, ChartError> {
        let (markdown, charts) = markdown::build(sets);
        let charts = charts
            .into_iter()
            .map(|c| {
                let svg = c.chart.to_svg()?;
                Ok((c, svg))
            })
            .collect::<Result<Vec<_>, ChartError>>()?;
        let html = html::page("sudolab report", &markdown, &charts);
        Ok(Report {
            markdown,
            html,
            charts,
        })
    }

    /// Writes every file into `dir` (which must exist) and returns their paths.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let mut files = vec![
            (dir.join(MARKDOWN_FILE), self.markdown.as_str()),
            (dir.join(HTML_FILE), self.html.as_str()),
        ];
        for (chart, svg) in &self.charts {
            files.push((dir.join(chart.file), svg.as_str()));
        }
        files
            .into_iter()
            .map(|(path, text)| {
                std::fs::write(&path, text).map_err(|error| ReportError::Io {
                    path: path.display().to_string(),
                    error,
                })?;
                Ok(path)
            })
            .collect()
    }
}
