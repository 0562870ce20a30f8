//! The turns waiting for a search, highest priority first (ties: the
//! earlier query first), and the turns being searched, so that a
//! `terminate` reaches both. One lock guards both lists: a worker takes a
//! turn and registers it as running in one step, so a terminate never
//! misses a turn between the two.

use super::query::Query;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// One turn of one query to search.
#[derive(Clone, Debug)]
pub struct Job {
    /// The query.
    pub query: Arc<Query>,
    /// The turn to search.
    pub turn: usize,
    /// Higher first.
    pub priority: i64,
    /// Arrival order, for ties.
    seq: u64,
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Job {}
impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Job {
    /// The greater job is searched first: higher priority, then earlier.
    fn cmp(&self, other: &Job) -> Ordering {
        self.priority
            .cmp(&other.priority)
            .then(other.seq.cmp(&self.seq))
    }
}

/// A turn being searched and its stop counter.
struct Running {
    id: String,
    turn: usize,
    seq: u64,
    stop: Arc<AtomicU64>,
}

#[derive(Default)]
struct Inner {
    waiting: BinaryHeap<Job>,
    running: Vec<Running>,
    next_seq: u64,
    closed: bool,
}

/// The shared queue (see the module documentation).
#[derive(Default)]
pub struct Queue {
    inner: Mutex<Inner>,
    ready: Condvar,
}

/// Whether a terminate for `id` (all ids if `None`) and `turns` (all if
/// `None`) reaches this query id and turn.
fn matches(id: Option<&str>, turns: Option<&[usize]>, job_id: &str, turn: usize) -> bool {
    id.is_none_or(|i| i == job_id) && turns.is_none_or(|t| t.contains(&turn))
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A worker that panicked cannot leave the lists half changed: every
        // change under the lock is a single push, pop or removal.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds the turns of `query`, each with its priority.
    pub fn push(&self, query: &Arc<Query>, turns: &[(usize, i64)]) {
        let mut inner = self.lock();
        for &(turn, priority) in turns {
            let seq = inner.next_seq;
            inner.next_seq += 1;
            inner.waiting.push(Job {
                query: Arc::clone(query),
                turn,
                priority,
                seq,
            });
        }
        drop(inner);
        self.ready.notify_all();
    }

    /// Takes the next turn, waiting for one; `None` once the queue is
    /// closed and empty. The turn is registered as running with the stop
    /// counter returned; call [`Queue::finished`] after it.
    pub fn pop(&self) -> Option<(Job, Arc<AtomicU64>)> {
        let mut inner = self.lock();
        loop {
            if let Some(job) = inner.waiting.pop() {
                let stop = Arc::new(AtomicU64::new(0));
                inner.running.push(Running {
                    id: job.query.id.clone(),
                    turn: job.turn,
                    seq: job.seq,
                    stop: Arc::clone(&stop),
                });
                return Some((job, stop));
            }
            if inner.closed {
                return None;
            }
            inner = self.ready.wait(inner).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Unregisters a turn [`Queue::pop`] gave.
    pub fn finished(&self, job: &Job) {
        self.lock().running.retain(|r| r.seq != job.seq);
    }

    /// Stops the running turns of query `id` (every query if `None`) among
    /// `turns` (every turn if `None`), and removes and returns the waiting
    /// ones, which are never searched.
    pub fn terminate(&self, id: Option<&str>, turns: Option<&[usize]>) -> Vec<Job> {
        let mut inner = self.lock();
        for r in &inner.running {
            if matches(id, turns, &r.id, r.turn) {
                r.stop.fetch_add(1, Relaxed);
            }
        }
        let (gone, kept): (Vec<Job>, Vec<Job>) = std::mem::take(&mut inner.waiting)
            .into_iter()
            .partition(|j| matches(id, turns, &j.query.id, j.turn));
        inner.waiting = kept.into();
        let mut gone = gone;
        gone.sort_by_key(|j| j.seq);
        gone
    }

    /// No more turns will come: [`Queue::pop`] returns `None` once the
    /// waiting ones are taken.
    pub fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::query::{Defaults, Request, parse};

    fn query(id: &str) -> Arc<Query> {
        let line = format!(
            r#"{{"id":"{id}","moves":[["B","C3"]],"rules":"aga","boardXSize":9,"boardYSize":9}}"#
        );
        let defaults = Defaults {
            max_visits: 10,
            max_time: None,
        };
        match parse(&line, &defaults) {
            Ok(Request::Analyze { query, .. }) => query,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn higher_priority_first_then_arrival() {
        let q = Queue::default();
        q.push(&query("a"), &[(0, 0), (1, 5)]);
        q.push(&query("b"), &[(0, 5), (1, -1)]);
        q.close();
        let order: Vec<(String, usize)> = std::iter::from_fn(|| q.pop())
            .map(|(j, _)| (j.query.id.clone(), j.turn))
            .collect();
        let want = [("a", 1), ("b", 0), ("a", 0), ("b", 1)];
        let want: Vec<(String, usize)> = want.iter().map(|(i, t)| (i.to_string(), *t)).collect();
        assert_eq!(order, want);
    }

    #[test]
    fn terminate_removes_waiting_turns_and_stops_running_ones() {
        let q = Queue::default();
        q.push(&query("a"), &[(0, 9), (1, 0)]);
        q.push(&query("b"), &[(0, 0), (1, 0)]);
        let (running, stop) = q.pop().unwrap();
        assert_eq!((running.query.id.as_str(), running.turn), ("a", 0));
        let gone = q.terminate(Some("a"), None);
        assert_eq!(stop.load(Relaxed), 1);
        assert_eq!(gone.len(), 1);
        assert_eq!(gone[0].turn, 1);
        // By turn number: only b's turn 1 goes.
        let gone = q.terminate(Some("b"), Some(&[1]));
        assert_eq!((gone.len(), gone[0].turn), (1, 1));
        q.finished(&running);
        // terminate_all reaches the rest.
        assert_eq!(q.terminate(None, None).len(), 1);
        q.close();
        assert!(q.pop().is_none());
    }
}
