//! What `unlock` and `--ablate` print and write: summary tables for the terminal, and the
//! per-puzzle CSV. CSV cannot hold a list, so each technique tried (or each rung ablated)
//! gets its own column, named by the technique: `1` yes, `0` no, empty when the puzzle was
//! not a case for it (not stuck under the base, or not solved by the full ladder).

use super::stats::percent;
use super::table::Table;
use super::unlock::{Ablation, Unlock, Unlocker};
use super::unlock_se::{Alone, SeUnlock, SeUnlocker};
use crate::catalogue::Technique;
use crate::ladder::Ladder;
use crate::record::Status;
use crate::se::solver::Producer;
use std::io;

/// `12 puzzles: 10 solved, 2 stuck` and any other statuses that occur.
fn status_line(statuses: impl Iterator<Item = Status>) -> String {
    let mut counts = [0usize; Status::ALL.len()];
    let mut total = 0;
    for s in statuses {
        counts[Status::ALL.iter().position(|&x| x == s).unwrap()] += 1;
        total += 1;
    }
    let parts: Vec<String> = Status::ALL
        .iter()
        .zip(counts)
        .filter(|&(s, n)| n > 0 || matches!(s, Status::Solved | Status::Stuck))
        .map(|(s, n)| format!("{n} {s}"))
        .collect();
    let noun = if total == 1 { "puzzle" } else { "puzzles" };
    format!("{total} {noun}: {}", parts.join(", "))
}

/// The unlock summary: per technique tried, how many stuck puzzles it unlocks alone and
/// how many need it at least; then the puzzles nothing single (or nothing at all) unlocks.
pub fn unlock_summary(unlocker: &Unlocker, results: &[Unlock]) -> String {
    let tries = unlocker.tries();
    let stuck: Vec<&Unlock> = results.iter().filter(|r| r.alone.is_some()).collect();
    let mut alone = vec![0usize; tries.len()];
    let mut needs = vec![0usize; tries.len()];
    let (mut no_single, mut beyond) = (0, 0);
    for r in &stuck {
        let flags = r.alone.as_deref().unwrap_or_default();
        for (count, &a) in alone.iter_mut().zip(flags) {
            *count += usize::from(a);
        }
        no_single += usize::from(!flags.contains(&true));
        match r.needs.and_then(|t| tries.iter().position(|&x| x == t)) {
            Some(i) => needs[i] += 1,
            None => beyond += 1,
        }
    }
    let mut table = Table::new([
        "technique",
        "unlocks alone",
        "share of stuck",
        "needs at least",
    ]);
    for (i, t) in tries.iter().enumerate() {
        table.push([
            t.name().to_string(),
            alone[i].to_string(),
            percent(alone[i], stuck.len()),
            needs[i].to_string(),
        ]);
    }
    table.push([
        "(no single technique)".to_string(),
        no_single.to_string(),
        percent(no_single, stuck.len()),
        String::new(),
    ]);
    table.push([
        "(not even all together)".to_string(),
        String::new(),
        String::new(),
        beyond.to_string(),
    ]);
    format!(
        "Base ladder {}; trying {} techniques in this order.\n{}\n\n{}",
        super::ladder_label(unlocker.base()),
        tries.len(),
        status_line(results.iter().map(|r| r.status)),
        table.to_text()
    )
}

/// The ablation summary: per rung, how many puzzles the full ladder solves that become
/// stuck without it.
pub fn ablate_summary(ladder: &Ladder, results: &[Ablation]) -> String {
    let solved = results.iter().filter(|r| r.essential.is_some()).count();
    let mut table = Table::new(["technique", "stuck without it", "share of solved"]);
    for (i, t) in ladder.rungs().iter().enumerate() {
        let n = results
            .iter()
            .filter(|r| r.essential.as_ref().is_some_and(|e| e[i]))
            .count();
        table.push([t.name().to_string(), n.to_string(), percent(n, solved)]);
    }
    format!(
        "Ladder {}, each technique removed in turn.\n{}\n\n{}",
        super::ladder_label(ladder),
        status_line(results.iter().map(|r| r.status)),
        table.to_text()
    )
}

fn flags(values: Option<&Vec<bool>>, len: usize) -> impl Iterator<Item = String> + '_ {
    (0..len).map(move |i| match values {
        Some(v) => if v[i] { "1" } else { "0" }.to_string(),
        None => String::new(),
    })
}

/// Per-puzzle unlock rows: `source,line,puzzle,status,error,needs`, then one column per
/// technique tried.
pub fn write_unlock_csv(
    out: impl io::Write,
    unlocker: &Unlocker,
    results: &[Unlock],
) -> csv::Result<()> {
    let tries = unlocker.tries();
    let mut w = csv::Writer::from_writer(out);
    let fixed = ["source", "line", "puzzle", "status", "error", "needs"];
    w.write_record(fixed.into_iter().chain(tries.iter().map(|t| t.name())))?;
    for r in results {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
            r.needs.map(Technique::name).unwrap_or_default().to_string(),
        ];
        row.extend(flags(r.alone.as_ref(), tries.len()));
        w.write_record(row)?;
    }
    w.flush()?;
    Ok(())
}

/// Per-puzzle ablation rows: `source,line,puzzle,status,error`, then one column per rung
/// (`1`: stuck without it).
pub fn write_ablate_csv(
    out: impl io::Write,
    ladder: &Ladder,
    results: &[Ablation],
) -> csv::Result<()> {
    let rungs = ladder.rungs();
    let mut w = csv::Writer::from_writer(out);
    let fixed = ["source", "line", "puzzle", "status", "error"];
    w.write_record(fixed.into_iter().chain(rungs.iter().map(|t| t.name())))?;
    for r in results {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
        ];
        row.extend(flags(r.essential.as_ref(), rungs.len()));
        w.write_record(row)?;
    }
    w.flush()?;
    Ok(())
}
/// The unlock summary along SE's path: per SE technique tried, how many stuck puzzles it
/// unlocks alone and how many need it at least; the nested forcing chains' row counts
/// the puzzles whose path reaches them (ER 9.5 and up).
pub fn se_unlock_summary(unlocker: &SeUnlocker, results: &[SeUnlock]) -> String {
    let tries = unlocker.tries();
    let stuck: Vec<&SeUnlock> = results.iter().filter(|r| r.alone.is_some()).collect();
    let mut alone = vec![0usize; tries.len()];
    let mut needs = vec![0usize; tries.len()];
    let mut nested = 0;
    let (mut no_single, mut beyond) = (0, 0);
    for r in &stuck {
        let flags = r.alone.as_deref().unwrap_or_default();
        for (count, &a) in alone.iter_mut().zip(flags) {
            *count += usize::from(a == Alone::Finishes);
        }
        no_single += usize::from(!flags.contains(&Alone::Finishes));
        match r.needs.and_then(|t| tries.iter().position(|&x| x == t)) {
            Some(i) => needs[i] += 1,
            None if r.needs == Some(Producer::Nested) => nested += 1,
            None => beyond += 1,
        }
    }
    let mut table = Table::new([
        "SE technique",
        "unlocks alone",
        "share of stuck",
        "needs at least",
    ]);
    for (i, t) in tries.iter().enumerate() {
        let name = match t {
            Producer::Nested => format!("{} (ER 9.5+, not in sudolab yet)", t.name()),
            _ => t.name().to_string(),
        };
        table.push([
            name,
            alone[i].to_string(),
            percent(alone[i], stuck.len()),
            needs[i].to_string(),
        ]);
    }
    if nested > 0 {
        table.push([
            "(nested forcing chains, ER 9.5+)".to_string(),
            String::new(),
            String::new(),
            nested.to_string(),
        ]);
    }
    table.push([
        "(no single technique)".to_string(),
        no_single.to_string(),
        percent(no_single, stuck.len()),
        String::new(),
    ]);
    table.push([
        "(not even all together)".to_string(),
        String::new(),
        String::new(),
        beyond.to_string(),
    ]);
    format!(
        "Base ladder {} (Sudoku Explainer's order); trying {} SE techniques in SE's order.\n{}\n\n{}",
        unlocker.base().name(),
        tries.len(),
        status_line(results.iter().map(|r| r.status)),
        table.to_text()
    )
}

/// Per-puzzle unlock rows along SE's path: `source,line,puzzle,status,error,needs`, then
/// one column per SE technique tried: `1`, `0`, or `?` where the path reaches the nested
/// forcing chains and cannot tell.
pub fn write_se_unlock_csv(
    out: impl io::Write,
    unlocker: &SeUnlocker,
    results: &[SeUnlock],
) -> csv::Result<()> {
    let tries = unlocker.tries();
    let mut w = csv::Writer::from_writer(out);
    let fixed = ["source", "line", "puzzle", "status", "error", "needs"];
    w.write_record(fixed.into_iter().chain(tries.iter().map(|t| t.name())))?;
    for r in results {
        let mut row = vec![
            r.source.clone(),
            r.line.to_string(),
            r.puzzle.clone(),
            r.status.to_string(),
            r.error.clone(),
            r.needs.map(Producer::name).unwrap_or_default().to_string(),
        ];
        row.extend(
            (0..tries.len()).map(|i| match r.alone.as_ref().map(|a| a[i]) {
                Some(Alone::Finishes) => "1".to_string(),
                Some(Alone::Stuck) => "0".to_string(),
                Some(Alone::Unknown) => "?".to_string(),
                None => String::new(),
            }),
        );
        w.write_record(row)?;
    }
    w.flush()?;
    Ok(())
}
