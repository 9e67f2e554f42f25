// Generated from the server's Rust types by crates/debate/src/typescript.rs; do not edit.
// Regenerate: UPDATE_TS_TYPES=1 cargo test -p cdt-debate --lib typescript

/** One of the two debating CLIs. */
export type AgentName = "gemini" | "codex";

/** An agent's connection status (seed §6). */
export type AgentStatus = "idle" | "connecting" | "ready" | "error";

/** An agent as `agent_status` carries it. */
export interface AgentStatusView {
  agent: AgentName;
  error?: string;
  lastConnectedAt?: string;
  sessionId?: string;
  status: AgentStatus;
}

/** A failure with its code, message, detail and suggestion. */
export interface DebateError {
  code: ErrorCode;
  detail?: string;
  message: string;
  suggestion: string;
}

/** The debate's state as `debate_state` and `GET /api/debate/state` carry it. */
export interface DebateStateView {
  /** What a person may ask for now, from the FSM table (`fsm::user_actions`). */
  actions: UserAction[];
  maxRounds?: number;
  reason?: EndReason;
  round?: number;
  runId?: string;
  status: DebateStatus;
  topic?: string;
}

/** The debate's status (seed §6); transitions live in `fsm.rs`. */
export type DebateStatus =
  | "idle"
  | "running"
  | "pause_requested"
  | "paused"
  | "stopping"
  | "stopped"
  | "completed";

/** The `.env` defaults a start request may leave out. */
export interface Defaults {
  consensusRegex: string;
  maxRounds: number;
  turnTimeoutMs: number;
}

/** Why a run ended (the `reason` of `debate_state`). */
export type EndReason =
  /** A reply matched the consensus pattern. */
  | "consensus"
  /** Gemini answered in the last round. */
  | "max_rounds"
  /** The user pressed stop. */
  | "user_stop"
  /** A turn outlived `turnTimeoutMs`. */
  | "turn_timeout"
  /** Two replies in a row were empty or could not be read. */
  | "empty_replies"
  /** An agent's CLI could not be run at all. */
  | "agent_error"
  /** The server could not write the run's log. */
  | "log_error";

/** The fixed set of error codes (the `code` of an `error` event or an API error body). */
export type ErrorCode =
  /** `.env` is missing, unreadable, or a value is invalid. */
  | "CONFIG_INVALID"
  /** A request body or path parameter is malformed or out of range. */
  | "VALIDATION_ERROR"
  /** `:agent` is not `gemini` or `codex`. */
  | "UNKNOWN_AGENT"
  /** The command does not apply in the debate's current status. */
  | "INVALID_STATE"
  /** Start needs both agents `ready`. */
  | "AGENT_NOT_READY"
  /** The agent is already connecting. */
  | "AGENT_BUSY"
  /** The agent's CLI could not be started (not installed, not executable). */
  | "AGENT_SPAWN_FAILED"
  /** The agent's CLI exited with a failure status. */
  | "AGENT_FAILED"
  /** The agent's output held no session id, so it cannot be resumed. */
  | "SESSION_ID_MISSING"
  /** A turn or a connect outlived its timeout. */
  | "TURN_TIMEOUT"
  /** Two replies in a row were empty or unreadable. */
  | "EMPTY_REPLIES"
  /** No run with that id in memory or under `logs/runs`. */
  | "RUN_NOT_FOUND"
  /** No API route with that method and path. */
  | "UNKNOWN_ROUTE"
  /** A log or session file could not be read or written. */
  | "IO_ERROR";

/** A server → UI event; `type` names it on the wire. */
export type Event =
  | ({ type: "agent_status" } & AgentStatusView)
  | ({ type: "debate_state" } & DebateStateView)
  | ({ type: "turn_log" } & TranscriptEntry)
  | ({ type: "panel_output" } & PanelLine)
  | ({ type: "error" } & DebateError);

/** What kind of line a panel shows, so the UI can colour it. */
export type LineKind =
  | "stdout" | "stderr" | "error"
  /** The server's own note (a command line, an exit status, a header). */
  | "system"
  /** A debater's reply, in the relay. */
  | "message";

/** A terminal panel of the UI. */
export type Panel = "left" | "center" | "right";

/** One line for a terminal panel. */
export interface PanelLine {
  kind: LineKind;
  line: string;
  panel: Panel;
}

/** A run as `GET /api/runs/:runId` returns it. */
export interface RunRecord {
  summary: RunSummary;
  transcript: TranscriptEntry[];
}

/** What a run's summary file holds. */
export interface RunSummary {
  consensusRegex: string;
  endedAt: string | null;
  maxRounds: number;
  reason: EndReason | null;
  round: number;
  runId: string;
  sessions: { codex?: string; gemini?: string };
  startedAt: string;
  status: DebateStatus;
  topic: string;
  turnTimeoutMs: number;
  turns: number;
}

/** `GET /api/debate/state`: the debate, both agents and the defaults. */
export interface StateSnapshot {
  agents: AgentStatusView[];
  debate: DebateStateView;
  defaults: Defaults;
}

/** One turn of a run (seed §6 `TranscriptEntry`, plus `outcome` and `exitCode`). */
export interface TranscriptEntry {
  exitCode: number | null;
  from: AgentName;
  outcome: TurnOutcome;
  prompt: string;
  rawStderr: string;
  rawStdout: string;
  response: string;
  round: number;
  runId: string;
  to: AgentName;
  ts: string;
}

/** How a turn ended; an addition to the seed's entry so a log reader need not guess. */
export type TurnOutcome =
  /** The CLI exited 0 and a reply was read. */
  | "ok"
  /** The CLI exited 0 but its reply was empty or held no text. */
  | "empty"
  /** The CLI exited with a failure status. */
  | "failed"
  /** The turn outlived its timeout and the CLI was killed. */
  | "timeout"
  /** The user stopped the run and the CLI was killed. */
  | "stopped"
  /** The CLI could not be started. */
  | "spawn_failed";

/**
 * A button of the UI: what a person may ask for. `debate_state` carries the ones the current
 * status allows ([`user_actions`]), so the UI enables its buttons from this table rather than
 * from a copy of it.
 */
export type UserAction =
  /** `POST /api/debate/start` (the UI also needs a topic and both agents ready). */
  | "start"
  /** `POST /api/debate/pause`. */
  | "pause"
  /** `POST /api/debate/resume`. */
  | "resume"
  /** `POST /api/debate/stop`. */
  | "stop"
  /**
   * `POST /api/agents/{agent}/connect`: only while no run is active, that is while a run
   * could start (the UI also needs the agent not to be connecting already).
   */
  | "connect";
