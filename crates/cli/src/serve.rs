//! `boardshift serve [--port N] [--dir dist]`: a small static file server on 127.0.0.1 for the
//! built browser app, with the MIME types browsers insist on (notably `application/wasm`).

use crate::{CliError, CliResult};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// Longest request head we are willing to read; anything larger is not a browser asking for a file.
const MAX_REQUEST_HEAD: usize = 16 * 1024;

pub fn run(args: &[String]) -> CliResult {
    let mut port: u16 = 8080;
    let mut dir = PathBuf::from("dist");
    let mut index = 0;
    while index < args.len() {
        let flag = args[index].as_str();
        let value = args.get(index + 1);
        match (flag, value) {
            ("--port", Some(value)) => {
                port = value.parse().map_err(|_| {
                    CliError::Input(format!(
                        "--port needs a number from 0 to 65535, got '{value}'"
                    ))
                })?;
            }
            ("--dir", Some(value)) => dir = PathBuf::from(value),
            ("--port" | "--dir", None) => {
                return Err(CliError::Input(format!("{flag} needs a value")));
            }
            _ => {
                return Err(CliError::Input(format!(
                    "unknown argument '{flag}' (usage: serve [--port N] [--dir DIR])"
                )))
            }
        }
        index += 2;
    }
    if !dir.join("index.html").is_file() {
        return Err(CliError::Input(format!(
            "'{}' has no index.html; build the app first (scripts/build-web)",
            dir.display()
        )));
    }
    let root = dir
        .canonicalize()
        .map_err(|error| CliError::Input(format!("cannot open '{}': {error}", dir.display())))?;
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|error| CliError::Input(format!("cannot listen on 127.0.0.1:{port}: {error}")))?;
    let address = listener
        .local_addr()
        .map_err(|error| CliError::Internal(format!("no local address: {error}")))?;
    println!(
        "Serving {} at http://127.0.0.1:{}/",
        root.display(),
        address.port()
    );
    let _ = std::io::stdout().flush();
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let root = root.clone();
        std::thread::spawn(move || {
            let _ = handle_connection(stream, &root);
        });
    }
    Ok(())
}

/// Serves requests on one connection until the client closes it or asks to close.
fn handle_connection(stream: TcpStream, root: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    loop {
        let Some(head) = read_request_head(&mut reader)? else {
            return Ok(());
        };
        let mut lines = head.lines();
        let request_line = lines.next().unwrap_or_default();
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or_default().to_string();
        let target = parts.next().unwrap_or("/").to_string();
        let close = lines.any(|line| {
            let lower = line.to_ascii_lowercase();
            lower.starts_with("connection:") && lower.contains("close")
        });
        let response = respond(&method, &target, root);
        writer.write_all(&response.head(close))?;
        if method != "HEAD" {
            writer.write_all(&response.body)?;
        }
        writer.flush()?;
        if close {
            return Ok(());
        }
    }
}

/// Reads up to the blank line ending a request head; `None` when the client closed.
fn read_request_head(reader: &mut BufReader<TcpStream>) -> std::io::Result<Option<String>> {
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let read = reader
            .by_ref()
            .take(MAX_REQUEST_HEAD as u64)
            .read_line(&mut line)?;
        if read == 0 {
            return Ok(None);
        }
        if line == "\r\n" || line == "\n" {
            if head.is_empty() {
                continue;
            }
            return Ok(Some(head));
        }
        head.push_str(&line);
        if head.len() > MAX_REQUEST_HEAD {
            return Ok(None);
        }
    }
}

struct Response {
    status: &'static str,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Response {
    fn head(&self, close: bool) -> Vec<u8> {
        format!(
            "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: {}\r\n\r\n",
            self.status,
            self.content_type,
            self.body.len(),
            if close { "close" } else { "keep-alive" }
        )
        .into_bytes()
    }

    fn text(status: &'static str, message: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: message.as_bytes().to_vec(),
        }
    }
}

fn respond(method: &str, target: &str, root: &Path) -> Response {
    if method != "GET" && method != "HEAD" {
        return Response::text("405 Method Not Allowed", "only GET and HEAD are served\n");
    }
    let Some(mut path) = resolve(target, root) else {
        return Response::text("404 Not Found", "not found\n");
    };
    if path.is_dir() {
        path = path.join("index.html");
    }
    match std::fs::read(&path) {
        Ok(body) => Response {
            status: "200 OK",
            content_type: mime_type(&path),
            body,
        },
        Err(_) => Response::text("404 Not Found", "not found\n"),
    }
}

/// Maps a request target to a file under `root`, refusing anything that would leave it.
fn resolve(target: &str, root: &Path) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let decoded = percent_decode(path)?;
    let mut resolved = root.to_path_buf();
    for component in Path::new(decoded.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => resolved.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(resolved)
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    let decoded = String::from_utf8(out).ok()?;
    (!decoded.contains('\0')).then_some(decoded)
}

fn mime_type(path: &Path) -> &'static str {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_and_scripts_get_the_types_browsers_require() {
        assert_eq!(mime_type(Path::new("pkg/app_bg.wasm")), "application/wasm");
        assert_eq!(
            mime_type(Path::new("worker.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(mime_type(Path::new("pieces/wK.svg")), "image/svg+xml");
    }

    #[test]
    fn paths_cannot_escape_the_served_folder() {
        let root = Path::new("/srv/dist");
        assert_eq!(
            resolve("/pkg/a.js?v=1", root),
            Some(PathBuf::from("/srv/dist/pkg/a.js"))
        );
        assert_eq!(resolve("/../etc/passwd", root), None);
        assert_eq!(resolve("/%2e%2e/etc/passwd", root), None);
        assert_eq!(
            resolve("/a%20b.txt", root),
            Some(PathBuf::from("/srv/dist/a b.txt"))
        );
    }
}
