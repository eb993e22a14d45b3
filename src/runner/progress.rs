//! The progress bar on stderr: bytes read against the inputs' total size (with an ETA)
//! when that is known, a spinner otherwise, and puzzles per second either way. It is not
//! drawn when stderr is not a terminal or when the caller asks for quiet.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A progress display that may be hidden.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
}

impl Progress {
    /// A bar over `total_bytes` (a spinner when unknown), drawn only if `visible` and
    /// stderr is a terminal.
    pub fn new(total_bytes: Option<u64>, visible: bool) -> Progress {
        let target = if visible && std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = match total_bytes {
            Some(total) => ProgressBar::with_draw_target(Some(total), target).with_style(
                ProgressStyle::with_template(
                    "{bar:30} {percent:>3}% {msg} [{elapsed_precise}, ETA {eta}]",
                )
                .expect("a valid template"),
            ),
            None => ProgressBar::with_draw_target(None, target).with_style(
                ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                    .expect("a valid template"),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            bar,
            start: Instant::now(),
        }
    }

    /// Notes that `bytes` have been read and `puzzles` recorded so far.
    pub fn update(&self, bytes: u64, puzzles: u64) {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_position(bytes);
        self.bar.set_message(format!(
            "{puzzles} puzzles, {:.0} puzzles/s",
            puzzles as f64 / seconds
        ));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
