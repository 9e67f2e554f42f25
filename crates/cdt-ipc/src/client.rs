//! The blocking client used by the `cdt` binary: connect, handshake, one request, one reply.

use cdt_domain::ops::op;
use std::io::{BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

use cdt_domain::{CdtError, ErrorCode, PROTOCOL_VERSION};

use crate::framing::{LineError, read_line};
use crate::protocol::{Hello, HelloReply, MAX_LINE_BYTES, Reply, Request};

/// An open, handshaken connection to the daemon.
#[derive(Debug)]
pub struct Connection {
    reader: BufReader<UnixStream>,
    pub daemon: HelloReply,
}

/// What the handshake found.
#[derive(Debug)]
pub enum HandshakeOutcome {
    Ready(Connection),
    /// The daemon speaks another protocol: it cannot serve this client.
    Mismatch(HelloReply),
    /// The daemon refused the connection before the handshake (e.g. a peer of another user).
    Refused(CdtError),
}

fn unavailable(message: String) -> CdtError {
    CdtError::new(ErrorCode::DaemonUnavailable, message)
        .run_then::<op::DaemonStatus>("", " (logs: cdt daemon logs)")
}

impl Connection {
    /// Connects and exchanges hellos, all before `deadline`.
    pub fn open(socket: &Path, deadline: Instant) -> Result<HandshakeOutcome, std::io::Error> {
        Connection::open_with(socket, &Hello::current(), deadline)
    }

    /// [`Connection::open`] with a hello of the caller's choice ([`Hello::replacing`]).
    pub fn open_with(
        socket: &Path,
        hello: &Hello,
        deadline: Instant,
    ) -> Result<HandshakeOutcome, std::io::Error> {
        let stream = UnixStream::connect(socket)?;
        let timeout = deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1));
        stream.set_read_timeout(Some(timeout))?;
        stream.set_write_timeout(Some(timeout))?;
        let mut line = serde_json::to_vec(hello).map_err(std::io::Error::other)?;
        line.push(b'\n');
        // A daemon that refuses this peer writes its refusal and closes, possibly before our
        // hello is written: read what it sent even when the write failed.
        let written = (&stream).write_all(&line);
        let mut reader = BufReader::new(stream);
        let reply =
            read_line(&mut reader, MAX_LINE_BYTES).map_err(|error| match (error, written) {
                (_, Err(write_error)) => write_error,
                (LineError::Io(error), Ok(())) => error,
                (LineError::Closed, Ok(())) => std::io::Error::new(
                    std::io::ErrorKind::ConnectionReset,
                    "daemon closed during handshake",
                ),
                (LineError::TooLong(_), Ok(())) => {
                    std::io::Error::other("handshake reply too long")
                }
            })?;
        // A refusal comes as an error reply instead of a hello.
        if let Ok(Reply {
            ok: false,
            error: Some(error),
            ..
        }) = serde_json::from_slice::<Reply>(&reply)
        {
            return Ok(HandshakeOutcome::Refused(error));
        }
        let daemon: HelloReply = serde_json::from_slice(&reply).map_err(|error| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("bad handshake reply: {error}"),
            )
        })?;
        // Compatibility is the protocol alone: a daemon of another build that speaks ours keeps
        // serving (it may run other agents' browsers); the caller may note the difference.
        let compatible = daemon.accepted && daemon.hello.protocol == PROTOCOL_VERSION;
        Ok(if compatible {
            HandshakeOutcome::Ready(Connection { reader, daemon })
        } else {
            HandshakeOutcome::Mismatch(daemon)
        })
    }

    /// Another handle on the connection's socket (for shutting it down from elsewhere, which
    /// ends a call in flight and makes the daemon cancel its request).
    pub fn try_clone_stream(&self) -> std::io::Result<UnixStream> {
        self.reader.get_ref().try_clone()
    }

    /// Sends `request` and waits for the reply until `give_up` (the budget plus headroom).
    pub fn call(mut self, request: &Request, give_up: Instant) -> Result<Reply, CdtError> {
        let timeout = give_up
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1));
        let stream = self.reader.get_ref();
        let _ = stream.set_read_timeout(Some(timeout));
        let _ = stream.set_write_timeout(Some(timeout));
        let line = request_line(request)?;
        self.reader
            .get_ref()
            .write_all(&line)
            .map_err(|error| unavailable(format!("cannot send the request: {error}")))?;
        let reply = read_line(&mut self.reader, MAX_LINE_BYTES)
            .map_err(|error| reply_error(error, request))?;
        parse_reply(&reply)
    }

    /// [`Connection::call`] on the async runtime. Dropping the future closes the socket,
    /// which the daemon takes as the client leaving: it cancels the request.
    pub async fn call_async(self, request: &Request, give_up: Instant) -> Result<Reply, CdtError> {
        use tokio::io::AsyncWriteExt;
        let line = request_line(request)?;
        // Nothing is buffered past the handshake: the daemon says nothing before the request.
        let stream = self.reader.into_inner();
        let stream = stream
            .set_nonblocking(true)
            .and_then(|()| tokio::net::UnixStream::from_std(stream))
            .map_err(|error| unavailable(format!("cannot use the daemon's socket: {error}")))?;
        let mut stream = tokio::io::BufReader::new(stream);
        let exchange = async {
            stream
                .get_mut()
                .write_all(&line)
                .await
                .map_err(|error| unavailable(format!("cannot send the request: {error}")))?;
            crate::framing::read_line_async(&mut stream, MAX_LINE_BYTES)
                .await
                .map_err(|error| reply_error(error, request))
        };
        match tokio::time::timeout_at(tokio::time::Instant::from_std(give_up), exchange).await {
            Ok(reply) => parse_reply(&reply?),
            Err(_) => Err(CdtError::timeout(
                format!("{} (no reply from the daemon)", request.operation.name()),
                request.deadline.budget_ms,
            )),
        }
    }
}

/// The request as one line, refused when it is over the line limit.
fn request_line(request: &Request) -> Result<Vec<u8>, CdtError> {
    let mut line = serde_json::to_vec(request).map_err(|e| CdtError::internal(e.to_string()))?;
    line.push(b'\n');
    if line.len() > MAX_LINE_BYTES {
        return Err(CdtError::validation(format!(
            "request is {} bytes, over the {MAX_LINE_BYTES}-byte limit",
            line.len()
        ))
        .hinted("Send less data per request (split --input-file into several calls)"));
    }
    Ok(line)
}

fn reply_error(error: LineError, request: &Request) -> CdtError {
    match error {
        LineError::Io(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            CdtError::timeout(
                format!("{} (no reply from the daemon)", request.operation.name()),
                request.deadline.budget_ms,
            )
        }
        LineError::Io(error) => unavailable(format!(
            "lost the daemon while waiting for the reply: {error}"
        )),
        LineError::Closed => unavailable("the daemon closed the connection without a reply".into()),
        LineError::TooLong(limit) => CdtError::new(
            ErrorCode::ProtocolError,
            format!("reply over {limit} bytes"),
        ),
    }
}

fn parse_reply(reply: &[u8]) -> Result<Reply, CdtError> {
    serde_json::from_slice(reply).map_err(|error| {
        CdtError::new(
            ErrorCode::ProtocolError,
            format!("malformed reply from the daemon: {error}"),
        )
        .run_then::<op::DaemonStop>("", ", then retry")
    })
}
