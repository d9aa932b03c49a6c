//! `cute serve`: the playground over HTTP. `GET /` is the page, `GET /api/ops` the operations
//! (for completion), `GET /api/gallery` the documentation's figures, and
//! `GET /api/eval?expr=EXPR[&color=C][&coords=1][&highlight=H][&elem_bytes=B]` one evaluation
//! ([`crate::page::evaluate`], with `steps`: the derivation's steps as data, as
//! `cute explain --json` gives them, or null); `GET /api/eval?triton=TEXT[&shape=S]` is the
//! Triton tab's evaluation of a Triton layout ([`crate::page::triton::evaluate_triton`]):
//! 200 with the answer, 400 `{"error": ...}` for a bad expression or a limit, 503 when the
//! queue is full or a request waited in it past its limit.
//!
//! The query is form-encoded: `+` is a space there (as browsers' `URLSearchParams` write one),
//! so a tensor `L+o` is sent with its `+` as `%2B` (`encodeURIComponent` writes it so).
//!
//! Limits ([`Limits`]), each named in its error: the expression length
//! ([`crate::page::MAX_EXPR_BYTES`]); the evaluation slots, and a bounded queue in front of
//! them with a wait limit; the evaluation time, enforced through the expression's budget
//! ([`cute_layout::budget`]): an evaluation past its time stops its work at the next step, so
//! it gives its slot back; the work budget of one expression; and, per connection, a
//! header-read timeout (which is also the idle timeout of a kept-alive connection), a bound on
//! the bytes of a request head, and a cap on open connections (connections past it are closed
//! at once, so that the listening socket keeps being served).

use crate::page::{self, PictureOptions};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use cute_layout::budget::{self, Budget};
use serde_json::{json, Value as JsonValue};
use std::collections::HashMap;
use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest an evaluation may run (then its work stops, through its budget).
    pub eval_time: Duration,
    /// The most evaluations running at once.
    pub concurrent: usize,
    /// The most requests waiting for an evaluation slot; one more is answered 503 at once.
    pub queue: usize,
    /// The longest a request waits in the queue before it is answered 503.
    pub queue_wait: Duration,
    /// The work budget of one expression, in work units ([`cute_layout::budget::MAX_WORK`]).
    pub budget: u64,
    /// The most connections open at once (further ones are closed as soon as accepted).
    pub connections: usize,
    /// The longest a client may take to send a request head, and the longest a kept-alive
    /// connection may stay idle between requests.
    pub header_read: Duration,
    /// The most bytes of one request head (request line and headers).
    pub max_head_bytes: usize,
}

impl Default for Limits {
    /// 5 seconds per evaluation, 4 at once, 1024 waiting for at most 2 seconds, the default
    /// budget, 16384 connections, 10 seconds to send a request head, 16 KiB per head.
    fn default() -> Self {
        Limits {
            eval_time: Duration::from_secs(5),
            concurrent: 4,
            queue: 1024,
            queue_wait: Duration::from_secs(2),
            budget: budget::MAX_WORK,
            connections: 16384,
            header_read: Duration::from_secs(10),
            max_head_bytes: 16 << 10,
        }
    }
}

#[derive(Clone)]
struct AppState {
    limits: Limits,
    slots: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
}

/// The playground's routes with these limits.
///
/// ```
/// let _app = cute_cli::serve::router(cute_cli::serve::Limits::default());
/// ```
pub fn router(limits: Limits) -> Router {
    let state = AppState {
        limits,
        slots: Arc::new(Semaphore::new(limits.concurrent)),
        waiting: Arc::new(AtomicUsize::new(0)),
    };
    Router::new()
        .route("/", get(index))
        .route("/api/ops", get(|| async { Json(page::ops()) }))
        .route("/api/gallery", get(|| async { Json(page::gallery()) }))
        .route("/api/eval", get(eval))
        .with_state(state)
}

async fn index() -> Html<String> {
    Html(page::page(&JsonValue::Null))
}

fn error(status: StatusCode, message: String) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

/// Counts a request in the queue while it lives.
struct InQueue(Arc<AtomicUsize>);

impl Drop for InQueue {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Sets the evaluation's cancel flag when dropped: when the request is answered by its time
/// limit, or its client goes away.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn eval(State(state): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    let triton = q.get("triton").cloned();
    let shape = q.get("shape").cloned().unwrap_or_default();
    let Some(expr) = q.get("expr").cloned().or_else(|| triton.clone()) else {
        return error(
            StatusCode::BAD_REQUEST,
            "missing parameter `expr`; hint: GET /api/eval?expr=EXPR (a tensor's `+` as %2B)"
                .into(),
        );
    };
    let options = match PictureOptions::parse(|k| q.get(k).map(String::as_str)) {
        Ok(o) => o,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let limits = state.limits;
    let busy = |why: String| {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "server busy: {why} ({} concurrent requests, a queue of {}); retry shortly",
                limits.concurrent, limits.queue
            ),
        )
    };
    let permit = match state.slots.clone().try_acquire_owned() {
        Ok(p) => p,
        Err(_) => {
            if state.waiting.fetch_add(1, Ordering::Relaxed) >= limits.queue {
                state.waiting.fetch_sub(1, Ordering::Relaxed);
                return busy("the queue is full".into());
            }
            let _in_queue = InQueue(state.waiting.clone());
            match tokio::time::timeout(limits.queue_wait, state.slots.clone().acquire_owned()).await
            {
                Ok(Ok(p)) => p,
                _ => {
                    return busy(format!(
                        "waited {} ms in the queue, its wait limit",
                        limits.queue_wait.as_millis()
                    ))
                }
            }
        }
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(cancel.clone());
    let deadline = Instant::now().checked_add(limits.eval_time);
    let meter = Budget {
        work: limits.budget,
        deadline,
        cancel: Some(cancel),
    };
    let work = tokio::task::spawn_blocking(move || {
        let answer = budget::scope_with(&meter, || match &triton {
            Some(text) => page::triton::evaluate_triton(text, &shape, &options),
            None => page::evaluate(&expr, &options),
        });
        drop(permit);
        answer
    });
    let answered = tokio::time::timeout(limits.eval_time, work).await;
    // a part stopped at the time limit (the picture) is a timed-out answer too
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return timed_out(limits.eval_time);
    }
    match answered {
        Ok(Ok(Ok(answer))) => ([(header::CACHE_CONTROL, "no-store")], Json(answer)).into_response(),
        Ok(Ok(Err(message))) if message.contains("stopped at its time limit") => {
            timed_out(limits.eval_time)
        }
        Ok(Ok(Err(message))) => error(StatusCode::BAD_REQUEST, message),
        Ok(Err(join)) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("evaluation failed: {join}"),
        ),
        Err(_) => timed_out(limits.eval_time),
    }
}

fn timed_out(limit: Duration) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        format!(
            "evaluation took longer than the limit of {} ms (evaluation time) and was stopped; hint: try a smaller layout",
            limit.as_millis()
        ),
    )
}

/// The most evaluation slots (`--slots`): each runs on one of tokio's blocking threads, of
/// which there are 512.
pub const MAX_SLOTS: usize = 512;

/// Serves the playground on `127.0.0.1:port` (0: any free port) until the process ends;
/// prints the address, and opens it in a browser when `open`.
///
/// # Errors
/// Evaluation slots outside 1 to [`MAX_SLOTS`]; the port cannot be bound, or the runtime
/// cannot start.
pub fn run(port: u16, open: bool, limits: Limits) -> std::io::Result<()> {
    if !(1..=MAX_SLOTS).contains(&limits.concurrent) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} evaluation slots (--slots): give 1 to MAX_SLOTS = {MAX_SLOTS}",
                limits.concurrent
            ),
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await?;
        let url = format!("http://{}/", listener.local_addr()?);
        // the address is a courtesy: a closed standard output must not stop the server
        let _ = writeln!(
            std::io::stdout(),
            "cute playground at {url} (Ctrl-C to stop)"
        );
        if open {
            open_browser(&url);
        }
        serve(listener, limits).await
    })
}

/// Serves the playground's routes on `listener` with `limits` (what [`run`] does once bound):
/// each connection with a header-read and idle timeout and a bounded request head, at most
/// `limits.connections` at once (fewer where the process may open fewer files).
///
/// # Errors
/// Never, but for the listener failing for good.
pub async fn serve(listener: tokio::net::TcpListener, limits: Limits) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let app = router(limits);
    let cap = limits
        .connections
        .min(open_files_limit().saturating_sub(64).max(1));
    let open = Arc::new(Semaphore::new(cap));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read)
        .max_buf_size(limits.max_head_bytes.max(8192))
        .keep_alive(true);
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(c) => c,
            // out of file descriptors or a connection reset before it was accepted: go on
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
        };
        let Ok(slot) = open.clone().try_acquire_owned() else {
            drop(stream); // over the cap: closed at once
            continue;
        };
        let _ = stream.set_nodelay(true);
        let svc = hyper_util::service::TowerToHyperService::new(app.clone());
        let conn = http.serve_connection(TokioIo::new(stream), svc);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(slot);
        });
    }
}

/// The soft limit of open files of this process (Linux: `/proc/self/limits`), or a large
/// number where it cannot be read.
fn open_files_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| {
            let line = t.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(3)?.parse().ok()
        })
        .unwrap_or(usize::MAX)
}

/// Opens `url` with the desktop's opener; failing that, the address printed is enough.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
