//! `sudolab techniques`: the technique catalogue as a table, CSV or JSON: name (what ladders and
//! CSV columns use), HoDoKu code (an accepted alias), label, HoDoKu's level and base score,
//! and the presets each technique belongs to.

use crate::catalogue::Technique;
use crate::ladder::PRESETS;
use clap::ValueEnum;
use std::io::{self, Write};
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab techniques
  sudolab techniques --format csv | grep unfair
  sudolab techniques --format json"#;

/// List every technique: name, HoDoKu code, label, level, base score and presets.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct TechniquesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Format {
    /// Aligned columns for reading.
    Table,
    /// CSV with a header, for other tools.
    Csv,
    /// A JSON array of objects (score a number, presets a list).
    Json,
}

const HEADER: [&str; 6] = ["name", "code", "label", "level", "score", "presets"];

/// One row per technique, in catalogue (HoDoKu) order.
fn rows() -> Vec<[String; 6]> {
    Technique::ALL
        .iter()
        .map(|&t| {
            let presets: Vec<&str> = PRESETS
                .iter()
                .filter(|p| p.ladder().contains(t))
                .map(|p| p.name)
                .collect();
            [
                t.name().to_string(),
                t.code().to_string(),
                t.label().to_string(),
                t.info().level.to_string(),
                t.info().score.to_string(),
                presets.join(" "),
            ]
        })
        .collect()
}

fn table(rows: &[[String; 6]]) -> String {
    let mut widths = HEADER.map(str::len);
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 6]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut text = line(HEADER);
    for row in rows {
        text += &line(row.each_ref().map(String::as_str));
    }
    text
}

fn json(rows: &[[String; 6]]) -> anyhow::Result<Vec<u8>> {
    let objects: Vec<serde_json::Value> = rows
        .iter()
        .map(|[name, code, label, level, score, presets]| {
            serde_json::json!({
                "name": name,
                "code": code,
                "label": label,
                "level": level,
                "score": score.parse::<u32>().unwrap_or_default(),
                "presets": presets.split_whitespace().collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut bytes = serde_json::to_vec_pretty(&objects)?;
    bytes.push(b'\n');
    Ok(bytes)
}

fn csv(rows: &[[String; 6]]) -> anyhow::Result<Vec<u8>> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(HEADER)?;
    for row in rows {
        out.write_record(row)?;
    }
    Ok(out.into_inner()?)
}

pub fn execute(args: TechniquesArgs) -> anyhow::Result<ExitCode> {
    let rows = rows();
    let bytes = match args.format {
        Format::Table => table(&rows).into_bytes(),
        Format::Csv => csv(&rows)?,
        Format::Json => json(&rows)?,
    };
    match io::stdout().lock().write_all(&bytes) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_with_its_presets() {
        let rows = rows();
        assert_eq!(rows.len(), Technique::ALL.len());
        let naked_single = &rows[Technique::NakedSingle.index()];
        assert_eq!(naked_single[0], "naked-single");
        assert_eq!(naked_single[1], "n1");
        assert_eq!(naked_single[5], "singles blog standard");
        let brute_force = &rows[Technique::BruteForce.index()];
        assert_eq!(brute_force[5], "", "brute force is only a fallback");
        let text = table(&rows);
        assert_eq!(text.lines().count(), rows.len() + 1);
        assert!(text.starts_with("name "));
        let csv = String::from_utf8(csv(&rows).unwrap()).unwrap();
        assert!(csv.starts_with("name,code,label,level,score,presets\n"));
        assert!(csv.contains("\nx-wing,bf2,X-Wing,hard,140,blog standard\n"));
    }
}
