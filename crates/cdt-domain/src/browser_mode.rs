//! Where a context's browser runs: in a browser context of a shared Chromium, or in a Chromium
//! of its own (docs/adr/0002-shared-browsers.md). Which one a context gets is decided here,
//! from what it asked for and what it is.

use serde::{Deserialize, Serialize};

use crate::env;
use crate::error::CdtError;

/// Where a context's browser runs.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum BrowserMode {
    /// A Chromium of its own, with the context's profile on disk.
    #[default]
    Dedicated,
    /// A browser context (its own cookies, storage, cache, permissions, downloads) inside a
    /// Chromium shared with other contexts; nothing of it is written to disk.
    Shared,
}

/// What a caller asked for.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ModeRequest {
    /// Shared for a context whose profile is not kept and whose browser has cdt's own flags;
    /// dedicated otherwise.
    #[default]
    Auto,
    Shared,
    Dedicated,
}

impl ModeRequest {
    /// Reads `CDT_BROWSER_MODE`'s value.
    pub fn parse(text: &str) -> Result<ModeRequest, CdtError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "auto" => Ok(ModeRequest::Auto),
            "shared" => Ok(ModeRequest::Shared),
            "dedicated" => Ok(ModeRequest::Dedicated),
            _ => Err(CdtError::validation(format!(
                "{}={text:?} is not one of auto, shared, dedicated",
                env::CDT_BROWSER_MODE
            ))
            .hinted(format!(
                "Set {}=shared (or dedicated), or unset it for auto",
                env::CDT_BROWSER_MODE
            ))),
        }
    }
}

impl From<BrowserMode> for ModeRequest {
    /// The request that gets exactly this mode.
    fn from(mode: BrowserMode) -> ModeRequest {
        match mode {
            BrowserMode::Shared => ModeRequest::Shared,
            BrowserMode::Dedicated => ModeRequest::Dedicated,
        }
    }
}

/// What decides the mode, besides the request.
#[derive(Clone, Copy, Debug)]
pub struct ModeInputs {
    pub headless: bool,
    /// `--chrome-arg` or `--chrome-path` given.
    pub custom_browser: bool,
    /// The context's profile is deleted when its slot ends (process-keyed contexts).
    pub ephemeral: bool,
}

/// The mode a context gets. Sharing needs a headless browser with cdt's own flags: asking for
/// it with others is an error that says what to drop.
pub fn choose(request: ModeRequest, inputs: ModeInputs) -> Result<BrowserMode, CdtError> {
    let shareable = inputs.headless && !inputs.custom_browser;
    match request {
        ModeRequest::Dedicated => Ok(BrowserMode::Dedicated),
        ModeRequest::Shared if shareable => Ok(BrowserMode::Shared),
        ModeRequest::Shared => Err(CdtError::validation(
            "a shared browser is headless and has cdt's own flags: --headed, --chrome-arg and --chrome-path need a browser of its own",
        )
        .hinted("Drop those flags, or ask for a browser of its own: --browser-mode dedicated")),
        ModeRequest::Auto if shareable && inputs.ephemeral => Ok(BrowserMode::Shared),
        ModeRequest::Auto => Ok(BrowserMode::Dedicated),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: ModeInputs = ModeInputs {
        headless: true,
        custom_browser: false,
        ephemeral: true,
    };

    #[test]
    fn auto_shares_only_a_plain_headless_context_whose_profile_is_not_kept() {
        assert_eq!(
            choose(ModeRequest::Auto, PLAIN).ok(),
            Some(BrowserMode::Shared)
        );
        for inputs in [
            ModeInputs {
                ephemeral: false,
                ..PLAIN
            },
            ModeInputs {
                headless: false,
                ..PLAIN
            },
            ModeInputs {
                custom_browser: true,
                ..PLAIN
            },
        ] {
            assert_eq!(
                choose(ModeRequest::Auto, inputs).ok(),
                Some(BrowserMode::Dedicated)
            );
        }
        let named = ModeInputs {
            ephemeral: false,
            ..PLAIN
        };
        assert_eq!(
            choose(ModeRequest::Shared, named).ok(),
            Some(BrowserMode::Shared)
        );
        assert_eq!(
            choose(ModeRequest::Dedicated, PLAIN).ok(),
            Some(BrowserMode::Dedicated)
        );
    }

    #[test]
    fn sharing_a_browser_with_custom_flags_is_refused_saying_what_to_drop() {
        let error = choose(
            ModeRequest::Shared,
            ModeInputs {
                headless: false,
                ..PLAIN
            },
        )
        .err();
        assert!(error.is_some_and(|e| e.message.contains("--headed")));
        assert_eq!(
            ModeRequest::parse(" Shared ").ok(),
            Some(ModeRequest::Shared)
        );
        assert_eq!(ModeRequest::parse("").ok(), Some(ModeRequest::Auto));
        assert!(ModeRequest::parse("both").is_err());
    }
}
