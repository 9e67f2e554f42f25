// One xterm.js terminal (seed §4.1: three instances). Lines are written through a handle,
// not through React state, so a long debate does not re-render the page. Output from the
// agents' CLIs is shown as text: control characters and escape sequences are removed before
// it reaches the terminal, and the colour of a line comes from its kind alone.

import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { Terminal } from "@xterm/xterm";
import { FitAddon } from "@xterm/addon-fit";
import "@xterm/xterm/css/xterm.css";
import type { LineKind } from "./types";

export interface TerminalHandle {
  writeLine(line: string, kind: LineKind): void;
}

const COLOURS: Record<LineKind, string> = {
  system: "\x1b[36m",
  stdout: "",
  stderr: "\x1b[33m",
  message: "\x1b[1;37m",
  error: "\x1b[1;31m",
};

// ESC-introduced sequences (CSI, OSC, others), then the remaining C0/C1 controls but tab.
const ESCAPES = /\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-_])/g;
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;

export function plain(line: string): string {
  return line.replace(ESCAPES, "").replace(CONTROLS, "");
}

interface Props {
  label: string;
}

export const TerminalPane = forwardRef<TerminalHandle, Props>(function TerminalPane(
  { label },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = new Terminal({
      convertEol: true,
      disableStdin: true,
      cursorBlink: false,
      cursorStyle: "bar",
      fontSize: 13,
      scrollback: 5000,
      // Screen readers (and anything reading the accessibility tree) get the rows as text.
      screenReaderMode: true,
      theme: { background: "#111318", foreground: "#d8dee9" },
    });
    const fit = new FitAddon();
    created.loadAddon(fit);
    created.open(element);
    const refit = () => {
      try {
        fit.fit();
      } catch {
        // Not laid out yet (zero size); the next resize fits it.
      }
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    terminal.current = created;
    for (const text of pending.current) created.write(text);
    pending.current = [];
    return () => {
      observer.disconnect();
      terminal.current = null;
      created.dispose();
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      writeLine(line: string, kind: LineKind) {
        const colour = COLOURS[kind];
        const text = `${colour}${plain(line)}${colour ? "\x1b[0m" : ""}\r\n`;
        if (terminal.current) terminal.current.write(text);
        else pending.current.push(text);
      },
    }),
    [],
  );

  return <div className="terminal-host" ref={host} aria-label={label} />;
});
