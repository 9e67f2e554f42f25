use super::*;

#[test]
fn a_command_whose_page_navigated_is_no_protocol_error() {
    for message in NAVIGATED {
        let error = cdp_error(&json!({ "code": -32000, "message": message }));
        assert_eq!(error.code, ErrorCode::NavigationInterrupted, "{message}");
        assert!(error.code.retryable(), "{message}");
        assert_eq!(error.details["cdpMessage"], message);
    }
    let error = cdp_error(&json!({ "code": -32601, "message": "'Nope.x' wasn't found" }));
    assert_eq!(error.code, ErrorCode::ProtocolError);
}

#[test]
fn events_of_unknown_shape_are_still_delivered() {
    let shared = Shared::new();
    let (sender, mut receiver) = mpsc::channel(SUBSCRIBER_CAPACITY);
    if let Ok(mut subs) = shared.subscribers.lock() {
        subs.push(sender);
    }
    dispatch(
        &shared,
        br#"{"method":"Network.somethingNew","params":{"weird":[1,{"x":null}]},"sessionId":"S1"}"#,
    );
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
    let shared = Shared::new();
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
    let shared = Shared::new();
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
