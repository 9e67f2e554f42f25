//! What a connection hands its subscribers: the browser's events, as it sent them.

use std::sync::Arc;

use serde_json::Value;
use tokio::sync::mpsc;

/// An event as the browser sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct CdpEvent {
    pub method: String,
    pub params: Value,
    pub session_id: Option<String>,
}

/// Events a subscriber may have waiting before further ones are dropped (and counted).
pub const SUBSCRIBER_CAPACITY: usize = 65_536;

/// What a subscriber receives: every event from its subscription on, in order.
pub type EventStream = mpsc::Receiver<Arc<CdpEvent>>;

/// Hands `event` to every subscriber still listening; a full one loses it, counted in
/// `dropped` (and logged at every power of two).
pub(crate) fn fan_out(
    subscribers: &mut Vec<mpsc::Sender<Arc<CdpEvent>>>,
    event: &Arc<CdpEvent>,
    dropped: &std::sync::atomic::AtomicU64,
) {
    subscribers.retain(|subscriber| match subscriber.try_send(event.clone()) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            let count = dropped.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if count.is_power_of_two() {
                tracing::warn!(
                    dropped = count,
                    "a CDP event subscriber is full; events dropped"
                );
            }
            true
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    });
}
