//! `cdt completions <bash|zsh|fish>`: a completion script generated from the clap tree, so it
//! always matches the commands and flags of this build.

use clap::{Args, ValueEnum};

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

/// The completion script for `shell`, over the command tree `tree` (`cdt`'s).
pub fn script(shell: Shell, mut tree: clap::Command) -> String {
    let generator = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(generator, &mut tree, "cdt", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree shaped like cdt's (`cdt page navigate --wait-until`), so the scripts are checked
    /// here without the command tree (which `cli_tests` checks whole).
    fn tree() -> clap::Command {
        clap::Command::new("cdt").subcommand(clap::Command::new("page").subcommand(
            clap::Command::new("navigate").arg(clap::Arg::new("wait-until").long("wait-until")),
        ))
    }

    #[test]
    fn scripts_name_the_commands() {
        assert!(script(Shell::Bash, tree()).contains("-F _cdt"));
        assert!(script(Shell::Zsh, tree()).contains("#compdef cdt"));
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let text = script(shell, tree());
            assert!(
                text.contains("navigate") && text.contains("wait-until"),
                "{shell:?}"
            );
        }
    }
}
