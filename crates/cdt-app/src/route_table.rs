//! A context's route table (issue 21.1): the rules `cdt network route` adds, how each matches a
//! request and what it answers; the browser adapter asks the table about every paused request
//! (`RequestInterceptor`). The table lives in the context's slot, so routes outlast navigations
//! and browser restarts ([`install`] gives a new browser the table before its pages load).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cdt_domain::CdtError;
use cdt_domain::ops::{NetworkRouteParams, RouteReport};
use cdt_domain::ports::BrowserPort;
use cdt_domain::route::{
    PausedRequest, RequestInterceptor, RouteAction, RouteDecision, merge_headers,
};

use crate::sync::lock;
use crate::url_pattern::UrlPattern;

/// One route: its request as given, how it matches, what it answers and what it matched.
pub struct Route {
    pub id: u64,
    pub params: NetworkRouteParams,
    pub action: RouteAction,
    pub pattern: UrlPattern,
    /// `Name: value` pairs, parsed.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub matched: u64,
}

impl Route {
    pub fn matches(&self, request: &PausedRequest) -> bool {
        self.pattern.matches(&request.url)
            && self
                .params
                .method
                .as_ref()
                .is_none_or(|m| m.eq_ignore_ascii_case(&request.method))
            && (self.params.resource_types.is_empty()
                || self
                    .params
                    .resource_types
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(&request.resource_type)))
    }

    pub fn decision(&self, request: &PausedRequest) -> RouteDecision {
        let delay_ms = self.params.delay_ms.unwrap_or(0);
        match self.action {
            RouteAction::Continue | RouteAction::Delay => RouteDecision::Continue {
                url: None,
                post_data: None,
                headers: None,
                delay_ms,
            },
            RouteAction::Block => RouteDecision::Fail {
                reason: self.params.reason.unwrap_or_default(),
                delay_ms,
            },
            RouteAction::Fulfill => RouteDecision::Fulfill {
                status: self.params.status.unwrap_or(200),
                headers: self.headers.clone(),
                body: self.body.clone(),
                delay_ms,
            },
            RouteAction::Modify => RouteDecision::Continue {
                url: self.params.set_url.clone(),
                post_data: self.params.post_data.clone(),
                headers: (!self.headers.is_empty())
                    .then(|| merge_headers(&request.headers, &self.headers)),
                delay_ms,
            },
        }
    }

    pub fn describe(&self) -> RouteReport {
        RouteReport {
            // The action is reported once, as decided (a body alone means fulfill).
            given: NetworkRouteParams {
                action: None,
                ..self.params.clone()
            },
            id: self.id,
            action: self.action,
            matched: self.matched,
            body_bytes: self.params.body_file.is_some().then_some(self.body.len()),
        }
    }
}

/// A context's routes, newest last; the newest that matches decides.
#[derive(Default)]
pub struct RouteTable {
    routes: Mutex<Vec<Route>>,
    next_id: AtomicU64,
}

impl RouteTable {
    pub fn is_empty(&self) -> bool {
        lock(&self.routes).is_empty()
    }

    pub fn list(&self) -> Vec<RouteReport> {
        lock(&self.routes).iter().map(Route::describe).collect()
    }

    /// Adds a route (its `id` is given here); returns the route as listed.
    pub fn add(&self, mut route: Route) -> RouteReport {
        route.id = self.next_id.fetch_add(1, Ordering::SeqCst) + 1;
        let described = route.describe();
        lock(&self.routes).push(route);
        described
    }

    /// Removes the routes `gone` picks; returns their ids.
    pub fn remove_where(&self, gone: impl Fn(&Route) -> bool) -> Vec<u64> {
        let mut routes = lock(&self.routes);
        let (removed, kept): (Vec<Route>, Vec<Route>) = std::mem::take(&mut *routes)
            .into_iter()
            .partition(|route| gone(route));
        *routes = kept;
        removed.iter().map(|route| route.id).collect()
    }
}

impl RequestInterceptor for RouteTable {
    fn decide(&self, request: &PausedRequest) -> RouteDecision {
        let mut routes = lock(&self.routes);
        let Some(index) = routes.iter().rposition(|route| route.matches(request)) else {
            return RouteDecision::pass();
        };
        let route = &mut routes[index];
        route.matched += 1;
        let decision = route.decision(request);
        if route
            .params
            .times
            .is_some_and(|times| route.matched >= times)
        {
            routes.remove(index);
        }
        decision
    }
}

pub fn compile(params: &NetworkRouteParams) -> Result<UrlPattern, CdtError> {
    if params.url.is_empty() {
        return Err(CdtError::validation("the route's URL pattern is empty")
            .hinted("Use e.g. cdt network route '*/api/*' --action block"));
    }
    UrlPattern::new(&params.url, params.regex).map_err(|error| {
        error.hinted(
            "Drop --regex for a glob (`*` any run, `?` one character), or fix the expression",
        )
    })
}

/// Turns interception on or off in the browser to match the table.
pub async fn sync(table: &Arc<RouteTable>, browser: &Arc<dyn BrowserPort>) -> Result<(), CdtError> {
    let interceptor: Option<Arc<dyn RequestInterceptor>> = if table.is_empty() {
        None
    } else {
        Some(table.clone())
    };
    browser.set_interception(interceptor).await
}

/// Gives a browser that just started the context's routes (none: nothing to do).
pub async fn install(
    table: &Arc<RouteTable>,
    browser: &Arc<dyn BrowserPort>,
) -> Result<(), CdtError> {
    if table.is_empty() {
        return Ok(());
    }
    sync(table, browser).await
}

#[cfg(test)]
pub(crate) mod tests {
    use cdt_domain::route::parse_header;

    use super::*;

    pub(crate) fn request(url: &str, method: &str, kind: &str) -> PausedRequest {
        PausedRequest {
            url: url.into(),
            method: method.into(),
            resource_type: kind.into(),
            headers: vec![("Accept".into(), "*/*".into())],
            ..PausedRequest::default()
        }
    }

    pub(crate) fn route(id: u64, params: NetworkRouteParams) -> Route {
        let action = params.effective_action();
        Route {
            id,
            pattern: compile(&params).expect("a valid pattern"),
            headers: params
                .headers
                .iter()
                .filter_map(|h| parse_header(h))
                .collect(),
            body: params.body.clone().unwrap_or_default().into_bytes(),
            action,
            params,
            matched: 0,
        }
    }

    #[test]
    fn globs_match_the_whole_url_and_regexes_anywhere() {
        let png = route(
            1,
            NetworkRouteParams {
                url: "*.png".into(),
                ..Default::default()
            },
        );
        assert!(png.matches(&request("http://h/a/b.png", "GET", "image")));
        assert!(!png.matches(&request("http://h/a/b.png?x=1", "GET", "image")));
        let q = route(
            2,
            NetworkRouteParams {
                url: "http://h/?".into(),
                ..Default::default()
            },
        );
        assert!(q.matches(&request("http://h/a", "GET", "document")));
        assert!(!q.matches(&request("http://h/ab", "GET", "document")));
        let dots = route(
            3,
            NetworkRouteParams {
                url: "http://h.x/*".into(),
                ..Default::default()
            },
        );
        assert!(
            !dots.matches(&request("http://hax/a", "GET", "document")),
            "a dot is a dot"
        );
        let regex = route(
            4,
            NetworkRouteParams {
                url: "/ads/".into(),
                regex: true,
                ..Default::default()
            },
        );
        assert!(regex.matches(&request("http://h/ads/1.js", "GET", "script")));
        let typed = route(
            5,
            NetworkRouteParams {
                url: "*".into(),
                method: Some("post".into()),
                resource_types: vec!["XHR".into(), "fetch".into()],
                ..Default::default()
            },
        );
        assert!(typed.matches(&request("http://h/api", "POST", "fetch")));
        assert!(!typed.matches(&request("http://h/api", "GET", "fetch")));
        assert!(!typed.matches(&request("http://h/api", "POST", "image")));
    }

    #[test]
    fn the_newest_matching_route_decides_counts_and_expires() {
        let table = RouteTable::default();
        lock(&table.routes).push(route(
            1,
            NetworkRouteParams {
                url: "*".into(),
                reason: Some(cdt_domain::route::BlockReason::AccessDenied),
                ..Default::default()
            },
        ));
        lock(&table.routes).push(route(
            2,
            NetworkRouteParams {
                url: "*/api".into(),
                body: Some("{}".into()),
                status: Some(201),
                times: Some(1),
                ..Default::default()
            },
        ));
        let api = request("http://h/api", "GET", "fetch");
        assert!(matches!(
            table.decide(&api),
            RouteDecision::Fulfill { status: 201, .. }
        ));
        // Route 2 was good for one request: the block under it decides now.
        assert!(matches!(
            table.decide(&api),
            RouteDecision::Fail {
                reason: cdt_domain::route::BlockReason::AccessDenied,
                ..
            }
        ));
        let listed = table.list();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].matched, 1);
        assert_eq!(
            table.decide(&request("other:x", "GET", "")),
            RouteDecision::Fail {
                reason: cdt_domain::route::BlockReason::AccessDenied,
                delay_ms: 0
            }
        );
    }
}
