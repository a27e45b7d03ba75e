//! One queue for every event of the page. A browser can fire an event while another one is
//! being handled (a handler that clicks an element, opens a dialog or posts a message); such
//! an event is queued and handled right after the current one, in arrival order, so none is
//! lost and no handler ever sees the app half-changed.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// A queued event: what to do with the app when its turn comes.
pub type Job<T> = Box<dyn FnOnce(&mut T)>;

pub struct EventQueue<T> {
    pending: RefCell<VecDeque<Job<T>>>,
    running: Cell<bool>,
}

impl<T> Default for EventQueue<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> EventQueue<T> {
    pub const fn new() -> EventQueue<T> {
        EventQueue {
            pending: RefCell::new(VecDeque::new()),
            running: Cell::new(false),
        }
    }

    /// Whether a job is being run now (a synchronous caller must not touch the app then).
    pub fn is_running(&self) -> bool {
        self.running.get()
    }

    /// Queues `job`, then runs every queued job in order on the app that `target` yields —
    /// unless a run is already under way (this job was queued from inside another one): that
    /// run picks it up next. `target` answers `None` only before the app exists; jobs then
    /// stay queued for the first run after it does.
    pub fn dispatch(&self, job: Job<T>, mut target: impl FnMut(&mut dyn FnMut(&mut T)) -> bool) {
        self.pending.borrow_mut().push_back(job);
        if self.running.replace(true) {
            return;
        }
        // Clears the flag however the run ends, so later events still run.
        struct Running<'a>(&'a Cell<bool>);
        impl Drop for Running<'_> {
            fn drop(&mut self) {
                self.0.set(false);
            }
        }
        let _running = Running(&self.running);
        loop {
            let Some(job) = self.pending.borrow_mut().pop_front() else {
                break;
            };
            let mut job = Some(job);
            let ran = target(&mut |app: &mut T| {
                if let Some(job) = job.take() {
                    job(app);
                }
            });
            if !ran {
                if let Some(job) = job {
                    self.pending.borrow_mut().push_front(job);
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    thread_local! {
        static QUEUE: EventQueue<Vec<&'static str>> = const { EventQueue::new() };
        static LOG: RefCell<Option<Vec<&'static str>>> = const { RefCell::new(None) };
    }

    fn dispatch(job: impl FnOnce(&mut Vec<&'static str>) + 'static) {
        QUEUE.with(|queue| {
            queue.dispatch(Box::new(job), |run| {
                LOG.with(|log| match log.borrow_mut().as_mut() {
                    Some(log) => {
                        run(log);
                        true
                    }
                    None => false,
                })
            })
        });
    }

    #[test]
    fn an_event_fired_while_another_is_handled_runs_next_and_none_is_lost() {
        dispatch(|log| log.push("before the app"));
        LOG.with(|log| *log.borrow_mut() = Some(Vec::new()));
        let seen_running = Rc::new(Cell::new(false));
        let seen = seen_running.clone();
        dispatch(move |log| {
            log.push("click");
            // A handler that makes the browser fire two more events at once.
            dispatch(|log| log.push("focus"));
            dispatch(|log| log.push("change"));
            seen.set(QUEUE.with(EventQueue::is_running));
            log.push("click done");
        });
        dispatch(|log| log.push("key"));
        let log = LOG.with(|log| log.borrow().clone().unwrap());
        assert_eq!(
            log,
            [
                "before the app",
                "click",
                "click done",
                "focus",
                "change",
                "key"
            ]
        );
        assert!(seen_running.get());
        assert!(!QUEUE.with(EventQueue::is_running));
    }
}
