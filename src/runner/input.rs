//! Reading puzzle lines from files and stdin, in order, into reusable chunks.
//!
//! A puzzle line is any line that is not blank and does not start with `#`; lines end at
//! `\n` (a `\r` before it is dropped) and are numbered from 1 within their source, blank and
//! comment lines included, so that `source:line` finds the line in an editor. `--skip` and
//! `--limit` count puzzle lines across all inputs; `--shard` takes every Nth of the lines
//! they leave. Lines are kept as bytes: whether they are text, let alone puzzles, is the
//! evaluator's question. A line longer than [`MAX_LINE_BYTES`] keeps only its start (with its
//! full length noted) so memory stays bounded whatever the input.
//!
//! Input is read as it comes: a chunk from stdin or a pipe ends early when the lines read so
//! far are all that is waiting, so a slow producer's puzzles are graded (and their rows
//! written) without waiting for a full chunk or the end of the input.
//!
//! An input that cannot be opened or read is reported through a callback and skipped; the
//! others are still read. This module does not parse, solve or write anything.

use super::meta::Shard;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// How much of one line is kept.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How much of an input's start [`check_text`] looks at.
const TEXT_CHECK_BYTES: usize = 64 * 1024;

/// One input: a file or stdin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The name as given on the command line (`-` for stdin); rows carry it as `source`.
    pub name: String,
    /// The file, or `None` for stdin.
    pub path: Option<PathBuf>,
    /// Size in bytes, when it is a regular file.
    pub size: Option<u64>,
}

/// An input that could not be opened or read.
#[derive(Debug, Error)]
#[error("cannot read {name}: {error}")]
pub struct InputError {
    /// The input's name (`-` for stdin).
    pub name: String,
    /// What opening or reading it gave.
    pub error: io::Error,
}

impl Input {
    /// Standard input.
    pub fn stdin() -> Input {
        Input {
            name: "-".to_string(),
            path: None,
            size: stdin_file_size(),
        }
    }

    /// Checks that `path` (or `-`) can be read as an input and notes its size.
    pub fn probe(path: &Path) -> Result<Input, InputError> {
        if path.as_os_str() == "-" {
            return Ok(Input::stdin());
        }
        let name = path.display().to_string();
        let fail = |error| InputError {
            name: name.clone(),
            error,
        };
        let meta = std::fs::metadata(path).map_err(fail)?;
        if meta.is_dir() {
            return Err(fail(io::Error::other("is a directory")));
        }
        if meta.is_file() {
            // Known before the run starts, like a missing file (a pipe is checked as it is
            // read: looking at its start here would consume it).
            let mut start = Vec::with_capacity(TEXT_CHECK_BYTES);
            File::open(path)
                .and_then(|file| file.take(TEXT_CHECK_BYTES as u64).read_to_end(&mut start))
                .map_err(fail)?;
            check_text(&start).map_err(fail)?;
        }
        Ok(Input {
            name: name.clone(),
            path: Some(path.to_path_buf()),
            size: meta.is_file().then_some(meta.len()),
        })
    }

    /// Opens the input, refusing one whose first bytes show it is not text.
    fn open(&self) -> io::Result<BufReader<Box<dyn Read>>> {
        let source: Box<dyn Read> = match &self.path {
            None => Box::new(io::stdin()),
            Some(path) => Box::new(File::open(path)?),
        };
        let mut reader = BufReader::with_capacity(TEXT_CHECK_BYTES, source);
        check_text(reader.fill_buf()?)?;
        Ok(reader)
    }
}

/// The size of stdin when it is a regular file (`sudolab run - < puzzles.txt`), so the
/// progress bar can show an ETA; `None` for a pipe or a terminal.
#[cfg(unix)]
fn stdin_file_size() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta.len())
}

#[cfg(not(unix))]
fn stdin_file_size() -> Option<u64> {
    None
}

/// Where one puzzle line came from and where its text sits in its chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Index of the input in the reader's list.
    pub source: usize,
    /// 1-based line number within the input.
    pub number: u64,
    /// The line's full length in bytes (more than the kept text when it was cut).
    pub length: usize,
    text: Range<usize>,
}

/// A batch of puzzle lines, their text in one reused buffer.
#[derive(Default, Debug)]
pub struct Chunk {
    text: Vec<u8>,
    lines: Vec<Line>,
}

impl Chunk {
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The kept text of `line`, without its line end.
    pub fn text(&self, line: &Line) -> &[u8] {
        &self.text[line.text.clone()]
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    fn clear(&mut self) {
        self.text.clear();
        self.lines.clear();
    }
}

struct Open {
    index: usize,
    reader: BufReader<Box<dyn Read>>,
    line: u64,
    /// A regular file, always ready to read; stdin, pipes and devices may make us wait.
    regular: bool,
}

/// Reads the inputs one after the other, a chunk at a time.
pub struct Reader<'a> {
    inputs: &'a [Input],
    next: usize,
    open: Option<Open>,
    skip: u64,
    remaining: u64,
    /// The run's share of its puzzle lines.
    shard: Option<Shard>,
    /// Puzzle lines of the run (after `skip`) met so far.
    position: u64,
    bytes: u64,
}

impl<'a> Reader<'a> {
    /// A reader that skips the first `skip` puzzle lines and yields at most `limit`.
    pub fn new(inputs: &'a [Input], skip: u64, limit: Option<u64>) -> Reader<'a> {
        Reader {
            inputs,
            next: 0,
            open: None,
            skip,
            remaining: limit.unwrap_or(u64::MAX),
            shard: None,
            position: 0,
            bytes: 0,
        }
    }

    /// Yields only the puzzle lines of `shard` (counted after `skip`, within `limit`).
    pub fn shard(mut self, shard: Option<Shard>) -> Reader<'a> {
        self.shard = shard;
        self
    }

    /// Puzzle lines `skip` asked to pass over that the inputs did not hold (so far).
    pub fn unskipped(&self) -> u64 {
        self.skip
    }

    /// Bytes consumed so far, over all inputs.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Refills `chunk` with up to `max` puzzle lines; it comes back empty when the inputs
    /// are exhausted (or the limit reached). From an input that is not a regular file it
    /// comes back with fewer lines, but at least one, rather than wait for more. Inputs that
    /// fail are passed to `on_error` and skipped.
    pub fn fill(&mut self, chunk: &mut Chunk, max: usize, on_error: &mut dyn FnMut(InputError)) {
        chunk.clear();
        while chunk.lines.len() < max && self.remaining > 0 {
            if self.current(on_error).is_none() {
                return;
            }
            let open = self.open.as_mut().expect("an input is open");
            if !open.regular && open.reader.buffer().is_empty() && !chunk.is_empty() {
                return; // reading on might wait for a producer: grade what we have
            }
            let start = chunk.text.len();
            let mut length = match read_line(&mut open.reader, &mut chunk.text, MAX_LINE_BYTES) {
                Ok(Some((length, consumed))) => {
                    self.bytes += consumed as u64;
                    length
                }
                Ok(None) => {
                    self.open = None;
                    continue;
                }
                Err(error) => {
                    chunk.text.truncate(start);
                    on_error(InputError {
                        name: self.inputs[open.index].name.clone(),
                        error,
                    });
                    self.open = None;
                    continue;
                }
            };
            if open.line == 0 && chunk.text[start..].starts_with(BYTE_ORDER_MARK) {
                // Some editors start a UTF-8 file with one; it is not part of the line.
                chunk.text.drain(start..start + BYTE_ORDER_MARK.len());
                length -= BYTE_ORDER_MARK.len();
            }
            open.line += 1;
            let text = &chunk.text[start..];
            if !is_puzzle_line(text) {
                chunk.text.truncate(start);
                continue;
            }
            if self.skip > 0 {
                self.skip -= 1;
                chunk.text.truncate(start);
                continue;
            }
            self.remaining -= 1;
            self.position += 1;
            if self.shard.is_some_and(|s| !s.holds(self.position - 1)) {
                chunk.text.truncate(start);
                continue;
            }
            chunk.lines.push(Line {
                source: open.index,
                number: open.line,
                length,
                text: start..chunk.text.len(),
            });
        }
    }

    /// The input being read, opening the next one when needed.
    fn current(&mut self, on_error: &mut dyn FnMut(InputError)) -> Option<&Open> {
        while self.open.is_none() {
            let index = self.next;
            let input = self.inputs.get(index)?;
            self.next += 1;
            match input.open() {
                Ok(reader) => {
                    self.open = Some(Open {
                        index,
                        reader,
                        line: 0,
                        regular: input.size.is_some(),
                    })
                }
                Err(error) => on_error(InputError {
                    name: input.name.clone(),
                    error,
                }),
            }
        }
        self.open.as_ref()
    }
}

/// Refuses, as `grep` does, an input whose first block holds a NUL byte: a binary file (or
/// UTF-16 text), which would otherwise give a row of control characters per "line".
pub fn check_text(start: &[u8]) -> io::Result<()> {
    let not_text = |why: &str| {
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not text: {why}"),
        ))
    };
    if start.starts_with(b"\xff\xfe") || start.starts_with(b"\xfe\xff") {
        return not_text("UTF-16 (save it as UTF-8 or ASCII)");
    }
    if start.contains(&0) {
        return not_text("it holds NUL bytes (a binary file?)");
    }
    Ok(())
}

/// The UTF-8 byte order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Not blank and not a `#` comment (indented or not).
fn is_puzzle_line(text: &[u8]) -> bool {
    let blank = std::str::from_utf8(text).is_ok_and(|s| s.trim().is_empty());
    let first = text.iter().find(|b| !b.is_ascii_whitespace());
    !blank && first != Some(&b'#')
}

/// Appends one line to `buf` without its `\n` or `\r\n`, keeping at most `cap` bytes of it.
/// Returns the line's full length and the bytes consumed, or `None` at the end of input.
fn read_line(
    reader: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<(usize, usize)>> {
    let start = buf.len();
    let mut length = 0usize;
    let mut consumed = 0usize;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let part = &available[..newline.unwrap_or(available.len())];
        let room = cap.saturating_sub(length);
        buf.extend_from_slice(&part[..part.len().min(room)]);
        length += part.len();
        let used = newline.map_or(part.len(), |i| i + 1);
        consumed += used;
        reader.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if consumed == 0 {
        return Ok(None);
    }
    if length <= cap && buf.len() > start && buf.last() == Some(&b'\r') {
        buf.pop();
        length -= 1;
    }
    Ok(Some((length, consumed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(text: &[u8]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text).unwrap();
        file
    }

    /// (source, line number, text) of every puzzle line, and the error messages.
    type ReadAll = (Vec<(usize, u64, Vec<u8>)>, Vec<String>);

    /// Reads every puzzle line in chunks of `max`.
    fn read_all(inputs: &[Input], skip: u64, limit: Option<u64>, max: usize) -> ReadAll {
        read_with(Reader::new(inputs, skip, limit), max)
    }

    fn read_with(mut reader: Reader<'_>, max: usize) -> ReadAll {
        let mut chunk = Chunk::default();
        let mut lines = Vec::new();
        let mut errors = Vec::new();
        loop {
            reader.fill(&mut chunk, max, &mut |e| errors.push(e.to_string()));
            if chunk.is_empty() {
                break;
            }
            assert!(chunk.lines().len() <= max);
            for line in chunk.lines() {
                lines.push((line.source, line.number, chunk.text(line).to_vec()));
            }
        }
        (lines, errors)
    }

    #[test]
    fn binary_and_utf16_inputs_are_refused_as_not_text_and_the_others_still_read() {
        let binary = file_with(b"\x7fELF\x02\x01\x01\x00\x00\x00\n12345\n");
        let utf16 = file_with(b"\xff\xfe1\x002\x00\n\x00");
        let text = file_with(b"12345\n");
        // A file is refused when probed, before the run starts.
        for (file, why) in [
            (&binary, "not text: it holds NUL bytes"),
            (&utf16, "not text: UTF-16"),
        ] {
            let error = Input::probe(file.path()).unwrap_err().to_string();
            assert!(error.contains(why), "{error}");
            assert!(
                error.contains(&file.path().display().to_string()),
                "{error}"
            );
        }
        // A pipe (no size) is checked as it is read.
        let as_pipe = |file: &tempfile::NamedTempFile| Input {
            name: file.path().display().to_string(),
            path: Some(file.path().to_path_buf()),
            size: None,
        };
        let inputs = [
            as_pipe(&binary),
            as_pipe(&utf16),
            Input::probe(text.path()).unwrap(),
        ];
        let (lines, errors) = read_all(&inputs, 0, None, 10);
        assert_eq!(lines, [(2, 1, b"12345".to_vec())]);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("not text: it holds NUL bytes"),
            "{}",
            errors[0]
        );
        assert!(errors[1].contains("not text: UTF-16"), "{}", errors[1]);
    }

    #[test]
    fn a_byte_order_mark_starting_a_file_is_dropped() {
        let mut text = b"\xef\xbb\xbf".to_vec();
        text.extend_from_slice(b"12345\n# note\n678\n  \t# an indented note\n");
        let f = file_with(&text);
        let inputs = [Input::probe(f.path()).unwrap()];
        let (lines, errors) = read_all(&inputs, 0, None, 10);
        assert!(errors.is_empty());
        let texts: Vec<_> = lines.iter().map(|(_, n, t)| (*n, t.as_slice())).collect();
        assert_eq!(texts, [(1, &b"12345"[..]), (3, &b"678"[..])]);
    }

    #[test]
    fn numbers_lines_and_drops_blank_and_comment_lines() {
        let text = b"# header\nabc\r\n\n   \t\n  # an indented comment\nxyz\n#x\nlast";
        let file = file_with(text);
        let inputs = [Input::probe(file.path()).unwrap()];
        assert_eq!(inputs[0].size, Some(text.len() as u64));
        for max in [1, 2, 100] {
            let (lines, errors) = read_all(&inputs, 0, None, max);
            assert!(errors.is_empty());
            assert_eq!(
                lines,
                vec![
                    (0, 2, b"abc".to_vec()),
                    (0, 6, b"xyz".to_vec()),
                    (0, 8, b"last".to_vec()),
                ]
            );
        }
    }

    #[test]
    fn shards_split_the_lines_left_by_skip_and_limit_and_a_reader_goes_on_where_it_stopped() {
        let a = file_with(b"p0\n# c\np1\np2\n");
        let b = file_with(b"p3\n\np4\np5\np6\n");
        let inputs = [
            Input::probe(a.path()).unwrap(),
            Input::probe(b.path()).unwrap(),
        ];
        let texts = |(lines, _): ReadAll| -> Vec<String> {
            lines
                .into_iter()
                .map(|(_, _, t)| String::from_utf8(t).unwrap())
                .collect()
        };
        let shard = |k, n| Some(Shard { index: k, count: n });
        let whole = texts(read_all(&inputs, 1, Some(5), 10));
        assert_eq!(whole, ["p1", "p2", "p3", "p4", "p5"]);
        for n in 1..=7 {
            let mut union: Vec<String> = Vec::new();
            for k in 1..=n {
                let part = texts(read_with(
                    Reader::new(&inputs, 1, Some(5)).shard(shard(k, n)),
                    2,
                ));
                let expected: Vec<String> = whole
                    .iter()
                    .skip(k as usize - 1)
                    .step_by(n as usize)
                    .cloned()
                    .collect();
                assert_eq!(part, expected, "shard {k}/{n}");
                union.extend(part);
            }
            union.sort();
            assert_eq!(union, whole, "{n} shards");
        }
        // A resume reads the kept rows' lines first, then grades on from there.
        let mut reader = Reader::new(&inputs, 0, None).shard(shard(2, 3));
        let mut chunk = Chunk::default();
        reader.fill(&mut chunk, 1, &mut |_| {});
        assert_eq!(chunk.text(&chunk.lines()[0]), b"p1");
        assert_eq!(texts(read_with(reader, 10)), ["p4"]);
    }

    #[test]
    fn skip_and_limit_count_puzzle_lines_across_inputs() {
        let a = file_with(b"a1\n\na2\n");
        let b = file_with(b"#\nb1\nb2\n");
        let inputs = [
            Input::probe(a.path()).unwrap(),
            Input::probe(b.path()).unwrap(),
        ];
        let (lines, _) = read_all(&inputs, 1, Some(2), 10);
        assert_eq!(lines, vec![(0, 3, b"a2".to_vec()), (1, 2, b"b1".to_vec())]);
        let (lines, _) = read_all(&inputs, 5, None, 10);
        assert!(lines.is_empty());
        let (lines, _) = read_all(&inputs, 0, Some(0), 10);
        assert!(lines.is_empty());
    }

    #[test]
    fn long_lines_are_cut_with_their_length_kept() {
        let mut text = vec![b'7'; MAX_LINE_BYTES + 10];
        text.extend_from_slice(b"\r\nok\n");
        let file = file_with(&text);
        let inputs = [Input::probe(file.path()).unwrap()];
        let mut reader = Reader::new(&inputs, 0, None);
        let mut chunk = Chunk::default();
        reader.fill(&mut chunk, 10, &mut |e| panic!("{e}"));
        let lines = chunk.lines();
        assert_eq!(lines.len(), 2);
        assert_eq!(chunk.text(&lines[0]).len(), MAX_LINE_BYTES);
        assert!(lines[0].length > MAX_LINE_BYTES);
        assert_eq!(chunk.text(&lines[1]), b"ok");
        assert_eq!(reader.bytes_read(), text.len() as u64);
    }

    #[test]
    fn bad_inputs_are_reported_and_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.txt");
        let err = Input::probe(&missing).unwrap_err().to_string();
        assert!(err.contains("missing.txt"), "{err}");
        let err = Input::probe(dir.path()).unwrap_err().to_string();
        assert!(err.contains("is a directory"), "{err}");
        // A file that vanishes after probing is reported when its turn comes.
        let gone = file_with(b"g1\n");
        let good = file_with(b"ok\n");
        let inputs = [
            Input::probe(gone.path()).unwrap(),
            Input::probe(good.path()).unwrap(),
        ];
        drop(gone);
        let (lines, errors) = read_all(&inputs, 0, None, 10);
        assert_eq!(lines, vec![(1, 1, b"ok".to_vec())]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("cannot read "), "{errors:?}");
    }
}
