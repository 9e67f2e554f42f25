//! Starting Chromium for cdt (SPEC §5): its command line, its process tied to the daemon, and
//! its DevTools pipe, answered before it is handed on.

use std::fs;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cdt_domain::ports::LaunchSpec;
use cdt_domain::{CdtError, ErrorCode};

use crate::discover::find_chromium;
use crate::process::BrowserProcess;
use crate::spawner::spawn_with_fds;
use crate::transport::CdpConnection;

#[allow(unsafe_code)]
fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The Blink feature that gives an element's role as Chromium's accessibility tree has it.
const COMPUTED_ROLES: &str = "ComputedAccessibilityInfo";

/// The back/forward cache's size, as a feature parameter: two entries per page.
const BACK_FORWARD_CACHE_SIZE: &str = "BackForwardCacheSize:cache_size/2";

/// The command line for a slot's browser.
pub fn chromium_args(spec: &LaunchSpec) -> Vec<String> {
    let mut args = vec![
        "--remote-debugging-pipe".to_string(),
        format!("--user-data-dir={}", spec.profile_dir.display()),
        "--no-first-run".into(),
        "--no-default-browser-check".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-default-apps".into(),
        "--disable-breakpad".into(),
        "--disable-crash-reporter".into(),
        "--password-store=basic".into(),
        "--use-mock-keychain".into(),
        "--mute-audio".into(),
        // Automation: what a script does is not second-guessed (docs/chromium-flags.md).
        "--disable-popup-blocking".into(),
        "--disable-background-timer-throttling".into(),
        "--disable-backgrounding-occluded-windows".into(),
        "--disable-renderer-backgrounding".into(),
        "--disable-ipc-flooding-protection".into(),
        "--disable-hang-monitor".into(),
        "--disable-prompt-on-repost".into(),
        "--disable-client-side-phishing-detection".into(),
        "--disable-domain-reliability".into(),
        "--metrics-recording-only".into(),
    ];
    if spec.headless {
        args.push("--headless=new".into());
        args.push("--disable-gpu".into());
    }
    if running_as_root() {
        args.push("--no-sandbox".into());
    }
    // No infobar for a flag Chromium calls unsupported (`--no-sandbox` above, or a caller's):
    // it took 56 px off the first page's viewport, so pages of one browser differed in size.
    args.push("--test-type".into());
    if let Some((width, height)) = spec.window_size {
        args.push(format!("--window-size={width},{height}"));
    }
    // Every origin in its own process: a cross-origin iframe (even same-site, like another port
    // of 127.0.0.1) is then an out-of-process frame, which cdt observes and snapshots on its
    // own session. Chromium honours one --enable-features, so the caller's list is merged in.
    // Likewise one --disable-features: no translate bar, no cast discovery, no model downloads.
    let mut features = vec!["StrictOriginIsolation".to_string()];
    let mut disabled: Vec<String> = [
        "Translate",
        "MediaRouter",
        "DialMediaRouteProvider",
        "OptimizationHints",
        // The omnibox popups' WebUI, which a headless browser never shows: without these, every
        // browser context (a dedicated browser, or each context of a shared one) keeps a WebUI
        // renderer of 30–45 MiB PSS.
        "WebUIOmniboxPopup",
        "WebUIOmniboxAimPopup",
    ]
    .map(str::to_string)
    .to_vec();
    let split = |list: &str| -> Vec<String> {
        list.split(',')
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    };
    // A custom element's own role, which its script gives through ElementInternals, read as
    // Chromium computes it (`Element.computedRole`): the snapshot's role for Fluent's
    // `fluent-checkbox` and its kind. One --enable-blink-features too: the caller's merged in.
    let mut blink = vec![COMPUTED_ROLES.to_string()];
    for arg in &spec.extra_args {
        if let Some(list) = arg.strip_prefix("--enable-blink-features=") {
            blink.extend(split(list));
        } else if let Some(list) = arg.strip_prefix("--enable-features=") {
            features.extend(split(list));
        } else if let Some(list) = arg.strip_prefix("--disable-features=") {
            disabled.extend(split(list));
        } else {
            args.push(arg.clone());
        }
    }
    // Two pages kept in the back/forward cache, not Chromium's six: `page back` (twice) still
    // shows a page as it was left, and a browsing agent's renderer does not keep four more
    // documents alive (docs/chromium-flags.md). A caller who names the cache in either list
    // decides alone.
    let names_the_cache = |list: &[String]| list.iter().any(|f| f.starts_with("BackForwardCache"));
    if !names_the_cache(&features) && !names_the_cache(&disabled) {
        features.push(BACK_FORWARD_CACHE_SIZE.into());
    }
    args.push(format!("--enable-features={}", features.join(",")));
    args.push(format!("--enable-blink-features={}", blink.join(",")));
    args.push(format!("--disable-features={}", disabled.join(",")));
    args.push("about:blank".into());
    args
}

/// Kills the browser if launching is abandoned (error, or the caller's budget ran out).
struct LaunchGuard(Option<Child>);

impl Drop for LaunchGuard {
    fn drop(&mut self) {
        if let Some(child) = self.0.take() {
            BrowserProcess::new(child).kill();
        }
    }
}

fn log_tail(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().rev().take(8).collect();
    lines.into_iter().rev().collect::<Vec<_>>().join("\n")
}

fn launch_failed(message: String, log: &Path) -> CdtError {
    CdtError::new(ErrorCode::BrowserLaunchFailed, message)
        .with_details(serde_json::json!({ "log": log, "logTail": log_tail(log) }))
        .hinted(format!("Read the browser log: cat {}", log.display()))
        .hinted("Install or repair Chromium: apt-get install -y chromium (or set CDT_CHROME_PATH)")
}

/// What a launched browser's `wsEndpoint` reads: it has none, cdt speaks to it over the
/// `--remote-debugging-pipe` pair.
pub const PIPE_ENDPOINT: &str = "pipe";

/// A Chromium cdt started, answering on its DevTools pipe.
pub(crate) struct Started {
    pub(crate) connection: CdpConnection,
    pub(crate) pid: u32,
    pub(crate) process: BrowserProcess,
    pub(crate) executable: std::path::PathBuf,
}

/// Starts Chromium as `spec` says and waits until it answers on its DevTools pipe.
pub(crate) async fn start_chromium(spec: &LaunchSpec) -> Result<Started, CdtError> {
    cdt_domain::launch_policy::check_chrome_args(&spec.extra_args)?;
    let executable = find_chromium(spec.chrome_path.as_deref())?;
    if let Err(error) = fs::create_dir_all(&spec.profile_dir) {
        return Err(launch_failed(
            format!("cannot create {}: {error}", spec.profile_dir.display()),
            &spec.log_file,
        ));
    }
    let log = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&spec.log_file)
        .map_err(|error| {
            launch_failed(
                format!("cannot open {}: {error}", spec.log_file.display()),
                &spec.log_file,
            )
        })?;
    let log_err = log
        .try_clone()
        .map_err(|error| launch_failed(error.to_string(), &spec.log_file))?;
    let mut command = Command::new(&executable);
    command
        .args(chromium_args(spec))
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log_err);
    // The DevTools pipe: the browser reads commands on its fd 3 and writes on its fd 4. No
    // TCP port, so no other local user can connect to it.
    let pipe_failed = |error: std::io::Error| {
        launch_failed(
            format!("cannot create the DevTools pipe: {error}"),
            &spec.log_file,
        )
    };
    let (commands_in, commands_out) = std::io::pipe().map_err(pipe_failed)?;
    let (replies_in, replies_out) = std::io::pipe().map_err(pipe_failed)?;
    let child = spawn_with_fds(
        command,
        [(commands_in.as_raw_fd(), 3), (replies_out.as_raw_fd(), 4)],
    )
    .map_err(|error| {
        launch_failed(
            format!("cannot start {}: {error}", executable.display()),
            &spec.log_file,
        )
    })?;
    // The browser holds its ends now.
    drop((commands_in, replies_out));
    let pid = child.id();
    let mut guard = LaunchGuard(Some(child));
    let connection =
        CdpConnection::over_pipe(OwnedFd::from(commands_out), OwnedFd::from(replies_in))?;
    // The browser answers once it is up (or its pipe closes if it exits).
    loop {
        let version = tokio::time::timeout(
            Duration::from_millis(500),
            connection.call("Browser.getVersion", serde_json::json!({}), None),
        )
        .await;
        if let Ok(Ok(_)) = version {
            break;
        }
        if let Some(Ok(Some(status))) = guard.0.as_mut().map(Child::try_wait) {
            return Err(launch_failed(
                format!("{} exited during start-up ({status})", executable.display()),
                &spec.log_file,
            ));
        }
        if let Ok(Err(error)) = version
            && !connection.is_connected()
        {
            return Err(launch_failed(
                format!(
                    "{} closed its DevTools pipe: {}",
                    executable.display(),
                    error.message
                ),
                &spec.log_file,
            ));
        }
    }
    let process = guard
        .0
        .take()
        .map(BrowserProcess::new)
        .ok_or_else(|| CdtError::internal("the launched browser's process is gone"))?;
    Ok(Started {
        connection,
        pid,
        process,
        executable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::browser_mode::BrowserMode;

    #[test]
    fn flags_include_the_closed_network_set_and_never_a_doubled_dash() {
        let spec = LaunchSpec {
            headless: true,
            window_size: Some((800, 600)),
            chrome_path: None,
            extra_args: vec![
                "--lang=de".into(),
                "--enable-features=Foo,Bar".into(),
                "--disable-features=Baz".into(),
                "--enable-blink-features=Qux".into(),
            ],
            profile_dir: "/tmp/p".into(),
            log_file: "/tmp/l".into(),
            mode: BrowserMode::Dedicated,
        };
        let args = chromium_args(&spec);
        for flag in [
            "--headless=new",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=800,600",
            "--lang=de",
            "--test-type",
        ] {
            assert!(args.iter().any(|a| a == flag), "missing {flag}");
        }
        assert!(args.iter().all(|a| !a.starts_with("---")));
        let features: Vec<&String> = args
            .iter()
            .filter(|a| a.starts_with("--enable-features="))
            .collect();
        assert_eq!(
            features,
            vec![
                "--enable-features=StrictOriginIsolation,Foo,Bar,BackForwardCacheSize:cache_size/2"
            ],
            "one merged feature list"
        );
        let disabled: Vec<&String> = args
            .iter()
            .filter(|a| a.starts_with("--disable-features="))
            .collect();
        assert_eq!(
            disabled,
            vec![
                "--disable-features=Translate,MediaRouter,DialMediaRouteProvider,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup,Baz"
            ],
            "one merged disabled list"
        );
        let blink: Vec<&String> = args
            .iter()
            .filter(|a| a.starts_with("--enable-blink-features="))
            .collect();
        assert_eq!(
            blink,
            vec!["--enable-blink-features=ComputedAccessibilityInfo,Qux"],
            "one merged Blink feature list"
        );
        assert!(args.iter().any(|a| a == "--disable-popup-blocking"));
        assert_eq!(args.last().map(String::as_str), Some("about:blank"));
    }

    #[test]
    fn a_caller_who_names_the_back_forward_cache_decides_its_size() {
        let features_with = |extra: &[&str]| {
            let spec = LaunchSpec {
                headless: true,
                window_size: None,
                chrome_path: None,
                extra_args: extra.iter().map(|a| a.to_string()).collect(),
                profile_dir: "/tmp/p".into(),
                log_file: "/tmp/l".into(),
                mode: BrowserMode::Dedicated,
            };
            chromium_args(&spec)
                .into_iter()
                .filter(|a| {
                    a.starts_with("--enable-features=") || a.starts_with("--disable-features=")
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert!(features_with(&[]).contains("BackForwardCacheSize:cache_size/2"));
        let own = features_with(&["--enable-features=BackForwardCacheSize:cache_size/6"]);
        assert!(
            own.contains("cache_size/6") && !own.contains("cache_size/2"),
            "{own}"
        );
        let off = features_with(&["--disable-features=BackForwardCache"]);
        assert!(!off.contains("cache_size"), "{off}");
    }
}
