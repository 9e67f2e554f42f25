// The server's vocabulary as the UI reads it. The shapes are generated from the Rust types
// (./generated/types.ts, written by crates/debate/src/typescript.rs; never edit it by hand);
// this file only gives some of them the UI's names.

import type {
  AgentStatusView,
  DebateError,
  DebateStateView,
  Event,
} from "./generated/types";

export type {
  AgentName,
  AgentStatus,
  DebateStatus,
  EndReason,
  ErrorCode,
  LineKind,
  Panel,
  PanelLine,
  RunRecord,
  StateSnapshot,
  TranscriptEntry,
  UserAction,
} from "./generated/types";

export type AgentView = AgentStatusView;
export type DebateView = DebateStateView;
export type ServerEvent = Event;

/**
 * An error to show: the server's own, or one the UI makes up for a failure the server never
 * answered (`HTTP_<status>`, `NETWORK_ERROR`), hence the wider code and optional remedy.
 */
export type ServerError = Omit<DebateError, "code" | "suggestion"> & {
  code: DebateError["code"] | string;
  suggestion?: string;
};
