//! The messages on the wire.

use cdt_domain::ops::Operation;
use cdt_domain::{CallerContext, CdtError, Deadline, ErrorCode, PROTOCOL_VERSION};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest line either side accepts (a request with its parameters, or a reply).
pub const MAX_LINE_BYTES: usize = cdt_domain::limits::MAX_REPLY_BYTES;

/// First line from the client: `{"hello":{"version":"0.1.0","protocol":1}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    pub hello: HelloBody,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HelloBody {
    pub version: String,
    pub protocol: u32,
    /// A client of another protocol asks the daemon to exit if it runs no browser, so that a
    /// daemon of its own can replace it without losing anyone's pages (see
    /// [`HelloReply::retiring`]). Daemons that predate it ignore it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replace_if_idle: bool,
}

impl Hello {
    pub fn current() -> Self {
        Hello {
            hello: HelloBody {
                version: cdt_domain::CDT_VERSION.to_string(),
                protocol: PROTOCOL_VERSION,
                replace_if_idle: false,
            },
        }
    }

    /// [`Hello::current`], asking a daemon of another protocol to retire if it is idle.
    pub fn replacing() -> Self {
        let mut hello = Hello::current();
        hello.hello.replace_if_idle = true;
        hello
    }
}

/// The daemon's answer to [`Hello`]: its own version, and whether it will serve this client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HelloReply {
    pub hello: HelloBody,
    pub pid: u32,
    pub accepted: bool,
    /// Identity of the daemon's executable (see [`build_id`]); a client that would start a
    /// different build restarts the daemon, so a rebuilt daemon never keeps serving.
    #[serde(default)]
    pub build: String,
    /// It refused a client of another protocol that asked it to retire if idle, ran no
    /// browser, and is exiting: the client may start a daemon of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retiring: bool,
}

/// `<size>-<mtime ns>` of an executable: changes whenever the binary is rebuilt.
pub fn build_id(executable: &std::path::Path) -> String {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(executable)
        .map(|m| format!("{}-{}.{}", m.size(), m.mtime(), m.mtime_nsec()))
        .unwrap_or_default()
}

/// One request: the operation and its parameters, who calls, and until when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    pub id: String,
    #[serde(flatten)]
    pub operation: Operation,
    pub caller: CallerContext,
    pub deadline: Deadline,
    /// A background read ([`cdt_domain::Access::Passive`]): never starts a browser, never
    /// keeps a lease alive.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passive: bool,
}

impl Request {
    pub fn access(&self) -> cdt_domain::Access {
        if self.passive {
            cdt_domain::Access::Passive
        } else {
            cdt_domain::Access::Active
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<cdt_domain::Warning>,
}

/// The daemon's answer to a request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<CdtError>,
    #[serde(default)]
    pub meta: ReplyMeta,
}

impl Reply {
    pub fn success(data: Value, meta: ReplyMeta) -> Self {
        Reply {
            ok: true,
            data: Some(data),
            error: None,
            meta,
        }
    }

    pub fn failure(error: CdtError, meta: ReplyMeta) -> Self {
        Reply {
            ok: false,
            data: None,
            error: Some(error.ensure_suggestion()),
            meta,
        }
    }

    pub fn into_result(self) -> Result<(Value, ReplyMeta), (CdtError, ReplyMeta)> {
        match (self.ok, self.data, self.error) {
            (true, data, _) => Ok((data.unwrap_or(Value::Null), self.meta)),
            (false, _, Some(error)) => Err((error, self.meta)),
            (false, _, None) => Err((
                CdtError::new(ErrorCode::ProtocolError, "failure reply without an error"),
                self.meta,
            )),
        }
    }
}

/// Parses a request line in two steps so an unknown op and bad parameters get precise errors.
pub fn parse_request(line: &[u8]) -> Result<Request, CdtError> {
    let value: Value = serde_json::from_slice(line).map_err(|error| {
        CdtError::new(ErrorCode::ProtocolError, format!("request is not valid JSON: {error}"))
            .hinted("Send one JSON object per line: {\"id\":…,\"op\":\"page.list\",\"params\":{},…} (see docs/ipc-protocol.md)")
    })?;
    let op = value
        .get("op")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| {
            CdtError::new(ErrorCode::ProtocolError, "request has no \"op\" string")
                .hinted("Include \"op\", e.g. \"op\":\"page.list\"")
        })?;
    let op = op.as_str();
    if cdt_domain::ops::op_spec(op).is_none() {
        let known: Vec<&str> = cdt_domain::ops::OP_SPECS
            .iter()
            .map(|spec| spec.name)
            .collect();
        return Err(
            CdtError::new(ErrorCode::ValidationError, format!("unknown op {op:?}"))
                .with_details(serde_json::json!({ "known": known }))
                .hinted("Run: cdt --help"),
        );
    }
    serde_json::from_value(value).map_err(|error| {
        CdtError::new(
            ErrorCode::ValidationError,
            format!("invalid parameters for {op}: {error}"),
        )
        .hinted(format!("Run: cdt {} --describe", op.replace('.', " ")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_round_trips() {
        let request = Request {
            passive: false,
            id: "r1".into(),
            operation: Operation::PageList(Default::default()),
            caller: CallerContext {
                context_id: Some("a".into()),
                ..Default::default()
            },
            deadline: Deadline::new(1000, 500),
        };
        let line = serde_json::to_vec(&request).unwrap_or_default();
        assert_eq!(parse_request(&line).ok(), Some(request));
    }

    #[test]
    fn malformed_requests_get_precise_codes() {
        assert_eq!(
            parse_request(b"garbage").err().map(|e| e.code),
            Some(ErrorCode::ProtocolError)
        );
        assert_eq!(
            parse_request(b"{}").err().map(|e| e.code),
            Some(ErrorCode::ProtocolError)
        );
        let unknown = br#"{"id":"x","op":"nope","params":{},"caller":{},"deadline":{"atUnixMs":1,"budgetMs":1}}"#;
        assert_eq!(
            parse_request(unknown).err().map(|e| e.code),
            Some(ErrorCode::ValidationError)
        );
        let bad = br#"{"id":"x","op":"page.use","params":{"id":"two"},"caller":{},"deadline":{"atUnixMs":1,"budgetMs":1}}"#;
        assert_eq!(
            parse_request(bad).err().map(|e| e.code),
            Some(ErrorCode::ValidationError)
        );
    }
}
