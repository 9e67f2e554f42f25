//! `dialog handle|status` (SPEC §6.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::PageParams;

resource_operations! { $ dialog_operations(dialog);
    DialogHandle = handle,
    DialogStatus = status,
}
