//! The report's charts: grouped bar charts drawn with plotters' SVG backend, one bar per
//! category and series (a series is one results file). Bars with a zero value are not
//! drawn. Horizontal charts suit long technique names; vertical ones suit histograms.

use plotters::coord::Shift;
use plotters::prelude::*;
use thiserror::Error;

/// Why a chart could not be drawn.
#[derive(Debug, Error)]
#[error("drawing the chart {title:?}: {message}")]
pub struct ChartError {
    title: String,
    message: String,
}

/// The fill colours of the series, in order (Tableau 10), and their SVG spelling.
pub const PALETTE: [(u8, u8, u8); 6] = [
    (0x4e, 0x79, 0xa7),
    (0xf2, 0x8e, 0x2b),
    (0x59, 0xa1, 0x4f),
    (0xe1, 0x57, 0x59),
    (0x76, 0xb7, 0xb2),
    (0xb0, 0x7a, 0xa1),
];

/// One series of values, aligned with the chart's categories.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
}

/// A grouped bar chart.
#[derive(Clone, Debug)]
pub struct BarChart {
    pub title: String,
    /// What the value axis measures.
    pub value_label: String,
    /// What the categories are (the category axis's title).
    pub category_label: String,
    /// The most the value axis may show (100 for shares): the head room for the legend
    /// never takes it past this.
    pub value_max: Option<f64>,
    pub categories: Vec<String>,
    pub series: Vec<Series>,
    /// Bars grow to the right, categories listed top to bottom.
    pub horizontal: bool,
}

const FONT: &str = "sans-serif";

impl BarChart {
    /// The chart as an SVG document.
    pub fn to_svg(&self) -> Result<String, ChartError> {
        let n = self.categories.len().max(1);
        let longest = self.categories.iter().map(|c| c.len()).max().unwrap_or(1);
        let size = if self.horizontal {
            (
                760,
                (n as u32 * (12 + 8 * self.series.len() as u32)).max(160) + 110,
            )
        } else {
            (760, 380)
        };
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            self.draw(&root, longest).map_err(|message| ChartError {
                title: self.title.clone(),
                message,
            })?;
            root.present().map_err(|e| ChartError {
                title: self.title.clone(),
                message: e.to_string(),
            })?;
        }
        Ok(svg)
    }

    fn draw(
        &self,
        root: &DrawingArea<SVGBackend<'_>, Shift>,
        longest: usize,
    ) -> Result<(), String> {
        root.fill(&WHITE).map_err(message)?;
        let n = self.categories.len().max(1);
        let max = self
            .series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .fold(0.0f64, f64::max);
        // Head room for the legend, one line per series, so that it covers no bar.
        let room = match self.series.len() {
            0 | 1 => 1.08,
            n => 1.1 + 0.12 * n as f64,
        };
        let mut top = if max > 0.0 { max * room } else { 1.0 };
        if let Some(cap) = self.value_max {
            top = top.min(cap).max(max);
        }
        let slots = (-0.5f64)..(n as f64 - 0.5);
        let name_of = |v: &f64| {
            let i = v.round();
            if (v - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            let i = i as usize;
            let i = if self.horizontal {
                n.wrapping_sub(1 + i)
            } else {
                i
            };
            self.categories.get(i).cloned().unwrap_or_default()
        };
        let mut builder = ChartBuilder::on(root);
        builder.caption(&self.title, (FONT, 20)).margin(12);
        let label_area = (longest as u32 * 7 + 12).min(300);
        let band = 0.8 / self.series.len().max(1) as f64;
        // Category i sits at i (top to bottom when horizontal); its bars share a band of 0.8.
        let bar = |i: usize, j: usize| {
            let center = if self.horizontal {
                (n - 1 - i) as f64
            } else {
                i as f64
            };
            // Series in order top to bottom (horizontal) or left to right.
            let start = if self.horizontal {
                center + 0.4 - (j + 1) as f64 * band
            } else {
                center - 0.4 + j as f64 * band
            };
            (start, start + band * 0.92)
        };
        // The value axis and the category axis, in (x, y) order.
        let mut chart = if self.horizontal {
            builder
                .x_label_area_size(40)
                .y_label_area_size(label_area + 24);
            let mut chart = builder
                .build_cartesian_2d(0.0..top, slots)
                .map_err(message)?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .light_line_style(WHITE)
                .y_labels(n)
                .y_label_formatter(&name_of)
                .x_desc(&self.value_label)
                .y_desc(&self.category_label)
                .label_style((FONT, 13))
                .draw()
                .map_err(message)?;
            chart
        } else {
            builder.x_label_area_size(60).y_label_area_size(60);
            let mut chart = builder
                .build_cartesian_2d(slots, 0.0..top)
                .map_err(message)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .light_line_style(WHITE)
                .x_labels(n)
                .x_label_formatter(&name_of)
                .y_desc(&self.value_label)
                .x_desc(&self.category_label)
                .label_style((FONT, 13))
                .draw()
                .map_err(message)?;
            chart
        };
        for (j, series) in self.series.iter().enumerate() {
            let color = series_color(j);
            let bars = series.values.iter().enumerate().filter(|(_, v)| **v > 0.0);
            let drawn = chart
                .draw_series(bars.map(|(i, &v)| {
                    let (lo, hi) = bar(i, j);
                    let corners = if self.horizontal {
                        [(0.0, lo), (v, hi)]
                    } else {
                        [(lo, 0.0), (hi, v)]
                    };
                    Rectangle::new(corners, color.filled())
                }))
                .map_err(message)?;
            if self.series.len() > 1 {
                drawn.label(&series.name).legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
            }
        }
        self.legend(&mut chart).map_err(message)?;
        Ok(())
    }

    fn legend<'a, X, Y>(
        &self,
        chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    ) -> Result<(), String>
    where
        X: plotters::coord::ranged1d::Ranged<ValueType = f64>,
        Y: plotters::coord::ranged1d::Ranged<ValueType = f64>,
    {
        if self.series.len() > 1 {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.9))
                .border_style(BLACK.mix(0.4))
                .label_font((FONT, 13))
                .draw()
                .map_err(message)?;
        }
        Ok(())
    }
}

fn message(error: impl std::fmt::Display) -> String {
    error.to_string()
}

fn series_color(j: usize) -> RGBColor {
    let (r, g, b) = PALETTE[j % PALETTE.len()];
    RGBColor(r, g, b)
}

/// The SVG fill attribute of series `j`'s bars, e.g. `#4E79A7`.
pub fn series_fill(j: usize) -> String {
    let (r, g, b) = PALETTE[j % PALETTE.len()];
    format!("#{r:02X}{g:02X}{b:02X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values along the chart's axes.
    fn numbers(svg: &str) -> Vec<f64> {
        svg.split('>')
            .filter_map(|part| part.split('<').next()?.trim().parse::<f64>().ok())
            .collect()
    }

    #[test]
    fn a_capped_value_axis_ends_at_its_cap_even_with_a_full_bar_and_a_legend() {
        let chart = |value_max| BarChart {
            title: "t".into(),
            value_label: "share of puzzles (%)".into(),
            category_label: "status".into(),
            value_max,
            categories: vec!["solved".into(), "stuck".into()],
            series: vec![
                Series {
                    name: "a".into(),
                    values: vec![100.0, 0.0],
                },
                Series {
                    name: "b".into(),
                    values: vec![40.0, 60.0],
                },
            ],
            horizontal: false,
        };
        let capped = numbers(&chart(Some(100.0)).to_svg().unwrap());
        assert_eq!(
            capped.iter().copied().fold(0.0, f64::max),
            100.0,
            "{capped:?}"
        );
        let free = numbers(&chart(None).to_svg().unwrap());
        assert!(
            free.iter().any(|&v| v > 100.0),
            "room for the legend: {free:?}"
        );
    }
}
