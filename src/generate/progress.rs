//! The progress bar of a generating run on stderr: puzzles kept out of those asked, the
//! acceptance rate (puzzles kept per puzzle graded), puzzles per second and an ETA. It is
//! not drawn when stderr is not a terminal or when the caller asks for quiet.

use super::Tally;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A progress display that may be hidden.
pub struct GenerateProgress {
    bar: ProgressBar,
    start: Instant,
}

impl GenerateProgress {
    /// A bar over `count` puzzles, drawn only if `visible` and stderr is a terminal.
    pub fn new(count: u64, visible: bool) -> GenerateProgress {
        let target = if visible && std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(count), target).with_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} {msg} [{elapsed_precise}, ETA {eta}]",
            )
            .expect("a valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(250));
        GenerateProgress {
            bar,
            start: Instant::now(),
        }
    }

    /// Shows the run's tally so far.
    pub fn update(&self, tally: &Tally) {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_position(tally.found);
        self.bar.set_message(message(tally, seconds));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `"3.2% accepted of 1250 graded, 40.1 puzzles/s"`.
fn message(tally: &Tally, seconds: f64) -> String {
    format!(
        "{:.1}% accepted of {} graded, {:.1} puzzles/s",
        100.0 * tally.acceptance(),
        tally.graded,
        tally.found as f64 / seconds
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_gives_the_acceptance_rate_and_the_speed() {
        let tally = Tally {
            found: 4,
            tries: 90,
            graded: 100,
            duplicates: 0,
        };
        assert_eq!(
            message(&tally, 2.0),
            "4.0% accepted of 100 graded, 2.0 puzzles/s"
        );
        let progress = GenerateProgress::new(10, false);
        progress.update(&tally);
        assert_eq!(progress.bar.position(), 4);
        progress.finish();
    }
}
