//! Input: `click`, `drag`, `fill_form`, `upload_file`, `press_key`, `handle_dialog`, `evaluate_script`.

use super::*;

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
            Operation::ElementClick(ClickParams {
                target: params.target,
                no_wait: false,
                button: None,
            })
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
