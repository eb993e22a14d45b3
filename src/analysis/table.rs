//! A plain table of text cells, rendered as aligned text for the terminal or as a
//! Markdown table for reports. Numeric-looking columns are right-aligned.

use std::fmt::Write;

/// A header and rows of cells; every row as long as the header.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// Whether a cell reads as a number (`12`, `-3.5`, `41.2%`, `<0.1%`, `>99.9%`, `1.05x`,
/// `+7`, `3.2 ms`), for alignment.
fn is_numeric(cell: &str) -> bool {
    let cell = [" µs", " ms", " s"]
        .iter()
        .find_map(|unit| cell.strip_suffix(unit))
        .unwrap_or(cell);
    let core = cell
        .trim_end_matches(['%', 'x'])
        .trim_start_matches(['+', '-', '<', '>']);
    !core.is_empty()
        && core
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
}

impl Table {
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Table {
        Table {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row; panics if its length differs from the header's (a programming error).
    pub fn push<S: Into<String>>(&mut self, row: impl IntoIterator<Item = S>) {
        let row: Vec<String> = row.into_iter().map(Into::into).collect();
        assert_eq!(
            row.len(),
            self.header.len(),
            "row length matches the header"
        );
        self.rows.push(row);
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Right-align a column when every non-empty cell in it is numeric.
    fn right_aligned(&self) -> Vec<bool> {
        (0..self.header.len())
            .map(|c| {
                let mut cells = self.rows.iter().map(|r| r[c].as_str());
                cells.clone().any(|s| !s.is_empty())
                    && cells.all(|s| s.is_empty() || s == "-" || is_numeric(s))
            })
            .collect()
    }

    /// Aligned plain text, columns two spaces apart, a dashed rule under the header.
    pub fn to_text(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r[c].chars().count())
                    .chain([self.header[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let right = self.right_aligned();
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let mut text = String::new();
            for (c, cell) in cells.iter().enumerate() {
                let w = widths[c];
                if c > 0 {
                    text.push_str("  ");
                }
                if right[c] {
                    write!(text, "{cell:>w$}").unwrap();
                } else {
                    write!(text, "{cell:<w$}").unwrap();
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        line(&self.header, &mut out);
        let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
        line(&rule, &mut out);
        for row in &self.rows {
            line(row, &mut out);
        }
        out
    }

    /// A GitHub-flavoured Markdown table (`|` in cells escaped).
    pub fn to_markdown(&self) -> String {
        let escape = |s: &str| s.replace('|', "\\|");
        let right = self.right_aligned();
        let mut out = String::new();
        let row = |cells: &[String]| {
            let cells: Vec<String> = cells.iter().map(|c| escape(c)).collect();
            format!("| {} |\n", cells.join(" | "))
        };
        out.push_str(&row(&self.header));
        let rule: Vec<String> = right
            .iter()
            .map(|&r| if r { "---:" } else { "---" }.to_string())
            .collect();
        out.push_str(&format!("|{}|\n", rule.join("|")));
        for cells in &self.rows {
            out.push_str(&row(cells));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_text_and_markdown() {
        let mut t = Table::new(["technique", "puzzles", "share"]);
        t.push(["x-wing", "3", "30.0%"]);
        t.push(["naked|single", "12", "-"]);
        assert_eq!(
            t.to_text(),
            "technique     puzzles  share\n\
             ------------  -------  -----\n\
             x-wing              3  30.0%\n\
             naked|single       12      -\n"
        );
        assert_eq!(
            t.to_markdown(),
            "| technique | puzzles | share |\n|---|---:|---:|\n\
             | x-wing | 3 | 30.0% |\n| naked\\|single | 12 | - |\n"
        );
    }

    #[test]
    fn recognises_numbers() {
        for n in [
            "12", "-3.5", "41.2%", "<0.1%", ">99.9%", "1.05x", "+7", "1,234", "412 µs", "1.25 s",
        ] {
            assert!(is_numeric(n), "{n}");
        }
        for s in ["x-wing", "", "-", "r1c1", "solved", " ms"] {
            assert!(!is_numeric(s), "{s}");
        }
    }
}
