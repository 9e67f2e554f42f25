// The page (seed §9): the control bar on top, the three terminals (Gemini left, relay in the
// centre, Codex right), the agent bar at the bottom. Buttons follow the seed's rules
// (state.ts); everything shown comes from the server's events.

import { useEffect, useReducer, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import * as api from "./api";
import {
  AGENT_LABELS,
  DEBATE_LABELS,
  REASON_LABELS,
  canConnect,
  canPause,
  canResume,
  canStart,
  canStop,
  initialState,
  reduce,
} from "./state";
import { TerminalPane, type TerminalHandle } from "./terminal-pane";
import type { AgentName, Panel } from "./types";
import { subscribe } from "./ws-client";

const AGENTS: { name: AgentName; label: string }[] = [
  { name: "gemini", label: "Gemini" },
  { name: "codex", label: "Codex" },
];

export function App() {
  const [state, dispatch] = useReducer(reduce, initialState);
  const [topic, setTopic] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const [freshSession, setFreshSession] = useState<Record<AgentName, boolean>>({
    gemini: false,
    codex: false,
  });
  const left = useRef<TerminalHandle>(null);
  const center = useRef<TerminalHandle>(null);
  const right = useRef<TerminalHandle>(null);

  useEffect(() => {
    const panes: Record<Panel, typeof left> = { left, center, right };
    const stream = subscribe(
      (event) => {
        if (event.type === "panel_output") {
          panes[event.panel]?.current?.writeLine(event.line, event.kind);
        } else {
          dispatch({ type: "event", event });
        }
      },
      (connected) => dispatch({ type: "socket", connected }),
    );
    return () => stream.close();
  }, []);

  async function act(name: string, call: () => Promise<api.Result<unknown>>) {
    setPending(name);
    const result = await call();
    setPending(null);
    if (!result.ok) dispatch({ type: "fail", error: result.error });
  }

  const start = () => {
    if (canStart(state, topic) && pending === null) {
      void act("start", () => api.startDebate(topic.trim()));
    }
  };
  const connect = (agent: AgentName) => {
    const known = state.agents[agent].sessionId;
    const resume = freshSession[agent] ? undefined : known;
    void act(`connect-${agent}`, () => api.connectAgent(agent, resume));
  };
  const onTopicKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") start();
  };

  const debate = state.debate;
  const round =
    debate.round !== undefined && debate.maxRounds !== undefined
      ? `${debate.round}/${debate.maxRounds}`
      : "-";
  const statusText =
    `${DEBATE_LABELS[debate.status]} (${debate.status})` +
    (debate.reason ? ` · ${REASON_LABELS[debate.reason] ?? debate.reason}` : "");

  return (
    <div className="app">
      <header className="controls">
        <h1>Gemini–Codex 토론 시뮬레이터</h1>
        <input
          className="topic"
          type="text"
          aria-label="토론 주제"
          placeholder="토론 주제를 입력하세요"
          value={topic}
          onChange={(event) => setTopic(event.target.value)}
          onKeyDown={onTopicKey}
        />
        <button type="button" disabled={!canStart(state, topic) || pending !== null} onClick={start}>
          토론 시작
        </button>
        <button
          type="button"
          disabled={!canPause(state) || pending !== null}
          onClick={() => void act("pause", api.pauseDebate)}
        >
          일시정지
        </button>
        <button
          type="button"
          disabled={!canResume(state) || pending !== null}
          onClick={() => void act("resume", api.resumeDebate)}
        >
          재개
        </button>
        <button
          type="button"
          disabled={!canStop(state) || pending === "stop"}
          onClick={() => void act("stop", api.stopDebate)}
        >
          중지
        </button>
        <span className="badge" data-status={debate.status}>
          상태: {statusText}
        </span>
        <span className="badge">라운드: {round}</span>
        <span className="badge">runId: {debate.runId ?? "-"}</span>
        <span className="badge" data-status={state.connected ? "ready" : "error"}>
          서버: {state.connected ? "연결됨" : "끊김"}
        </span>
      </header>

      {!state.connected && (
        <div className="notice" role="status">
          서버와 연결되지 않았습니다. 다시 연결하는 중…
        </div>
      )}
      {state.error && (
        <div className="error-banner" role="alert">
          <strong>오류 ({state.error.code})</strong> {state.error.message}
          {state.error.detail && <pre>{state.error.detail}</pre>}
          {state.error.suggestion && <div className="hint">해결: {state.error.suggestion}</div>}
          <button type="button" onClick={() => dispatch({ type: "dismiss" })}>
            닫기
          </button>
        </div>
      )}

      <main className="panels">
        <section className="panel" aria-label="Gemini 터미널">
          <h2>
            Gemini 터미널 <span className="small">{AGENT_LABELS[state.agents.gemini.status]}</span>
          </h2>
          <TerminalPane ref={left} label="Gemini 출력" />
        </section>
        <section className="panel" aria-label="토론 중계">
          <h2>
            토론 중계 <span className="small">턴 {state.turns}</span>
          </h2>
          <TerminalPane ref={center} label="중계 출력" />
        </section>
        <section className="panel" aria-label="Codex 터미널">
          <h2>
            Codex 터미널 <span className="small">{AGENT_LABELS[state.agents.codex.status]}</span>
          </h2>
          <TerminalPane ref={right} label="Codex 출력" />
        </section>
      </main>

      <footer className="agents">
        {AGENTS.map(({ name, label }) => {
          const agent = state.agents[name];
          return (
            <div className="agent" key={name} data-agent={name}>
              <button type="button" disabled={!canConnect(state, name)} onClick={() => connect(name)}>
                {label} 구동/재연결
              </button>
              <span className="badge" data-status={agent.status}>
                {label}: {AGENT_LABELS[agent.status]} ({agent.status})
              </span>
              <span className="session">
                세션 ID: <code>{agent.sessionId ?? "없음"}</code>
              </span>
              <label className="small">
                <input
                  type="checkbox"
                  checked={freshSession[name]}
                  onChange={(event) =>
                    setFreshSession({ ...freshSession, [name]: event.target.checked })
                  }
                />
                {label} 새 세션으로 시작
              </label>
            </div>
          );
        })}
      </footer>
    </div>
  );
}
