//! `element fill|select|check|fill-form|upload`: values and files put into fields as a user
//! puts them there — typed (after the field's own select-all), set by the page probe (a
//! `<select>`, a date, a toggle as wanted), clicked (a toggle the page draws itself), moved by
//! keys (a slider of ARIA's), or given to the page's file chooser — with the action's feedback.

use std::time::Duration;

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::ops::op;
use cdt_domain::ops::{
    ActionReply, CheckParams, ElementTarget, FillFormParams, FillParams, UploadParams,
};
use cdt_domain::probe::{FillKind, ProbeCommand};
use cdt_domain::{CdtError, ErrorCode, Warning};
use serde_json::{Value, json};
use tokio::time::Instant;

mod kept;
mod step;

use super::element::{finish, finish_with, pick, window_focus};
use super::locate::{self, Located};
use super::pointing::{Rest, aim, pointer_onto, press_uid};
use super::why::{Already, Why};
use super::{Target, choose, feedback, frame_of, probe_result};
use crate::context::{PageCtx, Scope};
use crate::dispatch::use_case;

use_case!(ElementFill, |scope, params, until| fill(
    scope,
    &params,
    FillAction::Fill,
    until
)
.await);
use_case!(ElementFillForm, |scope, params, until| fill_form(
    scope, &params, until
)
.await);
use_case!(ElementSelect, |scope, params, until| fill(
    scope,
    &params,
    FillAction::Select,
    until
)
.await);
use_case!(ElementCheck, |scope, params, until| check(
    scope, &params, until
)
.await);
use_case!(ElementUpload, |scope, params, until| upload(
    scope, &params, until
)
.await);

/// Which value an `element fill|select|check` sets (all fill the element the same way; the
/// reply names the action asked for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillAction {
    Fill,
    Select,
    Check,
}

impl FillAction {
    pub fn name(self) -> &'static str {
        match self {
            FillAction::Fill => "fill",
            FillAction::Select => "select",
            FillAction::Check => "check",
        }
    }
}
/// One field filled, without feedback.
struct Filled {
    uid: String,
    /// What the filling caused.
    outcome: DispatchOutcome,
    /// The warning of a text that matched other elements as well.
    ambiguous: Option<Warning>,
    /// The field offers suggestions as one types (a combobox, a search box, a field that turns
    /// the browser's own off to draw its own).
    suggests: bool,
    /// A checkbox, radio or switch that was as asked already: nothing was pressed.
    already: Option<Why>,
}

/// Fills one field, without feedback. `action` `select` into a text combobox types the value,
/// then presses the option of that name among its suggestions.
async fn fill_one(
    ctx: &PageCtx,
    target: &ElementTarget,
    value: &str,
    action: FillAction,
) -> Result<Filled, CdtError> {
    let Target { frame, args, what } = pick(target)?;
    let Located {
        frame,
        mut args,
        warning,
    } = locate::in_any_frame(ctx, frame, args, &what).await?;
    args["value"] = json!(value);
    args["choosing"] = json!(action == FillAction::Select);
    let prepared = probe_result(
        ctx.probe(&frame, ProbeCommand::PrepareFill, args.clone())
            .await?,
        &what,
    )?;
    let uid = prepared["uid"].as_str().unwrap_or_default().to_string();
    let kind = prepared["kind"]
        .as_str()
        .and_then(FillKind::from_name)
        .ok_or_else(|| {
            CdtError::internal(format!(
                "the page probe prepared {what} as {:?}, which cdt does not know",
                prepared["kind"]
            ))
        })?;
    window_focus(ctx, &prepared).await?;
    // What is typed replaces everything the field holds, selected as a user selects it: by
    // keyboard, which an editor that types through a hidden field of its own (CodeMirror)
    // takes as its own select-all (the probe's selection covers plain fields already); not a
    // date field's segment (`selectAll: false`), whose select-all takes the whole date.
    let choose_typed = action == FillAction::Select && prepared["combobox"] == true;
    if kind == FillKind::Type && prepared["selectAll"] != false && !choose_typed {
        super::keys::select_all(ctx).await?;
    }
    let (outcome, already) = match kind {
        FillKind::Type if value.is_empty() => {
            let key = super::keys::parse_keys("Backspace")?;
            (ctx.browser.key(&ctx.target, &key).await?, None)
        }
        FillKind::Type if choose_typed => {
            let was = prepared["was"].as_str().unwrap_or_default();
            let at = prepared["press"].as_str().unwrap_or(&uid);
            or_already(
                Already::Chosen,
                choose::choose_typed(ctx, &frame, &what, (&uid, at, was), value).await?,
            )
        }
        FillKind::Type => {
            let field = prepared["was"].is_string();
            let typed = kept::type_kept(ctx, &frame, (&uid, field), value).await?;
            // (`select` into a field that suggests: its suggestion of that name pressed.)
            let suggested = action == FillAction::Select
                && prepared["suggests"] == true
                && prepared["datalist"] != true;
            let chosen = match suggested && typed.dialog.is_none() {
                true => choose::press_suggestion(ctx, (&frame, &what), &uid, value).await?,
                false => None,
            };
            (chosen.unwrap_or(typed), None)
        }
        FillKind::Choose => {
            let open = prepared["open"] == true;
            let at = prepared["press"].as_str().unwrap_or(&uid);
            let shows = match prepared["drawn"] == true {
                true => choose::Shows::Drawn,
                false => choose::Shows::Pressed,
            };
            let asked = (value, shows);
            or_already(
                Already::Chosen,
                choose::choose(ctx, &frame, &what, (&uid, at, open), asked).await?,
            )
        }
        // (Or the element that gives it that value: a wheel's button.)
        FillKind::Toggle if prepared["needsClick"] == true => {
            let at = prepared["press"].as_str().unwrap_or(&uid);
            (press_uid(ctx, &frame, &what, (at, false)).await?, None)
        }
        // (Or to the words it shows for a value: AM or PM.)
        // (One there already is told so, not as a warning.)
        FillKind::Step if prepared["words"].is_string() => {
            let now = step::reading(&prepared).unwrap_or_default();
            let keys = step::step_to_words(ctx, &frame, &uid, now, value).await?;
            or_already(Already::There, keys)
        }
        FillKind::Step => {
            let now = step::reading(&prepared).unwrap_or_default();
            let want = prepared["want"].as_f64().unwrap_or_default();
            let range = (prepared["min"].as_f64(), prepared["max"].as_f64());
            let keys = step::step_to(ctx, &frame, &uid, (now, want), range).await?;
            or_already(Already::There, keys)
        }
        // The probe set it already (a <select>, a range or date input), or it was as asked.
        FillKind::Toggle => {
            let was = Already::checked(prepared["checked"] == true);
            (DispatchOutcome::default(), Some(Why::AlreadySo(was)))
        }
        FillKind::Toggles => or_already(
            Already::Chosen,
            toggle_each(ctx, (&frame, &what), &prepared["toggles"]).await?,
        ),
        FillKind::Select if prepared["already"] == true => or_already(Already::Chosen, None),
        FillKind::Select | FillKind::Set => (DispatchOutcome::default(), None),
    };
    Ok(Filled {
        uid,
        outcome,
        ambiguous: warning,
        suggests: prepared["suggests"] == true,
        already,
    })
}

/// Presses each checkbox of `toggles` (uids) in turn, as a user checks and unchecks a group's
/// boxes: what the last press caused, none where nothing was to press (as asked already). A
/// press that opened a dialog ends it.
async fn toggle_each(
    ctx: &PageCtx,
    (frame, what): (&str, &str),
    toggles: &Value,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let mut outcome = None;
    for uid in toggles
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let pressed = press_uid(ctx, frame, what, (uid, false)).await?;
        let dialog = pressed.dialog.is_some();
        outcome = Some(pressed);
        if dialog {
            break;
        }
    }
    Ok(outcome)
}

/// What choosing or stepping answered: what its presses or keys did, or none when it was as
/// asked already (nothing pressed): told so (`already`, every option chosen or the value
/// there), not as a warning.
fn or_already(already: Already, done: Option<DispatchOutcome>) -> (DispatchOutcome, Option<Why>) {
    match done {
        Some(outcome) => (outcome, None),
        None => (DispatchOutcome::default(), Some(Why::AlreadySo(already))),
    }
}

pub async fn fill(
    scope: &Scope<'_>,
    params: &FillParams,
    action: FillAction,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    pick(&params.target)?;
    let (ctx, _mutating) = scope.page_for_action(params.target.page, until).await?;
    let mut before = feedback::before(&ctx).await;
    let filled = fill_one(&ctx, &params.target, &params.value, action).await?;
    if filled.suggests && !params.value.is_empty() {
        before.expect_suggestions();
    }
    let feedback_value = feedback::after(&ctx, before, filled.outcome, params.no_wait).await;
    // (One that was as asked already had nothing to change: told so, not as a warning.)
    let silent = params.no_wait || filled.already.is_some();
    let mut reply = finish_with(
        feedback_value,
        action.name(),
        &filled.uid,
        silent,
        filled.already,
    );
    reply.warnings.extend(filled.ambiguous);
    Ok(reply)
}

pub async fn check(
    scope: &Scope<'_>,
    params: &CheckParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let value = params.checked.unwrap_or(true).to_string();
    let fill_params = FillParams {
        target: params.target.clone(),
        value,
        no_wait: params.no_wait,
    };
    fill(scope, &fill_params, FillAction::Check, until).await
}

pub async fn fill_form(
    scope: &Scope<'_>,
    params: &FillFormParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    if params.fields.is_empty() {
        return Err(CdtError::validation("no fields to fill")
            .hinted("Example: cdt element fill-form --field e5=ada --field e6=secret"));
    }
    for field in &params.fields {
        frame_of(&field.uid)?;
    }
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let before = feedback::before(&ctx).await;
    let mut filled = Vec::new();
    let mut last = DispatchOutcome::default();
    for field in &params.fields {
        let target = ElementTarget {
            uid: Some(field.uid.clone()),
            page: params.page,
            ..Default::default()
        };
        // By uid: no text to match others.
        let one = fill_one(&ctx, &target, &field.value, FillAction::Fill).await?;
        filled.push(one.uid);
        if one.outcome.dialog.is_some() {
            last = one.outcome;
            break;
        }
    }
    let mut feedback_value = feedback::after(&ctx, before, last, params.no_wait).await;
    let uid = filled.join(",");
    feedback_value.filled = Some(filled);
    Ok(finish(feedback_value, "fill-form", &uid, params.no_wait))
}

pub async fn upload(
    scope: &Scope<'_>,
    params: &UploadParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let Target { frame, args, what } = pick(&params.target)?;
    if params.files.is_empty() {
        return Err(CdtError::validation("no files to upload")
            .hinted("Example: cdt element upload e11 ./cv.pdf"));
    }
    let mut files = Vec::new();
    for file in &params.files {
        let canonical = std::fs::canonicalize(file).map_err(|error| {
            CdtError::validation(format!("cannot upload {file}: {error}"))
                .hinted("Pass existing files, e.g. cdt element upload e11 /home/me/cv.pdf")
        })?;
        if !canonical.is_file() {
            return Err(
                CdtError::validation(format!("{} is not a file", canonical.display()))
                    .hinted("Pass regular files, not directories"),
            );
        }
        files.push(canonical.display().to_string());
    }
    let (ctx, _mutating) = scope.page_for_action(params.target.page, until).await?;
    let before = feedback::before(&ctx).await;
    let Located {
        frame,
        args,
        warning,
    } = locate::in_any_frame(&ctx, frame, args, &what).await?;
    let found = probe_result(
        ctx.probe(&frame, ProbeCommand::Box, args.clone()).await?,
        &what,
    )?;
    let uid = found["uid"].as_str().unwrap_or_default().to_string();
    // A file input takes the files; anything else (a drop zone, a styled button or a label
    // that opens the page's file chooser when clicked, its input hidden or made on the click)
    // is clicked as a user would, and the chooser gets them.
    let outcome = if found["fileInput"] == true {
        ctx.browser
            .set_files(&ctx.target, &frame, &uid, &files)
            .await?;
        DispatchOutcome::default()
    } else {
        chosen(&ctx, &frame, &args, &what, &uid, &files).await?
    };
    let mut feedback_value = feedback::after(&ctx, before, outcome, params.no_wait).await;
    feedback_value.files = Some(files);
    let mut reply = finish(feedback_value, "upload", &uid, params.no_wait);
    reply.warnings.extend(warning);
    Ok(reply)
}

/// How long a click may take to open the page's file chooser.
const CHOOSER_WAIT: Duration = Duration::from_millis(1500);

/// Clicks `uid` (not a file input) with the page's file chooser intercepted and gives the
/// chooser it opens `files`; an error that says where the file inputs are when none opened.
async fn chosen(
    ctx: &PageCtx,
    frame: &str,
    args: &Value,
    what: &str,
    uid: &str,
    files: &[String],
) -> Result<DispatchOutcome, CdtError> {
    let aimed = aim(ctx, frame, args.clone(), what).await?;
    let (x, y) = match pointer_onto(ctx, frame, args, what, (aimed.x, aimed.y), uid).await? {
        Rest::At(x, y) => (x, y),
        Rest::Dialog(outcome) => return Ok(outcome),
    };
    ctx.browser
        .choose_files(&ctx.target, (x, y), files, CHOOSER_WAIT)
        .await?
        .ok_or_else(|| {
            CdtError::new(
                ErrorCode::TargetNotInteractable,
                format!("{what} is not a file input, and clicking it opened no file chooser"),
            )
            .run_then::<op::PageForms>(
                "",
                " (each file input shows type=file, hidden ones too), then cdt element upload <its uid> <file>",
            )
        })
}
