//! `cdt runtime eval`: evaluate JavaScript in the page (on its own session; terminated past --timeout).

use super::*;
use crate::ops::prelude::*;

/// `runtime.eval`: the operation (its [`OpSpec`] below).
pub struct RuntimeEval;

impl Op for RuntimeEval {
    type Params = EvalParams;
    type Reply = EvalReply;
    const SPEC: OpSpec = OpSpec {
        name: "runtime.eval",
        summary: "Evaluate JavaScript in the page (on its own session; terminated past --timeout)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::EvalException, E::UidStale, E::DialogBlocking, E::ResultTooLarge, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt runtime eval 'document.title'",
            "cdt runtime eval '(el) => el.value' --arg e5",
            "cdt runtime eval 'fetch(\"/api\").then(r => r.status)' --await",
            "cdt runtime eval 'while (true) {}' --timeout 500      # TIMEOUT; the page stays usable",
        ],
        text: TextForm::Value,
        aliases: &[
            Alias::new(&["eval", "evaluate"], "eval <js>", "evaluate JavaScript, print the value", "eval document.title", Form::Script),
            Alias::new(&["get"], "get [name] <js>", "evaluate JavaScript (with a name: store the value in $name)", "get heading document.querySelector('h1').textContent", Form::Variable),
        ],
        tools: &[Tool::of::<EvaluateScript>("evaluate_script", ToolFamily::DevTools, "Run a JavaScript function in the page; returns its JSON-serializable result.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::EvalArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvalParams {
    /// An expression (`document.title`) or a function (`(el) => el.value`).
    pub expression: String,
    /// Uids passed to the function as arguments, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Wait for a returned promise to settle. A returned promise is always awaited (its
    /// value is what an agent wants, not `{}`); kept for callers that pass it.
    #[serde(default)]
    pub await_promise: bool,
    /// The source is a function declaration to call (else it is evaluated as an expression,
    /// and called only if its value is a function).
    #[serde(default)]
    pub function: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `evaluate_script`.
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

impl ToolShape for EvaluateScript {
    fn operation(self) -> Result<Operation, CdtError> {
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

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct EvalArgs {
        /// An expression, or a function (called with the --arg elements).
        #[arg(value_name = "EXPRESSION", allow_hyphen_values = true)]
        pub expression: Option<String>,
        /// A uid passed to the function (repeatable, in order).
        #[arg(long = "arg", value_name = "UID")]
        pub args: Vec<String>,
        /// Wait for a returned promise (always done; accepted for scripts that pass it).
        #[arg(long = "await")]
        #[serde(skip_serializing_if = "is_false")]
        pub await_promise: bool,
        /// EXPRESSION is a function declaration to call (by default it is evaluated, and called only
        /// if its value is a function).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub function: bool,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(EvalArgs);
}

/// `runtime eval`'s reply: the value the script returned (JSON; a string too long for one
/// reply is cut and marked).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EvalReply {
    pub value: serde_json::Value,
    /// Set when the value, a string, was cut to fit one reply.
    #[serde(flatten, default)]
    pub cut: Option<crate::ops::Cut>,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}
