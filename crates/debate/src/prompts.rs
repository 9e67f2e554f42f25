//! The prompts the debate sends (Korean, as the UI): the connect check and each turn's prompt.
//! Every prompt starts with a fixed `[토론 시뮬레이터]` header, so a prompt can never begin with
//! `-` and be read as an option by the agent's CLI. An opponent's reply is cut to
//! [`MAX_QUOTED_CHARS`] so one argv element stays far below the kernel's 128 KiB limit.
//! Nothing here runs or decides anything.

use crate::types::AgentName;

pub const MAX_QUOTED_CHARS: usize = 16_000;

/// The previous turn, as the next speaker hears about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Previous {
    /// Nobody has spoken yet in this run.
    None,
    /// The opponent replied with this text.
    Reply(String),
    /// The opponent's reply was empty or unreadable.
    Failed,
}

/// The connect check: a short round trip that yields a session id.
pub fn connect(agent: AgentName) -> String {
    format!(
        "[토론 시뮬레이터] 연결 확인입니다. 당신은 {}이며 곧 {}와(과) 토론합니다. \
         준비되었으면 'ready'라고만 답하세요.",
        agent.display(),
        agent.opponent().display()
    )
}

/// One turn's prompt for `speaker`.
pub fn turn(
    speaker: AgentName,
    topic: &str,
    round: u32,
    max_rounds: u32,
    previous: &Previous,
) -> String {
    let opponent = speaker.opponent().display();
    let header = format!(
        "[토론 시뮬레이터] 주제: {topic}\n라운드 {round}/{max_rounds} · 당신은 {}, 상대는 {opponent}입니다.",
        speaker.display()
    );
    let closing = "간결하게 답하세요. 상대와 합의에 도달했다면 답변에 '합의'라고 명시하세요.";
    match previous {
        Previous::None => format!("{header}\n이 주제에 대한 첫 의견을 제시하세요. {closing}"),
        Previous::Reply(text) => format!(
            "{header}\n{opponent}의 발언:\n{}\n\n위 발언에 응답하세요. {closing}",
            quote(text)
        ),
        Previous::Failed => format!(
            "{header}\n{opponent}의 직전 응답이 비어 있거나 읽을 수 없었습니다. \
             주제에 대한 의견을 이어서 제시하세요. {closing}"
        ),
    }
}

/// The reply as quoted in a prompt: NUL bytes dropped (argv cannot hold them), cut if long.
fn quote(text: &str) -> String {
    let clean: String = text.chars().filter(|c| *c != '\0').collect();
    if clean.chars().count() <= MAX_QUOTED_CHARS {
        return clean;
    }
    let mut cut: String = clean.chars().take(MAX_QUOTED_CHARS).collect();
    cut.push_str("\n(…이하 생략)");
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_start_with_the_header() {
        let prompts = [
            connect(AgentName::Codex),
            turn(AgentName::Codex, "--help", 1, 6, &Previous::None),
            turn(AgentName::Gemini, "x", 1, 6, &Previous::Reply("-rf".into())),
            turn(AgentName::Codex, "x", 2, 6, &Previous::Failed),
        ];
        for prompt in prompts {
            assert!(prompt.starts_with("[토론 시뮬레이터]"), "{prompt}");
        }
    }

    #[test]
    fn a_reply_is_quoted_to_the_opponent() {
        let prompt = turn(
            AgentName::Gemini,
            "탭 vs 스페이스",
            1,
            6,
            &Previous::Reply("스페이스가 낫다\0".into()),
        );
        assert!(prompt.contains("주제: 탭 vs 스페이스"));
        assert!(prompt.contains("Codex의 발언:\n스페이스가 낫다\n"));
        assert!(prompt.contains("당신은 Gemini"));
        assert!(!prompt.contains('\0'));
    }

    #[test]
    fn long_replies_are_cut() {
        let long = "가".repeat(MAX_QUOTED_CHARS + 10);
        let prompt = turn(AgentName::Codex, "t", 2, 6, &Previous::Reply(long));
        assert!(prompt.contains("(…이하 생략)"));
        assert!(prompt.len() < 128 * 1024);
    }
}
