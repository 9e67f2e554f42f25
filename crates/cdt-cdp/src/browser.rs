//! [`CdpBrowser`]: one connected browser behind the [`BrowserPort`] port. It owns the page
//! bookkeeping ([`Pages`]), the target set-up and the trace being recorded, and answers every
//! port method by handing the pieces of state it needs to the feature module that does the work
//! (`navigation`, `world`, `page_ops`, `dialogs`, `drag`, `storage`, `trace`, `target_setup`).
//! Feature modules never depend on this one.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use cdt_domain::emulation::EmulationSettings;
use cdt_domain::interact::{
    DialogInfo, DispatchOutcome, EvalRequest, KeyInput, MouseInput, ScreenshotRequest,
};
use cdt_domain::ports::{BrowserInfo, BrowserPort, NavigationOutcome, TargetInfo};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::storage::{Cookie, StorageArea, StorageItem};
use cdt_domain::telemetry::TelemetrySink;
use cdt_domain::{CdtError, WaitUntil};
use serde_json::{Value, json};

use crate::pages::Pages;
pub use crate::process::BrowserProcess;
use crate::support::str_field;
use crate::target_setup::TargetSetup;
use crate::trace::Recording;
use crate::transport::CdpConnection;
use crate::{dialogs, drag, navigation, page_ops, raw, storage, telemetry, trace, world};

/// Whose browser it is, which decides how it is watched and how it ends.
pub enum Owner {
    /// cdt launched it for this context alone: ending it kills it.
    Launched(BrowserProcess),
    /// Someone else launched it: cdt only disconnects.
    Attached,
    /// A browser context in a shared Chromium: ending it disposes that browser context only.
    Shared(Box<dyn Tenancy>),
}

/// A context's place in a shared Chromium (`shared_browsers.rs`), as its browser sees it.
pub trait Tenancy: Send + Sync {
    /// Whether the shared Chromium still runs.
    fn is_alive(&self) -> bool;
    /// How many contexts it holds now.
    fn contexts(&self) -> usize;
    /// The context left; called once its browser context is disposed (or going).
    fn release(&self);
}

pub struct CdpBrowser {
    pages: Pages,
    info: BrowserInfo,
    owner: Owner,
    /// Emulation and init scripts every target gets (see `target_setup.rs`).
    setup: Arc<TargetSetup>,
    /// The trace being recorded, if any (see `trace.rs`).
    trace: Recording,
    /// Its downloads, once a directory is set (see `downloads.rs`).
    downloads: Arc<crate::downloads::Downloads>,
}

impl CdpBrowser {
    /// Starts tracking targets and reads the browser's version.
    pub async fn start(
        connection: CdpConnection,
        mut info: BrowserInfo,
        owner: Owner,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<Self, CdtError> {
        let pages = Pages::new(connection);
        pages.follow_events();
        let mut browser = CdpBrowser {
            pages,
            info: BrowserInfo::default(),
            owner,
            setup: Arc::default(),
            trace: Recording::default(),
            downloads: Arc::default(),
        };
        let result = async {
            let connection = &browser.pages.connection;
            connection
                .call(
                    "Target.setDiscoverTargets",
                    json!({ "discover": true }),
                    None,
                )
                .await?;
            telemetry::start(
                connection.clone(),
                sink,
                browser.pages.state.observed.clone(),
                browser.setup.clone(),
            )
            .await?;
            let listed = connection
                .call("Target.getTargets", json!({}), None)
                .await?;
            for target in listed["targetInfos"].as_array().into_iter().flatten() {
                browser.pages.upsert(target);
            }
            connection.call("Browser.getVersion", json!({}), None).await
        }
        .await;
        match result {
            Ok(version) => {
                info.product = str_field(&version, "product").to_string();
                browser
                    .setup
                    .set_default_user_agent(str_field(&version, "userAgent"));
                browser.info = info;
                Ok(browser)
            }
            Err(error) => {
                browser.shutdown().await;
                Err(error)
            }
        }
    }
}

#[async_trait]
impl BrowserPort for CdpBrowser {
    fn info(&self) -> BrowserInfo {
        let mut info = self.info.clone();
        if let (Owner::Shared(placement), Some(shared)) = (&self.owner, info.shared.as_mut()) {
            shared.contexts = placement.contexts();
        }
        info
    }

    fn pages(&self) -> Vec<TargetInfo> {
        self.pages.list()
    }

    async fn targets(&self) -> Result<Vec<cdt_domain::ports::BrowserTarget>, CdtError> {
        let listed = self
            .pages
            .connection
            .call("Target.getTargets", json!({}), None)
            .await?;
        Ok(listed["targetInfos"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|info| cdt_domain::ports::BrowserTarget {
                target_id: str_field(info, "targetId").to_string(),
                kind: str_field(info, "type").to_string(),
                title: str_field(info, "title").to_string(),
                url: str_field(info, "url").to_string(),
                attached: info["attached"].as_bool().unwrap_or(false),
                parent: info
                    .get("parentId")
                    .or_else(|| info.get("openerId"))
                    .and_then(Value::as_str)
                    .map(str::to_string),
            })
            .collect())
    }

    fn is_connected(&self) -> bool {
        self.pages.connection.is_connected()
            && match &self.owner {
                Owner::Launched(process) => !process.has_exited(),
                Owner::Attached => true,
                Owner::Shared(placement) => placement.is_alive(),
            }
    }

    async fn create_page(&self, background: bool) -> Result<String, CdtError> {
        let created = self
            .pages
            .connection
            .call(
                "Target.createTarget",
                json!({ "url": "about:blank", "background": background }),
                None,
            )
            .await?;
        let target_id = str_field(&created, "targetId").to_string();
        self.pages.upsert(
            &json!({ "type": "page", "targetId": target_id, "url": "about:blank", "title": "" }),
        );
        // A new page must be emulating before its first navigation starts.
        if !self.setup.emulation().is_empty() {
            self.setup
                .wait_ready(&target_id, Duration::from_secs(2))
                .await;
        }
        Ok(target_id)
    }

    async fn navigate(
        &self,
        target_id: &str,
        url: &str,
        wait_until: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        navigation::navigate(&self.pages, target_id, url, wait_until).await
    }

    async fn activate(&self, target_id: &str) -> Result<(), CdtError> {
        // The tab in front, and its window's focus (which `Target.activateTarget` does not give
        // a headless page).
        let session = self.pages.session_for(target_id).await?;
        self.pages
            .connection
            .call("Page.bringToFront", json!({}), Some(&session))
            .await
            .map(drop)
    }

    async fn close_page(&self, target_id: &str) -> Result<(), CdtError> {
        self.pages
            .connection
            .call("Target.closeTarget", json!({ "targetId": target_id }), None)
            .await?;
        self.pages.remove(target_id);
        Ok(())
    }

    async fn probe(
        &self,
        target_id: &str,
        frame: &str,
        command: ProbeCommand,
        args: Value,
    ) -> Result<Value, CdtError> {
        world::run_probe(&self.pages, target_id, frame, command, args).await
    }

    async fn child_frames(&self, target_id: &str) -> Result<Vec<(String, String)>, CdtError> {
        Ok(self.pages.state.worlds.child_frames(target_id))
    }

    async fn mouse(
        &self,
        target_id: &str,
        input: &MouseInput,
    ) -> Result<DispatchOutcome, CdtError> {
        page_ops::mouse_input(&self.pages, target_id, input).await
    }

    async fn key(&self, target_id: &str, input: &KeyInput) -> Result<DispatchOutcome, CdtError> {
        page_ops::key_input(&self.pages, target_id, input).await
    }

    async fn insert_text(&self, target_id: &str, text: &str) -> Result<DispatchOutcome, CdtError> {
        page_ops::text_input(&self.pages, target_id, text).await
    }

    async fn set_files(
        &self,
        target_id: &str,
        frame: &str,
        uid: &str,
        files: &[String],
    ) -> Result<(), CdtError> {
        page_ops::file_input(&self.pages, target_id, frame, uid, files).await
    }

    async fn choose_files(
        &self,
        target_id: &str,
        at: (f64, f64),
        files: &[String],
        wait: std::time::Duration,
    ) -> Result<Option<DispatchOutcome>, CdtError> {
        crate::file_chooser::choose_files(&self.pages, target_id, at, files, wait).await
    }

    async fn evaluate(&self, target_id: &str, request: &EvalRequest) -> Result<Value, CdtError> {
        page_ops::eval(&self.pages, target_id, request).await
    }

    fn dialog(&self, target_id: &str) -> Option<DialogInfo> {
        self.pages
            .state
            .dialogs
            .lock()
            .ok()
            .and_then(|d| d.get(target_id).map(|(dialog, _)| dialog.clone()))
    }

    async fn handle_dialog(
        &self,
        target_id: &str,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<(), CdtError> {
        dialogs::answer_dialog(&self.pages, target_id, accept, prompt_text).await
    }

    async fn screenshot(
        &self,
        target_id: &str,
        request: &ScreenshotRequest,
    ) -> Result<Vec<u8>, CdtError> {
        page_ops::capture(&self.pages, target_id, request).await
    }

    async fn pdf(&self, target_id: &str) -> Result<Vec<u8>, CdtError> {
        page_ops::print_pdf(&self.pages, target_id).await
    }

    async fn history(
        &self,
        target_id: &str,
        delta: i32,
        wait_until: WaitUntil,
    ) -> Result<Option<NavigationOutcome>, CdtError> {
        navigation::go_history(&self.pages, target_id, delta, wait_until).await
    }

    async fn reload(
        &self,
        target_id: &str,
        ignore_cache: bool,
        wait_until: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        navigation::reload_page(&self.pages, target_id, ignore_cache, wait_until).await
    }

    async fn resize(&self, target_id: &str, width: u32, height: u32) -> Result<(), CdtError> {
        page_ops::set_viewport(&self.pages, target_id, width, height).await
    }

    async fn response_body(
        &self,
        session_id: &str,
        request_id: &str,
    ) -> Result<(String, bool), CdtError> {
        let reply = self
            .pages
            .connection
            .call(
                "Network.getResponseBody",
                json!({ "requestId": request_id }),
                Some(session_id),
            )
            .await?;
        Ok((
            str_field(&reply, "body").to_string(),
            reply["base64Encoded"].as_bool().unwrap_or(false),
        ))
    }

    fn events_dropped(&self) -> u64 {
        self.pages.connection.events_dropped()
    }

    fn navigation_pending(&self, target_id: &str) -> bool {
        self.pages.state.worlds.navigation_pending(target_id)
    }

    async fn drag(
        &self,
        target_id: &str,
        from: (f64, f64),
        to: (f64, f64),
        html5: bool,
    ) -> Result<DispatchOutcome, CdtError> {
        drag::drag(&self.pages, target_id, from, to, html5).await
    }
    // emulation, trace, storage
    fn emulation(&self) -> EmulationSettings {
        self.setup.emulation()
    }

    async fn set_emulation(&self, settings: &EmulationSettings) -> Result<(), CdtError> {
        self.setup
            .apply_emulation(&self.pages.connection, &self.pages.state.observed, settings)
            .await
    }

    async fn add_init_script(&self, target_id: &str, source: &str) -> Result<u64, CdtError> {
        self.setup
            .install_init_script(
                &self.pages.connection,
                &self.pages.state.observed,
                target_id,
                source,
            )
            .await
    }

    async fn set_download_dir(&self, dir: &std::path::Path) -> Result<(), CdtError> {
        self.downloads.start(&self.pages.connection, dir).await
    }

    fn downloads(&self) -> Vec<cdt_domain::download::Download> {
        self.downloads.list()
    }

    async fn set_interception(
        &self,
        interceptor: Option<Arc<dyn cdt_domain::route::RequestInterceptor>>,
    ) -> Result<(), CdtError> {
        self.setup
            .interception
            .set(
                &self.pages.connection,
                &self.pages.state.observed,
                interceptor,
            )
            .await
    }

    async fn remove_init_script(&self, target_id: &str, script: u64) -> Result<(), CdtError> {
        self.setup
            .uninstall_init_script(&self.pages.connection, target_id, script)
            .await
    }

    async fn start_trace(&self, target_id: &str, categories: &[String]) -> Result<(), CdtError> {
        self.trace.begin(&self.pages, target_id, categories).await
    }

    fn tracing(&self) -> Option<String> {
        self.trace.page()
    }

    async fn stop_trace(&self) -> Result<Vec<u8>, CdtError> {
        let trace = self.trace.end(&self.pages.connection).await?;
        match &self.owner {
            // A shared browser's trace holds every context's processes: only this one's stay.
            Owner::Shared(_) => {
                let connection = self.pages.connection.clone();
                tokio::task::spawn_blocking(move || {
                    crate::trace_filter::keep_own(&trace, |frame| connection.owns_frame(frame))
                })
                .await
                .map_err(|error| CdtError::internal(error.to_string()))?
            }
            _ => Ok(trace),
        }
    }

    async fn describe_nodes(
        &self,
        target_id: &str,
        nodes: &[i64],
    ) -> Result<BTreeMap<i64, String>, CdtError> {
        trace::node_labels(&self.pages, target_id, nodes).await
    }

    async fn cookies(&self) -> Result<Vec<Cookie>, CdtError> {
        storage::all_cookies(&self.pages.connection).await
    }

    async fn set_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        storage::put_cookies(&self.pages.connection, cookies).await
    }

    async fn delete_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        storage::drop_cookies(&self.pages.connection, cookies).await
    }

    async fn frame_origins(&self, target_id: &str) -> Result<Vec<String>, CdtError> {
        storage::origins_of(&self.pages, target_id).await
    }

    async fn storage_items(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<Vec<StorageItem>, CdtError> {
        storage::read_storage(&self.pages, target_id, origin, area).await
    }

    async fn update_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
        changes: &[(String, Option<String>)],
    ) -> Result<(), CdtError> {
        storage::write_storage(&self.pages, target_id, origin, area, changes).await
    }

    async fn clear_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<(), CdtError> {
        storage::empty_storage(&self.pages, target_id, origin, area).await
    }

    async fn seed_local_storage(
        &self,
        origin: &str,
        items: &[StorageItem],
    ) -> Result<(), CdtError> {
        storage::seed_origin(&self.pages.connection, origin, items).await
    }

    async fn cdp_send(
        &self,
        page_target_id: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, CdtError> {
        raw::send(
            &self.pages.connection,
            &self.pages.state.observed,
            page_target_id,
            method,
            params,
        )
        .await
    }

    fn cdp_listen(
        &self,
        page_target_id: Option<&str>,
        sink: Arc<dyn Fn(cdt_domain::raw_cdp::RawCdpEvent) + Send + Sync>,
    ) -> Box<dyn std::any::Any + Send + Sync> {
        raw::listen(
            &self.pages.connection,
            self.pages.state.observed.clone(),
            page_target_id.map(str::to_string),
            sink,
        )
    }

    async fn shutdown(&self) {
        match &self.owner {
            Owner::Launched(process) => {
                // Let Chromium flush its profile, but never wait long for it.
                let close = self.pages.connection.call("Browser.close", json!({}), None);
                let _ = tokio::time::timeout(Duration::from_millis(1500), close).await;
                for _ in 0..40 {
                    if process.has_exited() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
                process.kill();
            }
            Owner::Attached => self.pages.connection.close(),
            Owner::Shared(placement) => {
                let dispose = self.pages.connection.dispose_context();
                let _ = tokio::time::timeout(Duration::from_millis(1500), dispose).await;
                placement.release();
            }
        }
    }
}

impl Drop for CdpBrowser {
    fn drop(&mut self) {
        match &self.owner {
            Owner::Launched(process) => process.kill(),
            Owner::Attached => {}
            Owner::Shared(placement) => placement.release(),
        }
        self.pages.connection.close();
    }
}
