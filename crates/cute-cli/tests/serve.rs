//! The playground's JSON API, in process: answers, bad input, limits, and serving on after
//! a bad request.

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use axum::Router;
use cute_cli::serve::{router, Limits};
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

/// GET `uri` from `app`: the status and the body as JSON (or as a string for HTML).
async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24).await.unwrap();
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, body)
}

fn query(expr: &str) -> String {
    let mut q = String::from("/api/eval?expr=");
    for b in expr.bytes() {
        if b.is_ascii_alphanumeric() {
            q.push(b as char);
        } else {
            q.push_str(&format!("%{b:02X}"));
        }
    }
    q
}

#[tokio::test]
async fn eval_answers_result_kind_svg_explain_and_cells() {
    let app = router(Limits::default());
    let (status, a) = get(&app, &query("logical_divide((4,2,3):(2,1,8), 4:2)")).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["result"], "((2,2),(2,3)):((4,1),(2,8))");
    assert_eq!(a["kind"], "layout");
    assert!(a["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(a["explain"].as_str().unwrap().contains("logical_divide"));
    // the derivation as data: the lines of `explain`, with their kinds and fields
    let steps = a["steps"].as_array().unwrap();
    let explained = a["explain"].as_str().unwrap();
    assert!(steps
        .iter()
        .all(|s| explained.contains(s["text"].as_str().unwrap())));
    let divided = steps.iter().find(|s| s["kind"] == "divided").unwrap();
    assert_eq!(divided["fields"]["tiler"], "4:2");
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 24);
    // row-major over 4 rows and 6 columns; cell (m, n) is index m + 4n of the result
    let l: cute_layout::Layout = "((2,2),(2,3)):((4,1),(2,8))".parse().unwrap();
    let offsets = l.offsets().unwrap();
    for (k, c) in cells.iter().enumerate() {
        let (m, n) = (k / 6, k % 6);
        assert_eq!(
            (c["row"].as_u64(), c["col"].as_u64()),
            (Some(m as u64), Some(n as u64))
        );
        assert_eq!(c["offset"].as_i64(), Some(offsets[m + 4 * n]));
    }
    assert_eq!(cells[6]["coord"], "((1,0),(0,0))");
}

#[tokio::test]
async fn non_layout_values_have_no_picture_and_tv_layouts_have_threads() {
    let app = router(Limits::default());
    let (status, a) = get(&app, &query("size((4,2):(1,4))")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (a["result"].as_str(), a["kind"].as_str()),
        (Some("8"), Some("integer"))
    );
    assert!(a["svg"].is_null() && a["picture_error"].is_null());
    let (status, a) = get(
        &app,
        &query("make_layout_tv((_2,_2):(_2,_1), (_1,_2):(_2,_1))"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["kind"], "TV layout");
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 8);
    assert!(cells
        .iter()
        .all(|c| c["thread"].as_i64().unwrap() < 4 && c["value"].as_i64().unwrap() < 2));
}

#[tokio::test]
async fn identity_tensors_and_tiled_mmas_have_pictures() {
    let app = router(Limits::default());
    let (status, a) = get(&app, &query("make_identity_tensor((4,8))")).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert!(a["svg"].as_str().unwrap().contains(">(3,7)</text>"), "{a}");
    assert_eq!(a["cells"][8 + 1]["holds"], "(1,1)");
    let (status, a) = get(
        &app,
        &query("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert!(a["svg"].as_str().unwrap().contains(">T63</text>"), "{a}");
    assert_eq!(a["cells"], serde_json::json!([]));
}

#[tokio::test]
async fn bad_input_is_a_400_with_the_message_and_the_server_serves_on() {
    let app = router(Limits::default());
    for bad in ["nonsense(1)", "(4,2):(1", "complement((2,2):(2,3), 8)", ""] {
        let (status, a) = get(&app, &query(bad)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {a}");
        assert!(!a["error"].as_str().unwrap().is_empty(), "{bad}");
    }
    let (status, a) = get(&app, "/api/eval").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(a["error"].as_str().unwrap().contains("expr"));
    let (status, a) = get(&app, &format!("{}&color=rainbow", query("4:1"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(a["error"].as_str().unwrap().contains("rainbow"));
    let (status, a) = get(&app, &query("(4,2):(2,1)")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(a["result"], "(4,2):(2,1)");
}

#[tokio::test]
async fn limits_are_named_in_the_error() {
    let app = router(Limits::default());
    let long = format!("coalesce({})", "1".repeat(5000));
    let (status, a) = get(&app, &query(&long)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        a["error"].as_str().unwrap().contains("expression length"),
        "{a}"
    );
    // a picture over the renderer's limit: the value, no picture, and why
    let (status, a) = get(&app, &query("(256,256):(256,1)")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(a["svg"].is_null());
    assert!(
        a["picture_error"].as_str().unwrap().contains("16384"),
        "{a}"
    );
    // no evaluation slot: 503
    let busy = router(Limits {
        concurrent: 0,
        queue: 0,
        ..Limits::default()
    });
    let (status, a) = get(&busy, &query("4:1")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        a["error"].as_str().unwrap().contains("concurrent requests"),
        "{a}"
    );
    // no time: the time limit (a 16384-cell picture takes far longer than nothing)
    let slow = router(Limits {
        eval_time: Duration::ZERO,
        ..Limits::default()
    });
    let (status, a) = get(&slow, &query("(128,128):(128,1)")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        a["error"].as_str().unwrap().contains("evaluation time"),
        "{a}"
    );
}

#[tokio::test]
async fn page_ops_and_gallery() {
    let app = router(Limits::default());
    let (status, page) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    let page = page.as_str().unwrap();
    assert!(page.contains("window.CUTE_DATA = null;") && page.contains("async function cute("));
    let (_, ops) = get(&app, "/api/ops").await;
    let names: Vec<&str> = ops
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), cute_tools::registry::operations().len());
    assert!(names.contains(&"composition"));
    let (_, gallery) = get(&app, "/api/gallery").await;
    for f in gallery.as_array().unwrap() {
        let (status, a) = get(
            &app,
            &format!("{}&color=tile", query(f["expr"].as_str().unwrap())),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{f}: {a}");
        assert!(a["svg"].is_string(), "{f}: {a}");
    }
}

/// Kills the server when the test ends, passed or failed.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 GET over TCP: the status line and the body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.lines().next().unwrap_or("").to_string();
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[test]
fn cute_serve_binds_port_0_prints_its_address_and_serves_on_after_bad_requests() {
    use std::io::BufRead;
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut line = String::new();
    std::io::BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let (status, body) = http_get(&addr, "/api/eval?expr=nonsense(1)");
    assert!(status.contains(" 400 "), "{status}");
    assert!(body.contains("\"error\""), "{body}");
    let (status, _) = http_get(&addr, "/api/eval?expr=%ZZ");
    assert!(status.contains(" 400 "), "{status}");
    let (status, body) = http_get(&addr, "/api/eval?expr=coalesce((2,(1,6)):(1,(6,2)))");
    assert!(status.contains(" 200 "), "{status}");
    assert!(body.contains("\"result\":\"12:1\""), "{body}");
}

/// Every coloring, the highlight and the element size reach the picture; banks come with the
/// cells of a shared-memory view; a morphism's picture is its diagram.
#[tokio::test]
async fn picture_options_colorings_highlight_banks_and_morphisms() {
    let app = router(Limits::default());
    for color in ["offset", "tile", "thread", "value", "bank", "warp"] {
        let expr = query("logical_divide((4,2,3):(2,1,8), 4:2)");
        let (status, a) = get(&app, &format!("{expr}&color={color}")).await;
        assert_eq!(status, StatusCode::OK, "{color}: {a}");
        assert!(a["svg"].as_str().unwrap().starts_with("<svg"), "{color}");
        let banks = a["cells"][0].get("bank").is_some();
        assert_eq!(banks, color == "bank", "{color}");
    }
    let (_, a) = get(&app, &format!("{}&elem_bytes=2", query("(8,8):(8,1)"))).await;
    assert_eq!(a["cells"][16]["offset"], 16);
    assert_eq!(a["cells"][16]["bank"], 8);
    let (_, a) = get(
        &app,
        &format!("{}&highlight=%28_%2C3%29", query("(8,8):(8,1)")),
    )
    .await;
    assert_eq!(
        a["svg"]
            .as_str()
            .unwrap()
            .matches("class=\"highlight\"")
            .count(),
        8
    );
    for bad in [
        "highlight=warp%3A1",
        "elem_bytes=0",
        "elem_bytes=x",
        "color=phase2",
    ] {
        let (status, a) = get(&app, &format!("{}&{bad}", query("(8,8):(8,1)"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(a["error"].as_str().unwrap().len() > 10, "{bad}");
    }
    let (_, a) = get(&app, &query("(4,4) -> (4,8,4) over (1,3)")).await;
    assert_eq!(a["kind"], "morphism");
    assert_eq!(
        a["svg"]
            .as_str()
            .unwrap()
            .matches("class=\"arrow\"")
            .count(),
        2
    );
    let (_, page) = get(&app, "/").await;
    assert!(page
        .as_str()
        .unwrap()
        .contains(r#"<option value="warp">warp</option>"#));
}
