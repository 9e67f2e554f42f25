//! `cdt input key`: press a key or chord: Enter, Tab, Escape, Control+A, Shift+Tab, F5, a, ….

use super::*;
use crate::ops::prelude::*;

/// `input.key`: the operation (its [`OpSpec`] below).
pub struct InputKey;

impl Op for InputKey {
    type Params = KeyParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.key",
        summary: "Press a key or chord: Enter, Tab, Escape, Control+A, Shift+Tab, F5, a, …",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input key Control+A",
            "cdt input key Enter",
        ],
        aliases: &[Alias::new(&["key", "press"], "key <key>", "press a key or chord (Enter, Control+A)", "key Enter", Form::Append)],
        tools: &[Tool::of::<PressKey>("press_key", ToolFamily::DevTools, "Press a key or chord on the focused element.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KeyParams {
    /// A key or chord: `Enter`, `Control+A`, `Shift+Tab`, `a`.
    pub keys: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `press_key`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PressKey {
    /// E.g. `Enter`, `Control+A`, `Shift+Tab`.
    pub key: String,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for PressKey {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::InputKey(KeyParams {
            keys: self.key,
            page: self.page,
        }))
    }
}
