//! `observe state|targets` (their parameters are the `--page` of `page.rs`).

use crate::ops::PageParams;

resource_operations! { $ observe_operations(observe);
    ObserveState = state,
    ObserveTargets = targets,
}
