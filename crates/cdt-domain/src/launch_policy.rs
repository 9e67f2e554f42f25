//! Which `--chrome-arg`s cdt refuses: the ones that would undo what cdt guarantees about a
//! launched browser — that it listens on loopback only, on a port of cdt's choosing, over the
//! WebSocket cdt connects to, for cdt's pages only, with the context's own profile.
//!
//! Pure checks, shared by the use case (before anything is stopped or started) and the
//! launcher (again, right before the command line is built). Never loosen a rule here without
//! a test showing the effect is still guaranteed another way.

use serde_json::json;

use crate::error::{CdtError, ErrorCode};

/// A refused switch and the supported way to get what it was meant for.
struct Refused {
    switch: &'static str,
    why: &'static str,
    instead: &'static str,
}

const REFUSED: &[Refused] = &[
    Refused {
        switch: "remote-debugging-address",
        why: "it would expose the browser's debugging endpoint beyond loopback",
        instead: "Keep the browser on loopback and tunnel to it: ssh -L 9222:127.0.0.1:<port> <host> (the port is in: cdt session status)",
    },
    Refused {
        switch: "remote-debugging-port",
        why: "cdt chooses the debugging port itself (Chromium picks a free one)",
        instead: "Read the endpoint cdt uses: cdt session status (session.browser.wsEndpoint); or start your own browser and attach: cdt session start --browser-url http://127.0.0.1:9222",
    },
    Refused {
        switch: "remote-debugging-pipe",
        why: "cdt drives the browser over its WebSocket endpoint, not a pipe",
        instead: "Start your own browser with the flags you need and attach: cdt session start --browser-url http://127.0.0.1:9222",
    },
    Refused {
        switch: "remote-debugging-io-pipes",
        why: "cdt drives the browser over its WebSocket endpoint, not a pipe",
        instead: "Start your own browser with the flags you need and attach: cdt session start --browser-url http://127.0.0.1:9222",
    },
    Refused {
        switch: "remote-allow-origins",
        why: "it would let web pages connect to the browser's debugging endpoint",
        instead: "Drive the browser through cdt (or attach your own browser: cdt session start --browser-url http://127.0.0.1:9222)",
    },
    Refused {
        switch: "user-data-dir",
        why: "each context has its own profile directory, chosen by cdt",
        instead: "For a profile that persists, name the context: cdt --context-id NAME … (or CDT_CONTEXT_ID=NAME); to use an existing profile, start your browser with it and attach: cdt session start --browser-url http://127.0.0.1:9222",
    },
    Refused {
        switch: "profile-directory",
        why: "each context has its own profile, chosen by cdt",
        instead: "For a profile that persists, name the context: cdt --context-id NAME … (or CDT_CONTEXT_ID=NAME)",
    },
];

/// The switch name of a command-line argument (`--Foo=bar` → `foo`), if it is a switch.
/// Chromium accepts one or two leading dashes and matches names case-insensitively.
fn switch_name(arg: &str) -> Option<String> {
    let trimmed = arg.trim_start();
    let name = trimmed
        .strip_prefix("--")
        .or_else(|| trimmed.strip_prefix('-'))?;
    let name = name.split('=').next().unwrap_or_default().trim();
    (!name.is_empty()).then(|| name.to_ascii_lowercase())
}

/// Refuses any argument that changes where the browser listens or which profile it uses:
/// `SECURITY_BLOCKED` naming the argument, with the supported way to get its effect.
pub fn check_chrome_args(args: &[String]) -> Result<(), CdtError> {
    for arg in args {
        let Some(name) = switch_name(arg) else {
            continue;
        };
        if let Some(refused) = REFUSED.iter().find(|r| r.switch == name) {
            return Err(CdtError::new(
                ErrorCode::SecurityBlocked,
                format!("--chrome-arg {arg:?} is refused: {}", refused.why),
            )
            .with_details(json!({ "chromeArg": arg, "switch": format!("--{}", refused.switch) }))
            .hinted(refused.instead));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(args: &[&str]) -> Option<ErrorCode> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        check_chrome_args(&args).err().map(|e| e.code)
    }

    #[test]
    fn regression_listening_and_profile_flags_are_refused_in_every_spelling() {
        for arg in [
            "--remote-debugging-address=0.0.0.0",
            "--remote-debugging-port=9333",
            "--remote-debugging-pipe",
            "--remote-allow-origins=*",
            "--user-data-dir=/tmp/other",
            "-user-data-dir=/tmp/other",
            "--USER-DATA-DIR=/tmp/other",
            " --profile-directory=Profile 2",
        ] {
            assert_eq!(code(&[arg]), Some(ErrorCode::SecurityBlocked), "{arg}");
        }
    }

    #[test]
    fn other_flags_and_urls_pass() {
        assert_eq!(
            code(&[
                "--lang=de",
                "--enable-features=Foo",
                "https://x/?--user-data-dir=1",
                "--remote-debugging-portal"
            ]),
            None
        );
    }

    #[test]
    fn the_refusal_says_what_to_do_instead() {
        let error = check_chrome_args(&["--user-data-dir=/x".to_string()]).err();
        let hints = error
            .map(|e| {
                e.suggestions
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        assert!(hints.contains("--context-id"), "{hints}");
    }
}
