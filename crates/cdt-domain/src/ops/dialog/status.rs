//! `cdt dialog status`: whether a dialog is open, with its type and message.

use super::*;
use crate::ops::prelude::*;

/// `dialog.status`: the operation (its [`OpSpec`] below).
pub struct DialogStatus;

impl Op for DialogStatus {
    type Params = PageParams;
    type Reply = DialogStatusReply;
    const SPEC: OpSpec = OpSpec {
        name: "dialog.status",
        summary: "Whether a dialog is open, with its type and message",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt dialog status",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<crate::ops::page::args::PageArg>(),
        ..OpSpec::DEFAULTS
    };
}
