//! Serves the built front end (`web/dist`, made by `scripts/debate.sh` or `npm run build`):
//! a file under that directory when the path names one, `index.html` otherwise. When the UI
//! has not been built, every page is a 500 that says how to build it — the server never
//! substitutes a page of its own for the real UI.
//!
//! This module must never serve a file outside the UI directory.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::app::App;

pub async fn serve(State(app): State<Arc<App>>, uri: Uri) -> Response {
    let root = &app.paths.ui_dir;
    let index = root.join("index.html");
    if !index.is_file() {
        return not_built(root);
    }
    let path = match resolve(root, uri.path()) {
        Some(path) if path.is_file() => path,
        // Unknown paths (and the root) are the single-page app.
        _ => index,
    };
    // Small files on local disk: read them in place.
    match std::fs::read(&path) {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, content_type(&path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        Err(error) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot read {}: {error}", path.display()),
        )
            .into_response(),
    }
}

/// The file a URL path names under `root`; `None` for anything that could leave it.
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let relative = url_path.trim_start_matches('/');
    if relative.is_empty() || relative.contains('\0') || relative.contains('%') {
        return None;
    }
    let relative = Path::new(relative);
    if !relative
        .components()
        .all(|component| matches!(component, Component::Normal(_)))
    {
        return None;
    }
    let path = root.join(relative);
    // A symlink inside dist/ must not lead out of it either.
    let canonical = path.canonicalize().ok()?;
    let canonical_root = root.canonicalize().ok()?;
    canonical.starts_with(&canonical_root).then_some(canonical)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json" | "map") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("woff") => "font/woff",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn not_built(root: &Path) -> Response {
    let root = html_escape(&root.display().to_string());
    let page = format!(
        "<!doctype html><html lang=\"ko\"><meta charset=\"utf-8\"><title>UI가 빌드되지 않았습니다</title>\
         <h1>UI가 빌드되지 않았습니다</h1>\
         <p>cdt-debate는 빌드된 프런트엔드를 <code>{root}</code>에서 찾습니다. 다음 중 하나로 빌드하세요:</p>\
         <pre>bash scripts/debate.sh          # UI를 빌드하고 서버를 시작합니다\n\
         cd crates/debate/web &amp;&amp; npm ci &amp;&amp; npm run build</pre>\
         <p>The UI has not been built: run <code>bash scripts/debate.sh</code>, or \
         <code>npm ci &amp;&amp; npm run build</code> in <code>crates/debate/web</code>. \
         The API under <code>/api</code> works without it.</p></html>"
    );
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page,
    )
        .into_response()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn resolve_stays_inside_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("dist");
        std::fs::create_dir_all(root.join("assets")).unwrap();
        std::fs::write(root.join("assets/app.js"), "x").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "s").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), root.join("link.txt")).unwrap();
        assert!(resolve(&root, "/assets/app.js").is_some());
        for bad in [
            "/../secret.txt",
            "/assets/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/link.txt",
            "/",
            "//etc/passwd",
        ] {
            assert_eq!(resolve(&root, bad), None, "{bad}");
        }
    }

    #[test]
    fn content_types() {
        assert_eq!(
            content_type(Path::new("a/index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("x.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("x.bin")), "application/octet-stream");
    }
}
