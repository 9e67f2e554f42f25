//! The debate's state machine (seed §6–§7, §10.4) as one pure function: a status and a
//! [`Trigger`] give the next status or a refusal. The engine asks it before every change, so a
//! status can only move along these edges:
//!
//! ```text
//! idle|stopped|completed ──start──▶ running ──pause──▶ pause_requested ──turn_ended──▶ paused
//!                                   running ◀──────────────resume───────────────────── paused
//! running|pause_requested ──finished──▶ completed      running|pause_requested ──failed──▶ stopped
//! running|pause_requested|paused ──stop──▶ stopping ──halted──▶ stopped
//! ```
//!
//! Stop wins: once `stopping`, a turn that ends, finishes or fails leaves it `stopping`.
//! This module must never do I/O or know about processes.

use schemars::JsonSchema;
use serde::Serialize;

use crate::types::DebateStatus;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The user started a run.
    Start,
    /// The user asked to pause.
    Pause,
    /// The user resumed a paused run.
    Resume,
    /// The user stopped the run.
    Stop,
    /// A turn ended and the run goes on (the turn boundary).
    TurnEnded,
    /// The run reached its end: consensus or the last round.
    Finished,
    /// The run cannot go on: timeout, empty replies, an agent that cannot run.
    Failed,
    /// After a stop, the running CLI is gone.
    Halted,
}

/// A trigger that does not apply in the current status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub from: DebateStatus,
    pub trigger: Trigger,
}

impl Refused {
    /// A sentence for people, in the UI's language.
    pub fn message(&self) -> String {
        let action = match self.trigger {
            Trigger::Start => "토론 시작",
            Trigger::Pause => "일시정지",
            Trigger::Resume => "재개",
            Trigger::Stop => "중지",
            Trigger::TurnEnded | Trigger::Finished | Trigger::Failed | Trigger::Halted => "전이",
        };
        format!(
            "현재 상태({})에서는 {action}할 수 없습니다",
            self.from.as_str()
        )
    }
}

pub fn next(from: DebateStatus, trigger: Trigger) -> Result<DebateStatus, Refused> {
    use DebateStatus as S;
    use Trigger as T;
    let to = match (from, trigger) {
        (S::Idle | S::Stopped | S::Completed, T::Start) => S::Running,
        (S::Running, T::Pause) => S::PauseRequested,
        (S::Running, T::TurnEnded) => S::Running,
        (S::PauseRequested, T::TurnEnded) => S::Paused,
        (S::Paused, T::Resume) => S::Running,
        (S::Running | S::PauseRequested, T::Finished) => S::Completed,
        (S::Running | S::PauseRequested, T::Failed) => S::Stopped,
        (S::Running | S::PauseRequested | S::Paused, T::Stop) => S::Stopping,
        (S::Stopping, T::TurnEnded | T::Finished | T::Failed) => S::Stopping,
        (S::Stopping, T::Halted) => S::Stopped,
        _ => return Err(Refused { from, trigger }),
    };
    Ok(to)
}

/// A button of the UI: what a person may ask for. `debate_state` carries the ones the current
/// status allows ([`user_actions`]), so the UI enables its buttons from this table rather than
/// from a copy of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UserAction {
    /// `POST /api/debate/start` (the UI also needs a topic and both agents ready).
    Start,
    /// `POST /api/debate/pause`.
    Pause,
    /// `POST /api/debate/resume`.
    Resume,
    /// `POST /api/debate/stop`.
    Stop,
    /// `POST /api/agents/{agent}/connect`: only while no run is active, that is while a run
    /// could start (the UI also needs the agent not to be connecting already).
    Connect,
}

impl UserAction {
    pub const ALL: [UserAction; 5] = [
        UserAction::Start,
        UserAction::Pause,
        UserAction::Resume,
        UserAction::Stop,
        UserAction::Connect,
    ];

    /// The trigger whose edge decides whether the action is allowed.
    pub fn trigger(self) -> Trigger {
        match self {
            UserAction::Start | UserAction::Connect => Trigger::Start,
            UserAction::Pause => Trigger::Pause,
            UserAction::Resume => Trigger::Resume,
            UserAction::Stop => Trigger::Stop,
        }
    }
}

/// The actions the table allows from `status`, in [`UserAction::ALL`] order.
pub fn user_actions(status: DebateStatus) -> Vec<UserAction> {
    UserAction::ALL
        .into_iter()
        .filter(|action| next(status, action.trigger()).is_ok())
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use DebateStatus as S;
    use Trigger as T;

    const STATUSES: [S; 7] = [
        S::Idle,
        S::Running,
        S::PauseRequested,
        S::Paused,
        S::Stopping,
        S::Stopped,
        S::Completed,
    ];
    const TRIGGERS: [T; 8] = [
        T::Start,
        T::Pause,
        T::Resume,
        T::Stop,
        T::TurnEnded,
        T::Finished,
        T::Failed,
        T::Halted,
    ];

    /// Every allowed edge; every other (status, trigger) pair must be refused.
    const EDGES: [(S, T, S); 18] = [
        (S::Idle, T::Start, S::Running),
        (S::Stopped, T::Start, S::Running),
        (S::Completed, T::Start, S::Running),
        (S::Running, T::Pause, S::PauseRequested),
        (S::Running, T::TurnEnded, S::Running),
        (S::PauseRequested, T::TurnEnded, S::Paused),
        (S::Paused, T::Resume, S::Running),
        (S::Running, T::Finished, S::Completed),
        (S::PauseRequested, T::Finished, S::Completed),
        (S::Running, T::Failed, S::Stopped),
        (S::PauseRequested, T::Failed, S::Stopped),
        (S::Running, T::Stop, S::Stopping),
        (S::PauseRequested, T::Stop, S::Stopping),
        (S::Paused, T::Stop, S::Stopping),
        (S::Stopping, T::TurnEnded, S::Stopping),
        (S::Stopping, T::Finished, S::Stopping),
        (S::Stopping, T::Failed, S::Stopping),
        (S::Stopping, T::Halted, S::Stopped),
    ];

    #[test]
    fn the_whole_table() {
        for from in STATUSES {
            for trigger in TRIGGERS {
                let expected = EDGES
                    .iter()
                    .find(|(f, t, _)| *f == from && *t == trigger)
                    .map(|(_, _, to)| *to);
                match (next(from, trigger), expected) {
                    (Ok(to), Some(want)) => assert_eq!(to, want, "{from:?} + {trigger:?}"),
                    (Err(refused), None) => {
                        assert_eq!(refused, Refused { from, trigger });
                    }
                    (got, want) => panic!("{from:?} + {trigger:?}: got {got:?}, want {want:?}"),
                }
            }
        }
    }

    fn walk(start: S, triggers: &[T]) -> S {
        triggers.iter().fold(start, |status, trigger| {
            next(status, *trigger).unwrap_or_else(|r| panic!("refused {r:?}"))
        })
    }

    #[test]
    fn pause_resume_then_complete() {
        let path = [
            T::Start,
            T::TurnEnded,
            T::Pause,
            T::TurnEnded,
            T::Resume,
            T::TurnEnded,
            T::Finished,
        ];
        assert_eq!(walk(S::Idle, &path), S::Completed);
    }

    #[test]
    fn stop_during_pause_requested_wins_over_the_turn_boundary() {
        let status = walk(S::Idle, &[T::Start, T::Pause, T::Stop]);
        assert_eq!(status, S::Stopping);
        // The turn that was running ends; it must not become `paused` or `completed`.
        assert_eq!(next(status, T::TurnEnded), Ok(S::Stopping));
        assert_eq!(next(status, T::Finished), Ok(S::Stopping));
        assert_eq!(walk(status, &[T::TurnEnded, T::Halted]), S::Stopped);
    }

    #[test]
    fn stop_while_paused_and_failure_while_running() {
        assert_eq!(
            walk(
                S::Idle,
                &[T::Start, T::Pause, T::TurnEnded, T::Stop, T::Halted]
            ),
            S::Stopped
        );
        assert_eq!(walk(S::Idle, &[T::Start, T::Failed]), S::Stopped);
        assert_eq!(walk(S::Stopped, &[T::Start]), S::Running);
    }

    /// The seed's button rules (§9.4) as the table gives them.
    #[test]
    fn user_actions_follow_the_seed_button_rules() {
        use UserAction as A;
        assert_eq!(user_actions(S::Idle), [A::Start, A::Connect]);
        assert_eq!(user_actions(S::Stopped), [A::Start, A::Connect]);
        assert_eq!(user_actions(S::Completed), [A::Start, A::Connect]);
        assert_eq!(user_actions(S::Running), [A::Pause, A::Stop]);
        assert_eq!(user_actions(S::PauseRequested), [A::Stop]);
        assert_eq!(user_actions(S::Paused), [A::Resume, A::Stop]);
        assert_eq!(user_actions(S::Stopping), []);
        for status in STATUSES {
            // Connect is allowed exactly while no run is active (agents.rs refuses otherwise).
            assert_eq!(
                user_actions(status).contains(&A::Connect),
                !status.is_active(),
                "{status:?}"
            );
        }
    }

    #[test]
    fn refusals_explain_themselves() {
        let refused = next(S::Running, T::Resume).unwrap_err();
        assert!(refused.message().contains("running"));
        assert!(refused.message().contains("재개"));
        assert!(next(S::Running, T::Start).is_err());
        assert!(next(S::PauseRequested, T::Pause).is_err());
        assert!(next(S::Stopping, T::Stop).is_err());
        assert!(next(S::Idle, T::Stop).is_err());
    }
}
