//! `cdt page resize`: set the page's viewport size in CSS pixels.

use super::*;
use crate::ops::prelude::*;

/// `page.resize`: the operation (its [`OpSpec`] below).
pub struct PageResize;

impl Op for PageResize {
    type Params = ResizeParams;
    type Reply = PageResizeReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.resize",
        summary: "Set the page's viewport size in CSS pixels",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page resize 1280 800",
        ],
        tools: &[Tool::of::<ResizeParams>("resize_page", ToolFamily::DevTools, "Resize the page's viewport (CSS px).")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ResizeArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResizeParams {
    pub width: u32,
    pub height: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

impl ToolShape for ResizeParams {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageResize(self))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct ResizeArgs {
        #[arg(value_name = "WIDTH")]
        pub width: Option<u32>,
        #[arg(value_name = "HEIGHT")]
        pub height: Option<u32>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(ResizeArgs);
}
