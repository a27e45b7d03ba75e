//! Static files and HTTP hygiene: compression by `Accept-Encoding`, MIME types, the security
//! headers, cheap revalidation, no way out of the app folder, 414/431 for oversize requests, a
//! request body never read as a request, slow and non-reading clients cut off, and a connection
//! cap that refuses instead of failing.

mod common;

use boardshift_server::{Config, Limits};
use common::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A small app folder: a page, a script big enough to compress, a wasm file, a hidden file, and a
/// symlink that leads out of the folder.
fn app_folder(dir: &Path) -> PathBuf {
    let app = dir.join("app");
    std::fs::create_dir_all(app.join("pkg")).unwrap();
    std::fs::write(
        app.join("index.html"),
        "<!doctype html><title>t</title><script type=module src=main.js></script>".repeat(20),
    )
    .unwrap();
    std::fs::write(
        app.join("main.js"),
        "console.log('boardshift');\n".repeat(400),
    )
    .unwrap();
    std::fs::write(app.join("pkg/app_bg.wasm"), b"\0asm\x01\0\0\0".repeat(200)).unwrap();
    std::fs::write(app.join(".secret"), "hidden").unwrap();
    std::fs::write(dir.join("outside.txt"), "outside the app").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("outside.txt"), app.join("leak.txt")).unwrap();
    std::fs::write(app.join("big.bin"), vec![7u8; 4 * 1024 * 1024]).unwrap();
    app
}

async fn start_app(name: &str, limits: Limits) -> (boardshift_server::Started, PathBuf) {
    let dir = temp_dir(name);
    let app = app_folder(&dir);
    let config = Config {
        port: 0,
        db: dir.join("rooms.db"),
        dir: Some(app),
        limits,
        ..Config::default()
    };
    (start_with(config).await, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_are_compressed_typed_and_revalidated_under_the_security_headers() {
    let (server, dir) = start_app("static", Limits::default()).await;
    let address = server.address;

    let (status, headers, body) = http_get(address, "/", &[("accept-encoding", "br")]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-encoding"), Some("br"));
    assert!(header(&headers, "content-type")
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(header(&headers, "x-content-type-options"), Some("nosniff"));
    let csp = header(&headers, "content-security-policy").unwrap();
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    let original = std::fs::metadata(dir.join("app/index.html")).unwrap().len() as usize;
    assert!(body.len() < original / 2, "{} vs {original}", body.len());

    let (status, headers, body) =
        http_get(address, "/main.js", &[("accept-encoding", "gzip")]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
    assert!(header(&headers, "content-type")
        .unwrap()
        .contains("javascript"));
    assert_eq!(&body[..2], &[0x1f, 0x8b], "a gzip stream");

    let (status, headers, body) = http_get(address, "/pkg/app_bg.wasm", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/wasm"));
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(&body[..4], b"\0asm");

    // Revalidation: the tag from a first fetch makes the second one a bodiless 304, for the
    // plain and the compressed representation alike.
    for encoding in ["identity", "br"] {
        let (_, headers, _) = http_get(address, "/main.js", &[("accept-encoding", encoding)]).await;
        let tag = header(&headers, "etag").expect("an ETag").to_string();
        assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
        assert!(header(&headers, "last-modified").is_some());
        let (status, _, body) = http_get(
            address,
            "/main.js",
            &[("accept-encoding", encoding), ("if-none-match", &tag)],
        )
        .await;
        assert_eq!(status, 304, "{encoding} {tag}");
        assert!(body.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_outside_the_app_folder_is_served() {
    let (server, _dir) = start_app("traversal", Limits::default()).await;
    let address = server.address;
    for path in [
        "/../outside.txt",
        "/%2e%2e/outside.txt",
        "/pkg/%2e%2e/%2e%2e/outside.txt",
        "/leak.txt",
        "/.secret",
        "/pkg/..%2f..%2foutside.txt",
    ] {
        let (status, _, body) = http_get(address, path, &[]).await;
        assert!(status == 404 || status == 400, "{path}: {status}");
        assert!(
            !String::from_utf8_lossy(&body).contains("outside the app"),
            "{path} leaked"
        );
    }
}

async fn raw_exchange(address: std::net::SocketAddr, request: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(request).await.unwrap();
    let _ = stream.shutdown().await;
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(WAIT, stream.read_to_end(&mut raw))
        .await
        .expect("the server answers and closes");
    raw
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversize_targets_and_heads_get_414_and_431_and_bodies_are_never_requests() {
    let (server, _dir) = start_app("oversize", Limits::default()).await;
    let address = server.address;

    let long_target = format!("/{}", "a".repeat(6000));
    let (status, _, _) = http_get(address, &long_target, &[]).await;
    assert_eq!(status, 414);

    let big_header = "b".repeat(20_000);
    let raw = raw_exchange(
        address,
        format!("GET / HTTP/1.1\r\nHost: x\r\nX-Big: {big_header}\r\n\r\n").as_bytes(),
    )
    .await;
    assert!(
        raw.starts_with(b"HTTP/1.1 431"),
        "{}",
        String::from_utf8_lossy(&raw[..raw.len().min(80)])
    );

    // A body that looks like a request is not answered as one.
    let smuggled = "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n";
    let raw = raw_exchange(
        address,
        format!(
            "POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{smuggled}",
            smuggled.len()
        )
        .as_bytes(),
    )
    .await;
    let text = String::from_utf8_lossy(&raw);
    assert_eq!(text.matches("HTTP/1.1 ").count(), 1, "{text}");
    assert!(text.starts_with("HTTP/1.1 405"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_trickling_its_head_is_cut_off_at_the_head_deadline() {
    let limits = Limits {
        header_read_timeout: Duration::from_secs(2),
        ..Limits::default()
    };
    let (server, _dir) = start_app("slowloris", limits).await;
    let mut stream = TcpStream::connect(server.address).await.unwrap();
    let head =
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
    // One byte every half second would take far longer than the deadline to finish the head.
    let mut cut_off = false;
    for byte in head.iter() {
        if stream.write_all(&[*byte]).await.is_err() {
            cut_off = true;
            break;
        }
        let mut buffer = [0u8; 256];
        match tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => {
                cut_off = true;
                break;
            }
            Ok(Ok(_)) => {
                // A timeout response (408) is as good as a close; the close follows.
                cut_off = true;
                break;
            }
            Err(_) => {}
        }
    }
    assert!(cut_off, "the trickled head was read to its end");
    // Others are served meanwhile and afterwards.
    let (status, _, _) = http_get(server.address, "/api/health", &[]).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_dropped() {
    let limits = Limits {
        write_stall_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let (server, _dir) = start_app("noread", limits).await;
    let mut stream = TcpStream::connect(server.address).await.unwrap();
    let requests = "GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n".repeat(40);
    stream.write_all(requests.as_bytes()).await.unwrap();
    // Not reading: the server's writes block, and it gives up on us.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (status, _, _) = http_get(server.address, "/api/health", &[]).await;
    assert_eq!(status, 200, "others are served while one client stalls");
    let mut received = 0usize;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        match tokio::time::timeout(WAIT, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => received += n,
            Err(_) => panic!("the stalled connection is still open"),
        }
    }
    assert!(
        received < 40 * 4 * 1024 * 1024,
        "the connection was cut before everything was sent ({received} bytes)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_connection_cap_clients_are_refused_with_503() {
    let limits = Limits {
        max_connections: 3,
        ..Limits::default()
    };
    let (server, _dir) = start_app("cap", limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let stream = TcpStream::connect(server.address).await.unwrap();
        held.push(stream);
    }
    // Let the server accept them.
    let (status, _, _) = {
        let raw = raw_exchange(
            server.address,
            b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n",
        )
        .await;
        parse_response(&raw)
    };
    assert_eq!(status, 503);
    drop(held);
    let mut served = false;
    for _ in 0..50 {
        let raw = raw_exchange(
            server.address,
            b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        )
        .await;
        if raw.starts_with(b"HTTP/1.1 200") {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(served, "slots are freed when connections close");
}
