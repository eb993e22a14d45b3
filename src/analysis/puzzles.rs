//! The single puzzle or position that `explain` takes: a puzzle line or a HoDoKu library
//! line, a grid or pencil-mark grid (in a file, or given whole on the command line), or
//! `FILE:LINE` (corpora stream through [`crate::runner::input`]).
//!
//! Blank lines and lines starting with `#` are not puzzles and are skipped; numbering
//! counts every physical line, so `FILE:LINE` names the same line a results row does.

use crate::position::{Position, PositionError};
use crate::puzzle::ParseError;
use crate::runner::input::check_text;
use std::io::{self, Read};
use std::path::Path;
use thiserror::Error;

/// Why a puzzle input could not be read.
#[derive(Debug, Error)]
pub enum InputError {
    #[error("{path}: {error}")]
    Io { path: String, error: io::Error },
    #[error("{path}:{line}: no puzzle on that line (the file has {lines} lines)")]
    NoPuzzleAt { path: String, line: u64, lines: u64 },
    #[error("{path}:{line}: {error}")]
    Parse {
        path: String,
        line: u64,
        error: PositionError,
    },
    #[error("{path}: {error}")]
    ParseFile { path: String, error: PositionError },
    #[error("{path} holds {count} puzzle lines; name one as {path}:LINE")]
    SeveralPuzzles { path: String, count: usize },
    #[error("{spec:?} is not a puzzle ({error}), nor a file, nor FILE:LINE")]
    NotAPuzzle { spec: String, error: PositionError },
}

/// Whether a line holds no puzzle: blank, or a `#` comment.
fn is_skipped(text: &str) -> bool {
    let text = text.trim();
    text.is_empty() || text.starts_with('#')
}

/// The mark some editors (Windows Notepad among them) put at the start of a UTF-8 file:
/// not part of its first line.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The text of `path` (`-`: standard input), without a byte order mark.
fn read_text(path: &str) -> Result<String, InputError> {
    let io_error = |error| InputError::Io {
        path: path.to_string(),
        error,
    };
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        bytes
    } else {
        std::fs::read(path).map_err(io_error)?
    };
    check_text(&bytes[..bytes.len().min(1 << 16)]).map_err(io_error)?;
    let mut text = String::from_utf8(bytes)
        .map_err(|e| io_error(io::Error::new(io::ErrorKind::InvalidData, e.utf8_error())))?;
    if text.starts_with(BYTE_ORDER_MARK) {
        text.drain(..BYTE_ORDER_MARK.len_utf8());
    }
    Ok(text)
}

/// Reads the one puzzle or position `spec` names: a puzzle line or a HoDoKu library
/// line, a grid or pencil-mark grid given whole, a file holding one of these (`-` is
/// standard input), or `FILE:LINE` (`-:LINE`: a line of standard input). Returns a label
/// saying where it came from, and it.
pub fn resolve(spec: &str) -> Result<(String, Position), InputError> {
    if spec == "-" || Path::new(spec).is_file() {
        return read_single(spec).map(|p| (spec.to_string(), p));
    }
    if let Some((path, line)) = spec.rsplit_once(':')
        && let Ok(line) = line.parse::<u64>()
        && (path == "-" || Path::new(path).is_file())
    {
        return read_at(path, line).map(|p| (spec.to_string(), p));
    }
    Position::parse_text(spec)
        .map(|p| ("command line".to_string(), p))
        .map_err(|error| InputError::NotAPuzzle {
            spec: spec.to_string(),
            error,
        })
}

/// The puzzle or position of a file that holds one, as a line or as a grid.
fn read_single(path: &str) -> Result<Position, InputError> {
    let text = read_text(path)?;
    let kept: Vec<&str> = text.lines().filter(|l| !is_skipped(l)).collect();
    let parse_error = |error| InputError::ParseFile {
        path: path.to_string(),
        error,
    };
    match kept.len() {
        0 => Err(parse_error(ParseError::Empty.into())),
        1 => Position::parse_line(kept[0]).map_err(parse_error),
        // Skipped lines become blank ones, which the grid parsers pass over, so that their
        // errors give the file's own line numbers.
        count => Position::parse_text(
            &text
                .lines()
                .map(|l| if is_skipped(l) { "" } else { l })
                .collect::<Vec<_>>()
                .join("\n"),
        )
        .map_err(|grid_error| {
            // Several lines that each look like a puzzle: a corpus, not a grid.
            if kept.iter().all(|l| Position::parse_line(l).is_ok()) {
                InputError::SeveralPuzzles {
                    path: path.to_string(),
                    count,
                }
            } else {
                parse_error(grid_error)
            }
        }),
    }
}

/// The puzzle or position on physical line `line` of `path`.
fn read_at(path: &str, line: u64) -> Result<Position, InputError> {
    let text = read_text(path)?;
    let lines = text.lines().count() as u64;
    let found = line
        .checked_sub(1)
        .and_then(|i| text.lines().nth(i as usize))
        .filter(|t| !is_skipped(t))
        .ok_or_else(|| InputError::NoPuzzleAt {
            path: path.to_string(),
            line,
            lines,
        })?;
    Position::parse_line(found).map_err(|error| InputError::Parse {
        path: path.to_string(),
        line,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use std::io::Write;

    const EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_puzzle() {
        let with_mark = format!("\u{feff}{EASY}\n{EASY}\n");
        let f = file(&with_mark);
        let path = f.path().to_str().unwrap();
        let single = file(&format!("\u{feff}{EASY}\n"));
        assert!(resolve(single.path().to_str().unwrap()).is_ok());
        assert!(resolve(&format!("{path}:1")).is_ok());
    }

    fn file(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(text.as_bytes()).unwrap();
        f
    }

    #[test]
    fn resolves_lines_grids_and_file_line() {
        let (label, p) = resolve(EASY).unwrap();
        assert_eq!(
            (label.as_str(), p.puzzle().to_string().as_str()),
            ("command line", EASY)
        );

        let corpus = file(&format!(
            "# two puzzles\n{EASY}\n{}\n",
            EASY.replace('7', ".")
        ));
        let path = corpus.path().to_str().unwrap();
        let (_, p) = resolve(&format!("{path}:3")).unwrap();
        assert_eq!(p.puzzle().to_string(), EASY.replace('7', "."));
        let err = resolve(path).unwrap_err().to_string();
        assert!(err.contains("holds 2 puzzle lines"), "{err}");
        let err = resolve(&format!("{path}:1")).unwrap_err().to_string();
        assert!(err.contains(":1: no puzzle on that line"), "{err}");
        let err = resolve(&format!("{path}:9")).unwrap_err().to_string();
        assert!(err.contains("the file has 3 lines"), "{err}");

        let rows: Vec<String> = EASY
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        let grid = file(&rows.join("\n"));
        let (_, p) = resolve(grid.path().to_str().unwrap()).unwrap();
        assert_eq!(p.puzzle().to_string(), EASY);

        // A grid with comment lines: they are skipped, and an error names the file's line.
        let mut commented = rows.clone();
        commented.insert(0, "# a grid".to_string());
        commented.insert(4, "# the middle band".to_string());
        let grid = file(&commented.join("\n"));
        let (_, p) = resolve(grid.path().to_str().unwrap()).unwrap();
        assert_eq!(p.puzzle().to_string(), EASY);
        commented[6].replace_range(4..5, "?");
        let grid = file(&commented.join("\n"));
        let err = resolve(grid.path().to_str().unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("bad character '?' at line 7, column 5"),
            "{err}"
        );
    }

    #[test]
    fn names_what_is_wrong() {
        let err = resolve("12345").unwrap_err().to_string();
        assert!(err.contains("too short: 5 cells"), "{err}");
        let bad = file(&format!("{}\n", &EASY[..80]));
        let path = bad.path().to_str().unwrap();
        let err = resolve(&format!("{path}:1")).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{path}:1: too short")), "{err}");
        let err = resolve("/no/such/file:3").unwrap_err().to_string();
        assert!(err.contains("/no/such/file:3"), "{err}");
    }

    #[test]
    fn resolves_pencil_mark_grids_and_library_lines() {
        let puzzle = Puzzle::parse_line(EASY).unwrap();
        let mut grid = crate::candidates::Candidates::from_puzzle(&puzzle);
        let cell = grid.cells_with_at_least()[1].first().unwrap();
        let struck = grid.candidates(cell).first().unwrap();
        grid.eliminate(cell, struck);
        let drawn = grid.to_string();
        // Whole on the command line, and in a file with a comment.
        let (label, position) = resolve(&drawn).unwrap();
        assert_eq!(label, "command line");
        assert_eq!(position.removed().collect::<Vec<_>>(), [(cell, struck)]);
        let f = file(&format!("# a position\n{drawn}"));
        let (_, from_file) = resolve(f.path().to_str().unwrap()).unwrap();
        assert_eq!(from_file, position);
        // A library line, alone in a file, on a line of one, or on the command line.
        let library = format!(
            ":0000:x:{EASY}:{struck}{}{}:::",
            cell.row() + 1,
            cell.col() + 1
        );
        let f = file(&format!("{library}\n"));
        let path = f.path().to_str().unwrap();
        let (_, from_library) = resolve(&library).unwrap();
        assert_eq!(from_library.puzzle(), &puzzle);
        assert_eq!(from_library.removed().collect::<Vec<_>>(), [(cell, struck)]);
        assert_eq!(resolve(path).unwrap().1, from_library);
        assert_eq!(resolve(&format!("{path}:1")).unwrap().1, from_library);
        // A broken pencil-mark grid is named as one.
        let broken = drawn.replacen(" | ", " | ?", 1);
        let err = resolve(&broken).unwrap_err().to_string();
        assert!(err.contains("pencil-mark grid: bad character '?'"), "{err}");
    }
}
