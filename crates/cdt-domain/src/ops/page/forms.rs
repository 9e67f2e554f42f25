//! `cdt page forms`: every form of the page and its fields, and the fields outside any form.

use super::*;
use crate::ops::prelude::*;

/// `page.forms`: the operation (its [`OpSpec`] below).
pub struct PageForms;

impl Op for PageForms {
    type Params = PageParams;
    type Reply = PageFormsReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.forms",
        summary: "Every form of the page and its fields (uid, role, name, value), and the fields outside any form",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt page forms",
            "cdt page forms --output text",
        ],
        note: "Each field carries the uid `element fill` takes, its role and accessible name as the snapshot shows them, the name the form submits it under (`field`), its type and value as the snapshot tells it (a password's as dots, a list's by its selected option's text). Buttons are listed in their form; outside a form only inputs, selects and text areas are (a single-page app's fields often have no form). The document's first, then those inside its open shadow roots, then each frame's (uids `f1e3`).",
        text: TextForm::Forms,
        aliases: &[Alias::new(&["forms"], "forms", "every form and its fields, with uids", "forms", Form::Append)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PageArg>(),
        ..OpSpec::DEFAULTS
    };
}

/// `page forms`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PageFormsReply {
    pub page: crate::page::PageId,
    pub forms: Vec<PageForm>,
    /// Inputs, selects and text areas that belong to no form.
    pub fields: Vec<PageFormField>,
}

/// One form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageForm {
    pub uid: String,
    /// Its accessible name, else its `id` or `name` attribute (empty when it has none).
    pub name: String,
    /// `get`, `post` or `dialog`.
    pub method: String,
    /// Where it submits (absolute).
    pub action: String,
    pub fields: Vec<PageFormField>,
}

/// One field of a form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageFormField {
    pub uid: String,
    /// As the snapshot shows it (`textbox`, `checkbox`, `combobox`, `button`, …).
    pub role: String,
    /// Its accessible name (its label).
    pub name: String,
    /// The name the form submits its value under (the `name` attribute, else its `id`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub field: String,
    /// The element's type (`email`, `password`, `checkbox`, `select-one`, `textarea`, `submit`, …).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its value as the snapshot tells it: a password's as dots (`••••`), a list's by its
    /// selected options' text, comma-separated (none for a button).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A checkbox's or radio button's state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub disabled: bool,
    /// Set when the field is not shown.
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub hidden: bool,
}
