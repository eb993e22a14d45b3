//! `sudolab techniques`: the technique catalogue as a table, CSV or JSON: name (what ladders and
//! CSV columns use), HoDoKu code (an accepted alias), label, HoDoKu's level and base score,
//! and the presets each technique belongs to; with `--presets`, the presets themselves: their
//! techniques, policy and fallback, what they are and where they come from.

use crate::hodoku::catalogue::Technique;
use crate::ladder::{PRESETS, Preset};
use crate::policy::{Fallback, Policy};
use clap::ValueEnum;
use std::io::{self, Write};
use std::process::ExitCode;

const EXAMPLES: &str = r#"Examples:
  sudolab techniques
  sudolab techniques --format csv | grep unfair
  sudolab techniques --format json
  sudolab techniques --presets"#;

/// List every technique: name, HoDoKu code, label, level, base score and presets.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct TechniquesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// List the presets instead: techniques, policy, fallback, description and source.
    #[arg(long)]
    presets: bool,
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

/// A preset's policy and fallback as they apply when it is named alone.
fn settings(preset: &Preset) -> (Policy, Fallback) {
    (
        preset.policy.unwrap_or_default(),
        preset.fallback.unwrap_or_default(),
    )
}

/// The presets, one block each: name, settings, what it is, where from, its techniques.
fn presets_text() -> String {
    let mut text = String::new();
    for preset in PRESETS {
        let (policy, fallback) = settings(preset);
        let ladder = preset.ladder();
        text += &format!(
            "{}: {} techniques, policy {policy}, fallback {fallback}\n  {}\n  from: {}\n  techniques: {ladder}\n",
            preset.name,
            ladder.rungs().len(),
            preset.description,
            preset.source,
        );
    }
    text
}

fn presets_csv() -> anyhow::Result<Vec<u8>> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record([
        "name",
        "policy",
        "fallback",
        "techniques",
        "description",
        "source",
    ])?;
    for preset in PRESETS {
        let (policy, fallback) = settings(preset);
        out.write_record([
            preset.name,
            policy.name(),
            fallback.name(),
            &preset.ladder().to_string(),
            preset.description,
            preset.source,
        ])?;
    }
    Ok(out.into_inner()?)
}

fn presets_json() -> anyhow::Result<Vec<u8>> {
    let objects: Vec<serde_json::Value> = PRESETS
        .iter()
        .map(|preset| {
            let (policy, fallback) = settings(preset);
            let techniques: Vec<&str> = preset.ladder().rungs().iter().map(|t| t.name()).collect();
            serde_json::json!({
                "name": preset.name,
                "policy": policy.name(),
                "fallback": fallback.name(),
                "techniques": techniques,
                "description": preset.description,
                "source": preset.source,
            })
        })
        .collect();
    let mut bytes = serde_json::to_vec_pretty(&objects)?;
    bytes.push(b'\n');
    Ok(bytes)
}

pub fn execute(args: TechniquesArgs) -> anyhow::Result<ExitCode> {
    let bytes = if args.presets {
        match args.format {
            Format::Table => presets_text().into_bytes(),
            Format::Csv => presets_csv()?,
            Format::Json => presets_json()?,
        }
    } else {
        let rows = rows();
        match args.format {
            Format::Table => table(&rows).into_bytes(),
            Format::Csv => csv(&rows)?,
            Format::Json => json(&rows)?,
        }
    };
    match io::stdout().lock().write_all(&bytes) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::Ladder;

    #[test]
    fn every_technique_with_its_presets() {
        let rows = rows();
        assert_eq!(rows.len(), Technique::ALL.len());
        let naked_single = &rows[Technique::NakedSingle.index()];
        assert_eq!(naked_single[0], "naked-single");
        assert_eq!(naked_single[1], "n1");
        assert_eq!(naked_single[5], "singles blog lcm related-sets standard");
        let brute_force = &rows[Technique::BruteForce.index()];
        assert_eq!(brute_force[5], "", "brute force is only a fallback");
        let text = table(&rows);
        assert_eq!(text.lines().count(), rows.len() + 1);
        assert!(text.starts_with("name "));
        let csv = String::from_utf8(csv(&rows).unwrap()).unwrap();
        assert!(csv.starts_with("name,code,label,level,score,presets\n"));
        assert!(csv.contains("\nx-wing,bf2,X-Wing,hard,140,blog related-sets standard\n"));
    }

    #[test]
    fn the_presets_with_their_settings_and_sources() {
        let text = presets_text();
        assert_eq!(text.lines().count(), 4 * PRESETS.len());
        assert!(text.contains("lcm: 11 techniques, policy queue, fallback brute-force\n"));
        assert!(text.contains("blog: 13 techniques, policy sweep, fallback none\n"));
        let csv = String::from_utf8(presets_csv().unwrap()).unwrap();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), PRESETS.len());
        for (record, preset) in records.iter().zip(PRESETS) {
            assert_eq!(record[0], *preset.name);
            assert_eq!(Ladder::parse(&record[3]).unwrap(), preset.ladder());
            assert!(!record[4].is_empty() && !record[5].is_empty(), "{record:?}");
        }
        let json: serde_json::Value = serde_json::from_slice(&presets_json().unwrap()).unwrap();
        let related = &json[3];
        assert_eq!(related["name"], "related-sets");
        assert_eq!(related["policy"], "single");
        assert_eq!(related["techniques"][3], "hidden-pair");
    }
}
