//! The web server's shared object: the [`DebateEngine`] (which owns the debate's state), where
//! the built UI is, and the signal that closes open pages at shutdown.
//!
//! This module must never hold debate state of its own: the engine does.

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::watch;

use crate::config::Settings;
use crate::engine::DebateEngine;
use crate::error::DebateError;
use crate::runner::{CliAgentRunner, ProcessRunner};

/// Where the server lives on disk.
#[derive(Debug, Clone)]
pub struct Paths {
    /// The agents' working directory; `logs/` is under it.
    pub root: PathBuf,
    /// The built front end (`web/dist`).
    pub ui_dir: PathBuf,
}

pub struct App {
    pub engine: Arc<DebateEngine>,
    pub paths: Paths,
    /// Set when the server shuts down: open WebSockets close.
    closing: watch::Sender<bool>,
}

impl App {
    /// The app with the real (process) runner; the note says what was wrong with
    /// `logs/sessions.json`, if anything (the server starts anyway, with no remembered
    /// sessions).
    pub fn new(
        settings: Settings,
        paths: Paths,
    ) -> Result<(Arc<App>, Option<String>), DebateError> {
        App::with_runner(settings, paths, Arc::new(ProcessRunner))
    }

    pub fn with_runner(
        settings: Settings,
        paths: Paths,
        runner: Arc<dyn CliAgentRunner>,
    ) -> Result<(Arc<App>, Option<String>), DebateError> {
        let (engine, note) = DebateEngine::new(settings, paths.root.clone(), runner)?;
        let app = App {
            engine,
            paths,
            closing: watch::channel(false).0,
        };
        Ok((Arc::new(app), note))
    }

    /// Asks every open WebSocket to close (the server is shutting down).
    pub fn close_sockets(&self) {
        self.closing.send_replace(true);
    }

    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }
}
