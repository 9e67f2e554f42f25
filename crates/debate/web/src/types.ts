// The server's vocabulary (crates/debate/src/types.rs and events.rs), as the UI reads it.

export type AgentName = "gemini" | "codex";
export type AgentStatus = "idle" | "connecting" | "ready" | "error";
export type DebateStatus =
  | "idle"
  | "running"
  | "pause_requested"
  | "paused"
  | "stopping"
  | "stopped"
  | "completed";
export type Panel = "left" | "center" | "right";
export type LineKind = "system" | "stdout" | "stderr" | "message" | "error";

export interface AgentView {
  agent: AgentName;
  status: AgentStatus;
  sessionId?: string;
  error?: string;
  lastConnectedAt?: string;
}

export interface DebateView {
  status: DebateStatus;
  runId?: string;
  round?: number;
  reason?: string;
  topic?: string;
  maxRounds?: number;
}

export interface TranscriptEntry {
  runId: string;
  ts: string;
  round: number;
  from: AgentName;
  to: AgentName;
  prompt: string;
  response: string;
  rawStdout: string;
  rawStderr: string;
  outcome: string;
  exitCode: number | null;
}

export interface ServerError {
  code: string;
  message: string;
  detail?: string;
  suggestion?: string;
}

export type ServerEvent =
  | ({ type: "agent_status" } & AgentView)
  | ({ type: "debate_state" } & DebateView)
  | ({ type: "turn_log" } & TranscriptEntry)
  | { type: "panel_output"; panel: Panel; line: string; kind: LineKind }
  | ({ type: "error" } & ServerError);
