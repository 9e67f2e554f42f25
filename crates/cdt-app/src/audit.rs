//! `cdt audit` (issue 21.6): the page probe checks accessibility (cdt's own accessibility model:
//! names, alt text, contrast, landmarks, headings, ids) and SEO basics; best practices come from
//! the page's telemetry since it loaded: console errors, deprecations, failed requests, mixed
//! content. Every finding says its rule, severity, element (uid) and a fix.

use cdt_domain::CdtError;
use cdt_domain::ops::{
    AuditCategory, AuditCounts, AuditFinding, AuditParams, AuditReply, AuditSeverity,
};
use cdt_domain::probe::ProbeCommand;
use serde_json::json;
use tokio::time::Instant;

use crate::context::{PageCtx, Scope};
use crate::dispatch::use_case;
use crate::interact::probe_read;

use_case!(Audit, |scope, params, until| run(scope, &params, until)
    .await);

/// At most this many findings of one best-practice rule (the rest are counted).
const PER_RULE: usize = 10;

fn wants(params: &AuditParams, category: AuditCategory) -> bool {
    params.categories.is_empty() || params.categories.contains(&category)
}

fn finding(rule: &str, severity: AuditSeverity, message: &str, fix: &str) -> AuditFinding {
    AuditFinding {
        category: AuditCategory::BestPractices,
        rule: rule.to_string(),
        severity,
        uid: None,
        element: None,
        message: message.to_string(),
        fix: fix.to_string(),
    }
}

/// Best practices from what the page did since it loaded.
fn best_practices(ctx: &PageCtx, secure: bool) -> Vec<AuditFinding> {
    let telemetry = &ctx.slot.telemetry;
    let navigation = telemetry.navigation(&ctx.target);
    let mut out = Vec::new();
    let messages =
        telemetry.console_where(|m| m.page_target_id == ctx.target && m.navigation == navigation);
    let mut errors: Vec<String> = Vec::new();
    let mut deprecations: Vec<String> = Vec::new();
    for message in &messages {
        let text: String = message.text.chars().take(300).collect();
        let list = if message.kind == "error" || message.kind == "exception" {
            &mut errors
        } else if message.source == "deprecation" || text.contains("is deprecated") {
            &mut deprecations
        } else {
            continue;
        };
        if !list.contains(&text) {
            list.push(text);
        }
    }
    for text in errors.iter().take(PER_RULE) {
        out.push(finding(
            "console-error",
            AuditSeverity::Error,
            &format!("console error: {text}"),
            "Fix the error (cdt console list --type error shows where it came from)",
        ));
    }
    for text in deprecations.iter().take(PER_RULE) {
        out.push(finding(
            "deprecation",
            AuditSeverity::Warning,
            &format!("deprecated API: {text}"),
            "Move off the deprecated API before the browser removes it",
        ));
    }
    let requests =
        telemetry.requests_where(|r| r.page_target_id == ctx.target && r.navigation == navigation);
    let failed: Vec<&crate::telemetry::network::NetworkRequest> = requests
        .iter()
        .filter(|r| r.failed || r.status.is_some_and(|s| s >= 400))
        .collect();
    for request in failed.iter().take(PER_RULE) {
        let what = match request.status {
            Some(status) if !request.failed => format!("HTTP {status}"),
            _ => "failed".to_string(),
        };
        out.push(finding(
            "failed-request",
            AuditSeverity::Warning,
            &format!("{} {} ({what})", request.method, request.url),
            "Fix or remove the request (cdt network list --failed has the details)",
        ));
    }
    if secure {
        for request in requests
            .iter()
            .filter(|r| r.url.starts_with("http:"))
            .take(PER_RULE)
        {
            out.push(finding(
                "mixed-content",
                AuditSeverity::Error,
                &format!("an https page loads {} over http", request.url),
                "Load it over https",
            ));
        }
    }
    out
}

pub async fn run(
    scope: &Scope<'_>,
    params: &AuditParams,
    until: Instant,
) -> Result<AuditReply, CdtError> {
    let ctx = scope.page_to_read(params.page, until).await?;
    // The probe's categories, spelled as the parameters are (serde).
    let categories: Vec<AuditCategory> = [AuditCategory::Accessibility, AuditCategory::Seo]
        .into_iter()
        .filter(|category| wants(params, *category))
        .collect();
    let mut findings: Vec<AuditFinding> = Vec::new();
    let mut secure = false;
    if !categories.is_empty() {
        let probed = ctx
            .probe("", ProbeCommand::Audit, json!({ "categories": categories }))
            .await?;
        secure = probed["secure"] == true;
        findings.extend(probe_read::<Vec<AuditFinding>>(&probed, "findings")?);
    }
    if wants(params, AuditCategory::BestPractices) {
        if categories.is_empty() {
            secure = ctx
                .slot
                .pages()
                .info(ctx.page)
                .is_some_and(|info| info.url.starts_with("https:"));
        }
        findings.extend(best_practices(&ctx, secure));
    }
    Ok(AuditReply {
        page: ctx.page,
        counts: AuditCounts::of(&findings),
        findings,
    })
}
