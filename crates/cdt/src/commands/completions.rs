//! `cdt completions <bash|zsh|fish>`: a completion script generated from the clap tree, so it
//! always matches the commands and flags of this build.

use clap::{Args, CommandFactory, ValueEnum};

use crate::cli::Cli;

pub const EXAMPLES: &str = "Examples:
  source <(cdt completions bash)                       # this shell
  cdt completions bash > /etc/bash_completion.d/cdt
  cdt completions zsh > \"${fpath[1]}/_cdt\"
  cdt completions fish > ~/.config/fish/completions/cdt.fish";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// The completion script for `shell`.
pub fn script(shell: Shell) -> String {
    let generator = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(generator, &mut Cli::command(), "cdt", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_name_the_commands() {
        assert!(script(Shell::Bash).contains("-F _cdt"));
        assert!(script(Shell::Zsh).contains("#compdef cdt"));
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let text = script(shell);
            assert!(
                text.contains("navigate") && text.contains("wait-until"),
                "{shell:?}"
            );
        }
    }
}
