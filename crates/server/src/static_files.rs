//! The built browser app as static files: compressed by `Accept-Encoding`, typed by extension
//! (`application/wasm` included), revalidated cheaply by ETag/Last-Modified, under a
//! Content-Security-Policy the app works with, and never from outside the app's folder (no `..`,
//! no hidden files, no symlink that leads out).

use axum::body::Body;
use axum::Router;
use http::{header, HeaderValue, Request, Response, StatusCode};
use std::future::Future;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::services::fs::{Backend, TokioBackend, TokioFile};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy the app runs under: its own scripts and wasm (`wasm-unsafe-eval` lets
/// `WebAssembly.instantiate` run), workers and styles from the same origin, and WebSocket
/// connections back to this server (`'self'` covers `ws:`/`wss:` to the same host).
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; \
base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Routes serving `root` (or a short note when the server runs without the app).
pub fn router(root: Option<PathBuf>) -> io::Result<Router> {
    let Some(root) = root else {
        return Ok(Router::new().fallback(|| async {
            crate::http::plain(
                StatusCode::NOT_FOUND,
                "this server runs without the app (start it with --dir DIR)\n",
            )
        }));
    };
    let canonical_root = root.canonicalize()?;
    let files = ServeDir::with_backend(
        &canonical_root,
        ConfinedBackend {
            root: Arc::new(canonical_root.clone()),
        },
    )
    .append_index_html_on_directories(true)
    .precompressed_br()
    .precompressed_gzip()
    .not_found_service(tower::service_fn(|_request: Request<Body>| async {
        Ok::<_, std::convert::Infallible>(crate::http::plain(StatusCode::NOT_FOUND, "not found\n"))
    }));
    Ok(Router::new()
        .fallback_service(files)
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(5)))
        .layer(axum::middleware::map_response(weaken_etag_of_encoded))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        )))
}

/// Headers every response carries, API and WebSocket refusals included.
pub fn common_headers(router: Router) -> Router {
    router
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// The file's ETag names its bytes on disk; a compressed body is another representation, so its
/// tag is marked weak (revalidation still matches, since `If-None-Match` compares weakly).
async fn weaken_etag_of_encoded(mut response: Response<Body>) -> Response<Body> {
    if response.headers().contains_key(header::CONTENT_ENCODING) {
        if let Some(tag) = response.headers().get(header::ETAG) {
            let text = tag.to_str().unwrap_or("");
            if !text.starts_with("W/") {
                if let Ok(weak) = HeaderValue::from_str(&format!("W/{text}")) {
                    response.headers_mut().insert(header::ETAG, weak);
                }
            }
        }
    }
    response
}

/// Opens files only when their real path (symlinks resolved) lies inside the app folder and no
/// part of the name is hidden (`.git`, `.env`).
#[derive(Clone)]
struct ConfinedBackend {
    root: Arc<PathBuf>,
}

type BoxedIo<T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send>>;

impl ConfinedBackend {
    async fn confine(root: &Path, path: &Path) -> io::Result<PathBuf> {
        let not_found = || io::Error::new(io::ErrorKind::NotFound, "outside the app folder");
        let relative = path.strip_prefix(root).map_err(|_| not_found())?;
        for component in relative.components() {
            match component {
                Component::Normal(part) if !part.to_string_lossy().starts_with('.') => {}
                _ => return Err(not_found()),
            }
        }
        let real = tokio::fs::canonicalize(path).await?;
        if real.starts_with(root) {
            Ok(real)
        } else {
            Err(not_found())
        }
    }
}

impl Backend for ConfinedBackend {
    type File = TokioFile;
    type Metadata = std::fs::Metadata;
    type OpenFuture = BoxedIo<TokioFile>;
    type MetadataFuture = BoxedIo<std::fs::Metadata>;

    fn open(&self, path: PathBuf) -> Self::OpenFuture {
        let root = self.root.clone();
        Box::pin(async move {
            let real = ConfinedBackend::confine(&root, &path).await?;
            TokioBackend.open(real).await
        })
    }

    fn metadata(&self, path: PathBuf) -> Self::MetadataFuture {
        let root = self.root.clone();
        Box::pin(async move {
            let real = ConfinedBackend::confine(&root, &path).await?;
            TokioBackend.metadata(real).await
        })
    }
}
