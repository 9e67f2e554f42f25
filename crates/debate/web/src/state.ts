// UI state: what the server last told us, and the seed's button rules (§9.4) as pure
// functions of it. Which control the debate's status allows comes from the server's state
// machine (`actions` of debate_state, crates/debate/src/fsm.rs), never from a copy here.
// Nothing here talks to the server.

import type {
  AgentName,
  AgentStatus,
  AgentView,
  DebateStatus,
  DebateView,
  EndReason,
  ServerError,
  ServerEvent,
  UserAction,
} from "./types";

export interface UiState {
  connected: boolean;
  agents: Record<AgentName, AgentView>;
  debate: DebateView;
  turns: number;
  error: ServerError | null;
}

export const initialState: UiState = {
  connected: false,
  agents: {
    gemini: { agent: "gemini", status: "idle" },
    codex: { agent: "codex", status: "idle" },
  },
  // No action until the server's first debate_state says which ones its status allows.
  debate: { status: "idle", actions: [] },
  turns: 0,
  error: null,
};

export type Action =
  | { type: "socket"; connected: boolean }
  | { type: "event"; event: ServerEvent }
  | { type: "fail"; error: ServerError }
  | { type: "dismiss" };

export function reduce(state: UiState, action: Action): UiState {
  switch (action.type) {
    case "socket":
      return { ...state, connected: action.connected };
    case "fail":
      return { ...state, error: action.error };
    case "dismiss":
      return { ...state, error: null };
    case "event":
      return applyEvent(state, action.event);
  }
}

function applyEvent(state: UiState, event: ServerEvent): UiState {
  switch (event.type) {
    case "agent_status": {
      const { type: _type, ...agent } = event;
      return { ...state, agents: { ...state.agents, [agent.agent]: agent } };
    }
    case "debate_state": {
      const { type: _type, ...debate } = event;
      const newRun = debate.runId !== state.debate.runId;
      return { ...state, debate, turns: newRun ? 0 : state.turns };
    }
    case "turn_log":
      return { ...state, turns: state.turns + 1 };
    case "error": {
      const { type: _type, ...error } = event;
      return { ...state, error };
    }
    case "panel_output":
      return state;
  }
}

/** Whether the server's state machine allows `action` in the debate's current status. */
export function allows(state: UiState, action: UserAction): boolean {
  return state.debate.actions.includes(action);
}

/** Start: a topic, both agents ready, and the status allows it (no run going). */
export function canStart(state: UiState, topic: string): boolean {
  return (
    topic.trim() !== "" &&
    state.agents.gemini.status === "ready" &&
    state.agents.codex.status === "ready" &&
    allows(state, "start")
  );
}

/** Pause: as the status allows (only while running). */
export function canPause(state: UiState): boolean {
  return allows(state, "pause");
}

/** Resume: as the status allows (only while paused). */
export function canResume(state: UiState): boolean {
  return allows(state, "resume");
}

/** Stop: as the status allows (running, pause requested or paused). */
export function canStop(state: UiState): boolean {
  return allows(state, "stop");
}

/** Connect: the agent is not already connecting, and the status allows it (no run going). */
export function canConnect(state: UiState, agent: AgentName): boolean {
  return state.agents[agent].status !== "connecting" && allows(state, "connect");
}

export const DEBATE_LABELS: Record<DebateStatus, string> = {
  idle: "대기",
  running: "진행 중",
  pause_requested: "일시정지 요청됨",
  paused: "일시정지됨",
  stopping: "중지 중",
  stopped: "중지됨",
  completed: "완료",
};

export const AGENT_LABELS: Record<AgentStatus, string> = {
  idle: "미연결",
  connecting: "연결 중",
  ready: "준비됨",
  error: "오류",
};

export const REASON_LABELS: Record<EndReason, string> = {
  consensus: "합의 도달",
  max_rounds: "최대 라운드 도달",
  user_stop: "사용자 중지",
  turn_timeout: "턴 시간 초과",
  empty_replies: "빈 응답 연속 2회",
  agent_error: "에이전트 실행 실패",
  log_error: "로그 기록 실패",
};
