//! `cdt network routes`: the context's active routes, with how many requests each matched.

use crate::ops::prelude::*;

/// `network.routes`: the operation (its [`OpSpec`] below).
pub struct NetworkRoutes;

impl Op for NetworkRoutes {
    type Params = crate::ops::NoParams;
    type Reply = crate::ops::NetworkRoutesReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.routes",
        summary: "List the active routes and what each matched",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[],
        examples: &["cdt network routes"],
        ..OpSpec::DEFAULTS
    };
}
