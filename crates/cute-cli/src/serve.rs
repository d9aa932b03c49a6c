//! `cute serve`: the playground over HTTP. `GET /` is the page, `GET /api/ops` the operations
//! (for completion), `GET /api/gallery` the documentation's figures, and
//! `GET /api/eval?expr=EXPR[&color=C][&coords=1][&highlight=H][&elem_bytes=B]` one evaluation
//! ([`crate::page::evaluate`], with `steps`: the derivation's steps as data, as
//! `cute explain --json` gives them, or null):
//! 200 with the answer, 400 `{"error": ...}` for a bad expression or a limit, 503 when too
//! many evaluations run at once.
//!
//! Limits, each named in its error: the expression length ([`crate::page::MAX_EXPR_BYTES`]),
//! the evaluation time and the concurrent evaluations ([`Limits`]), and the picture's cells
//! (the renderer's own limit, reported as the answer's `picture_error`). Evaluation runs on a
//! blocking thread; one that runs past the time limit is answered 400 and keeps its slot
//! until it ends, so runaway work cannot pile up.

use crate::page::{self, PictureOptions};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value as JsonValue};
use std::collections::HashMap;
use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The server's limits on evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest an evaluation may run.
    pub eval_time: Duration,
    /// The most evaluations running at once.
    pub concurrent: usize,
}

impl Default for Limits {
    /// 5 seconds per evaluation, 4 at once.
    fn default() -> Self {
        Limits {
            eval_time: Duration::from_secs(5),
            concurrent: 4,
        }
    }
}

#[derive(Clone)]
struct AppState {
    limits: Limits,
    slots: Arc<Semaphore>,
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

async fn eval(State(state): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(expr) = q.get("expr").cloned() else {
        return error(
            StatusCode::BAD_REQUEST,
            "missing parameter `expr`; hint: GET /api/eval?expr=EXPR".into(),
        );
    };
    let options = match PictureOptions::parse(|k| q.get(k).map(String::as_str)) {
        Ok(o) => o,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let Ok(permit) = state.slots.clone().try_acquire_owned() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "server busy: {} evaluations already running, the limit of concurrent requests; retry shortly",
                state.limits.concurrent
            ),
        );
    };
    let work = tokio::task::spawn_blocking(move || {
        let answer = page::evaluate(&expr, &options);
        drop(permit);
        answer
    });
    let limit = state.limits.eval_time;
    match tokio::time::timeout(limit, work).await {
        Ok(Ok(Ok(answer))) => (
            [(header::CACHE_CONTROL, "no-store")],
            Json(answer),
        )
            .into_response(),
        Ok(Ok(Err(message))) => error(StatusCode::BAD_REQUEST, message),
        Ok(Err(join)) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("evaluation failed: {join}"),
        ),
        Err(_) => error(
            StatusCode::BAD_REQUEST,
            format!(
                "evaluation took longer than the limit of {} ms (evaluation time); hint: try a smaller layout",
                limit.as_millis()
            ),
        ),
    }
}

/// Serves the playground on `127.0.0.1:port` (0: any free port) until the process ends;
/// prints the address, and opens it in a browser when `open`.
///
/// # Errors
/// The port cannot be bound, or the runtime cannot start.
pub fn run(port: u16, open: bool) -> std::io::Result<()> {
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
        axum::serve(listener, router(Limits::default())).await
    })
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
