#!/bin/sh
# A stand-in for the codex / gemini CLIs at the process boundary, for cdt-debate's tests (the
# seed's "process stub binary"). The tests write it into a temporary directory and point .env
# at it; it is never used by the server on its own.
#
#   sh stub-agent.sh AGENT start PROMPT
#   sh stub-agent.sh AGENT resume SESSION_ID PROMPT
#
# It prints what the real CLIs print (codex: `exec --json` JSON Lines; gemini: one JSON
# document; FORMAT=text: plain text with a `session id:` line) and records every call in
# calls.log and prompt-AGENT-TURN.txt beside itself. Behaviour comes from AGENT.conf beside it
# (shell assignments, read at each call):
#   FORMAT=json|text        output format (json)
#   SESSION=ID              session id printed on connect (AGENT-session-1)
#   TURN_SESSION=ID         session id printed on turns (SESSION); empty: none
#   NOSESSION=1             print no session id on connect
#   SLEEP_AT=N              at turn N, wait SLEEP_SECS (30) in a child process before answering
#   GATE_AT=N               at turn N, wait until the file release-AGENT-N exists
#   EMPTY_AT=N / FAIL_AT=N  at turn N, answer nothing / exit 3
#   CONSENSUS_AT=N          at turn N, the reply says 합의
#   CONNECT_FAIL=1          the connect call exits 3
dir=$(dirname "$0")
agent=$1
mode=$2
if [ "$mode" = resume ]; then
  session=$3
  prompt=$4
else
  session=-
  prompt=$3
fi

FORMAT=json
SESSION="$agent-session-1"
TURN_SESSION=unset
NOSESSION=
SLEEP_AT=
SLEEP_SECS=30
GATE_AT=
EMPTY_AT=
FAIL_AT=
CONSENSUS_AT=
CONNECT_FAIL=
if [ -f "$dir/$agent.conf" ]; then
  . "$dir/$agent.conf"
fi

case "$agent" in
  codex) name=Codex ;;
  gemini) name=Gemini ;;
  *) name=$agent ;;
esac

# A connect call carries the check prompt; every other call is a debate turn.
case "$prompt" in
  *"연결 확인"*) kind=connect ;;
  *) kind=turn ;;
esac

turn=0
if [ "$kind" = turn ]; then
  turn=$(( $(cat "$dir/$agent.turns" 2>/dev/null || echo 0) + 1 ))
  echo "$turn" > "$dir/$agent.turns"
fi
echo "$$" > "$dir/$agent.pid"
printf '%s %s %s %s %s\n' "$agent" "$mode" "$kind" "$session" "$turn" >> "$dir/calls.log"
printf '%s' "$prompt" > "$dir/prompt-$agent-$turn.txt"
echo "stub $agent: $mode $kind (turn $turn)" >&2

if [ "$kind" = connect ]; then
  if [ -n "$CONNECT_FAIL" ]; then
    echo "stub $agent: not logged in" >&2
    exit 3
  fi
  reply=ready
  id=$SESSION
  if [ -n "$NOSESSION" ]; then id=; fi
else
  if [ "$SLEEP_AT" = "$turn" ]; then
    sleep "$SLEEP_SECS" &
    echo "$!" > "$dir/$agent.sleeper.pid"
    wait "$!"
  fi
  if [ "$GATE_AT" = "$turn" ]; then
    while [ ! -f "$dir/release-$agent-$turn" ]; do sleep 0.05; done
  fi
  if [ "$FAIL_AT" = "$turn" ]; then
    echo "stub $agent: failing on purpose" >&2
    exit 3
  fi
  reply="$name 의견 $turn"
  if [ "$CONSENSUS_AT" = "$turn" ]; then reply="$reply: 이 결론에 합의합니다"; fi
  if [ "$EMPTY_AT" = "$turn" ]; then reply=; fi
  id=$SESSION
  if [ "$TURN_SESSION" != unset ]; then id=$TURN_SESSION; fi
fi

if [ "$FORMAT" = text ]; then
  echo "$name stub CLI"
  if [ -n "$id" ]; then echo "session id: $id"; fi
  echo "$reply"
elif [ "$agent" = codex ]; then
  if [ -n "$id" ]; then printf '{"type":"thread.started","thread_id":"%s"}\n' "$id"; fi
  printf '{"type":"turn.started"}\n'
  if [ -n "$reply" ]; then
    printf '{"type":"item.completed","item":{"type":"agent_message","text":"%s"}}\n' "$reply"
  fi
  printf '{"type":"turn.completed","usage":{"input_tokens":1,"output_tokens":1}}\n'
else
  printf '{'
  if [ -n "$id" ]; then printf '"session_id":"%s",' "$id"; fi
  printf '"response":"%s","stats":{"models":{}}}\n' "$reply"
fi
