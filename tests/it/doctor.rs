//! The human front door: `cdt doctor` (with and without Chromium), shell completions that load
//! in bash, and the man pages.

use cdt_e2e::TestEnv;

#[test]
fn doctor_checks_the_setup_and_launches_chromium_once() {
    let env = TestEnv::new();
    let run = env.run(&["doctor"]);
    let data = run.ok();
    assert_eq!(data["healthy"], true, "{run:?}");
    let checks = data["checks"].as_array().unwrap();
    let names: Vec<&str> = checks.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["cdt", "home", "socket", "daemon", "chromium"]);
    let chromium = &checks[4];
    assert_eq!(chromium["status"], "ok", "{chromium}");
    assert!(
        chromium["detail"].as_str().unwrap().contains("Chrome/"),
        "the version is named: {chromium}"
    );
    // The launch used a context of its own and closed its browser again.
    assert!(env.browser_pids().is_empty(), "{:?}", env.browser_pids());
    let sessions = env.run(&["session", "list"]);
    assert_eq!(
        sessions.ok()["sessions"]
            .as_array()
            .map(Vec::len)
            .unwrap_or(0),
        0,
        "{sessions:?}"
    );

    let text = env.run(&["doctor", "--output", "text"]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(text.stdout.contains("ok   daemon"), "{}", text.stdout);
}

#[test]
fn doctor_without_chromium_says_how_to_install_it() {
    let env = TestEnv::new()
        .with_env("CDT_CHROME_PATH", "/nonexistent/chromium")
        .with_env("PATH", "/nonexistent-bin");
    let run = env.run(&["doctor"]);
    let error = run.err("BROWSER_LAUNCH_FAILED", 6);
    let suggestions = error["suggestions"].to_string();
    assert!(
        suggestions.contains("apt-get install -y chromium"),
        "{error}"
    );
    assert!(suggestions.contains("CDT_CHROME_PATH"), "{error}");
    let chromium = &error["details"]["checks"][4];
    assert_eq!(chromium["status"], "fail", "{error}");

    let text = env.run(&["doctor", "--output", "text"]);
    assert_eq!(text.code, 6);
    assert!(text.stdout.contains("FAIL chromium"), "{}", text.stdout);
    assert!(
        text.stdout.contains("fix: Install Chromium"),
        "{}",
        text.stdout
    );
}

#[test]
fn doctor_refuses_a_state_dir_open_to_others() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    std::fs::create_dir_all(&env.home).unwrap();
    std::fs::set_permissions(&env.home, std::fs::Permissions::from_mode(0o755)).unwrap();
    let run = env.run(&["doctor"]);
    let error = run.err("SECURITY_BLOCKED", 2);
    assert!(
        error["suggestions"].to_string().contains("chmod 700"),
        "{error}"
    );
    assert_eq!(error["details"]["checks"][4]["status"], "skip", "{error}");
}

#[test]
fn completions_load_in_bash() {
    let env = TestEnv::new();
    let cdt = cdt_e2e::cdt_bin();
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source <('{}' completions bash) && complete -p cdt",
            cdt.display()
        ))
        .env("CDT_HOME", &env.home)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout.contains("-F _cdt") && stdout.trim_end().ends_with(" cdt"),
        "{stdout}"
    );
    for shell in ["zsh", "fish"] {
        let run = env.run(&["completions", shell]);
        assert_eq!(run.code, 0);
        assert!(
            run.stdout.contains("repl") && run.stdout.contains("wait-until"),
            "{shell}"
        );
    }
    env.run(&["completions", "tcsh"]).err("VALIDATION_ERROR", 2);
    assert!(
        env.daemon_pid().is_none(),
        "completions must not start a daemon"
    );
}

#[test]
fn man_prints_a_page_or_writes_one_per_command() {
    let env = TestEnv::new();
    let run = env.run(&["man"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains(".TH cdt"),
        "{}",
        &run.stdout[..200.min(run.stdout.len())]
    );
    let dir = env.home.with_extension("man");
    let written = env.run(&["man", "--dir", dir.to_str().unwrap()]);
    let pages = written.ok()["pages"].as_array().unwrap().len();
    assert!(pages > 60, "{pages} pages");
    let open = std::fs::read_to_string(dir.join("cdt-page-open.1")).unwrap();
    assert!(open.contains("wait\\-until"), "{open}");
    let _ = std::fs::remove_dir_all(&dir);
}
