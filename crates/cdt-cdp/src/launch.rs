//! A slot's browser: Chromium launched for it alone, a browser context in a shared one, or a
//! browser someone else launched, attached to.

use std::sync::Arc;

use async_trait::async_trait;
use cdt_domain::CdtError;
use cdt_domain::browser_mode::BrowserMode;
use cdt_domain::ports::{BrowserInfo, BrowserLauncher, BrowserPort, LaunchSpec};
use cdt_domain::telemetry::TelemetrySink;

use crate::browser::{CdpBrowser, Owner};
use crate::chromium::start_chromium;
pub use crate::chromium::{PIPE_ENDPOINT, chromium_args};
use crate::endpoint::{resolve_ws_endpoint, vet};
pub use crate::shared_browsers::DEFAULT_PER_BROWSER;
use crate::shared_browsers::SharedBrowsers;
use crate::transport::CdpConnection;

/// Launches Debian's (or any) Chromium with a private profile per slot, or places a context in
/// a shared one.
#[derive(Clone)]
pub struct ChromiumLauncher {
    shared: Arc<SharedBrowsers>,
}

impl ChromiumLauncher {
    /// Shared browsers keep their own profile under `shared_dir` and hold up to `per_browser`
    /// contexts each.
    pub fn new(shared_dir: std::path::PathBuf, per_browser: usize) -> ChromiumLauncher {
        ChromiumLauncher {
            shared: Arc::new(SharedBrowsers::new(shared_dir, per_browser)),
        }
    }
}

#[async_trait]
impl BrowserLauncher for ChromiumLauncher {
    async fn launch(
        &self,
        spec: &LaunchSpec,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<Arc<dyn BrowserPort>, CdtError> {
        if spec.mode == BrowserMode::Shared {
            return self.shared.place(spec, sink).await;
        }
        let started = start_chromium(spec).await?;
        let info = BrowserInfo {
            pid: Some(started.pid),
            start_time: None,
            product: String::new(),
            ws_endpoint: PIPE_ENDPOINT.to_string(),
            attached: false,
            executable: Some(started.executable.display().to_string()),
            shared: None,
        };
        let browser = CdpBrowser::start(
            started.connection,
            info,
            Owner::Launched(started.process),
            sink,
        )
        .await?;
        Ok(Arc::new(browser))
    }

    async fn check_endpoint(&self, endpoint: &str, allow_remote: bool) -> Result<(), CdtError> {
        vet(endpoint, allow_remote).await.map(drop)
    }

    async fn attach(
        &self,
        endpoint: &str,
        allow_remote: bool,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<Arc<dyn BrowserPort>, CdtError> {
        let (address, ws_endpoint) = resolve_ws_endpoint(endpoint, allow_remote).await?;
        tracing::debug!(%ws_endpoint, "attaching");
        let connection = CdpConnection::connect(address, &ws_endpoint).await?;
        let info = BrowserInfo {
            ws_endpoint,
            attached: true,
            ..BrowserInfo::default()
        };
        let browser = CdpBrowser::start(connection, info, Owner::Attached, sink).await?;
        Ok(Arc::new(browser))
    }
}
