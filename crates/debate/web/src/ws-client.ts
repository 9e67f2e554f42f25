// The event stream (GET /ws): connects, reconnects with backoff when the server goes away,
// and hands every event to the listener. The server re-sends the current state on each
// (re)connect, so nothing has to be replayed here.

import type { ServerEvent } from "./types";

export interface EventStream {
  close(): void;
}

export function subscribe(
  onEvent: (event: ServerEvent) => void,
  onConnection: (connected: boolean) => void,
): EventStream {
  let socket: WebSocket | null = null;
  let closed = false;
  let delay = 500;
  let timer: number | undefined;

  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.onopen = () => {
      delay = 500;
      onConnection(true);
    };
    socket.onmessage = (message) => {
      try {
        onEvent(JSON.parse(String(message.data)) as ServerEvent);
      } catch {
        // A frame that is not JSON is not ours; ignore it.
      }
    };
    socket.onclose = () => {
      onConnection(false);
      if (!closed) {
        timer = window.setTimeout(open, delay);
        delay = Math.min(delay * 2, 5000);
      }
    };
  };
  open();

  return {
    close() {
      closed = true;
      window.clearTimeout(timer);
      socket?.close();
    },
  };
}
