//! The few lines printed on stderr when a run ends: how many puzzles, how fast (wall clock,
//! and the mean time one puzzle took a thread), how they ended, and which technique was the
//! hardest each solved puzzle needed.

use super::totals::Totals;
use crate::record::Status;
use std::fmt::Write;
use std::time::Duration;

/// The end-of-run summary, one topic a line, each ending in a newline; the hardest
/// techniques (a few dozen with the full catalogue) wrap at `width` columns. `totals` covers
/// every row of the file, `kept` of them kept by a resume; the rate is the new rows'.
pub fn summary(
    totals: &Totals,
    kept: u64,
    elapsed: Duration,
    threads: usize,
    width: usize,
) -> String {
    let seconds = elapsed.as_secs_f64();
    let graded = totals.puzzles - kept;
    let rate = graded as f64 / seconds.max(1e-9);
    let mut text = match kept {
        0 => format!("{graded} puzzles"),
        _ => format!(
            "{graded} new puzzles (after {kept} kept rows, {} in all)",
            totals.puzzles
        ),
    };
    let _ = write!(
        text,
        " in {seconds:.2} s: {rate:.0} puzzles/s on {threads} thread{}",
        if threads == 1 { "" } else { "s" }
    );
    if totals.puzzles > 0 {
        let mean = totals.micros as f64 / totals.puzzles as f64;
        let _ = write!(text, ", {mean:.0} µs a puzzle");
    }
    text.push('\n');
    let statuses: Vec<String> = totals
        .by_status()
        .filter(|&(s, n)| n > 0 || s == Status::Solved)
        .map(|(s, n)| format!("{s} {n}"))
        .collect();
    let _ = writeln!(text, "  by status: {}", statuses.join(", "));
    let mut hardest: Vec<String> = totals
        .by_hardest()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    if totals.solved_without_steps() > 0 {
        hardest.insert(0, format!("(no step) {}", totals.solved_without_steps()));
    }
    if !hardest.is_empty() {
        text += &wrapped("  solved, by hardest technique:", &hardest, width.max(40));
    }
    text
}

/// `entries` after `head`, comma-separated, in lines of at most `width` characters (an
/// entry longer than that has a line of its own); each line after the first indented by
/// four spaces, and entries never split.
fn wrapped(head: &str, entries: &[String], width: usize) -> String {
    let mut text = head.to_string();
    let mut line_length = head.chars().count();
    for (i, entry) in entries.iter().enumerate() {
        let comma = if i + 1 < entries.len() { "," } else { "" };
        let length = entry.chars().count() + comma.len();
        if line_length + 1 + length > width && line_length > 4 {
            text += "\n   ";
            line_length = 3;
        }
        let _ = write!(text, " {entry}{comma}");
        line_length += 1 + length;
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Technique;
    use crate::record::Record;

    #[test]
    fn names_counts_rate_and_hardest_techniques() {
        let mut totals = Totals::default();
        for (status, hardest) in [
            (Status::Solved, Some(Technique::HiddenSingle)),
            (Status::Solved, Some(Technique::XWing)),
            (Status::Invalid, None),
            (Status::Stuck, Some(Technique::NakedSingle)),
        ] {
            totals.add(&Record {
                status,
                hardest: hardest.map(crate::rung::Rung::Hodoku),
                micros: 25,
                ..Record::new("", 1, 0)
            });
        }
        let text = summary(&totals, 0, Duration::from_secs(2), 1, 100);
        assert_eq!(
            text,
            "4 puzzles in 2.00 s: 2 puzzles/s on 1 thread, 25 µs a puzzle\n\
             \x20 by status: solved 2, stuck 1, invalid 1\n\
             \x20 solved, by hardest technique: hidden-single 1, x-wing 1\n"
        );
        let none = summary(&Totals::default(), 0, Duration::from_secs(1), 2, 100);
        assert_eq!(
            none,
            "0 puzzles in 1.00 s: 0 puzzles/s on 2 threads\n  by status: solved 0\n"
        );
        // After a resume, the rate is the new rows' and the counts are the whole file's.
        let resumed = summary(&totals, 3, Duration::from_secs(2), 1, 100);
        assert!(
            resumed.starts_with(
                "1 new puzzles (after 3 kept rows, 4 in all) in 2.00 s: 0 puzzles/s on 1 thread"
            ) && resumed.contains("solved 2, stuck 1, invalid 1"),
            "{resumed}"
        );
    }

    #[test]
    fn a_long_list_of_hardest_techniques_wraps_at_the_width_between_entries() {
        let mut totals = Totals::default();
        for &hardest in &Technique::ALL[..30] {
            totals.add(&Record {
                status: Status::Solved,
                hardest: Some(crate::rung::Rung::Hodoku(hardest)),
                ..Record::new("", 1, 0)
            });
        }
        for width in [60, 100] {
            let text = summary(&totals, 0, Duration::from_secs(1), 1, width);
            let lines: Vec<&str> = text.lines().skip(2).collect();
            assert!(lines.len() > 3, "{text}");
            assert!(lines.iter().all(|l| l.chars().count() <= width), "{text}");
            assert!(lines[1..].iter().all(|l| l.starts_with("    ")), "{text}");
            // Every entry whole, in catalogue order.
            let joined = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
            let expected: Vec<String> = Technique::ALL[..30]
                .iter()
                .map(|t| format!("{t} 1"))
                .collect();
            assert!(joined.ends_with(&expected.join(", ")), "{joined}");
        }
    }
}
