//! How `runtime eval` turns its source into a call, decided by V8 rather than by reading the
//! text: in [`EvalForm::Auto`] the source is evaluated as an expression (REPL mode, so top-level
//! `await` works; wrapped in parentheses when only that parses, as a bare `function (…) {…}`
//! needs), and if its value is a function, that function is called with the element arguments.
//! [`EvalForm::Function`] (`--function`) calls the source as a function declaration.
//!
//! Every reply here has Chrome's `Runtime.evaluate`/`callFunctionOn` shape (`result`,
//! `exceptionDetails`), so the caller reads them the same way. Never guess the form from text.

use cdt_domain::CdtError;
use cdt_domain::interact::{EvalForm, EvalRequest};
use serde_json::{Value, json};

use crate::transport::CdpConnection;

const OBJECT_GROUP: &str = "cdt-eval";

fn is_syntax_error(reply: &Value) -> bool {
    reply["exceptionDetails"]["exception"]["className"] == "SyntaxError"
}

/// Evaluates `source` as an expression, keeping objects remote (by id).
async fn evaluate(
    connection: &CdpConnection,
    session: &str,
    source: &str,
    await_promise: bool,
) -> Result<Value, CdtError> {
    let call = |expression: String| {
        json!({
            "expression": expression, "replMode": true, "awaitPromise": await_promise,
            "returnByValue": false, "userGesture": true, "objectGroup": OBJECT_GROUP,
        })
    };
    let first = connection
        .call("Runtime.evaluate", call(source.to_string()), Some(session))
        .await?;
    if !is_syntax_error(&first) {
        return Ok(first);
    }
    // `function (a) { … }` is only an expression in parentheses. A SyntaxError ran nothing, so
    // trying again runs the source at most once.
    let second = connection
        .call(
            "Runtime.evaluate",
            call(format!("({source}\n)")),
            Some(session),
        )
        .await?;
    Ok(if is_syntax_error(&second) {
        first
    } else {
        second
    })
}

/// Runs the request; `arguments` are the element arguments (`{objectId}` each).
pub async fn run(
    connection: &CdpConnection,
    session: &str,
    request: &EvalRequest,
    arguments: Vec<Value>,
) -> Result<Value, CdtError> {
    let reply = run_inner(connection, session, request, arguments).await;
    let _ = connection
        .call(
            "Runtime.releaseObjectGroup",
            json!({ "objectGroup": OBJECT_GROUP }),
            Some(session),
        )
        .await;
    reply
}

async fn run_inner(
    connection: &CdpConnection,
    session: &str,
    request: &EvalRequest,
    arguments: Vec<Value>,
) -> Result<Value, CdtError> {
    let call_on = |object_id: &Value, declaration: &str, arguments: Vec<Value>| {
        json!({
            "objectId": object_id, "functionDeclaration": declaration, "arguments": arguments,
            "returnByValue": true, "awaitPromise": request.await_promise, "userGesture": true,
        })
    };
    match request.form {
        EvalForm::Function => {
            let global = connection
                .call(
                    "Runtime.evaluate",
                    json!({ "expression": "globalThis", "objectGroup": OBJECT_GROUP }),
                    Some(session),
                )
                .await?;
            connection
                .call(
                    "Runtime.callFunctionOn",
                    call_on(&global["result"]["objectId"], &request.source, arguments),
                    Some(session),
                )
                .await
        }
        EvalForm::Auto => {
            let evaluated =
                evaluate(connection, session, &request.source, request.await_promise).await?;
            if evaluated.get("exceptionDetails").is_some() {
                return Ok(evaluated);
            }
            let result = &evaluated["result"];
            if result["type"] == "function" {
                return connection
                    .call(
                        "Runtime.callFunctionOn",
                        call_on(
                            &result["objectId"],
                            "function (...args) { return this(...args); }",
                            arguments,
                        ),
                        Some(session),
                    )
                    .await;
            }
            if request.await_promise && result["subtype"] == "promise" {
                // REPL mode awaits its own completion, not a promise the expression returns.
                return connection
                    .call(
                        "Runtime.awaitPromise",
                        json!({ "promiseObjectId": result["objectId"], "returnByValue": true }),
                        Some(session),
                    )
                    .await;
            }
            if !arguments.is_empty() {
                return Err(CdtError::validation(
                    "--arg elements are passed to a function, but the source is not one",
                )
                .hinted("Write a function: cdt runtime eval '(el) => el.value' --arg e12"));
            }
            match result.get("objectId") {
                // An object: fetch it by value.
                Some(object_id) => {
                    connection
                        .call(
                            "Runtime.callFunctionOn",
                            json!({
                                "objectId": object_id, "functionDeclaration": "function () { return this; }",
                                "returnByValue": true,
                            }),
                            Some(session),
                        )
                        .await
                }
                None => Ok(evaluated),
            }
        }
    }
}
