//! `cdp …`: raw Chrome DevTools Protocol for what cdt has no command for (issue 21.3): send a
//! method to the page (or, for a few read-only ones, the browser), listen to its events. What
//! would break cdt's bookkeeping or reach beyond the context is refused (`raw_cdp.rs`).

resource_operations! { $ cdp_operations(cdp);
    CdpSend = send,
    CdpListen = listen,
}
