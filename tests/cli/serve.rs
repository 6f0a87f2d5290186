//! `arbiter serve` run as a process: the pages, the API on text and on JSON positions, its
//! errors and limits, the user guide's curl example, and a load test of concurrent clients.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::run;

/// A running `arbiter serve --port 0`, stopped when dropped.
struct Server {
    child: Child,
    address: SocketAddr,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// `arbiter serve --port 0` with more arguments.
    fn start_with(more: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--port", "0"])
            .args(more)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("arbiter serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // "arbiter: the web board is at http://127.0.0.1:PORT/ (Ctrl-C stops it)"
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("an address in {line:?}"))
            .parse()
            .unwrap();
        Server { child, address }
    }

    /// One HTTP/1.1 request; the status and the body.
    fn request(&self, method: &str, path: &str, content_type: &str, body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A body over the limit may be refused before it is all sent.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8(answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").expect("a whole answer");
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            unchunk(body)
        } else {
            body.to_string()
        };
        (status, body)
    }

    fn post_text(&self, path: &str, body: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.request("POST", path, "text/plain", body.as_bytes());
        (
            status,
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}")),
        )
    }

    fn post_json(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let body = body.to_string();
        let (status, body) = self.request("POST", path, "application/json", body.as_bytes());
        (
            status,
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}")),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The body of a chunked answer.
fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
}

#[test]
fn the_pages_and_their_assets_are_served() {
    let server = Server::start();
    let (status, index) = server.request("GET", "/", "text/plain", b"");
    assert_eq!(status, 200);
    for game in ["hex", "gioco", "go", "cheesy"] {
        assert!(index.contains(&format!("href=\"/{game}\"")));
        let (status, page) = server.request("GET", &format!("/{game}"), "text/plain", b"");
        assert_eq!(status, 200);
        assert!(page.contains("/assets/board.js"));
    }
    assert_eq!(server.request("GET", "/assets/board.js", "", b"").0, 200);
    assert_eq!(server.request("GET", "/assets/style.css", "", b"").0, 200);
    assert_eq!(server.request("GET", "/chess", "", b"").0, 404);
}

#[test]
fn a_contest_file_gets_one_record_per_case_with_its_picture() {
    let server = Server::start();
    let input =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex.in")).unwrap();
    let (status, records) = server.post_text("/api/hex/judge", &input);
    assert_eq!(status, 200);
    let records = records.as_array().unwrap();
    let verdicts: Vec<&str> = records
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    // The same verdicts as the command line's.
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "hex",
            concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex.in"),
        ])
        .output()
        .unwrap();
    let expected = String::from_utf8(output.stdout).unwrap();
    let expected: Vec<&str> = expected
        .lines()
        .map(|l| l.split_once(": ").unwrap().1)
        .collect();
    assert_eq!(verdicts, expected);
    for record in records {
        assert!(record["svg"].as_str().unwrap().starts_with("<svg"));
        assert!(record["explanation"].is_string());
        assert_eq!(record["game"], "hex");
    }
}

#[test]
fn a_json_position_is_judged_with_the_cells_centres() {
    let server = Server::start();
    let rows = serde_json::json!({ "rows": ["B.", ".W"] });
    let (status, records) = server.post_json("/api/go/judge", rows);
    assert_eq!(status, 200);
    let record = &records[0];
    assert_eq!(record["verdict"], "Draw");
    let grid = &record["grid"];
    assert_eq!(grid["rows"], 2);
    assert_eq!(grid["centres"].as_array().unwrap().len(), 4);
    // The black stone of the top-left point is drawn at that point's centre.
    let (x, y) = (&grid["centres"][0][0], &grid["centres"][0][1]);
    let circle = format!(
        "<circle cx=\"{:.2}\" cy=\"{:.2}\"",
        x.as_f64().unwrap(),
        y.as_f64().unwrap()
    );
    assert!(
        record["svg"].as_str().unwrap().contains(&circle),
        "{circle}"
    );
    // Cheesy Chess: the king and the pawn are letters of the rows.
    let rows = serde_json::json!({ "rows": ["..P", ".F.", "K.D"] });
    let (status, records) = server.post_json("/api/cheesy/judge", rows);
    assert_eq!(status, 200);
    assert_eq!(records[0]["verdict"], "White");
}

#[test]
fn an_sgf_record_and_a_trmph_link_are_read_as_the_command_line_reads_them() {
    let server = Server::start();
    let (_, records) =
        server.post_text("/api/hex/judge", "https://trmph.com/hex/board#3,b2a3c1b1\n");
    assert_eq!(records[0]["verdict"], "Nobody wins");
    let sgf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/hex-games.sgf"
    ))
    .unwrap();
    let (_, records) = server.post_text("/api/hex/judge", &sgf);
    assert_eq!(records[0]["verdict"], "Red wins");
    let go = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/go/gnugo-9x9.sgf"
    ))
    .unwrap();
    let (status, records) = server.post_text("/api/go/judge", &go);
    assert_eq!(status, 200);
    assert!(records.as_array().unwrap().len() > 1);
}

#[test]
fn options_in_the_query_are_the_command_line_s() {
    let server = Server::start();
    let record = "(;SZ[5]KM[0.5]RU[Japanese];B[cc];W[cd];B[dd];W[];B[])";
    let (status, plain) = server.post_text("/api/go/judge", record);
    assert_eq!(status, 200);
    assert_eq!(plain[0]["finished"], true);
    assert_eq!(
        plain[0]["position"],
        serde_json::json!([".....", ".....", "..B..", "..WB.", "....."])
    );
    assert_eq!(plain[0]["grid"]["centres"].as_array().unwrap().len(), 25);
    let (_, at) = server.post_text("/api/go/judge?at_move=3", record);
    assert_eq!(at[0]["moves"], 2);
    assert_eq!(at[0]["finished"], false);
    let (_, chinese) = server.post_text("/api/go/judge?rules=chinese&komi=7.5", record);
    let expected = run(
        &["go", "--rules", "chinese", "--komi", "7.5"],
        record.as_bytes(),
    );
    assert_eq!(
        chinese[0]["verdict"],
        String::from_utf8_lossy(&expected.stdout).trim()
    );
    let (_, marked) = server.post_text("/api/go/judge?dead_at=C2", record);
    assert_eq!(marked[0]["marked_dead"], serde_json::json!(["C2"]));
    let (status, error) = server.post_text("/api/go/judge?dead_at=I5", record);
    assert_eq!(status, 400);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("I is not a Go column")
    );
    let (status, error) = server.post_text("/api/go/judge?colour=red", record);
    assert_eq!(status, 400);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("no option colour")
    );
    let (status, _) = server.post_text("/api/go/judge?rules=roman", record);
    assert_eq!(status, 400);
    let (status, hex) = server.post_text(
        "/api/hex/judge?at_move=2",
        "(;FF[4]GM[11]SZ[3];B[a1];W[b2];B[a2];W[c2];B[a3])",
    );
    assert_eq!(status, 200);
    assert_eq!(hex[0]["moves"], 1);
    // Every game gives a pasted case's board, so that the page shows its size and edits it.
    let (_, cheesy) = server.post_text("/api/cheesy/judge", "1\n...\n.F.\n..D\n1 1\n3 3\n");
    assert_eq!(
        cheesy[0]["position"],
        serde_json::json!(["..P", ".F.", "K.D"])
    );
    let (_, gioco) = server.post_text("/api/gioco/judge", "2\nbw\nwb\n0\n");
    assert_eq!(gioco[0]["position"], serde_json::json!(["bw", "wb"]));
}

#[test]
fn the_solver_shows_every_winning_move() {
    let server = Server::start();
    let rows = serde_json::json!({ "rows": ["....", "....", "....", "...."] });
    let (status, records) = server.post_json("/api/hex/solve", rows);
    assert_eq!(status, 200);
    assert_eq!(
        records[0]["verdict"],
        "Red to move: Red wins with d1 c2 b3 a4"
    );
    assert!(records[0]["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn the_solver_answers_from_its_store_and_keeps_its_proofs() {
    let db = std::env::temp_dir().join(format!("arbiter-serve-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let server = Server::start_with(&["--db", db.to_str().unwrap()]);
    // 6 x 6: enough work at first that the store's answer is clearly less.
    let rows =
        serde_json::json!({ "rows": ["......", "......", "......", "......", "......", "......"] });
    let (_, first) = server.post_json("/api/hex/solve", rows.clone());
    let (_, again) = server.post_json("/api/hex/solve", rows);
    assert_eq!(again[0]["verdict"], first[0]["verdict"]);
    let nodes = |records: &serde_json::Value| records[0]["stats"]["nodes"].as_u64().unwrap();
    assert!(
        nodes(&again) * 10 < nodes(&first),
        "{} then {}",
        nodes(&first),
        nodes(&again)
    );
    assert!(db.exists(), "the store is written after each position");
    drop(server);
    std::fs::remove_file(&db).unwrap();
}

#[test]
fn bad_input_is_a_json_error_with_status_400() {
    let server = Server::start();
    let (status, answer) = server.post_text("/api/hex/judge", "1\n2\nRX\n..\n");
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("case 1"),
        "{answer}"
    );
    let (status, answer) =
        server.post_json("/api/hex/judge", serde_json::json!({ "rows": ["R.", "R"] }));
    assert_eq!(status, 400);
    assert_eq!(answer["error"], "row 2 has 1 cells, row 1 has 2");
    let (status, answer) = server.post_text("/api/hex/judge", "{ not json");
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("the JSON position")
    );
    let (status, _) = server.post_text("/api/chess/judge", "1");
    assert_eq!(status, 404);
    let (status, answer) = server.post_text("/api/hex/judge", "");
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("unexpected end of input")
    );
    let (status, answer) = server.post_text("/api/hex/judge", "0\n");
    assert_eq!(status, 400);
    assert_eq!(answer["error"], "no case in the input");
}

#[test]
fn limits_are_kept_and_said() {
    let server = Server::start();
    let big = vec![b'.'; arbiter_cli::serve::MAX_BODY + 1];
    let (status, body) = server.request("POST", "/api/hex/judge", "text/plain", &big);
    assert_eq!(status, 413);
    assert!(body.contains("limit"), "{body}");
    let many = format!(
        "{}\n{}",
        arbiter_cli::serve::MAX_CASES + 1,
        "1\nR\n".repeat(arbiter_cli::serve::MAX_CASES + 1)
    );
    let (status, answer) = server.post_text("/api/hex/judge", &many);
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().starts_with("more than"),
        "{answer}"
    );
    let side = 300;
    let board = format!(
        "1\n{side}\n{}",
        format!("{}\n", ".".repeat(side)).repeat(side)
    );
    let (status, answer) = server.post_text("/api/hex/judge", &board);
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("too big"),
        "{answer}"
    );
}

#[test]
fn the_guides_curl_example_gives_what_it_shows() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/src/web-board.md"
    ))
    .unwrap();
    let example = page
        .split("```console\n$ curl ")
        .nth(1)
        .expect("a curl example in the web board's page");
    let (command, rest) = example.split_once('\n').unwrap();
    let shown = rest.split("```").next().unwrap().trim();
    let server = Server::start();
    // `curl -s http://127.0.0.1:8080/api/hex/judge --data-binary @examples/hex-cut.in`, with
    // the server's real port; the shown answer is cut (…) after its verdict.
    let address = format!("http://{}", server.address);
    let args: Vec<String> = command
        .replace("http://127.0.0.1:8080", &address)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let file = args
        .iter()
        .find_map(|a| a.strip_prefix('@'))
        .expect("a file sent");
    let body = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap();
    let answer = match Command::new("curl")
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    {
        Ok(output) if output.status.success() => String::from_utf8(output.stdout).unwrap(),
        // Without curl, the same request by hand.
        _ => {
            server
                .request(
                    "POST",
                    "/api/hex/judge",
                    "application/x-www-form-urlencoded",
                    body.as_bytes(),
                )
                .1
        }
    };
    let prefix = shown.trim_end_matches('…');
    assert!(answer.starts_with(prefix), "{answer}\nshown: {shown}");
}

#[test]
fn thousands_of_requests_from_concurrent_clients_all_answer_right() {
    let server = Server::start();
    let clients = 8;
    let each = 250;
    let cases = [
        ("/api/hex/judge", "1\n2\nR.\nRB\n", "Red wins"),
        ("/api/gioco/judge", "2\nbw\nbw\n0\n", "B"),
        ("/api/go/judge", "2 1 0\n1 1\n0\n", "Black wins by 3"),
        ("/api/cheesy/judge", "1\n...\n.F.\n...\n1 1\n2 3\n", "White"),
    ];
    std::thread::scope(|scope| {
        for client in 0..clients {
            let server = &server;
            scope.spawn(move || {
                for i in 0..each {
                    let (path, input, verdict) = cases[(client + i) % cases.len()];
                    let (status, records) = server.post_text(path, input);
                    assert_eq!(status, 200, "{path}");
                    assert_eq!(records[0]["verdict"], verdict, "{path}");
                }
            });
        }
    });
    // Bounded in count (2,000 requests), and in time by each request's read timeout.
}
