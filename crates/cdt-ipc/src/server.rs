//! The async server: accepts connections, checks the peer, handshakes, reads one request,
//! runs the handler in its own task (a panic becomes `INTERNAL_ERROR`, a vanished client
//! cancels the work), and writes one reply.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use cdt_domain::{CdtError, ErrorCode, PROTOCOL_VERSION};
use tokio::io::{AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixListener;
use tokio::net::unix::OwnedWriteHalf;
use tokio::sync::watch;

use crate::framing::{LineError, read_line_async};
use crate::protocol::{Hello, HelloBody, HelloReply, Reply, ReplyMeta, Request, parse_request};

pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// Answers one request. The future must be `'static`: it runs in its own task.
pub type Handler = Arc<dyn Fn(Request) -> BoxFuture<Reply> + Send + Sync>;

#[derive(Clone)]
pub struct ServerConfig {
    /// How long a client may take to send each of its two lines.
    pub line_timeout: Duration,
    pub max_line: usize,
    /// Only this uid may connect.
    pub allowed_uid: u32,
    /// This daemon's [`crate::protocol::build_id`], reported in the handshake.
    pub build: String,
    /// Asked by a client of another protocol: exit if no browser runs (and none starts
    /// meanwhile); true when the daemon is exiting.
    pub retire_if_idle: Arc<dyn Fn() -> bool + Send + Sync>,
}

/// Serves until `shutdown` turns true.
pub async fn serve(
    listener: UnixListener,
    handler: Handler,
    config: ServerConfig,
    mut shutdown: watch::Receiver<bool>,
) {
    let config = Arc::new(config);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let handler = handler.clone();
                    let config = config.clone();
                    tokio::spawn(async move { serve_connection(stream, handler, &config).await });
                }
                Err(error) => {
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            _ = shutdown.changed() => {
                if *shutdown.borrow() { return; }
            }
        }
    }
}

async fn write_line<T: serde::Serialize>(writer: &mut OwnedWriteHalf, value: &T) {
    let Ok(mut line) = serde_json::to_vec(value) else {
        return;
    };
    line.push(b'\n');
    let _ = writer.write_all(&line).await;
    let _ = writer.flush().await;
}

fn line_error(error: &LineError, what: &str) -> Option<CdtError> {
    match error {
        LineError::Closed => None,
        LineError::TooLong(limit) => Some(
            CdtError::new(
                ErrorCode::ValidationError,
                format!("{what} is over the {limit}-byte limit"),
            )
            .hinted("Send less data per request (split --input-file into several calls)"),
        ),
        LineError::Io(error) => Some(CdtError::new(
            ErrorCode::ProtocolError,
            format!("cannot read the {what}: {error}"),
        )),
    }
}

async fn serve_connection(stream: tokio::net::UnixStream, handler: Handler, config: &ServerConfig) {
    let peer_uid = stream.peer_cred().map(|cred| cred.uid()).ok();
    let (read_half, mut writer) = stream.into_split();
    let mut reader = BufReader::new(read_half);
    if peer_uid != Some(config.allowed_uid) {
        let error = CdtError::new(
            ErrorCode::SecurityBlocked,
            "connections from another user are refused",
        )
        .hinted("Run cdt as the user that owns CDT_HOME, or set CDT_HOME to your own directory");
        write_line(&mut writer, &Reply::failure(error, ReplyMeta::default())).await;
        return;
    }

    let hello = match tokio::time::timeout(
        config.line_timeout,
        read_line_async(&mut reader, config.max_line),
    )
    .await
    {
        Ok(Ok(line)) => line,
        Ok(Err(error)) => {
            if let Some(error) = line_error(&error, "handshake") {
                write_line(&mut writer, &Reply::failure(error, ReplyMeta::default())).await;
            }
            return;
        }
        Err(_) => return,
    };
    let Ok(hello) = serde_json::from_slice::<Hello>(&hello) else {
        let error = CdtError::new(
            ErrorCode::ProtocolError,
            "the first line must be the handshake {\"hello\":{\"version\":…,\"protocol\":…}}",
        )
        .hinted("Use the cdt client (it speaks the protocol), or see docs/ipc-protocol.md");
        write_line(&mut writer, &Reply::failure(error, ReplyMeta::default())).await;
        return;
    };
    let accepted = hello.hello.protocol == PROTOCOL_VERSION;
    let retiring = !accepted && hello.hello.replace_if_idle && (config.retire_if_idle)();
    let answer = HelloReply {
        hello: HelloBody {
            version: cdt_domain::CDT_VERSION.to_string(),
            protocol: PROTOCOL_VERSION,
            replace_if_idle: false,
        },
        pid: std::process::id(),
        accepted,
        build: config.build.clone(),
        retiring,
    };
    write_line(&mut writer, &answer).await;
    if !accepted {
        return;
    }

    let line = match tokio::time::timeout(
        config.line_timeout,
        read_line_async(&mut reader, config.max_line),
    )
    .await
    {
        Ok(Ok(line)) => line,
        Ok(Err(error)) => {
            if let Some(error) = line_error(&error, "request") {
                write_line(&mut writer, &Reply::failure(error, ReplyMeta::default())).await;
            }
            return;
        }
        Err(_) => return,
    };
    let request: Request = match parse_request(&line) {
        Ok(request) => request,
        Err(error) => {
            write_line(&mut writer, &Reply::failure(error, ReplyMeta::default())).await;
            return;
        }
    };

    let op = request.operation.name();
    let mut work = tokio::spawn(handler(request));
    let mut sink = [0u8; 256];
    let reply = loop {
        tokio::select! {
            joined = &mut work => break match joined {
                Ok(reply) => reply,
                Err(error) => {
                    tracing::error!(op, %error, "request handler panicked");
                    Reply::failure(CdtError::internal(format!("{op} failed unexpectedly: {error}")), ReplyMeta::default())
                }
            },
            read = reader.read(&mut sink) => if matches!(read, Ok(0) | Err(_)) {
                // The client is gone (killed, or gave up): cancel its work.
                tracing::debug!(op, "client left; cancelling");
                work.abort();
                return;
            },
        }
    };
    let line = bounded_line(reply, op, config.max_line);
    let _ = writer.write_all(&line).await;
    let _ = writer.flush().await;
}

/// The reply's line if it fits the client's limit; else a `RESULT_TOO_LARGE` reply (the use
/// cases bound their large results at the source; this is the last resort, so a reply the
/// client would refuse is never sent). Serialized once.
fn bounded_line(reply: Reply, op: &str, max_line: usize) -> Vec<u8> {
    let mut line = serde_json::to_vec(&reply).unwrap_or_default();
    if !line.is_empty() && line.len() < max_line {
        line.push(b'\n');
        return line;
    }
    let size = line.len();
    tracing::warn!(
        op,
        size,
        "reply over the line limit; answering RESULT_TOO_LARGE"
    );
    let error = CdtError::new(
        ErrorCode::ResultTooLarge,
        format!("the result of {op} is {size} bytes, over the {max_line}-byte reply limit"),
    )
    .with_details(serde_json::json!({ "bytes": size, "limit": max_line, "op": op }))
    .hinted(format!(
        "Ask for less: see cdt {} --help for --limit, --selector, --uid or --file",
        op.replace('.', " ")
    ));
    let meta = ReplyMeta {
        context: reply.meta.context,
        warnings: Vec::new(),
    };
    let mut line = serde_json::to_vec(&Reply::failure(error, meta)).unwrap_or_default();
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_over_the_line_limit_becomes_result_too_large() {
        let big = Reply::success(
            serde_json::json!({ "list": "x".repeat(2000) }),
            ReplyMeta {
                context: Some("ctx_0123456789ab".into()),
                warnings: Vec::new(),
            },
        );
        let line = bounded_line(big.clone(), "console.list", 1000);
        assert!(line.len() < 1000);
        let reply: Result<Reply, _> = serde_json::from_slice(&line);
        let reply = reply.ok();
        assert_eq!(
            reply
                .as_ref()
                .and_then(|r| r.error.as_ref())
                .map(|e| e.code),
            Some(ErrorCode::ResultTooLarge)
        );
        assert_eq!(
            reply.and_then(|r| r.meta.context),
            Some("ctx_0123456789ab".to_string())
        );
        let fits = bounded_line(big, "console.list", 1 << 20);
        assert!(fits.ends_with(b"\n") && fits.len() > 2000);
    }
}
