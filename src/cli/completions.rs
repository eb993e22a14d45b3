//! `sudolab completions` and `sudolab man`: shell completions (clap_complete) and man pages
//! (clap_mangen), generated from the same definitions as `--help`, so they never drift.

use clap::CommandFactory;
use clap_complete::Shell;
use std::path::PathBuf;
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
    let command = super::Cli::command();
    match args.out {
        Some(folder) => {
            std::fs::create_dir_all(&folder)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", folder.display()))?;
            clap_mangen::generate_to(command, &folder)
                .map_err(|e| anyhow::anyhow!("cannot write into {}: {e}", folder.display()))?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            super::print(&page)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
