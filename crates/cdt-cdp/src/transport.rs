//! One WebSocket connection to a browser: a writer task, one reader task, a request-id → reply
//! map, and events fanned out to every subscriber. Each subscriber's channel is bounded
//! ([`SUBSCRIBER_CAPACITY`] events): a subscriber that falls that far behind loses events, and
//! every such loss is counted ([`CdpConnection::events_dropped`]) and logged, so memory never
//! grows without bound. Sessions are flattened: a command or event carries the `sessionId` of
//! the target it belongs to.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// An event as the browser sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct CdpEvent {
    pub method: String,
    pub params: Value,
    pub session_id: Option<String>,
}

type ReplySlot = oneshot::Sender<Result<Value, CdtError>>;

/// Events a subscriber may have waiting before further ones are dropped (and counted).
pub const SUBSCRIBER_CAPACITY: usize = 65_536;

/// What a subscriber receives: every event from its subscription on, in order.
pub type EventStream = mpsc::Receiver<Arc<CdpEvent>>;

struct Shared {
    pending: Mutex<HashMap<u64, ReplySlot>>,
    subscribers: Mutex<Vec<mpsc::Sender<Arc<CdpEvent>>>>,
    closed: AtomicBool,
    dropped: AtomicU64,
}

/// A cheap-to-clone handle on the connection.
#[derive(Clone)]
pub struct CdpConnection {
    outgoing: mpsc::UnboundedSender<Message>,
    shared: Arc<Shared>,
    next_id: Arc<AtomicU64>,
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
        let (outgoing, mut queue) = mpsc::unbounded_channel::<Message>();
        let shared = Arc::new(Shared {
            pending: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
        });

        tokio::spawn(async move {
            while let Some(message) = queue.recv().await {
                if sink.send(message).await.is_err() {
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
            reader_shared.closed.store(true, Ordering::SeqCst);
            let waiting: Vec<ReplySlot> = reader_shared
                .pending
                .lock()
                .map(|mut p| p.drain().map(|(_, s)| s).collect())
                .unwrap_or_default();
            for slot in waiting {
                let _ = slot.send(Err(disconnected()));
            }
            if let Ok(mut subscribers) = reader_shared.subscribers.lock() {
                subscribers.clear();
            }
        });

        Ok(CdpConnection {
            outgoing,
            shared,
            next_id: Arc::new(AtomicU64::new(1)),
        })
    }

    pub fn is_connected(&self) -> bool {
        !self.shared.closed.load(Ordering::SeqCst) && !self.outgoing.is_closed()
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
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = Value::String(session.to_string());
        }
        let (slot, reply) = oneshot::channel();
        self.shared
            .pending
            .lock()
            .map_err(|_| CdtError::internal("pending map poisoned"))?
            .insert(id, slot);
        let _guard = PendingGuard {
            shared: &self.shared,
            id,
        };
        self.outgoing
            .send(Message::text(message.to_string()))
            .map_err(|_| disconnected())?;
        match reply.await {
            Ok(result) => result.map_err(|error| CdtError {
                message: format!("{method}: {}", error.message),
                ..error
            }),
            Err(_) => Err(disconnected()),
        }
    }

    /// Events dropped because a subscriber fell [`SUBSCRIBER_CAPACITY`] events behind.
    pub fn events_dropped(&self) -> u64 {
        self.shared.dropped.load(Ordering::Relaxed)
    }

    /// Receives every event from now on, in order, until the connection closes (a subscriber
    /// more than [`SUBSCRIBER_CAPACITY`] events behind loses the newest, counted).
    pub fn subscribe(&self) -> EventStream {
        let (sender, receiver) = mpsc::channel(SUBSCRIBER_CAPACITY);
        if let Ok(mut subscribers) = self.shared.subscribers.lock()
            && !self.shared.closed.load(Ordering::SeqCst)
        {
            subscribers.push(sender);
        }
        receiver
    }

    /// Closes the WebSocket (the browser keeps running).
    pub fn close(&self) {
        let _ = self.outgoing.send(Message::Close(None));
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
    if let Ok(mut subscribers) = shared.subscribers.lock() {
        subscribers.retain(|subscriber| match subscriber.try_send(event.clone()) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                let dropped = shared.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                if dropped.is_power_of_two() {
                    tracing::warn!(dropped, "a CDP event subscriber is full; events dropped");
                }
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        });
    }
}

fn cdp_error(error: &Value) -> CdtError {
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("unknown CDP error");
    let code = error.get("code").and_then(Value::as_i64).unwrap_or(0);
    CdtError::new(ErrorCode::ProtocolError, format!("{message} (CDP {code})"))
        .with_details(json!({ "cdpCode": code, "cdpMessage": message }))
        .run::<op::SessionRestart>("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_of_unknown_shape_are_still_delivered() {
        let shared = Shared {
            pending: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
        };
        let (sender, mut receiver) = mpsc::channel(SUBSCRIBER_CAPACITY);
        if let Ok(mut subs) = shared.subscribers.lock() {
            subs.push(sender);
        }
        dispatch(&shared, br#"{"method":"Network.somethingNew","params":{"weird":[1,{"x":null}]},"sessionId":"S1"}"#);
        dispatch(
            &shared,
            br#"{"method":"Network.requestWillBeSentExtraInfo"}"#,
        );
        let first = receiver.try_recv().ok();
        assert_eq!(
            first.as_ref().map(|e| e.method.as_str()),
            Some("Network.somethingNew")
        );
        assert_eq!(
            first.as_ref().and_then(|e| e.session_id.as_deref()),
            Some("S1")
        );
        assert_eq!(
            receiver.try_recv().ok().map(|e| e.params.is_null()),
            Some(true)
        );
    }

    #[test]
    fn a_full_subscriber_loses_events_counted_and_stays_subscribed() {
        let shared = Shared {
            pending: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
        };
        let (sender, mut receiver) = mpsc::channel(2);
        if let Ok(mut subs) = shared.subscribers.lock() {
            subs.push(sender);
        }
        for _ in 0..5 {
            dispatch(&shared, br#"{"method":"Log.entryAdded","params":{}}"#);
        }
        assert_eq!(shared.dropped.load(Ordering::Relaxed), 3);
        assert!(receiver.try_recv().is_ok());
        assert!(receiver.try_recv().is_ok());
        assert!(receiver.try_recv().is_err());
        dispatch(&shared, br#"{"method":"Log.entryAdded","params":{}}"#);
        assert!(receiver.try_recv().is_ok(), "still subscribed");
    }

    #[test]
    fn replies_reach_their_waiter_and_errors_keep_the_cdp_code() {
        let shared = Shared {
            pending: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
        };
        let (ok_slot, mut ok_reply) = oneshot::channel();
        let (err_slot, mut err_reply) = oneshot::channel();
        if let Ok(mut pending) = shared.pending.lock() {
            pending.insert(1, ok_slot);
            pending.insert(2, err_slot);
        }
        dispatch(
            &shared,
            br#"{"id":2,"error":{"code":-32000,"message":"No target with given id"}}"#,
        );
        dispatch(&shared, br#"{"id":1,"result":{"targetId":"T"}}"#);
        assert_eq!(
            ok_reply.try_recv().ok().and_then(Result::ok),
            Some(json!({"targetId": "T"}))
        );
        let error = err_reply.try_recv().ok().and_then(Result::err);
        assert_eq!(
            error.map(|e| e.details["cdpCode"].clone()),
            Some(json!(-32000))
        );
    }
}
