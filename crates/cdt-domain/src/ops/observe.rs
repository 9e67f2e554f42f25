//! `observe state|targets` (their parameters are the `--page` of `page.rs`).

/// The `observe` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! observe_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// url, title, viewport, scroll, focus, dialog, loading, network idle, DOM stable
        ObserveState = "observe.state" (PageParams, page::args::PageArg), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected],
            ["cdt observe state"];
        /// Actionable elements with uid, role, name, box, visibility and a selector
        ObserveTargets = "observe.targets" (PageParams, page::args::PageArg), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected],
            ["cdt observe targets", "cdt observe targets --fields targets.uid,targets.name,targets.bbox"];
        ] $($rest)* }
    };
}
