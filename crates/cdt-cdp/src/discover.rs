//! Finding a Chromium executable (SPEC §5): explicit path → `CDT_CHROME_PATH` → well-known names
//! on `PATH` → well-known install paths. Debian's `/usr/bin/chromium` is a shell wrapper; the
//! real binary `/usr/lib/chromium/chromium` is preferred when present.

use std::path::{Path, PathBuf};

use cdt_domain::{CdtError, ErrorCode, env};

const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];
const WELL_KNOWN: &[&str] = &[
    "/usr/lib/chromium/chromium",
    "/usr/lib/chromium-browser/chromium-browser",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/opt/google/chrome/chrome",
    "/snap/bin/chromium",
];
const DEBIAN_WRAPPER: &str = "/usr/bin/chromium";
const DEBIAN_REAL: &str = "/usr/lib/chromium/chromium";

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn prefer_real_binary(path: PathBuf) -> PathBuf {
    let real = Path::new(DEBIAN_REAL);
    let wrapper = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    if wrapper == Path::new(DEBIAN_WRAPPER) && is_executable(real) {
        real.to_path_buf()
    } else {
        path
    }
}

/// Finds the executable to launch.
pub fn find_chromium(explicit: Option<&Path>) -> Result<PathBuf, CdtError> {
    let from_env = std::env::var_os(env::CDT_CHROME_PATH)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    if let Some(path) = explicit.map(Path::to_path_buf).or(from_env) {
        return if is_executable(&path) {
            Ok(path)
        } else {
            Err(CdtError::new(
                ErrorCode::BrowserLaunchFailed,
                format!("{} is not an executable file", path.display()),
            )
            .with_details(serde_json::json!({ "path": path }))
            .hinted(format!(
                "Point --chrome-path or {} at a Chromium executable",
                env::CDT_CHROME_PATH
            ))
            .hinted("Install Chromium: apt-get install -y chromium"))
        };
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .flat_map(|dir| NAMES.iter().map(move |name| dir.join(name)))
        .find(|candidate| is_executable(candidate));
    if let Some(path) = on_path {
        return Ok(prefer_real_binary(path));
    }
    WELL_KNOWN
        .iter()
        .map(PathBuf::from)
        .find(|candidate| is_executable(candidate))
        .ok_or_else(|| {
            CdtError::new(
                ErrorCode::BrowserLaunchFailed,
                "no Chromium or Chrome executable was found",
            )
            .with_details(
                serde_json::json!({ "searched": { "names": NAMES, "paths": WELL_KNOWN } }),
            )
            .hinted("Install Chromium: apt-get install -y chromium")
            .hinted(format!("Or set {}=/path/to/chrome", env::CDT_CHROME_PATH))
        })
}
