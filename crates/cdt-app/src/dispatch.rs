//! The dispatcher: one operation → its use case, with the narrow context that use case needs.
//!
//! Each use case binds itself to its operation next to its own code, with [`use_case!`] (it
//! gets the caller's [`Scope`](crate::context::Scope)) or [`runtime_use_case!`] (the slot
//! lifecycle and daemon-wide operations: the runtime and the resolved context). Together they
//! implement [`HandlesEvery`](cdt_domain::ops::HandlesEvery) for [`Call`], so an operation
//! without a use case does not compile.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use cdt_domain::ops::{Op, Operation};
use cdt_domain::{Access, CdtError, ResolvedContext};
use serde_json::Value;
use tokio::time::Instant;

use crate::runtime::Runtime;

/// What a use case answers: its reply, computed later.
pub(crate) type Reply<'a> = Pin<Box<dyn Future<Output = Result<Value, CdtError>> + Send + 'a>>;

/// One request on its way to its use case: the runtime, the caller's context, the deadline.
pub(crate) struct Call<'a> {
    pub(crate) runtime: &'a Arc<Runtime>,
    pub(crate) context: &'a ResolvedContext,
    pub(crate) until: Instant,
    pub(crate) access: Access,
}

/// Runs `operation` for the caller.
pub async fn run(
    runtime: &Arc<Runtime>,
    operation: Operation,
    context: &ResolvedContext,
    until: Instant,
    access: Access,
) -> Result<Value, CdtError> {
    let call = Call {
        runtime,
        context,
        until,
        access,
    };
    operation.dispatch(call).await
}

/// A use case's answer, operation `O`'s typed reply, serialized once (the compiler holds each
/// use case to its operation's reply type).
pub(crate) fn serialize<O: Op>(answer: Result<O::Reply, CdtError>) -> Result<Value, CdtError> {
    serde_json::to_value(answer?).map_err(|error| {
        CdtError::new(
            cdt_domain::ErrorCode::InternalError,
            format!("{}'s reply could not be written: {error}", O::NAME),
        )
    })
}

/// Binds an operation to a use case that works on the caller's scope:
/// `use_case!(ElementClick, |scope, params, until| click(scope, &params, until).await);`
macro_rules! use_case {
    ($op:ident, |$scope:ident, $params:pat_param, $until:pat_param| $body:expr) => {
        impl<'a> cdt_domain::ops::Handles<cdt_domain::ops::op::$op, $crate::dispatch::Reply<'a>>
            for $crate::dispatch::Call<'a>
        {
            fn handle(
                self,
                params: <cdt_domain::ops::op::$op as cdt_domain::ops::Op>::Params,
            ) -> $crate::dispatch::Reply<'a> {
                Box::pin(async move {
                    let $scope =
                        &$crate::context::Scope::new(self.runtime, self.context, self.access);
                    let $params = params;
                    let $until = self.until;
                    $crate::dispatch::serialize::<cdt_domain::ops::op::$op>($body)
                })
            }
        }
    };
}

/// Binds an operation to a use case on the runtime (the slot lifecycle, the daemon):
/// `runtime_use_case!(SessionStop, |runtime, context, _, _| stop(runtime, context).await);`
macro_rules! runtime_use_case {
    ($op:ident, |$runtime:pat_param, $context:pat_param, $params:pat_param, $until:pat_param| $body:expr) => {
        impl<'a> cdt_domain::ops::Handles<cdt_domain::ops::op::$op, $crate::dispatch::Reply<'a>>
            for $crate::dispatch::Call<'a>
        {
            fn handle(
                self,
                params: <cdt_domain::ops::op::$op as cdt_domain::ops::Op>::Params,
            ) -> $crate::dispatch::Reply<'a> {
                Box::pin(async move {
                    let $runtime = self.runtime;
                    let $context = self.context;
                    let $params = params;
                    let $until = self.until;
                    $crate::dispatch::serialize::<cdt_domain::ops::op::$op>($body)
                })
            }
        }
    };
}

pub(crate) use {runtime_use_case, use_case};
