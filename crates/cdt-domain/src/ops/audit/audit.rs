//! `cdt audit`: accessibility, SEO and best-practice checks of the page, each finding with the
//! uid of its element and a fix.

use crate::ops::prelude::*;

/// `audit`: the operation (its [`OpSpec`] below).
pub struct Audit;

impl Op for Audit {
    type Params = AuditParams;
    type Reply = AuditReply;
    const SPEC: OpSpec = OpSpec {
        name: "audit",
        summary: "Audit the page: accessibility, SEO and best practices, each finding with its element's uid and a fix",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt audit",
            "cdt audit --category accessibility",
            "cdt audit --category seo,best-practices --page 2",
        ],
        note: "Accessibility (from cdt's own accessibility model, the one the snapshot shows): controls without a name, images without alt text, text below the WCAG AA contrast ratio (4.5:1, 3:1 for large text), no main landmark or more than one, no h1 or a skipped heading level, duplicate ids. SEO: title, meta description, lang, canonical link, robots noindex. Best practices (from the page's telemetry since it loaded): console errors and uncaught exceptions, deprecation warnings, failed requests, mixed content. Computed by cdt, no Lighthouse or Node.",
        tools: &[Tool::of::<LighthouseAudit>("lighthouse_audit", ToolFamily::DevTools, "Audit the page for accessibility, SEO and best practices; each finding names the element's uid and a fix.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::AuditArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// What an audit checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum AuditCategory {
    Accessibility,
    Seo,
    BestPractices,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AuditParams {
    /// Only these categories (default: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<AuditCategory>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `lighthouse_audit` (the DevTools server's shape). Its `mode`, `device` and `outputDirPath`
/// are accepted for compatibility; cdt audits the page as it is (a snapshot) and answers inline.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LighthouseAudit {
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(default)]
    pub device: Option<String>,
    #[serde(default)]
    pub output_dir_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for LighthouseAudit {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::Audit(AuditParams {
            categories: Vec::new(),
            page: self.page,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use super::AuditCategory;
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct AuditArgs {
        /// Only these: accessibility, seo, best-practices (comma-separated).
        #[arg(long = "category", value_enum, value_delimiter = ',', value_name = "CATEGORIES")]
        #[serde(rename = "categories", skip_serializing_if = "Vec::is_empty")]
        pub categories: Vec<AuditCategory>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(AuditArgs);
}

/// `audit`'s reply: what was found, and how many of each category and severity.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct AuditReply {
    pub page: crate::page::PageId,
    pub findings: Vec<AuditFinding>,
    pub counts: AuditCounts,
}

/// One finding: the rule it breaks, where, and how to fix it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AuditFinding {
    pub category: AuditCategory,
    pub rule: String,
    pub severity: AuditSeverity,
    /// The element (none for a finding about the page or its requests).
    pub uid: Option<String>,
    pub element: Option<String>,
    pub message: String,
    pub fix: String,
}

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuditSeverity {
    Error,
    Warning,
    Info,
}

/// Findings per category and per severity.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
pub struct AuditCounts {
    pub accessibility: usize,
    pub seo: usize,
    #[serde(rename = "best-practices")]
    pub best_practices: usize,
    pub error: usize,
    pub warning: usize,
    pub info: usize,
}

impl AuditCounts {
    /// The counts of `findings`.
    pub fn of(findings: &[AuditFinding]) -> AuditCounts {
        let mut counts = AuditCounts::default();
        for finding in findings {
            *match finding.category {
                AuditCategory::Accessibility => &mut counts.accessibility,
                AuditCategory::Seo => &mut counts.seo,
                AuditCategory::BestPractices => &mut counts.best_practices,
            } += 1;
            *match finding.severity {
                AuditSeverity::Error => &mut counts.error,
                AuditSeverity::Warning => &mut counts.warning,
                AuditSeverity::Info => &mut counts.info,
            } += 1;
        }
        counts
    }
}
