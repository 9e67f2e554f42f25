//! One connection to a browser — the `--remote-debugging-pipe` pair of a browser cdt launched,
//! or a WebSocket to one it attached to: a writer task, one reader task, a request-id → reply
//! map, and events fanned out to every subscriber. Each subscriber's channel is bounded
//! ([`SUBSCRIBER_CAPACITY`] events): a subscriber that falls that far behind loses events, and
//! every such loss is counted ([`CdpConnection::events_dropped`]) and logged, so memory never
//! grows without bound. Sessions are flattened: a command or event carries the `sessionId` of
//! the target it belongs to.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::contexts::{Admit, Router, View};
use crate::event::fan_out;
use crate::pipe_frames::{Frame, Framer};

pub use crate::event::{CdpEvent, EventStream, SUBSCRIBER_CAPACITY};

type ReplySlot = oneshot::Sender<Result<Value, CdtError>>;

struct Shared {
    pending: Mutex<HashMap<u64, ReplySlot>>,
    subscribers: Mutex<Vec<mpsc::Sender<Arc<CdpEvent>>>>,
    closed: AtomicBool,
    dropped: AtomicU64,
    /// On a shared browser: which context each event belongs to (see `contexts.rs`).
    router: OnceLock<Arc<Router>>,
    /// The writer's queue, for the commands the router sends itself.
    outgoing: OnceLock<mpsc::UnboundedSender<Outgoing>>,
}

/// What the writer task sends: a command's JSON, or the end of the connection.
enum Outgoing {
    Text(String),
    Close,
}

/// The longest message read from a pipe (`CDT_CDP_MAX_MESSAGE_BYTES` lowers it, for tests): a
/// longer one is skipped whole and its command answers `RESULT_TOO_LARGE`; the connection and
/// every other page stay.
const MAX_PIPE_MESSAGE: usize = 512 << 20;

/// A cheap-to-clone handle on the connection.
#[derive(Clone)]
pub struct CdpConnection {
    outgoing: mpsc::UnboundedSender<Outgoing>,
    shared: Arc<Shared>,
    next_id: Arc<AtomicU64>,
    /// Set on one context's side of a shared browser's connection.
    view: Option<Arc<View>>,
}

/// Removes a pending reply slot when the caller stops waiting (cancel safety).
struct PendingGuard<'a> {
    shared: &'a Shared,
    id: u64,
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        if let Ok(mut pending) = self.shared.pending.lock() {
            pending.remove(&self.id);
        }
    }
}

/// A command's reply as it came (or the connection's end), errors naming the command.
fn settled(
    method: &str,
    reply: Result<Result<Value, CdtError>, oneshot::error::RecvError>,
) -> Result<Value, CdtError> {
    match reply {
        Ok(result) => result.map_err(|error| CdtError {
            message: format!("{method}: {}", error.message),
            ..error
        }),
        Err(_) => Err(disconnected()),
    }
}

fn disconnected() -> CdtError {
    CdtError::new(
        ErrorCode::CdpDisconnected,
        "the browser connection is closed",
    )
    .run::<op::SessionRestart>("")
}

impl CdpConnection {
    /// Connects to a browser's WebSocket endpoint at `address` (already vetted: the URL's host
    /// is never looked up again) and starts the reader and writer tasks.
    pub async fn connect(address: SocketAddr, ws_url: &str) -> Result<CdpConnection, CdtError> {
        let mut config = WebSocketConfig::default();
        config.max_message_size = Some(512 << 20);
        config.max_frame_size = Some(512 << 20);
        let failed = |error: &dyn std::fmt::Display| {
            CdtError::new(ErrorCode::CdpDisconnected, format!("cannot connect to {ws_url}: {error}"))
                .hinted("Check the browser is running and its debugging endpoint is reachable, then: cdt session restart")
        };
        let stream = TcpStream::connect(address).await.map_err(|e| failed(&e))?;
        let _ = stream.set_nodelay(true);
        let (socket, _) = tokio_tungstenite::client_async_with_config(ws_url, stream, Some(config))
            .await
            .map_err(|e| failed(&e))?;
        let (mut sink, mut stream) = socket.split();
        let (outgoing, mut queue) = mpsc::unbounded_channel::<Outgoing>();
        let shared = Shared::new();
        tokio::spawn(async move {
            while let Some(Outgoing::Text(text)) = queue.recv().await {
                if sink.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
            let _ = sink.close().await;
        });
        let reader_shared = shared.clone();
        tokio::spawn(async move {
            while let Some(message) = stream.next().await {
                match message {
                    Ok(Message::Text(text)) => dispatch(&reader_shared, text.as_bytes()),
                    Ok(Message::Binary(bytes)) => dispatch(&reader_shared, &bytes),
                    Ok(Message::Close(_)) | Err(_) => break,
                    Ok(_) => {}
                }
            }
            reader_shared.close_all();
        });
        Ok(CdpConnection::new(outgoing, shared))
    }

    /// Speaks CDP over the pipes of a browser launched with `--remote-debugging-pipe`:
    /// `to_browser` is its fd 3, `from_browser` its fd 4; messages are NUL-terminated JSON. No
    /// TCP port is opened, so no other local user can reach the browser.
    pub fn over_pipe(
        to_browser: std::os::fd::OwnedFd,
        from_browser: std::os::fd::OwnedFd,
    ) -> Result<CdpConnection, CdtError> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        use tokio::net::unix::pipe;
        let failed = |error: std::io::Error| {
            CdtError::new(
                ErrorCode::CdpDisconnected,
                format!("cannot use the browser's debugging pipe: {error}"),
            )
            .run::<op::SessionRestart>("")
        };
        let mut writer = pipe::Sender::from_owned_fd(to_browser).map_err(failed)?;
        let mut reader = pipe::Receiver::from_owned_fd(from_browser).map_err(failed)?;
        let max = std::env::var("CDT_CDP_MAX_MESSAGE_BYTES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(MAX_PIPE_MESSAGE);
        let (outgoing, mut queue) = mpsc::unbounded_channel::<Outgoing>();
        let shared = Shared::new();
        tokio::spawn(async move {
            while let Some(Outgoing::Text(mut text)) = queue.recv().await {
                text.push('\0');
                if writer.write_all(text.as_bytes()).await.is_err() {
                    break;
                }
            }
        });
        let reader_shared = shared.clone();
        tokio::spawn(async move {
            let mut framer = Framer::new(max);
            let mut chunk = vec![0u8; 64 * 1024];
            loop {
                match reader.read(&mut chunk).await {
                    Ok(0) | Err(_) => break,
                    Ok(read) => framer.feed(&chunk[..read], |frame| match frame {
                        Frame::Message(bytes) => dispatch(&reader_shared, bytes),
                        Frame::TooLarge { id, bytes } => too_large(&reader_shared, id, bytes, max),
                    }),
                }
            }
            reader_shared.close_all();
        });
        Ok(CdpConnection::new(outgoing, shared))
    }

    fn new(outgoing: mpsc::UnboundedSender<Outgoing>, shared: Arc<Shared>) -> CdpConnection {
        let _ = shared.outgoing.set(outgoing.clone());
        CdpConnection {
            outgoing,
            shared,
            next_id: Arc::new(AtomicU64::new(1)),
            view: None,
        }
    }

    /// One browser context's side of this connection, as if it were a browser of its own
    /// (see `contexts.rs`): its events only, its commands kept to it. The connection routes
    /// events by context from now on.
    pub(crate) fn context_view(&self, browser_context_id: &str) -> CdpConnection {
        let router = self.shared.router.get_or_init(Arc::default).clone();
        CdpConnection {
            view: Some(Arc::new(View::open(router, browser_context_id))),
            ..self.clone()
        }
    }

    /// Whether a frame (or target) belongs to this view's context; on a whole connection,
    /// every frame does.
    pub(crate) fn owns_frame(&self, frame: &str) -> bool {
        match &self.view {
            Some(view) => view.owns(frame),
            None => true,
        }
    }

    /// How many contexts a shared connection serves.
    pub(crate) fn contexts(&self) -> usize {
        self.shared
            .router
            .get()
            .map_or(0, |router| router.contexts())
    }

    pub fn is_connected(&self) -> bool {
        !self.shared.closed.load(Ordering::SeqCst)
            && !self.outgoing.is_closed()
            && !self.view.as_ref().is_some_and(|view| view.is_closed())
    }

    /// Sends a command (to the browser, or to a target when `session` is given) and waits for
    /// its reply. Cancel-safe: dropping the future forgets the reply.
    pub async fn call(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<Value, CdtError> {
        if !self.is_connected() {
            return Err(disconnected());
        }
        let params = match &self.view {
            Some(view) => match view.admit(method, params, session)? {
                Admit::Send(params) => params,
                Admit::Answer(reply) => return Ok(reply),
            },
            None => params,
        };
        let reply = self.send(method, params, session).await?;
        Ok(match &self.view {
            Some(view) => view.filter_reply(method, reply),
            None => reply,
        })
    }

    /// Sends a command to a target session now, without waiting for its reply: it is on its way
    /// before this returns, so the target handles it before any command sent after it. The
    /// future answers the reply; dropping it ignores the reply.
    pub(crate) fn send_now(
        &self,
        method: &str,
        params: Value,
        session: &str,
    ) -> Result<impl Future<Output = Result<Value, CdtError>> + Send + 'static, CdtError> {
        if !self.is_connected() {
            return Err(disconnected());
        }
        let params = match &self.view {
            Some(view) => match view.admit(method, params, Some(session))? {
                Admit::Send(params) => params,
                // A view answers itself only for commands to the browser, never to a session.
                Admit::Answer(_) => {
                    return Err(CdtError::internal(
                        "a session command was answered by the view",
                    ));
                }
            },
            None => params,
        };
        let (_, reply) = self.enqueue(method, params, Some(session))?;
        let method = method.to_string();
        Ok(async move { settled(&method, reply.await) })
    }

    /// Puts a command on its way; answers its id and where its reply will come.
    fn enqueue(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<(u64, oneshot::Receiver<Result<Value, CdtError>>), CdtError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({ "id": id, "method": method });
        message["params"] = params;
        if let Some(session) = session {
            message["sessionId"] = Value::String(session.to_string());
        }
        let (slot, reply) = oneshot::channel();
        self.shared
            .pending
            .lock()
            .map_err(|_| CdtError::internal("pending map poisoned"))?
            .insert(id, slot);
        if self
            .outgoing
            .send(Outgoing::Text(message.to_string()))
            .is_err()
        {
            if let Ok(mut pending) = self.shared.pending.lock() {
                pending.remove(&id);
            }
            return Err(disconnected());
        }
        Ok((id, reply))
    }

    /// Sends a command as given, on the whole connection, and waits for its reply.
    async fn send(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<Value, CdtError> {
        let (id, reply) = self.enqueue(method, params, session)?;
        let _guard = PendingGuard {
            shared: &self.shared,
            id,
        };
        settled(method, reply.await)
    }

    /// Events dropped because a subscriber fell [`SUBSCRIBER_CAPACITY`] events behind.
    pub fn events_dropped(&self) -> u64 {
        self.shared.dropped.load(Ordering::Relaxed)
    }

    /// Receives every event from now on, in order, until the connection closes (a subscriber
    /// more than [`SUBSCRIBER_CAPACITY`] events behind loses the newest, counted).
    pub fn subscribe(&self) -> EventStream {
        if let Some(view) = &self.view {
            return view.subscribe();
        }
        let (sender, receiver) = mpsc::channel(SUBSCRIBER_CAPACITY);
        if let Ok(mut subscribers) = self.shared.subscribers.lock()
            && !self.shared.closed.load(Ordering::SeqCst)
        {
            subscribers.push(sender);
        }
        receiver
    }

    /// Closes the WebSocket (the browser keeps running). A context's view ends its browser
    /// context instead (its pages close; nothing of it is kept), and the others go on.
    pub fn close(&self) {
        match self.end_view() {
            Some(dispose) => {
                if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                    runtime.spawn(dispose);
                }
            }
            None if self.view.is_none() => {
                let _ = self.outgoing.send(Outgoing::Close);
            }
            None => {}
        }
    }

    /// Ends a context's view and waits until its browser context is disposed.
    pub(crate) async fn dispose_context(&self) {
        if let Some(dispose) = self.end_view() {
            dispose.await;
        }
    }

    /// Ends this context's view, once: the disposal of its browser context, to run.
    fn end_view(&self) -> Option<impl std::future::Future<Output = ()> + Send + 'static> {
        let view = self.view.as_ref()?;
        if !view.close() {
            return None;
        }
        let (connection, dispose) = (self.clone(), json!({ "browserContextId": view.context }));
        Some(async move {
            if let Err(error) = connection
                .send("Target.disposeBrowserContext", dispose, None)
                .await
            {
                tracing::debug!(%error, "cannot dispose a browser context");
            }
        })
    }
}

impl Shared {
    fn new() -> Arc<Shared> {
        Arc::new(Shared {
            pending: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
            router: OnceLock::new(),
            outgoing: OnceLock::new(),
        })
    }

    /// The connection ended: every waiter learns it, every subscriber's stream ends.
    fn close_all(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let waiting: Vec<ReplySlot> = self
            .pending
            .lock()
            .map(|mut p| p.drain().map(|(_, s)| s).collect())
            .unwrap_or_default();
        for slot in waiting {
            let _ = slot.send(Err(disconnected()));
        }
        if let Ok(mut subscribers) = self.subscribers.lock() {
            subscribers.clear();
        }
        if let Some(router) = self.router.get() {
            router.end_streams();
        }
    }
}

/// A message too large to hold was skipped: its command (if it was a reply) answers
/// `RESULT_TOO_LARGE`; an event is only logged.
fn too_large(shared: &Shared, id: Option<u64>, bytes: usize, max: usize) {
    tracing::warn!(
        ?id,
        bytes,
        max,
        "a CDP message over the size limit was skipped"
    );
    let slot = id.and_then(|id| shared.pending.lock().ok().and_then(|mut p| p.remove(&id)));
    if let Some(slot) = slot {
        let _ = slot.send(Err(CdtError::new(
            ErrorCode::ResultTooLarge,
            format!("the browser's reply was {bytes} bytes, more than the {max} cdt reads; nothing else was lost"),
        )
        .with_details(json!({ "bytes": bytes, "maxBytes": max }))));
    }
}

/// Routes one incoming message: a reply to its waiter, an event to every subscriber.
fn dispatch(shared: &Shared, bytes: &[u8]) {
    let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
        tracing::warn!(len = bytes.len(), "unparseable CDP message");
        return;
    };
    if let Some(id) = value.get("id").and_then(Value::as_u64) {
        let slot = shared
            .pending
            .lock()
            .ok()
            .and_then(|mut pending| pending.remove(&id));
        if let Some(slot) = slot {
            let result = match value.get("error") {
                Some(error) => Err(cdp_error(error)),
                None => Ok(value.get("result").cloned().unwrap_or(Value::Null)),
            };
            let _ = slot.send(result);
        }
        return;
    }
    let Some(method) = value.get("method").and_then(Value::as_str) else {
        return;
    };
    let event = Arc::new(CdpEvent {
        method: method.to_string(),
        params: value.get("params").cloned().unwrap_or(Value::Null),
        session_id: value
            .get("sessionId")
            .and_then(Value::as_str)
            .map(str::to_string),
    });
    if let Some(router) = shared.router.get()
        && let Some(command) = router.route(&event, &shared.dropped)
        && let Some(outgoing) = shared.outgoing.get()
    {
        let _ = outgoing.send(Outgoing::Text(command));
    }
    if let Ok(mut subscribers) = shared.subscribers.lock() {
        fan_out(&mut subscribers, &event, &shared.dropped);
    }
}

fn cdp_error(error: &Value) -> CdtError {
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("unknown CDP error");
    let code = error.get("code").and_then(Value::as_i64).unwrap_or(0);
    let details = json!({ "cdpCode": code, "cdpMessage": message });
    // The page's document went while the command ran (a navigation): not a broken connection.
    if NAVIGATED.iter().any(|m| message.contains(m)) {
        return CdtError::new(
            ErrorCode::NavigationInterrupted,
            format!("the page navigated while the browser ran the command: {message} (CDP {code})"),
        )
        .with_details(details);
    }
    CdtError::new(ErrorCode::ProtocolError, format!("{message} (CDP {code})"))
        .with_details(details)
        .run::<op::SessionRestart>("")
}

/// What Chromium answers a command whose page navigated under it.
const NAVIGATED: [&str; 2] = [
    "Inspected target navigated or closed",
    "Not attached to an active page",
];

#[cfg(test)]
mod tests;
