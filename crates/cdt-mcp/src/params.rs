//! Thin parameter types for the tools whose Chrome DevTools MCP shape differs from cdt's own
//! request types (`pageId` for `id`, `filePath` for `file`, `navigate_page`'s `type`, …), each
//! with a conversion into the [`Operation`] it stands for.
//!
//! Conversions only rename and choose the operation; they never decide anything a browser
//! would (that is the daemon's work). Tools whose shape matches use the domain types directly.

use cdt_domain::emulation::{
    ColorScheme, EmulationField, Geolocation, NetworkPreset, NetworkSetting,
};
use cdt_domain::ops::{
    DialogHandleParams, DragParams, ElementActionParams, ElementTarget, EvalParams, FillFormParams,
    FormField, HistoryParams, IdParams, KeyParams, NetworkListParams, Operation, PageCloseParams,
    PageNavigateParams, PageUseParams, ReloadParams, ScreenshotParams, SnapshotParams,
    UploadParams, WaitTextParams,
};
use cdt_domain::ops::{
    EmulationResetParams, EmulationSetParams, InsightName, TraceInsightParams, TraceStartParams,
    TraceStopParams,
};
use cdt_domain::{CdtError, WaitUntil};
use schemars::JsonSchema;
use serde::Deserialize;

fn target(uid: String, page: Option<u32>) -> ElementTarget {
    ElementTarget {
        uid: Some(uid),
        page,
        ..ElementTarget::default()
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SelectPage {
    /// From list_pages.
    pub page_id: u32,
}

impl SelectPage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageUse(PageUseParams { id: self.page_id }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClosePage {
    /// From list_pages.
    pub page_id: u32,
}

impl ClosePage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageClose(PageCloseParams {
            id: Some(self.page_id),
        }))
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavigationType {
    #[default]
    Url,
    Back,
    Forward,
    Reload,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavigatePage {
    /// Default `url`.
    #[serde(default, rename = "type")]
    pub kind: NavigationType,
    /// For type=url.
    #[serde(default)]
    pub url: Option<String>,
    /// For type=reload.
    #[serde(default)]
    pub ignore_cache: bool,
    #[serde(default)]
    pub wait_until: WaitUntil,
    #[serde(default)]
    pub page: Option<u32>,
}

impl NavigatePage {
    pub fn op(self) -> Result<Operation, CdtError> {
        let (page, wait_until) = (self.page, self.wait_until);
        let history = HistoryParams { page, wait_until };
        Ok(match self.kind {
            NavigationType::Url => {
                let url = self.url.filter(|u| !u.is_empty()).ok_or_else(|| {
                    CdtError::validation("navigate_page with type=url needs a url")
                        .hinted("Pass {\"type\":\"url\",\"url\":\"https://example.com\"}")
                })?;
                Operation::PageNavigate(PageNavigateParams {
                    url,
                    page,
                    wait_until,
                    init_script: None,
                    persist: false,
                })
            }
            NavigationType::Back => Operation::PageBack(history),
            NavigationType::Forward => Operation::PageForward(history),
            NavigationType::Reload => Operation::PageReload(ReloadParams {
                page,
                ignore_cache: self.ignore_cache,
                wait_until,
            }),
        })
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitFor {
    /// Returns when any of these is on the page.
    pub text: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl WaitFor {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageWaitText(WaitTextParams {
            texts: self.text,
            page: self.page,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeSnapshot {
    /// Every node with a role, and link URLs.
    #[serde(default)]
    pub verbose: bool,
    /// Only actionable nodes and headings.
    #[serde(default)]
    pub interactive: bool,
    /// Subtree of this uid or CSS selector.
    #[serde(default)]
    pub root: Option<String>,
    #[serde(default)]
    pub depth: Option<u32>,
    /// Write the snapshot here (absolute path) instead of returning it.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TakeSnapshot {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::CaptureSnapshot(SnapshotParams {
            interactive: self.interactive,
            depth: self.depth,
            root: self.root,
            verbose: self.verbose,
            file: self.file_path,
            page: self.page,
            max_name: None,
        }))
    }
}

#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeScreenshot {
    #[serde(default)]
    pub format: Option<ImageFormat>,
    /// 0-100, jpeg and webp.
    #[serde(default)]
    pub quality: Option<u32>,
    #[serde(default)]
    pub full_page: bool,
    /// Only this element.
    #[serde(default)]
    pub uid: Option<String>,
    /// Save here (absolute path) instead of returning the image.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TakeScreenshot {
    pub fn op(self) -> Result<Operation, CdtError> {
        let format = self.format.map(|f| {
            match f {
                ImageFormat::Png => "png",
                ImageFormat::Jpeg => "jpeg",
                ImageFormat::Webp => "webp",
            }
            .to_string()
        });
        Ok(Operation::CaptureScreenshot(ScreenshotParams {
            format,
            quality: self.quality,
            full_page: self.full_page,
            uid: self.uid,
            // Without a path the image comes back in the result (the file is kept too).
            inline: self.file_path.is_none(),
            file: self.file_path,
            page: self.page,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Click {
    /// From take_snapshot.
    pub uid: String,
    #[serde(default)]
    pub dbl_click: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl Click {
    pub fn op(self) -> Result<Operation, CdtError> {
        let params = ElementActionParams {
            target: target(self.uid, self.page),
            no_wait: false,
        };
        Ok(if self.dbl_click {
            Operation::ElementDblclick(params)
        } else {
            Operation::ElementClick(params)
        })
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Drag {
    pub from_uid: String,
    pub to_uid: String,
    #[serde(default)]
    pub page: Option<u32>,
}

impl Drag {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementDrag(DragParams {
            from: self.from_uid,
            to: self.to_uid,
            page: self.page,
            no_wait: false,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillForm {
    /// Values as for fill.
    pub elements: Vec<FormField>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl FillForm {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementFillForm(FillFormParams {
            fields: self.elements,
            page: self.page,
            no_wait: false,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UploadFile {
    /// The file input.
    pub uid: String,
    /// Absolute paths.
    pub file_paths: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl UploadFile {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementUpload(UploadParams {
            target: target(self.uid, self.page),
            files: self.file_paths,
            no_wait: false,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PressKey {
    /// E.g. `Enter`, `Control+A`, `Shift+Tab`.
    pub key: String,
    #[serde(default)]
    pub page: Option<u32>,
}

impl PressKey {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::InputKey(KeyParams {
            keys: self.key,
            page: self.page,
        }))
    }
}

#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DialogAction {
    Accept,
    Dismiss,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HandleDialog {
    pub action: DialogAction,
    /// Answer to a prompt().
    #[serde(default)]
    pub prompt_text: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl HandleDialog {
    pub fn op(self) -> Result<Operation, CdtError> {
        let action = match self.action {
            DialogAction::Accept => "accept",
            DialogAction::Dismiss => "dismiss",
        };
        Ok(Operation::DialogHandle(DialogHandleParams {
            action: action.into(),
            text: self.prompt_text,
            page: self.page,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvaluateScript {
    /// A function, e.g. `() => document.title` or `(el) => el.value`.
    pub function: String,
    /// Uids passed to the function as elements.
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl EvaluateScript {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::RuntimeEval(EvalParams {
            expression: self.function,
            args: self.args,
            // As in the DevTools server: a returned promise is awaited.
            await_promise: true,
            // The source is always a function declaration here.
            function: true,
            page: self.page,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListConsoleMessages {
    /// E.g. `error`, `warn`, `log`, `exception`.
    #[serde(default)]
    pub types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_messages: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ListConsoleMessages {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleList(cdt_domain::ops::ConsoleListParams {
            page: self.page,
            types: self.types,
            limit: self.page_size,
            since: None,
            preserved: self.include_preserved_messages,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetConsoleMessage {
    pub msgid: u64,
}

impl GetConsoleMessage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleGet(IdParams {
            id: self.msgid,
            include_secrets: false,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListNetworkRequests {
    /// E.g. `document`, `xhr`, `fetch`, `script`.
    #[serde(default)]
    pub resource_types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_requests: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ListNetworkRequests {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkList(NetworkListParams {
            page: self.page,
            types: self.resource_types,
            limit: self.page_size,
            preserved: self.include_preserved_requests,
            ..NetworkListParams::default()
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetNetworkRequest {
    pub reqid: u64,
}

impl GetNetworkRequest {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkGet(IdParams {
            id: self.reqid,
            include_secrets: false,
        }))
    }
}

// DevTools' network throttling presets (no doc comment: it would repeat in the schema).
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
pub enum NetworkConditions {
    #[serde(rename = "No emulation")]
    NoEmulation,
    Offline,
    #[serde(rename = "Slow 3G")]
    Slow3g,
    #[serde(rename = "Fast 3G")]
    Fast3g,
    #[serde(rename = "Slow 4G")]
    Slow4g,
    #[serde(rename = "Fast 4G")]
    Fast4g,
}

#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SchemeChoice {
    Dark,
    Light,
    // The browser's own: clears the emulation.
    Auto,
}

/// `Some(None)` for an explicit `null` (clear), `None` when absent.
fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Emulate {
    #[serde(default)]
    pub network_conditions: Option<NetworkConditions>,
    /// CPU slowdown, 1 (none) to 20.
    #[serde(default)]
    pub cpu_throttling_rate: Option<f64>,
    /// null clears it.
    #[serde(default, deserialize_with = "nullable")]
    pub geolocation: Option<Option<Geolocation>>,
    /// "" clears it.
    #[serde(default)]
    pub user_agent: Option<String>,
    #[serde(default)]
    pub color_scheme: Option<SchemeChoice>,
    /// `WxH[xDPR][,mobile][,touch][,landscape]`; "" clears it.
    #[serde(default)]
    pub viewport: Option<String>,
}

impl Emulate {
    /// Settings to set become `emulation.set`; settings to clear (`No emulation`, CPU 1, null
    /// geolocation, `auto`, "") become `emulation.reset` of those only. Every setting not
    /// named stays as it is, as in the DevTools server.
    pub fn op(self) -> Result<Operation, CdtError> {
        let mut set = EmulationSetParams::default();
        let mut clear = Vec::new();
        match self.network_conditions {
            None => {}
            Some(NetworkConditions::NoEmulation) => clear.push(EmulationField::Network),
            Some(preset) => {
                set.network = Some(NetworkSetting::Preset(match preset {
                    NetworkConditions::Offline => NetworkPreset::Offline,
                    NetworkConditions::Slow3g => NetworkPreset::Slow3g,
                    NetworkConditions::Fast3g => NetworkPreset::Fast3g,
                    NetworkConditions::Slow4g => NetworkPreset::Slow4g,
                    _ => NetworkPreset::Fast4g,
                }))
            }
        }
        match self.cpu_throttling_rate {
            Some(1.0) => clear.push(EmulationField::Cpu),
            rate => set.cpu = rate,
        }
        match self.geolocation {
            Some(None) => clear.push(EmulationField::Geolocation),
            Some(position) => set.geolocation = position,
            None => {}
        }
        match self.user_agent {
            Some(agent) if agent.is_empty() => clear.push(EmulationField::UserAgent),
            agent => set.user_agent = agent,
        }
        match self.color_scheme {
            Some(SchemeChoice::Auto) => clear.push(EmulationField::ColorScheme),
            Some(SchemeChoice::Dark) => set.color_scheme = Some(ColorScheme::Dark),
            Some(SchemeChoice::Light) => set.color_scheme = Some(ColorScheme::Light),
            None => {}
        }
        match self.viewport.as_deref() {
            Some("") => clear.push(EmulationField::Viewport),
            Some(text) => set.viewport = Some(text.parse()?),
            None => {}
        }
        let setting = set != EmulationSetParams::default();
        match (setting, clear.is_empty()) {
            (true, true) => Ok(Operation::EmulationSet(set)),
            (false, false) => Ok(Operation::EmulationReset(EmulationResetParams {
                only: clear,
            })),
            (true, false) => Err(CdtError::validation(
                "emulate sets some settings and clears others in one call",
            )
            .hinted("Call emulate twice: once with the settings to clear, once with the new ones")),
            (false, true) => Err(CdtError::validation("emulate was given nothing to emulate")
                .hinted("Pass e.g. {\"networkConditions\":\"Slow 4G\",\"cpuThrottlingRate\":4}")),
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartTrace {
    /// Reload the page once recording runs.
    #[serde(default)]
    pub reload: bool,
    /// Stop 1 s after load and return the insights.
    #[serde(default)]
    pub auto_stop: bool,
    /// With autoStop: .json or .json.gz file.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl StartTrace {
    pub fn op(self) -> Result<Operation, CdtError> {
        if self.file_path.is_some() && !self.auto_stop {
            return Err(CdtError::validation("filePath is used only with autoStop")
                .hinted("Pass filePath to performance_stop_trace, or set autoStop: true"));
        }
        Ok(Operation::TraceStart(TraceStartParams {
            page: self.page,
            reload: self.reload,
            auto_stop: self.auto_stop,
            file: self.file_path,
            ..TraceStartParams::default()
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StopTrace {
    /// .json or .json.gz file.
    #[serde(default)]
    pub file_path: Option<String>,
}

impl StopTrace {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::TraceStop(TraceStopParams {
            file: self.file_path,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyzeInsight {
    /// lcp, cls, inp, long-tasks, render-blocking, document-latency, dom-size, third-parties
    /// or a DevTools name (LCPBreakdown, …).
    pub insight_name: String,
    /// Ignored (one set per trace).
    #[serde(default)]
    #[allow(dead_code)] // accepted so DevTools-shaped calls pass; there is one set to pick
    pub insight_set_id: Option<String>,
}

impl AnalyzeInsight {
    pub fn op(self) -> Result<Operation, CdtError> {
        let wanted = self.insight_name.trim();
        let name = match wanted {
            "LCPBreakdown" | "LCPPhases" | "LCPDiscovery" => Some(InsightName::Lcp),
            "CLSCulprits" => Some(InsightName::Cls),
            "INPBreakdown" | "InteractionToNextPaint" => Some(InsightName::Inp),
            "RenderBlocking" => Some(InsightName::RenderBlocking),
            "DocumentLatency" => Some(InsightName::DocumentLatency),
            "DOMSize" => Some(InsightName::DomSize),
            "ThirdParties" => Some(InsightName::ThirdParties),
            _ => InsightName::ALL
                .into_iter()
                .find(|n| n.as_str().eq_ignore_ascii_case(wanted)),
        };
        let Some(name) = name else {
            let known: Vec<&str> = InsightName::ALL.iter().map(|n| n.as_str()).collect();
            return Err(CdtError::validation(format!("no insight named {wanted:?}"))
                .with_details(serde_json::json!({ "known": known }))
                .hinted(format!("Use one of: {}", known.join(", "))));
        };
        Ok(Operation::TraceInsight(TraceInsightParams {
            name: Some(name),
            file: None,
        }))
    }
}
