//! The server binary as a test's child process: started on a free port, its address read from
//! the URL line it prints first, paused or resumed on demand, and killed (SIGKILL) and reaped
//! when dropped — a crash, not a shutdown.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process that is killed (SIGKILL) and reaped when this is dropped.
pub struct KilledOnDrop(pub Child);

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub struct ServerProcess {
    child: KilledOnDrop,
    pub address: SocketAddr,
}

impl ServerProcess {
    /// Starts the binary with `--port 0` and the flags `args`; `label` names it in failures.
    pub fn start(label: &str, args: &[&str]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardshift-server"))
            .args(["--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|error| panic!("{label}: the server binary starts: {error}"));
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .unwrap_or_else(|error| panic!("{label}: the URL line: {error}"));
        let address = first
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|_| panic!("{label}: the first line is the URL: {first:?}"));
        ServerProcess {
            child: KilledOnDrop(child),
            address,
        }
    }

    /// Stops the process and returns once every one of its threads has stopped. kill(2)
    /// returns before that: one thread is woken to begin the group stop, and on a busy machine
    /// the others may run on for milliseconds, long enough to serve a message sent meanwhile.
    pub fn pause(&self) {
        let pid = self.child.0.id() as i32;
        // SAFETY: kill(2) on the id of a child this test started and has not reaped.
        unsafe { libc::kill(pid, libc::SIGSTOP) };
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let mut status = 0;
            // SAFETY: waitpid(2) on that same child; WNOHANG keeps it from blocking, and a stop
            // report leaves the child alive and waitable for `Drop`.
            let reported =
                unsafe { libc::waitpid(pid, &mut status, libc::WUNTRACED | libc::WNOHANG) };
            if reported == pid && libc::WIFSTOPPED(status) {
                return;
            }
            assert!(
                reported == 0,
                "the paused server is gone (waitpid: {reported}, status {status})"
            );
            assert!(
                Instant::now() < deadline,
                "the server did not stop within 10 s"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn resume(&self) {
        // SAFETY: kill(2) on the id of a child this test started and has not reaped.
        unsafe { libc::kill(self.child.0.id() as i32, libc::SIGCONT) };
    }
}
