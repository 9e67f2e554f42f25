//! `dialog handle|status` (SPEC §6.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::PageParams;

resource_operations! { $ dialog_operations(dialog);
    DialogHandle = handle,
    DialogStatus = status,
}

/// `dialog status`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DialogStatusReply {
    pub page: crate::page::PageId,
    pub open: bool,
    /// The dialog open now, if any.
    pub dialog: Option<crate::interact::DialogInfo>,
}

/// `dialog handle`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DialogHandleReply {
    pub page: crate::page::PageId,
    /// The dialog answered.
    pub handled: crate::interact::DialogInfo,
    /// Whether it was accepted (else dismissed).
    pub accepted: bool,
    /// What answering it caused, as an action tells it (SPEC §6.4): the page's script went on
    /// (a confirm's branch ran, a prompt's answer was used), with its changes since the last
    /// snapshot, a navigation, another dialog.
    #[serde(flatten)]
    pub effect: crate::ops::ActionReply,
}
