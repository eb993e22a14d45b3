//! `sudolab completions` and `sudolab man`: shell completions (clap_complete) and man pages
//! (clap_mangen), generated from the same definitions as `--help`, so they never drift.
//!
//! A page is clap_mangen's, section by section, but for its closing one (the text after the
//! options: formats, examples), whose indented lines are code and are kept as written
//! (no-fill), where clap_mangen would let `man` fill and hyphenate them like prose.

use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;
use roff::{Roff, roman};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const COMPLETIONS_HELP: &str = r#"Examples:
  sudolab completions bash > ~/.local/share/bash-completion/completions/sudolab
  sudolab completions zsh > ~/.zfunc/_sudolab        # with fpath+=~/.zfunc in .zshrc
  sudolab completions fish > ~/.config/fish/completions/sudolab.fish
  sudolab completions powershell >> $PROFILE"#;

const MAN_HELP: &str = r#"Examples:
  sudolab man | man -l -
  sudolab man ~/.local/share/man/man1     # then: man sudolab-run"#;

/// Print the shell completion script for bash, zsh, fish, elvish or powershell.
#[derive(clap::Args, Debug)]
#[command(after_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the man page, or write one page per subcommand into a folder.
#[derive(clap::Args, Debug)]
#[command(after_help = MAN_HELP)]
pub struct ManArgs {
    /// Folder to write sudolab.1, sudolab-run.1, ... into (created if missing); without
    /// it, sudolab.1 goes to stdout.
    #[arg(value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn completions(args: CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut command = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudolab", &mut script);
    super::print(&script)?;
    Ok(ExitCode::SUCCESS)
}

pub fn man(args: ManArgs) -> anyhow::Result<ExitCode> {
    let mut command = super::Cli::command().disable_help_subcommand(true);
    command.build();
    match args.out {
        Some(folder) => {
            std::fs::create_dir_all(&folder)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", folder.display()))?;
            write_pages(&command, &folder)
                .map_err(|e| anyhow::anyhow!("cannot write into {}: {e}", folder.display()))?;
        }
        None => {
            let mut page = Vec::new();
            render_page(&command, &mut page)?;
            super::print(&page)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the page of `command` and of each of its subcommands into `folder`.
fn write_pages(command: &clap::Command, folder: &Path) -> io::Result<()> {
    for subcommand in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(subcommand, folder)?;
    }
    let mut file = io::BufWriter::new(std::fs::File::create(
        folder.join(Man::new(command.clone()).get_filename()),
    )?);
    render_page(command, &mut file)?;
    file.flush()
}

/// The man page of `command`: clap_mangen's sections, then the after-help with its code
/// kept as written.
fn render_page(command: &clap::Command, out: &mut dyn Write) -> io::Result<()> {
    let man = Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if command.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(out)?;
    }
    if let Some(text) = command
        .get_after_long_help()
        .or_else(|| command.get_after_help())
    {
        after_help(&text.to_string()).to_writer(out)?;
    }
    if command.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// The after-help as a man section: its prose filled as paragraphs, its indented lines
/// (examples, a ladder file) as written, one line each.
fn after_help(text: &str) -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["EXTRA"]);
    let mut in_code = false;
    for line in text.lines() {
        let code = line.starts_with(' ');
        if code != in_code {
            roff.control(if code { "nf" } else { "fi" }, []);
            in_code = code;
        }
        match line.trim().is_empty() {
            true => roff.control("PP", []),
            false => roff.text([roman(line)]),
        };
    }
    if in_code {
        roff.control("fi", []);
    }
    roff
}
