//! The few lines printed on stderr when a run ends: how many puzzles, how fast (wall clock,
//! and the mean time one puzzle took a thread), how they ended, and which technique was the
//! hardest each solved puzzle needed.

use super::totals::Totals;
use crate::record::Status;
use std::fmt::Write;
use std::time::Duration;

/// The end-of-run summary, one line per topic, each ending in a newline.
pub fn summary(totals: &Totals, elapsed: Duration, threads: usize) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = totals.puzzles as f64 / seconds.max(1e-9);
    let mut text = format!(
        "{} puzzles in {seconds:.2} s: {rate:.0} puzzles/s on {threads} thread{}",
        totals.puzzles,
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
        let _ = writeln!(
            text,
            "  solved, by hardest technique: {}",
            hardest.join(", ")
        );
    }
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
                hardest,
                micros: 25,
                ..Record::new("", 1, 0)
            });
        }
        let text = summary(&totals, Duration::from_secs(2), 1);
        assert_eq!(
            text,
            "4 puzzles in 2.00 s: 2 puzzles/s on 1 thread, 25 µs a puzzle\n\
             \x20 by status: solved 2, stuck 1, invalid 1\n\
             \x20 solved, by hardest technique: hidden-single 1, x-wing 1\n"
        );
        let none = summary(&Totals::default(), Duration::from_secs(1), 2);
        assert_eq!(
            none,
            "0 puzzles in 1.00 s: 0 puzzles/s on 2 threads\n  by status: solved 0\n"
        );
    }
}
