//! Downloads (issue 21.2), end to end on a real Chromium: a click's feedback names the file it
//! downloaded (saved in the context's artifacts under its suggested name), `downloads list`
//! lists it, `page wait-download` waits for the next one (and moves it with --dir), and a wait
//! with nothing to wait for ends at its budget.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};

const CTX: &str = "dl";

#[test]
fn a_clicked_download_is_saved_reported_listed_and_waited_for() {
    let server = HttpServer::start();
    let csv = "id,name\n1,Ada\n2,Grace\n";
    // Slow responses: a download begins only once its response's headers arrive, so the
    // click's feedback must wait for it (a busy machine is slow the same way).
    server.delayed_bytes("/report.csv", "text/csv", csv.as_bytes(), 500);
    server.delayed_bytes("/data.bin", "application/octet-stream", &[7u8; 3000], 500);
    server.delayed_bytes("/other.bin", "application/octet-stream", &[8u8; 1000], 500);
    server.page(
        "/files.html",
        "Files",
        "<a href='/report.csv' download>Report</a> <button onclick=\"location.href='/data.bin'\">Binary</button> <button onclick=\"location.href='/other.bin'\">Other</button>",
    );
    let env = TestEnv::new();
    env.ctx(CTX, &["page", "open", &server.url("/files.html")])
        .ok();
    let snap = snapshot(&env, CTX);
    let link = uid_of(&snap, "link \"Report\"");
    let clicked_out = env.ctx(CTX, &["element", "click", &link]);
    // A download is an effect: no ACTION_NO_EFFECT warning.
    assert!(
        !clicked_out.stdout.contains("ACTION_NO_EFFECT"),
        "{}",
        clicked_out.stdout
    );
    let clicked = clicked_out.ok().clone();
    let download = &clicked["downloads"][0];
    assert_eq!(download["state"], "completed", "{clicked}");
    assert_eq!(download["size"], csv.len());
    assert_eq!(download["mime"], "text/csv");
    assert!(download["url"].as_str().unwrap().ends_with("/report.csv"));
    let file = download["file"].as_str().unwrap().to_string();
    assert!(
        file.starts_with(&env.home.display().to_string()) && file.ends_with("/report.csv"),
        "saved in the context's artifacts: {file}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), csv);

    // The same file again: a name of its own.
    let again = env.ctx(CTX, &["element", "click", &link]).ok().clone();
    assert!(
        again["downloads"][0]["file"]
            .as_str()
            .unwrap()
            .ends_with("/report (2).csv"),
        "{again}"
    );

    // A navigation whose response is saved rather than shown: the feedback waits for it too.
    let other = uid_of(&snapshot(&env, CTX), "button \"Other\"");
    let navigated = env.ctx(CTX, &["element", "click", &other]).ok().clone();
    assert_eq!(navigated["navigated"], false, "{navigated}");
    assert_eq!(navigated["downloads"][0]["size"], 1000, "{navigated}");

    // Waited for, and moved.
    let out_dir = env.home.join("out");
    let button = uid_of(&snapshot(&env, CTX), "button \"Binary\"");
    env.ctx(CTX, &["element", "click", &button, "--no-wait"])
        .ok();
    let waited = env.ctx(
        CTX,
        &["page", "wait-download", "--dir", out_dir.to_str().unwrap()],
    );
    // The clicks' downloads were reported by their feedback: the next one is the button's.
    let next = waited.ok()["download"].clone();
    assert_eq!(next["size"], 3000, "{next}");
    assert_eq!(next["mime"], "application/octet-stream");
    let moved = next["file"].as_str().unwrap();
    assert!(moved.starts_with(out_dir.to_str().unwrap()), "{moved}");
    assert_eq!(std::fs::metadata(moved).unwrap().len(), 3000);

    let listed = env.ctx(CTX, &["downloads", "list"]).ok()["downloads"].clone();
    assert_eq!(listed.as_array().unwrap().len(), 4, "{listed}");

    // Nothing left to wait for: the budget ends it, with what to do.
    env.ctx(CTX, &["page", "wait-download", "--timeout", "1000"])
        .err("TIMEOUT", 4);
}
