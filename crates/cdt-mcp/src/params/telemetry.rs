//! Console and network: `list_console_messages`, `get_console_message`, `list_network_requests`, `get_network_request`.

use super::*;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListConsoleMessages {
    /// E.g. `error`, `warn`, `log`, `exception`.
    #[serde(default)]
    pub types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_messages: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ListConsoleMessages {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleList(cdt_domain::ops::ConsoleListParams {
            page: self.page,
            types: self.types,
            limit: self.page_size,
            since: None,
            preserved: self.include_preserved_messages,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetConsoleMessage {
    pub msgid: u64,
}

impl GetConsoleMessage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleGet(IdParams {
            id: self.msgid,
            include_secrets: false,
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListNetworkRequests {
    /// E.g. `document`, `xhr`, `fetch`, `script`.
    #[serde(default)]
    pub resource_types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_requests: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ListNetworkRequests {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkList(NetworkListParams {
            page: self.page,
            types: self.resource_types,
            limit: self.page_size,
            preserved: self.include_preserved_requests,
            ..NetworkListParams::default()
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetNetworkRequest {
    pub reqid: u64,
}

impl GetNetworkRequest {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkGet(IdParams {
            id: self.reqid,
            include_secrets: false,
        }))
    }
}
