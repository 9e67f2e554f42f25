#![allow(clippy::unwrap_used)]

use std::sync::Mutex;

use super::*;

fn argv(words: &[&str]) -> Vec<String> {
    words.iter().map(|word| word.to_string()).collect()
}

type Recorded = Arc<Mutex<Vec<(LineKind, String)>>>;

fn recording_sink() -> (LineSink, Recorded) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let seen = lines.clone();
    let sink: LineSink = Arc::new(move |kind, line| {
        seen.lock().unwrap().push((kind, line.to_string()));
    });
    (sink, lines)
}

fn alive(pid: i32) -> bool {
    // A zombie is not alive: it has exited and only waits to be reaped.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[tokio::test]
async fn collects_both_streams_and_the_exit_code() {
    let (sink, lines) = recording_sink();
    let output = run(
        &argv(&[
            "sh",
            "-c",
            "echo out1; echo err1 >&2; printf 'out2'; exit 3",
        ]),
        Path::new("/"),
        Duration::from_secs(30),
        None,
        sink,
    )
    .await
    .unwrap();
    assert_eq!(output.ended, Ended::Exited(Some(3)));
    assert_eq!(output.exit_code(), Some(3));
    assert_eq!(output.stdout, "out1\nout2");
    assert_eq!(output.stderr, "err1\n");
    let lines = lines.lock().unwrap();
    assert!(lines.contains(&(LineKind::Stdout, "out1".into())));
    assert!(lines.contains(&(LineKind::Stdout, "out2".into())));
    assert!(lines.contains(&(LineKind::Stderr, "err1".into())));
}

#[tokio::test]
async fn runs_in_the_given_directory_and_keeps_bytes_that_are_not_utf8() {
    let (sink, _) = recording_sink();
    let output = run(
        &argv(&["sh", "-c", "pwd; printf '\\377ok\\n'"]),
        Path::new("/tmp"),
        Duration::from_secs(30),
        None,
        sink,
    )
    .await
    .unwrap();
    assert_eq!(output.stdout, "/tmp\n\u{fffd}ok\n");
}

#[tokio::test]
async fn a_missing_program_is_a_spawn_error() {
    let (sink, _) = recording_sink();
    let error = run(
        &argv(&["/nonexistent/agent-cli", "x"]),
        Path::new("/"),
        Duration::from_secs(5),
        None,
        sink,
    )
    .await
    .unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
}

/// The CLI (a shell) starts a grandchild and waits: the timeout must kill both.
#[tokio::test]
async fn timeout_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("grandchild.pid");
    let script = format!(
        "sleep 300 & echo $! > {}; echo started; wait",
        pid_file.display()
    );
    let (sink, _) = recording_sink();
    let output = run(
        &argv(&["sh", "-c", &script]),
        dir.path(),
        Duration::from_millis(700),
        None,
        sink,
    )
    .await
    .unwrap();
    assert_eq!(output.ended, Ended::TimedOut);
    assert_eq!(output.exit_code(), None);
    assert_eq!(output.stdout, "started\n");
    let grandchild: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // SIGKILL is delivered before kill(2) returns, but the kernel may take a moment to tear
    // the process down; poll without a timing assertion.
    for _ in 0..200 {
        if !alive(grandchild) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("grandchild {grandchild} survived the timeout");
}

#[tokio::test]
async fn stop_signal_kills_at_once() {
    let (sink, _) = recording_sink();
    let (stop_tx, stop_rx) = watch::channel(false);
    let call = tokio::spawn(async move {
        run(
            &argv(&["sleep", "300"]),
            Path::new("/"),
            Duration::from_secs(600),
            Some(stop_rx),
            sink,
        )
        .await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    stop_tx.send(true).unwrap();
    let output = call.await.unwrap().unwrap();
    assert_eq!(output.ended, Ended::Stopped);
}

#[tokio::test]
async fn a_leftover_child_holding_the_pipe_does_not_hang_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("leftover.pid");
    // The CLI exits at once but leaves a background child with stdout open.
    let script = format!("sleep 300 & echo $! > {}; echo done", pid_file.display());
    let (sink, _) = recording_sink();
    let output = run(
        &argv(&["sh", "-c", &script]),
        dir.path(),
        Duration::from_secs(60),
        None,
        sink,
    )
    .await
    .unwrap();
    assert_eq!(output.ended, Ended::Exited(Some(0)));
    assert_eq!(output.stdout, "done\n");
    let leftover: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    for _ in 0..200 {
        if !alive(leftover) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("leftover {leftover} survived");
}
