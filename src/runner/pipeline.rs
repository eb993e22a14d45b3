//! The streaming core that `run` and `unlock` share: read a chunk of puzzle lines
//! ([`Reader`]), work on its lines in parallel on a pool, and hand the results, in input
//! order, to a writer thread while the next chunk is read and worked on. The serial work
//! (writing rows, totals, progress) then overlaps the parallel work instead of leaving the
//! pool idle. The channel holds one chunk, so at most three are in memory whatever the
//! input's size; output order never depends on the thread count.
//!
//! What is done to a line is a [`LineJob`]'s business, what is done with the results the
//! writer's: this module neither parses, solves nor writes.

use super::evaluate::LineRef;
use super::input::{Chunk, Input, InputError, Reader};
use crate::solver::Scratch;
use rayon::prelude::*;
use std::sync::mpsc::{Receiver, sync_channel};

/// Work done to every puzzle line, on any thread, with that thread's scratch space.
pub trait LineJob: Sync {
    type Output: Send;
    fn evaluate(&self, line: LineRef<'_>, scratch: &mut Scratch) -> Self::Output;
}

/// How many lines each chunk takes: a fixed number, or a number that starts small and
/// doubles up to a limit, so that work costing much per line shows its first rows (and
/// lets a reader that has seen enough go) in a moment rather than after a full chunk.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChunkSizes {
    next: usize,
    max: usize,
}

impl ChunkSizes {
    pub fn fixed(lines: usize) -> ChunkSizes {
        ChunkSizes::ramp(lines, lines)
    }

    /// `first` lines, then twice as many each time, up to `max`.
    pub fn ramp(first: usize, max: usize) -> ChunkSizes {
        ChunkSizes {
            next: first.clamp(1, max.max(1)),
            max: max.max(1),
        }
    }

    fn take(&mut self) -> usize {
        let size = self.next;
        self.next = (self.next * 2).min(self.max);
        size
    }
}

/// A chunk's work on its way to the writer: the results in input order, the input errors
/// met while reading it, and how far the reading has got (for the progress bar).
pub struct Batch<T> {
    pub outputs: Vec<T>,
    pub errors: Vec<InputError>,
    pub bytes_read: u64,
}

/// Streams every line `reader` yields through `job` on `pool`, a chunk of `sizes` lines at
/// a time, and runs `write` on its own thread over the batches as they come; returns what
/// `write` returns. When `write` stops
/// early (a closed stdout, an error), reading stops too. The last batch may be empty (the
/// end of the input, with any errors met reaching it).
pub fn stream<J: LineJob, R: Send>(
    pool: &rayon::ThreadPool,
    inputs: &[Input],
    reader: &mut Reader<'_>,
    mut sizes: ChunkSizes,
    job: &J,
    write: impl FnOnce(Receiver<Batch<J::Output>>) -> R + Send,
) -> R {
    std::thread::scope(|scope| {
        let (batches, received) = sync_channel::<Batch<J::Output>>(1);
        let writer = scope.spawn(move || write(received));
        let mut chunk = Chunk::default();
        loop {
            let mut errors = Vec::new();
            reader.fill(&mut chunk, sizes.take(), &mut |error| errors.push(error));
            let last = chunk.is_empty();
            let mut outputs = Vec::new();
            if !last {
                pool.install(|| evaluate_chunk(job, inputs, &chunk, &mut outputs));
            }
            let batch = Batch {
                outputs,
                errors,
                bytes_read: reader.bytes_read(),
            };
            // A writer that has stopped has dropped its end: nothing more to do.
            if batches.send(batch).is_err() || last {
                break;
            }
        }
        drop(batches);
        writer.join().expect("the writer thread does not panic")
    })
}

/// Works on a chunk's lines in parallel, into `out` in input order.
fn evaluate_chunk<J: LineJob>(job: &J, inputs: &[Input], chunk: &Chunk, out: &mut Vec<J::Output>) {
    chunk
        .lines()
        .par_iter()
        .map_init(Scratch::default, |scratch, line| {
            let line = LineRef {
                source: &inputs[line.source].name,
                number: line.number,
                text: chunk.text(line),
                length: line.length,
            };
            job.evaluate(line, scratch)
        })
        .collect_into_vec(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_ramp_up_from_the_first_size_to_the_limit() {
        let mut ramp = ChunkSizes::ramp(2, 20);
        let sizes: Vec<usize> = (0..6).map(|_| ramp.take()).collect();
        assert_eq!(sizes, [2, 4, 8, 16, 20, 20]);
        let mut fixed = ChunkSizes::fixed(4096);
        assert_eq!([fixed.take(), fixed.take()], [4096, 4096]);
        assert_eq!(ChunkSizes::ramp(0, 8).take(), 1);
    }
}
