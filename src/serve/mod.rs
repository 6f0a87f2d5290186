//! `arbiter serve`: a small local web board. One page per game and a start page, built into
//! the binary (no internet needed), and the HTTP API they use:
//!
//! - `POST /api/<game>/judge`: the body is a position as JSON (`{"rows": [...]}`, see
//!   [`position`]) or text in any format the game reads (a whole contest file, SGF records,
//!   trmph links). The answer is a JSON array with one record per case: the record that
//!   `--format json --explain` writes, plus `"svg"` (the picture, or null for a board too big
//!   to draw) and, for a JSON position, `"grid"` (each cell's centre in the picture).
//!   Options go in the query, named as the command line names them: for Go `rules`
//!   (`contest` or a rule set), `komi`, `dead` (`markup`, `estimate`, `playouts`, `none`),
//!   `dead_at` and `alive_at` (points, comma-separated), `at_move`; for Hex `at_move`. Each
//!   record also gets `"position"` (its board as rows of the position's letters, when the
//!   game gives them) and `"grid"` for a square board, so that a pasted case can be clicked
//!   and edited.
//! - `POST /api/hex/solve`: the same for the Hex solver (`--solve`), within [`SOLVE_BUDGET`].
//!
//! Safety: bodies over [`MAX_BODY`] bytes get 413; at most [`MAX_CASES`] cases a request, each
//! of weight at most [`MAX_CASE_WEIGHT`] (cells, or bytes of a record), and at most
//! [`MAX_SOLVE_CASES`] positions to solve; the judging runs on arbiter's pool of threads, off
//! the async ones, at most two requests a core taken at once (the others wait); bad input
//! gets status 400 and
//! `{"error": "..."}`, and a panic while judging (a bug) gets 500 with the same shape, never a
//! dropped connection.

pub mod position;

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use std::collections::HashMap;

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use arbiter::game::Game;
use arbiter::registry::{GameName, Judge, Visit};
use position::Setup;

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 1 << 20;
/// The most cases judged for one request.
pub const MAX_CASES: usize = 100;
/// The largest case: cells of a board, or bytes of a game record.
pub const MAX_CASE_WEIGHT: usize = 65_536;
/// The most positions solved for one request.
pub const MAX_SOLVE_CASES: usize = 4;
/// How long the solver may think about one position.
pub const SOLVE_BUDGET: Duration = Duration::from_secs(10);

const INDEX: &str = include_str!("assets/index.html");
const BOARD: &str = include_str!("assets/board.html");
const SCRIPT: &str = include_str!("assets/board.js");
const STYLE: &str = include_str!("assets/style.css");
const ICON: &[u8] = include_bytes!("assets/favicon.ico");
const ICON_SVG: &str = include_str!("assets/favicon.svg");

/// The web board's routes: the pages, their assets and the API.
pub fn router() -> Router {
    Router::new()
        .route("/", get(|| async { Html(index()) }))
        .route(
            "/assets/board.js",
            get(|| async { asset("text/javascript", SCRIPT) }),
        )
        .route(
            "/assets/style.css",
            get(|| async { asset("text/css", STYLE) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { ([(header::CONTENT_TYPE, "image/x-icon")], ICON).into_response() }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", ICON_SVG) }),
        )
        .route("/{game}", get(page))
        .route("/api/{game}/judge", post(judge))
        .route("/api/hex/solve", post(solve))
}

/// The solution store the board's "Solve" consults and adds to, when one is kept
/// (`arbiter serve --db FILE`).
static STORE: std::sync::OnceLock<arbiter::hex::solve::SharedStore> = std::sync::OnceLock::new();

/// Keeps the Hex solver's proofs in `store` from now on: the board's "Solve" answers from it
/// what it holds (set once; a second store is refused and returned).
///
/// # Errors
/// A store set already: the one given back.
pub fn keep_solutions_in(
    store: arbiter::hex::solve::SharedStore,
) -> Result<(), arbiter::hex::solve::SharedStore> {
    STORE.set(store)
}

/// Serves the web board on `address` until interrupted (Ctrl-C), calling `ready` with the
/// address bound (the port chosen when it was 0).
///
/// # Errors
/// When the address cannot be bound.
pub async fn serve(address: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The start page: a link to each game's page.
fn index() -> String {
    let games: String = GameName::ALL
        .map(Setup::of)
        .iter()
        .map(|page| {
            format!(
                "<li><a href=\"/{}\">{}</a>: {}</li>\n",
                page.name,
                html_text(page.title),
                html_text(page.summary)
            )
        })
        .collect();
    INDEX.replace("{{games}}", &games)
}

/// A game's page: the board, with every game's setup for the script and a link to each.
fn board(game: GameName) -> String {
    let setups = GameName::ALL.map(Setup::of);
    let nav: Vec<String> = setups
        .iter()
        .map(|page| format!("<a href=\"/{}\">{}</a>", page.name, html_text(page.title)))
        .collect();
    let script = serde_json::to_string(&json!({ "game": game, "games": setups }))
        .unwrap_or_default()
        .replace('<', "\\u003c");
    BOARD
        .replace("{{nav}}", &nav.join(" "))
        .replace("{{games}}", &script)
}

/// Text made safe inside HTML.
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn page(Path(game): Path<String>) -> Response {
    match game.parse::<GameName>() {
        Ok(game) => Html(board(game)).into_response(),
        Err(_) => error(
            StatusCode::NOT_FOUND,
            format!(
                "no page {game}: the games are {:?}",
                GameName::ALL.map(GameName::name)
            ),
        ),
    }
}

/// An error answer: the status and `{"error": message}`.
fn error(status: StatusCode, message: String) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}

/// A request's body, at most [`MAX_BODY`] bytes; past that, the 413 error answer.
async fn read_body(body: Body) -> Result<Bytes, Response> {
    axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| {
        let message = format!("the request is over {MAX_BODY} bytes, the web board's limit");
        error(StatusCode::PAYLOAD_TOO_LARGE, message)
    })
}

async fn judge(
    Path(game): Path<String>,
    Query(options): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let body = match read_body(body).await {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let json_body = is_json(&headers, &body);
    let limits = Limits {
        cases: MAX_CASES,
        weight: MAX_CASE_WEIGHT,
    };
    answer(move || {
        let game = game
            .parse::<GameName>()
            .map_err(|_| (StatusCode::NOT_FOUND, format!("no game called {game}")))?;
        let judge = judge_with(game, &options).map_err(|e| (StatusCode::BAD_REQUEST, e))?;
        judge.visit(Request {
            body: &body,
            json_body,
            limits,
        })
    })
    .await
}

/// A game's judge with the options of a request's query, named as the command line names
/// them; the web board takes those that judge a position (not `network`, a file on the
/// server, nor the solver's, which has a page of its own).
fn judge_with(game: GameName, options: &HashMap<String, String>) -> Result<Judge, String> {
    let taken = game.options_from_text();
    if let Some(unknown) = options.keys().find(|k| !taken.contains(&k.as_str())) {
        return Err(format!(
            "no option {unknown} for {game}: its options are {taken:?}"
        ));
    }
    let options = options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    game.judge_with(options).map_err(|e| e.to_string())
}

async fn solve(headers: HeaderMap, body: Body) -> Response {
    let body = match read_body(body).await {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let json_body = is_json(&headers, &body);
    // The solver bounds its own boards (and says "unknown" past them); few positions a
    // request, since each may take the whole budget.
    let limits = Limits {
        cases: MAX_SOLVE_CASES,
        weight: usize::MAX,
    };
    answer(move || {
        let solver = Judge::HexSolver(arbiter::hex::solve::Analysis {
            settings: arbiter::hex::solve::Settings {
                budget: Some(SOLVE_BUDGET),
                megabytes: 64,
                // The server judges requests side by side already.
                threads: 1,
                ..Default::default()
            },
            to_move: None,
            moves: false,
            question: arbiter::hex::solve::Question::EveryMove,
            at_move: None,
            store: STORE.get().cloned(),
        });
        solver.visit(Request {
            body: &body,
            json_body,
            limits,
        })
    })
    .await
}

/// Whether the body is a JSON position: said by its content type, or starting with `{`.
fn is_json(headers: &HeaderMap, body: &[u8]) -> bool {
    let said = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    said || body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// The requests judged at once: two a core. The others wait their turn, so that many
/// clients cannot hold more memory than that many requests need (each solve holds a 64 MB
/// table).
fn workers() -> &'static tokio::sync::Semaphore {
    static WORKERS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    WORKERS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        tokio::sync::Semaphore::new(2 * cores)
    })
}

/// Runs `work` on arbiter's pool of threads ([`arbiter::pool`]), off the async threads, when a
/// worker is free, and makes its result an answer; a panic in it becomes a 500 error.
async fn answer<F>(work: F) -> Response
where
    F: FnOnce() -> Result<Value, (StatusCode, String)> + Send + 'static,
{
    let Ok(_permit) = workers().acquire().await else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        );
    };
    let (done, judged) = tokio::sync::oneshot::channel();
    arbiter::pool::spawn(move || {
        let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        // The client gone, nobody waits for the answer.
        let _ = done.send(judged);
    });
    match judged.await {
        Ok(Ok(Ok(value))) => axum::Json(value).into_response(),
        Ok(Ok(Err((status, message)))) => error(status, message),
        Ok(Err(_)) | Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "arbiter failed on this input (a bug: please report it with the input)".into(),
        ),
    }
}

/// How much one request may ask for.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// Cases.
    cases: usize,
    /// The weight of one case ([`Game::weight`]).
    weight: usize,
}

/// One request's body, to be judged with a game: the records as a JSON array.
struct Request<'a> {
    body: &'a [u8],
    json_body: bool,
    limits: Limits,
}

impl Visit for Request<'_> {
    type Output = Result<Value, (StatusCode, String)>;

    fn visit<G: Game>(self, game: &G) -> Self::Output {
        let bad = |message: String| (StatusCode::BAD_REQUEST, message);
        if !self.json_body {
            return judge_text(game, self.body, self.limits)
                .map(Value::Array)
                .map_err(bad);
        }
        let position: position::Position = serde_json::from_slice(self.body)
            .map_err(|e| bad(format!("the JSON position: {e}")))?;
        let name = G::NAME
            .parse::<GameName>()
            .map_err(|e| bad(e.to_string()))?;
        let (text, grid) = position.contest_text(name).map_err(bad)?;
        let mut records = judge_text(game, text.as_bytes(), self.limits).map_err(bad)?;
        for record in records.iter_mut().filter(|r| r.get("grid").is_none()) {
            record["grid"] = serde_json::to_value(&grid).map_err(|e| bad(e.to_string()))?;
        }
        Ok(Value::Array(records))
    }
}

/// Where the cells of a case's picture are, for a page to turn clicks into cells: the
/// position's own grid, or, for a Go game scored under a rule set, the grid of its picture.
fn grid_of(game: &str, rows: &[String], scored: bool) -> Option<position::Grid> {
    game.parse::<GameName>().ok()?.picture_grid(rows, scored)
}

/// Reads, judges and draws every case of `text`: each case's JSON record with its
/// explanation and picture. The first bad case ends it with the error.
fn judge_text<G: Game>(game: &G, text: &[u8], limits: Limits) -> Result<Vec<Value>, String> {
    let mut records = Vec::new();
    for (number, raw) in (1..).zip(game.read(text)) {
        if number > limits.cases {
            let most = limits.cases;
            return Err(format!(
                "more than {most} cases: the web board takes at most {most} a request"
            ));
        }
        let raw = raw.map_err(|e| e.in_case(number).to_string())?;
        if game.weight(&raw) > limits.weight {
            return Err(format!(
                "case {number} is too big for the web board (at most {} cells or bytes a case; use the command line)",
                limits.weight
            ));
        }
        let case = game
            .prepare(raw)
            .map_err(|e| e.in_case(number).to_string())?;
        let (mut record, judgement) = arbiter::run::judged_record(game, None, number, &case, true)
            .map_err(|e| e.to_string())?;
        let mut svg = Vec::new();
        record["svg"] = match game.draw(&case, &judgement, &mut svg) {
            Ok(()) => Value::String(String::from_utf8_lossy(&svg).into_owned()),
            Err(_) => Value::Null,
        };
        if let Some(rows) = game.board_rows(&case) {
            if let Some(grid) = grid_of(G::NAME, &rows, record.get("rules").is_some()) {
                record["grid"] = serde_json::to_value(&grid).map_err(|e| e.to_string())?;
            }
            record["position"] = Value::from(rows);
        }
        if let Some(played) = game.played(&case) {
            record["played"] = serde_json::to_value(played).map_err(|e| e.to_string())?;
        }
        let warnings: Vec<Value> = game
            .warnings(&case)
            .into_iter()
            .map(Value::String)
            .collect();
        if !warnings.is_empty() {
            record["warnings"] = Value::Array(warnings);
        }
        records.push(record);
    }
    if records.is_empty() {
        return Err("no case in the input".into());
    }
    Ok(records)
}
