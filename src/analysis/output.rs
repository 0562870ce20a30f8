//! The answers' way out: one JSON object a line, each line written whole
//! and flushed under a lock, so answers from several workers never mix.

use serde_json::Value;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Standard output, shared by the reader and the workers.
pub struct Output<'a> {
    sink: Mutex<Box<dyn Write + Send + 'a>>,
    broken: AtomicBool,
}

impl<'a> Output<'a> {
    /// Answers go to `sink`.
    pub fn new(sink: impl Write + Send + 'a) -> Output<'a> {
        Output {
            sink: Mutex::new(Box::new(sink)),
            broken: AtomicBool::new(false),
        }
    }

    /// Writes `v` on one line. A failed write is logged once and marks
    /// the output broken; later answers are dropped.
    pub fn send(&self, v: &Value) {
        if self.is_broken() {
            return;
        }
        let line = v.to_string();
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = writeln!(sink, "{line}").and_then(|_| sink.flush()) {
            log::error!("cannot write an answer: {e}");
            self.broken.store(true, Relaxed);
        }
    }

    /// True once a write failed (the client went away).
    pub fn is_broken(&self) -> bool {
        self.broken.load(Relaxed)
    }
}
