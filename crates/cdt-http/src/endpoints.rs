//! Seed 003's endpoints as a table: each one's method, path, query parameters and the operation
//! it becomes (translated by `seed.rs`). The table drives the router and the OpenAPI document
//! alike.

/// The HTTP method of an endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "get",
            Method::Post => "post",
        }
    }
}

/// One query parameter of a seed endpoint.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    /// JSON schema type: `string`, `boolean`, `number`, `integer`.
    pub kind: &'static str,
    pub required: bool,
    pub about: &'static str,
}

const fn param(
    name: &'static str,
    kind: &'static str,
    required: bool,
    about: &'static str,
) -> Param {
    Param {
        name,
        kind,
        required,
        about,
    }
}

const PAGE: Param = param(
    "page",
    "integer",
    false,
    "The page (default: the current one).",
);
/// `/wait`'s budget, in seconds as seed 003 prints it.
const TIMEOUT_SECONDS: Param = param(
    "timeout",
    "number",
    false,
    "Seconds (default 10), as seed 003.",
);
const TIMEOUT_MS: Param = param(
    "timeout",
    "integer",
    false,
    "Budget in ms (default: the operation's).",
);
const SELECTOR: Param = param(
    "selector",
    "string",
    false,
    "A CSS selector, or a uid from /elements (e12).",
);
const UID: Param = param(
    "uid",
    "string",
    false,
    "A uid from /elements (instead of selector).",
);
const TEXT_TARGET: Param = param(
    "target_text",
    "string",
    false,
    "The element's visible text (instead of selector).",
);
const FORCE: Param = param(
    "force",
    "boolean",
    false,
    "Act at once and wait for nothing after (default false: wait for the network to go idle, 3 s at most).",
);

/// What an endpoint does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Goto,
    Back,
    Forward,
    Reload,
    Click,
    Type,
    Clear,
    Wait,
    WaitIdle,
    Elements,
    Text,
    Html,
    Screenshot,
    State,
    Shutdown,
}

/// One seed endpoint.
#[derive(Clone, Copy, Debug)]
pub struct Endpoint {
    pub method: Method,
    pub path: &'static str,
    pub summary: &'static str,
    /// The operation it sends.
    pub op: &'static str,
    pub params: &'static [Param],
    pub action: Action,
}

/// Every endpoint of seed 003's table.
pub const ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        method: Method::Post,
        path: "/cmd/goto",
        summary: "Load a URL in the page; waits for the network to go idle (3 s at most)",
        op: "page.navigate",
        params: &[
            param("url", "string", true, "The URL to load."),
            PAGE,
            TIMEOUT_MS,
        ],
        action: Action::Goto,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/back",
        summary: "Go back; waits for the network to go idle",
        op: "page.back",
        params: &[PAGE, TIMEOUT_MS],
        action: Action::Back,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/forward",
        summary: "Go forward; waits for the network to go idle",
        op: "page.forward",
        params: &[PAGE, TIMEOUT_MS],
        action: Action::Forward,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/reload",
        summary: "Reload; waits for the network to go idle",
        op: "page.reload",
        params: &[PAGE, TIMEOUT_MS],
        action: Action::Reload,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/click",
        summary: "Click an element; reports what it caused, then waits for the network unless force",
        op: "element.click",
        params: &[SELECTOR, UID, TEXT_TARGET, FORCE, PAGE, TIMEOUT_MS],
        action: Action::Click,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/type",
        summary: "Fill a field with text",
        op: "element.fill",
        params: &[
            SELECTOR,
            UID,
            TEXT_TARGET,
            param("text", "string", true, "The text."),
            FORCE,
            PAGE,
            TIMEOUT_MS,
        ],
        action: Action::Type,
    },
    Endpoint {
        method: Method::Post,
        path: "/cmd/clear",
        summary: "Empty a field",
        op: "element.clear",
        params: &[SELECTOR, UID, TEXT_TARGET, FORCE, PAGE, TIMEOUT_MS],
        action: Action::Clear,
    },
    Endpoint {
        method: Method::Post,
        path: "/wait",
        summary: "Wait until a CSS selector is visible",
        op: "page.wait-selector",
        params: &[
            param("selector", "string", true, "A CSS selector."),
            TIMEOUT_SECONDS,
            PAGE,
        ],
        action: Action::Wait,
    },
    Endpoint {
        method: Method::Post,
        path: "/wait/idle",
        summary: "Wait until the network is idle",
        op: "page.wait-idle",
        params: &[TIMEOUT_SECONDS, PAGE],
        action: Action::WaitIdle,
    },
    Endpoint {
        method: Method::Get,
        path: "/elements",
        summary: "Actionable elements with their uids (the interactive snapshot)",
        op: "capture.snapshot",
        params: &[PAGE, TIMEOUT_MS],
        action: Action::Elements,
    },
    Endpoint {
        method: Method::Get,
        path: "/text",
        summary: "The page's readable text (markdown=true: its main content as Markdown)",
        op: "page.text",
        params: &[
            SELECTOR,
            UID,
            param(
                "markdown",
                "boolean",
                false,
                "The main content as Markdown, links with their uids.",
            ),
            PAGE,
            TIMEOUT_MS,
        ],
        action: Action::Text,
    },
    Endpoint {
        method: Method::Get,
        path: "/html",
        summary: "The page's HTML",
        op: "page.html",
        params: &[SELECTOR, UID, PAGE, TIMEOUT_MS],
        action: Action::Html,
    },
    Endpoint {
        method: Method::Get,
        path: "/screenshot",
        summary: "A PNG of the viewport, base64 in data.base64 (the file is kept too)",
        op: "capture.screenshot",
        params: &[
            param("full_page", "boolean", false, "The whole page."),
            PAGE,
            TIMEOUT_MS,
        ],
        action: Action::Screenshot,
    },
    Endpoint {
        method: Method::Get,
        path: "/state",
        summary: "URL, title, loading, network idle, DOM stable, dialog, focus, scroll",
        op: "observe.state",
        params: &[PAGE, TIMEOUT_MS],
        action: Action::State,
    },
    Endpoint {
        method: Method::Post,
        path: "/shutdown",
        summary: "Stop this context's browser (never the daemon; server=true also stops this HTTP server)",
        op: "session.stop",
        params: &[param(
            "server",
            "boolean",
            false,
            "Also stop this HTTP server.",
        )],
        action: Action::Shutdown,
    },
];
