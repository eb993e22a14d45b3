//! The progress bar on stderr, with puzzles per second: against the puzzles asked for with
//! `--limit`, else against the inputs' total size in bytes, with an ETA either way; a
//! spinner when neither is known (stdin, pipes). It is not drawn when stderr is not a
//! terminal or when the caller asks for quiet.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// What the bar measures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Measure {
    /// Puzzles recorded, out of this many.
    Puzzles(u64),
    /// Bytes read, out of this many.
    Bytes(u64),
    /// Nothing known ahead: a spinner.
    Unknown,
}

impl Measure {
    /// `--limit` bounds the run more tightly than the file sizes do (up to a few lines
    /// that are not puzzles, the limit is reached before the end of the inputs).
    fn new(total_bytes: Option<u64>, limit: Option<u64>) -> Measure {
        match (limit, total_bytes) {
            (Some(limit), _) => Measure::Puzzles(limit),
            (None, Some(bytes)) => Measure::Bytes(bytes),
            (None, None) => Measure::Unknown,
        }
    }
}

/// A progress display that may be hidden.
pub struct Progress {
    bar: ProgressBar,
    measure: Measure,
    start: Instant,
}

impl Progress {
    /// A bar over `limit` puzzles, or else `total_bytes` (a spinner when neither is known),
    /// drawn only if `visible` and stderr is a terminal.
    pub fn new(total_bytes: Option<u64>, limit: Option<u64>, visible: bool) -> Progress {
        let target = if visible && std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let measure = Measure::new(total_bytes, limit);
        let bar = match measure {
            Measure::Puzzles(total) | Measure::Bytes(total) => {
                ProgressBar::with_draw_target(Some(total), target).with_style(
                    ProgressStyle::with_template(
                        "{bar:30} {percent:>3}% {msg} [{elapsed_precise}, ETA {eta}]",
                    )
                    .expect("a valid template"),
                )
            }
            Measure::Unknown => ProgressBar::with_draw_target(None, target).with_style(
                ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                    .expect("a valid template"),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            bar,
            measure,
            start: Instant::now(),
        }
    }

    /// Notes that `bytes` have been read and `puzzles` recorded so far.
    pub fn update(&self, bytes: u64, puzzles: u64) {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
        match self.measure {
            Measure::Puzzles(_) => self.bar.set_position(puzzles),
            Measure::Bytes(_) | Measure::Unknown => self.bar.set_position(bytes),
        }
        self.bar.set_message(format!(
            "{puzzles} puzzles, {:.0} puzzles/s",
            puzzles as f64 / seconds
        ));
    }

    /// Runs `f` (which prints to stderr) with the bar cleared, then draws it again.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_beats_the_file_size_and_a_pipe_gets_a_spinner() {
        assert_eq!(Measure::new(Some(900), Some(10)), Measure::Puzzles(10));
        assert_eq!(Measure::new(None, Some(10)), Measure::Puzzles(10));
        assert_eq!(Measure::new(Some(900), None), Measure::Bytes(900));
        assert_eq!(Measure::new(None, None), Measure::Unknown);
        let progress = Progress::new(None, Some(10), false);
        progress.update(123, 4);
        assert_eq!(progress.bar.position(), 4);
        assert_eq!(progress.suspend(|| 7), 7);
        progress.finish();
    }
}
