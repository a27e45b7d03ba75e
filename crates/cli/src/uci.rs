//! (being written) uci

pub fn run(_args: &[String]) -> crate::CliResult {
    Err(crate::CliError::Internal("not yet available".to_string()))
}
