//! `cdt element fill-form`: fill several fields at once.

use super::*;
use crate::ops::prelude::*;

/// `element.fill-form`: the operation (its [`OpSpec`] below).
pub struct ElementFillForm;

impl Op for ElementFillForm {
    type Params = FillFormParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.fill-form",
        summary: "Fill several fields at once",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element fill-form --field e5=ada --field e6=secret",
            "echo '{\"fields\":[{\"uid\":\"e5\",\"value\":\"ada\"}]}' | cdt element fill-form --input-file -",
        ],
        tools: &[Tool::of::<FillForm>("fill_form", ToolFamily::DevTools, "Fill several form elements in one call.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::FillFormArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillFormParams {
    pub fields: Vec<FormField>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default)]
    pub no_wait: bool,
}

/// `fill_form`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillForm {
    /// Values as for fill.
    pub elements: Vec<FormField>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for FillForm {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementFillForm(FillFormParams {
            fields: self.elements,
            page: self.page,
            no_wait: false,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    
    use crate::ops::cli::CliArgs;
    #[allow(unused_imports)]
    use crate::ops::element::args::*;

#[derive(Debug, Args)]
    pub struct FillFormArgs {
        /// A field to fill, UID=VALUE (repeatable); or pass `{"fields":[{"uid","value"}]}` with --input-file.
        #[arg(long = "field", id = "field", value_name = "UID=VALUE")]
        pub fields: Vec<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        #[arg(long)]
        pub no_wait: bool,
    }

impl CliArgs for FillFormArgs {
        type Given = FillFormGiven;
        fn given(self) -> FillFormGiven {
            let fields = self
                .fields
                .into_iter()
                .map(|field| match field.split_once('=') {
                    Some((uid, value)) => FieldGiven {
                        uid: uid.to_string(),
                        value: Some(value.to_string()),
                    },
                    None => FieldGiven {
                        uid: field,
                        value: None,
                    },
                })
                .collect();
            FillFormGiven {
                fields,
                page: self.page,
                no_wait: self.no_wait,
            }
        }
    }

}
