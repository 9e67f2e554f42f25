//! `runtime eval` (SPEC §6.6).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ runtime_operations(runtime);
    RuntimeEval = eval,
    RuntimeHeapSnapshot = heap_snapshot,
}
