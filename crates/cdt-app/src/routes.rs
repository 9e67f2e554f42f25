//! `network route`, `network unroute` and `network routes` (issue 21.1): a route's fields
//! checked against its action and its body read before anything starts; the context's
//! [`RouteTable`](crate::route_table::RouteTable) changed; the browser told to pause requests
//! while the table holds a route, and to stop when the last one goes (held requests go on).

use cdt_domain::CdtError;
use cdt_domain::ops::{
    NetworkRouteParams, NetworkRouteReply, NetworkRoutesReply, NetworkUnrouteParams,
    NetworkUnrouteReply,
};
use cdt_domain::route::{RouteAction, parse_header};
use tokio::time::Instant;

use crate::blocking;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::route_table::{self, Route, compile};

use_case!(NetworkRoute, |scope, params, until| add(
    scope, params, until
)
.await);
use_case!(NetworkUnroute, |scope, params, until| remove(
    scope, &params, until
)
.await);
use_case!(NetworkRoutes, |scope, _, _| Ok(list(scope)));

/// A fulfilled body is read whole into the route: at most this much.
const MAX_BODY_BYTES: u64 = 16 * 1024 * 1024;

/// What a route's fields must agree with: flags only its action uses are refused elsewhere.
fn check(params: &NetworkRouteParams, action: RouteAction) -> Result<(), CdtError> {
    let stray = |flag: &str, given: bool| -> Result<(), CdtError> {
        if given {
            return Err(CdtError::validation(format!(
                "{flag} does not go with --action {}",
                action.as_str()
            ))
            .hinted("Leave --action out to have it follow from the flags, or drop the flag"));
        }
        Ok(())
    };
    let fulfill = action == RouteAction::Fulfill;
    stray(
        "--reason",
        params.reason.is_some() && action != RouteAction::Block,
    )?;
    stray("--status", params.status.is_some() && !fulfill)?;
    stray(
        "--body/--body-file",
        (params.body.is_some() || params.body_file.is_some()) && !fulfill,
    )?;
    stray("--content-type", params.content_type.is_some() && !fulfill)?;
    stray(
        "--set-url/--post-data",
        (params.set_url.is_some() || params.post_data.is_some()) && action != RouteAction::Modify,
    )?;
    stray(
        "--header",
        !params.headers.is_empty() && !fulfill && action != RouteAction::Modify,
    )?;
    if action == RouteAction::Delay && params.delay_ms.is_none() {
        return Err(CdtError::validation("--action delay needs --delay <ms>")
            .hinted("e.g. cdt network route '*/api/*' --delay 2000"));
    }
    if params.status.is_some_and(|s| !(100..=599).contains(&s)) {
        return Err(CdtError::validation("--status must be 100–599"));
    }
    if params.times == Some(0) {
        return Err(CdtError::validation("--times must be at least 1"));
    }
    Ok(())
}

/// The body of a fulfill: given, or read from its file (absolute, at most 16 MiB).
async fn body_of(params: &NetworkRouteParams) -> Result<Vec<u8>, CdtError> {
    let Some(path) = params.body_file.clone() else {
        return Ok(params.body.clone().unwrap_or_default().into_bytes());
    };
    let path = crate::files::absolute(&path, "--body-file")?.to_path_buf();
    blocking::run(move || {
        crate::files::read_capped(
            &path,
            MAX_BODY_BYTES,
            "Check the file exists and is readable",
        )
    })
    .await
}

/// A Content-Type for a body file's name, when the route names none (text in UTF-8).
fn guess_type(path: &str) -> Option<String> {
    crate::files::mime_of(path).map(|mime| match mime {
        "text/html" | "text/plain" => format!("{mime}; charset=utf-8"),
        other => other.to_string(),
    })
}

pub async fn add(
    scope: &Scope<'_>,
    params: NetworkRouteParams,
    until: Instant,
) -> Result<NetworkRouteReply, CdtError> {
    let action = params.effective_action();
    check(&params, action)?;
    let pattern = compile(&params)?;
    let mut headers = Vec::new();
    for line in &params.headers {
        headers.push(parse_header(line).ok_or_else(|| {
            CdtError::validation(format!("{line:?} is not a header"))
                .hinted("Use --header 'Name: value'")
        })?);
    }
    let body = body_of(&params).await?;
    if action == RouteAction::Fulfill
        && !headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("content-type"))
        && let Some(mime) = params
            .content_type
            .clone()
            .or_else(|| params.body_file.as_deref().and_then(guess_type))
    {
        headers.push(("Content-Type".to_string(), mime));
    }
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    let described = slot.routes.add(Route {
        id: 0,
        params,
        action,
        pattern,
        headers,
        body,
        matched: 0,
    });
    route_table::sync(&slot.routes, &browser).await?;
    Ok(NetworkRouteReply {
        route: described,
        routes: slot.routes.list().len(),
    })
}

pub async fn remove(
    scope: &Scope<'_>,
    params: &NetworkUnrouteParams,
    until: Instant,
) -> Result<NetworkUnrouteReply, CdtError> {
    let given = usize::from(params.id.is_some())
        + usize::from(params.url.is_some())
        + usize::from(params.all);
    if given != 1 {
        return Err(CdtError::validation(
            "name the routes to remove: an id, --url <pattern> or --all (one of them)",
        )
        .hinted("Run: cdt network routes (their ids), then cdt network unroute <id>"));
    }
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    let removed = slot.routes.remove_where(|route| {
        params.all
            || params.id == Some(route.id)
            || params.url.as_deref() == Some(route.params.url.as_str())
    });
    if removed.is_empty() && !params.all {
        return Err(CdtError::validation("no route matches").hinted("Run: cdt network routes"));
    }
    route_table::sync(&slot.routes, &browser).await?;
    Ok(NetworkUnrouteReply {
        removed,
        routes: slot.routes.list(),
    })
}

pub fn list(scope: &Scope<'_>) -> NetworkRoutesReply {
    let routes = scope
        .existing_slot()
        .map(|slot| slot.routes.list())
        .unwrap_or_default();
    NetworkRoutesReply { routes }
}

#[cfg(test)]
mod tests {
    use cdt_domain::route::RouteDecision;

    use super::*;
    use crate::route_table::tests::request;

    fn route(params: NetworkRouteParams) -> Route {
        check(&params, params.effective_action()).expect("fields that fit the action");
        crate::route_table::tests::route(1, params)
    }

    #[test]
    fn modify_sets_headers_over_the_requests_own_and_flags_must_fit_the_action() {
        let modify = route(NetworkRouteParams {
            url: "*".into(),
            headers: vec!["X-Test: 1".into(), "accept: text/html".into()],
            set_url: Some("http://h/other".into()),
            ..Default::default()
        });
        let RouteDecision::Continue { url, headers, .. } =
            modify.decision(&request("http://h/", "GET", "document"))
        else {
            panic!("modify continues");
        };
        assert_eq!(url.as_deref(), Some("http://h/other"));
        assert_eq!(
            headers,
            Some(vec![
                ("X-Test".into(), "1".into()),
                ("accept".into(), "text/html".into())
            ])
        );
        let wrong = NetworkRouteParams {
            url: "*".into(),
            action: Some(RouteAction::Block),
            body: Some("x".into()),
            ..Default::default()
        };
        assert_eq!(
            check(&wrong, RouteAction::Block).map_err(|e| e.code),
            Err(cdt_domain::ErrorCode::ValidationError)
        );
        let delay = NetworkRouteParams {
            url: "*".into(),
            action: Some(RouteAction::Delay),
            ..Default::default()
        };
        assert!(check(&delay, RouteAction::Delay).is_err());
        let bad = NetworkRouteParams {
            url: "(".into(),
            regex: true,
            ..Default::default()
        };
        assert!(compile(&bad).is_err());
    }
}
