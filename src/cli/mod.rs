//! The `sudolab` command line: one subcommand per file, each with its clap arguments and
//! an `execute` function returning the process exit code. Errors that reach here are
//! usage, configuration or I/O errors and exit with code 2.

mod compare;
mod completions;
mod explain;
mod generate;
mod ladder_arg;
mod merge;
mod overwrite;
mod report;
mod run;
mod select;
mod techniques;
mod unlock;

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

/// Study Sudoku puzzles the way a human solves them, at corpus scale.
#[derive(Parser, Debug)]
#[command(name = "sudolab", version = crate::version::LONG_VERSION, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Run(run::RunArgs),
    Merge(merge::MergeArgs),
    Techniques(techniques::TechniquesArgs),
    Report(report::ReportArgs),
    Compare(compare::CompareArgs),
    Select(select::SelectArgs),
    Unlock(unlock::UnlockArgs),
    Generate(generate::GenerateArgs),
    Explain(explain::ExplainArgs),
    Completions(completions::CompletionsArgs),
    Man(completions::ManArgs),
}

/// Parses the command line, runs the subcommand and maps its result to an exit code.
pub fn main() -> ExitCode {
    let args = explain::stdin_line_as_value(std::env::args_os().collect());
    let cli = Cli::try_parse_from(args).unwrap_or_else(|err| exit_on_usage_error(err));
    let result = match cli.command {
        Command::Run(args) => run::execute(args),
        Command::Merge(args) => merge::execute(args),
        Command::Techniques(args) => techniques::execute(args),
        Command::Report(args) => report::execute(args),
        Command::Compare(args) => compare::execute(args),
        Command::Select(args) => select::execute(args),
        Command::Unlock(args) => unlock::execute(args),
        Command::Generate(args) => generate::execute(args),
        Command::Explain(args) => explain::execute(args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprint(&format!("sudolab: {err:#}\n"));
            ExitCode::from(2)
        }
    }
}

/// Reports a usage error as clap words it, in sudolab's error style (`sudolab: ...`), less
/// clap's tip to pass an unknown `--option` as a value after `--`: no sudolab argument is a
/// value that starts with a dash, so the tip only misleads (`sudolab report --threads 2`
/// would "use '-- --threads'").
fn exit_on_usage_error(err: clap::Error) -> ! {
    if !err.use_stderr() {
        err.exit(); // --help and --version: not errors
    }
    let text = err.render().to_string();
    let mut kept: Vec<&str> = Vec::new();
    for line in text.lines() {
        if line.contains("as a value, use '-- ") {
            // The tip, and the blank line that set it off.
            if kept.last() == Some(&"") {
                kept.pop();
            }
            continue;
        }
        kept.push(line);
    }
    // One error style for the whole tool: `sudolab: ...`, as for every other error.
    let text = kept.join("\n");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    eprint(&format!("sudolab: {text}\n"));
    std::process::exit(err.exit_code());
}

/// How wide lines on stderr may be: the terminal's width when it is one, else 100.
fn stderr_width() -> usize {
    console::Term::stderr()
        .size_checked()
        .map_or(100, |(_rows, columns)| usize::from(columns))
}

/// Writes `text` to standard error; unlike `eprint!`, a closed stderr is no panic.
fn eprint(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Whether the reader of standard output has gone (`| head` that has read its lines), for
/// work whose output waits for its end: a write would tell only then. A pipe or socket
/// whose other end is closed polls as an error; files and terminals never do.
#[cfg(unix)]
fn stdout_closed() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = io::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
    let zero = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&zero)).is_ok()
        && fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP)
}

#[cfg(not(unix))]
fn stdout_closed() -> bool {
    false
}

/// Writes `bytes` to standard output; a closed pipe (`| head`) is not an error.
fn print(bytes: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
