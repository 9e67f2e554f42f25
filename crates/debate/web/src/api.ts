// The HTTP API (crates/debate/src/http.rs). Every call resolves; a failure comes back as a
// ServerError (the server's own, or one describing a network failure).

import type { AgentName, AgentView, DebateView, ServerError } from "./types";

export type Result<T> = { ok: true; data: T } | { ok: false; error: ServerError };

async function call<T>(method: string, path: string, body?: unknown): Promise<Result<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) {
      return { ok: true, data: json as T };
    }
    const error = (json as { error?: ServerError } | null)?.error;
    return {
      ok: false,
      error: error ?? {
        code: `HTTP_${response.status}`,
        message: `서버가 ${response.status}로 응답했습니다`,
        detail: text.slice(0, 500),
      },
    };
  } catch (cause) {
    return {
      ok: false,
      error: {
        code: "NETWORK_ERROR",
        message: "서버에 연결할 수 없습니다",
        detail: String(cause),
        suggestion: "cdt-debate가 실행 중인지 확인하세요",
      },
    };
  }
}

export function connectAgent(agent: AgentName, resumeSessionId?: string) {
  return call<AgentView>(
    "POST",
    `/api/agents/${agent}/connect`,
    resumeSessionId ? { resumeSessionId } : {},
  );
}

export function startDebate(topic: string, maxRounds?: number) {
  return call<DebateView>("POST", "/api/debate/start", maxRounds ? { topic, maxRounds } : { topic });
}

export const pauseDebate = () => call<DebateView>("POST", "/api/debate/pause");
export const resumeDebate = () => call<DebateView>("POST", "/api/debate/resume");
export const stopDebate = () => call<DebateView>("POST", "/api/debate/stop");
