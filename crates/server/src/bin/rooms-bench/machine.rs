//! What the benchmark reads of the machine and the server processes from /proc: load average,
//! CPU time, peak memory; and the latency percentiles of a phase.

use std::sync::Mutex;

/// The machine's one-minute load average.
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_string)
}

pub fn percentiles(samples: &Mutex<Vec<u32>>) -> (f64, f64, usize) {
    let mut samples = samples.lock().map(|s| s.clone()).unwrap_or_default();
    if samples.is_empty() {
        return (0.0, 0.0, 0);
    }
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
    (at(0.5), at(0.99), samples.len())
}

/// The CPU time of all the server processes so far, in seconds.
pub fn cpu_of(pids: &[u32]) -> Option<f64> {
    pids.iter().map(|pid| cpu_seconds(*pid)).sum()
}

/// User plus system CPU time of a process so far, in seconds.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which is in parentheses and may contain spaces).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// The server's peak resident memory (VmHWM), read while it still runs.
pub fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kib| kib.parse().ok())
}
