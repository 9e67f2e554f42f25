//! Every environment variable cdt reads, in one place.

/// State root (default `~/.cdt`).
pub const CDT_HOME: &str = "CDT_HOME";
/// Context id injected by an agent runtime; highest-priority automatic context source.
pub const CDT_CONTEXT_ID: &str = "CDT_CONTEXT_ID";
/// Share group: callers with the same group share one browser slot.
pub const CDT_SHARE_GROUP: &str = "CDT_SHARE_GROUP";
/// Chromium executable to launch.
pub const CDT_CHROME_PATH: &str = "CDT_CHROME_PATH";
/// `cdt-daemon` executable (default: next to `cdt`, then on `PATH`).
pub const CDT_DAEMON_PATH: &str = "CDT_DAEMON_PATH";
/// `cdt-mcp` executable that `cdt mcp` becomes (default: next to `cdt`, then on `PATH`).
pub const CDT_MCP_PATH: &str = "CDT_MCP_PATH";
/// The MCP tool families `cdt mcp` lists: `devtools`, `observer`, `cdt`, `ops`, `all`
/// (default `devtools,observer,cdt`).
pub const CDT_MCP_TOOLS: &str = "CDT_MCP_TOOLS";
/// `cdt-http` executable that `cdt http` becomes (default: next to `cdt`, then on `PATH`).
pub const CDT_HTTP_PATH: &str = "CDT_HTTP_PATH";
/// Idle timeout of a slot's lease, in seconds (default 1800).
pub const CDT_IDLE_TIMEOUT_SECS: &str = "CDT_IDLE_TIMEOUT_SECS";
/// Maximum number of running contexts (default: what half the machine's memory holds at 64 MiB
/// a shared context, 4 to 1024; see docs/admission.md).
pub const CDT_MAX_SLOTS: &str = "CDT_MAX_SLOTS";
/// Memory the running contexts may take, in MiB, each counted at 192 MiB for a Chromium of its
/// own and 64 MiB for a context in a shared one (default: half the machine's memory).
pub const CDT_MEMORY_BUDGET_MIB: &str = "CDT_MEMORY_BUDGET_MIB";
/// How many browsers may start at once; later starts wait their turn (default: the CPUs).
pub const CDT_MAX_LAUNCHES: &str = "CDT_MAX_LAUNCHES";
/// How often the janitor checks leases, in milliseconds (default 2000).
pub const CDT_JANITOR_INTERVAL_MS: &str = "CDT_JANITOR_INTERVAL_MS";
/// Capacity of each slot's event ring buffer (default 10000).
pub const CDT_EVENTS_CAPACITY: &str = "CDT_EVENTS_CAPACITY";
/// Age after which buffered events expire, in seconds (default 3600).
pub const CDT_EVENTS_TTL_SECS: &str = "CDT_EVENTS_TTL_SECS";
/// Estimated memory each slot's event ring may take, in bytes (default 67108864, 64 MiB).
pub const CDT_EVENTS_MAX_BYTES: &str = "CDT_EVENTS_MAX_BYTES";
/// `tracing` filter for the daemon log (default `info`).
pub const CDT_LOG: &str = "CDT_LOG";
/// Disables colour in text output.
pub const NO_COLOR: &str = "NO_COLOR";
/// Where a context's browser runs: `shared` (a browser context in a shared Chromium),
/// `dedicated` (a Chromium of its own) or `auto` (the default; see docs/context-resolution.md).
/// Read by the client, sent with each request.
pub const CDT_BROWSER_MODE: &str = "CDT_BROWSER_MODE";
/// How many contexts one shared Chromium holds before another is started (default 20).
pub const CDT_CONTEXTS_PER_BROWSER: &str = "CDT_CONTEXTS_PER_BROWSER";
