//! The broker over the fakes of `cdt-testkit`, for the use-case tests.

use std::sync::Arc;
use std::time::Duration;

pub use cdt_testkit::{FakeClock, FakeLauncher, FakeProcesses, MemoryStore};

use crate::broker::Broker;
use crate::runtime::Runtime;
use crate::runtime::{BrokerConfig, Deps};

pub struct World {
    pub broker: Arc<Broker>,
    /// The broker's runtime (registry, metrics, janitor), for tests that look inside.
    pub runtime: Arc<Runtime>,
    pub launcher: Arc<FakeLauncher>,
    pub store: Arc<MemoryStore>,
    pub processes: Arc<FakeProcesses>,
    pub clock: Arc<FakeClock>,
}

pub fn world(config: BrokerConfig, navigate_delay: Duration) -> World {
    world_with(
        config,
        FakeLauncher {
            navigate_delay,
            ..FakeLauncher::default()
        },
    )
}

/// [`world`] with a launcher of the test's own (launches that take time, say).
pub fn world_with(config: BrokerConfig, launcher: FakeLauncher) -> World {
    let launcher = Arc::new(launcher);
    let store = Arc::new(MemoryStore::default());
    let processes = Arc::new(FakeProcesses::default());
    let clock = Arc::new(FakeClock::at(1_000_000));
    let deps = Deps {
        launcher: launcher.clone(),
        store: store.clone(),
        processes: processes.clone(),
        clock: clock.clone(),
        telemetry_log: None,
    };
    let broker = Broker::new(deps, config);
    World {
        runtime: broker.runtime().clone(),
        broker,
        launcher,
        store,
        processes,
        clock,
    }
}
