//! `cdt observe state`: url, title, viewport, scroll, focus, dialog, loading, network idle, DOM stable.

use super::*;
use crate::ops::prelude::*;

/// `observe.state`: the operation (its [`OpSpec`] below).
pub struct ObserveState;

impl Op for ObserveState {
    type Params = PageParams;
    type Reply = PageStateReply;
    const SPEC: OpSpec = OpSpec {
        name: "observe.state",
        summary: "url, title, viewport, scroll, focus, dialog, loading, network idle, DOM stable",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt observe state",
        ],
        aliases: &[
            Alias::new(&["url"], "url", "the current URL", "url", Form::Append).with(&["--fields", "url"]),
            Alias::new(&["title"], "title", "the page title", "title", Form::Append).with(&["--fields", "title"]),
            Alias::new(&["state"], "state", "url, title, loading, network idle, dialog, focus, scroll", "state", Form::Append),
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<crate::ops::page::args::PageArg>(),
        ..OpSpec::DEFAULTS
    };
}
