// The web board in a real browser: Debian's Chromium driven by playwright-core. Starts
// `arbiter serve` (target/release/arbiter, built first), opens every page, builds known
// positions by clicking, checks the verdict and the evidence drawn (elements, and a few
// pixels of a screenshot), pastes an SGF record and a contest case, solves a Hex board, and
// saves each page's screenshot for the user guide (docs/src/screenshots/).
//
//   cargo build --release && (cd web-tests && npm ci) && node web-tests/board.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, mkdirSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arbiter = path.join(root, "target/release/arbiter");
const shots = path.join(root, "docs/src/screenshots");

let server;
let base;
let browser;

before(async () => {
  server = spawn(arbiter, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    server.stdout.once("data", (data) => {
      const found = /http:\/\/[^/ ]+/.exec(String(data));
      found ? resolve(found[0]) : reject(new Error(`no address in ${data}`));
    });
    server.once("exit", (code) => reject(new Error(`arbiter serve exited with ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-background-networking"],
  });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/// The verdict the command line gives for a contest input: an independent check of the page.
function commandLine(game, input) {
  const line = execFileSync(arbiter, [game], { input }).toString().trim();
  return line.replace(/^Case #\d+: /, "").replace(/^\d+ /, "");
}

async function openGame(game, size) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(`${base}/${game}`);
  await page.waitForSelector("#board svg");
  if (size) await answered(page, () => page.selectOption("#size", String(size)));
  return page;
}

/// Does `action` and waits until the page has shown the API's answer to it.
async function answered(page, action) {
  // A record's review runs beside its judging: the judging's answer is the one awaited.
  const response = page.waitForResponse((r) => r.url().includes("/api/") && !r.url().includes("review=true"));
  await action();
  await response;
  await page.waitForFunction(() => !document.getElementById("verdict").textContent.startsWith("…"));
  await page.waitForTimeout(50);
}

/// Clicks the cell (row, col) of the board set up, `times` times.
async function click(page, row, col, times = 1) {
  for (let i = 0; i < times; i++) {
    const [x, y] = await page.evaluate(([r, c]) => {
      const svg = document.querySelector("#board svg");
      const [cx, cy] = grid.centres[r * grid.cols + c];
      const point = svg.createSVGPoint();
      point.x = cx;
      point.y = cy;
      const at = point.matrixTransform(svg.getScreenCTM());
      return [at.x, at.y];
    }, [row, col]);
    await answered(page, () => page.mouse.click(x, y));
  }
}

const verdict = (page) => page.textContent("#verdict");
const rows = (page) => page.evaluate(() => rows);

/// The colour of a pixel of a PNG (8-bit RGB or RGBA, not interlaced).
function pixel(png, x, y) {
  const width = png.readUInt32BE(16);
  const channels = png[25] === 6 ? 4 : 3;
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("ascii", at + 4, at + 8);
    if (type === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const lines = [];
  let previous = Buffer.alloc(stride);
  for (let line = 0; line <= y; line++) {
    const filter = raw[line * (stride + 1)];
    const data = Buffer.from(raw.subarray(line * (stride + 1) + 1, (line + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? data[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
        ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const add = [0, left, up, (left + up) >> 1, paeth][filter];
      data[i] = (data[i] + add) & 255;
    }
    lines.push(data);
    previous = data;
  }
  const at = x * channels;
  return [lines[y][at], lines[y][at + 1], lines[y][at + 2]];
}

/// A cell's centre (moved `dx` picture units right) in a screenshot of the board element.
async function centreInShot(page, row, col, dx = 0) {
  return page.evaluate(([r, c, dx]) => {
    const svg = document.querySelector("#board svg");
    const box = svg.getBoundingClientRect();
    const [cx, cy] = grid.centres[r * grid.cols + c];
    const point = svg.createSVGPoint();
    point.x = cx + dx;
    point.y = cy;
    const at = point.matrixTransform(svg.getScreenCTM());
    return [Math.round(at.x - box.left), Math.round(at.y - box.top)];
  }, [row, col, dx]);
}

test("the start page links every game", async () => {
  const page = await browser.newPage();
  await page.goto(base);
  const links = await page.$$eval("#games a", (as) => as.map((a) => a.getAttribute("href")));
  assert.deepEqual(links, ["/hex", "/gioco", "/go", "/cheesy"]);
  await page.close();
});

test("hex: clicks build a won board; the chain is drawn, red where the stones are", async () => {
  const page = await openGame("hex", 3);
  await click(page, 0, 0);
  await click(page, 1, 0);
  await click(page, 2, 0);
  await click(page, 0, 1, 2);
  await click(page, 2, 1, 2);
  assert.deepEqual(await rows(page), ["RB.", "R..", "RB."]);
  assert.equal(await verdict(page), commandLine("hex", "1\n3\nRB.\nR..\nRB.\n"));
  assert.equal(await verdict(page), "Red wins");
  assert.match(await page.textContent("#explanation"), /Red joins top to bottom/);
  // The evidence: outlined chain cells.
  assert.ok(await page.$$eval("#board svg [stroke='#f5b700']", (e) => e.length) >= 3);
  const shot = await page.locator("#board svg").screenshot();
  // A little right of a2's centre (its centre holds the white dot of a possible last stone).
  const [r, g, b] = pixel(shot, ...(await centreInShot(page, 1, 0, 10)));
  assert.ok(r > 150 && g < 90 && b < 90, `a2 is red: ${[r, g, b]}`);
  const [rw, gw, bw] = pixel(shot, ...(await centreInShot(page, 1, 0)));
  assert.ok(rw > 200 && gw > 200 && bw > 200, `a2 is dotted: ${[rw, gw, bw]}`);
  const [rb, gb, bb] = pixel(shot, ...(await centreInShot(page, 0, 1)));
  assert.ok(bb > 150 && rb < 90, `b1 is blue: ${[rb, gb, bb]}`);
  const [r2, g2, b2] = pixel(shot, ...(await centreInShot(page, 1, 2)));
  assert.ok(r2 > 200 && g2 > 200 && b2 > 200, `c2 is empty: ${[r2, g2, b2]}`);
  await page.screenshot({ path: path.join(shots, "hex.png") });
  await page.close();
});

test("hex: pasting an SGF record and a contest file", async () => {
  const page = await openGame("hex");
  const sgf = readFileSync(path.join(root, "examples/hex-games.sgf"), "utf8");
  await page.fill("#paste", sgf);
  await answered(page, () => page.click("#judge-text"));
  assert.equal(await verdict(page), "Red wins");
  assert.match(await page.textContent("#explanation"), /at move 8 \(c1\)/);
  const contest = readFileSync(path.join(root, "examples/hex.in"), "utf8");
  await page.fill("#paste", contest);
  await answered(page, () => page.click("#judge-text"));
  const cases = await page.$$eval("#cases li", (items) => items.map((i) => i.textContent));
  const expected = execFileSync(arbiter, ["hex", path.join(root, "examples/hex.in")])
    .toString().trim().split("\n").map((l) => l.replace(/^Case #\d+: /, ""));
  assert.deepEqual(cases, expected);
  await page.click("#cases li:nth-child(2)");
  assert.equal(await verdict(page), expected[1]);
  await page.fill("#paste", "1\n2\nRX\n..\n");
  await answered(page, () => page.click("#judge-text"));
  assert.match(await verdict(page), /^Error: case 1, line 3, column 2/);
  await page.close();
});

test("hex: solve dots every winning move", async () => {
  const page = await openGame("hex", 4);
  await answered(page, () => page.click("#solve"));
  assert.equal(await verdict(page), "Red to move: Red wins with d1 c2 b3 a4");
  await page.close();
});

test("go: one stone owns the board; territory is drawn", async () => {
  const page = await openGame("go", 5);
  await click(page, 2, 2);
  assert.equal(await verdict(page), "Black wins by 24");
  assert.equal(await verdict(page), commandLine("go", "5 1 0\n3 3\n0\n"));
  // A territory mark on every empty point, besides the board and the stone.
  assert.ok(await page.$$eval("#board svg rect", (e) => e.length) >= 24);
  await click(page, 0, 0, 2);
  assert.equal(await verdict(page), commandLine("go", "5 1 1\n3 3\n1 1\n0\n"));
  // A real game: GNU Go's, scored with its dead stones.
  const game = readFileSync(path.join(root, "fuzz/seeds/go_sgf/gnugo-9x9-game1.sgf"), "utf8");
  await page.fill("#paste", game);
  await answered(page, () => page.click("#judge-text"));
  const expected = execFileSync(arbiter, ["go"], { input: game }).toString().trim();
  assert.equal(await verdict(page), expected);
  await page.screenshot({ path: path.join(shots, "go.png") });
  await page.close();
});

test("gioco: clicks flip cells; the verdict follows", async () => {
  const page = await openGame("gioco", 2);
  assert.deepEqual(await rows(page), ["bw", "wb"]);
  assert.equal(await verdict(page), commandLine("gioco", "2\nbw\nwb\n0\n"));
  await click(page, 0, 0);
  assert.deepEqual(await rows(page), ["ww", "wb"]);
  assert.equal(await verdict(page), commandLine("gioco", "2\nww\nwb\n0\n"));
  await answered(page, () => page.selectOption("#size", "6"));
  assert.ok(await page.$$eval("#board svg polygon", (e) => e.length) >= 36);
  await page.screenshot({ path: path.join(shots, "gioco.png") });
  await page.close();
});

test("cheesy: the king, the pawn and the fields by clicks; the king's line is drawn", async () => {
  const page = await openGame("cheesy", 3);
  assert.deepEqual(await rows(page), ["..P", "...", "K.."]);
  await click(page, 1, 1);
  await click(page, 2, 2, 2);
  assert.deepEqual(await rows(page), ["..P", ".F.", "K.D"]);
  assert.equal(await verdict(page), "White");
  assert.equal(await verdict(page), commandLine("cheesy", "1\n...\n.F.\n..D\n1 1\n3 3\n"));
  assert.ok(await page.$$eval("#board svg [stroke='#1d4ed8']", (e) => e.length) >= 1);
  // Moving the king: clicking a field up to K puts the king there and clears the old one.
  await click(page, 0, 0, 3);
  assert.deepEqual(await rows(page), ["K.P", ".F.", "..D"]);
  await answered(page, () => page.selectOption("#size", "8"));
  await page.screenshot({ path: path.join(shots, "cheesy.png") });
  await page.close();
});

test("a failed paste clears the last verdict, its board and explanation", async () => {
  const page = await openGame("hex", 3);
  await click(page, 0, 0);
  assert.ok(await page.$("#board svg"));
  await page.fill("#paste", "1\n2\nRX\n..\n");
  await answered(page, () => page.click("#judge-text"));
  assert.match(await verdict(page), /^Error: case 1, line 3, column 2/);
  assert.equal(await page.textContent("#explanation"), "");
  assert.equal(await page.$("#board svg"), null);
  assert.equal(await page.$$eval("#cases li", (items) => items.length), 0);
  // A new board brings the board back.
  await answered(page, () => page.click("#clear"));
  assert.ok(await page.$("#board svg"));
  await page.close();
});

test("the size list follows the board shown; explanations wrap", async () => {
  const page = await openGame("hex", 5);
  const record = "(;FF[4]GM[11]SZ[11];B[f6];W[e7];B[d7];W[c8])";
  await page.fill("#paste", record);
  await answered(page, () => page.click("#judge-text"));
  assert.equal(await page.$eval("#size", (s) => s.value), "11");
  assert.equal(await page.$eval("#size", (s) => s.selectedOptions[0].textContent), "11 x 11");
  // A long line: the box wraps it rather than cutting it at its right edge.
  const long = "(;FF[4]GM[11]SZ[3]" + "C[" + "x".repeat(400) + "];B[a1];W[a1])";
  await page.fill("#paste", long);
  await answered(page, () => page.click("#judge-text"));
  const style = await page.$eval("#explanation", (e) => getComputedStyle(e).whiteSpace);
  assert.equal(style, "pre-wrap");
  const fits = await page.$eval("#explanation", (e) => e.scrollWidth <= e.clientWidth + 1);
  assert.ok(fits, "no line is cut at the right edge");
  await page.close();
});

test("go: rule set and komi chosen on the page; the count is the command line's", async () => {
  const page = await openGame("go", 5);
  await click(page, 2, 2);
  await answered(page, () => page.selectOption("#rules", "japanese"));
  await answered(page, async () => { await page.fill("#komi", "6.5"); await page.dispatchEvent("#komi", "change"); });
  const expected = execFileSync(arbiter, ["go", "--rules", "japanese", "--komi", "6.5"], { input: "5 1 0\n3 3\n0\n" })
    .toString().trim();
  assert.equal(await verdict(page), expected);
  assert.equal(expected, "B+17.5");
  await answered(page, () => page.selectOption("#rules", "chinese"));
  assert.equal(await verdict(page), "B+18.5");
  await page.close();
});

test("go: clicking a group marks it dead, clicking again alive", async () => {
  const page = await openGame("go", 5);
  // A black wall on the third column, a lone white stone in Black's area.
  for (let r = 0; r < 5; r++) await click(page, r, 2);
  await click(page, 2, 0, 2);
  await answered(page, () => page.selectOption("#rules", "japanese"));
  await page.selectOption("#mode", "dead");
  const before = await page.evaluate(() => records[0].dead);
  const input = "5 5 1\n1 3\n2 3\n3 3\n4 3\n5 3\n3 1\n0\n";
  const cli = (args) => JSON.parse(execFileSync(arbiter, ["go", "--rules", "japanese", "--format", "json", ...args], { input }).toString());
  assert.deepEqual(before, cli([]).dead);
  const marked = before.includes("A3") ? "alive" : "dead";
  await click(page, 2, 0);
  const after = await page.evaluate(() => records[0].dead);
  assert.deepEqual(after, cli([`--${marked}-at`, "A3"]).dead);
  assert.notDeepEqual(after, before);
  assert.equal(await verdict(page), cli([`--${marked}-at`, "A3"]).verdict);
  await click(page, 2, 0);
  assert.deepEqual(await page.evaluate(() => records[0].dead), before);
  await page.close();
});

test("go: a pasted record is stepped through move by move and edited", async () => {
  const page = await openGame("go");
  const record = "(;SZ[5]KM[0.5]RU[Japanese];B[cc];W[cd];B[dd];W[];B[])";
  await page.fill("#paste", record);
  await answered(page, () => page.click("#judge-text"));
  assert.equal(await page.textContent("#move-number"), "after move 5 of 5");
  assert.equal(await verdict(page), execFileSync(arbiter, ["go"], { input: record }).toString().trim());
  await answered(page, () => page.click("#back"));
  assert.equal(await page.textContent("#move-number"), "after move 4 of 5");
  assert.match(await verdict(page), /^unfinished after move 4: estimate /);
  await answered(page, () => page.click("#first"));
  assert.equal(await page.textContent("#move-number"), "after move 0 of 5");
  await answered(page, () => page.click("#forward"));
  await answered(page, () => page.click("#forward"));
  assert.equal(await page.textContent("#move-number"), "after move 2 of 5");
  assert.deepEqual(await page.evaluate(() => records[0].position), [".....", ".....", "..B..", "..W..", "....."]);
  // Edit from here: the position becomes the one set up, and a click adds a stone.
  await answered(page, () => page.click("#edit"));
  assert.deepEqual(await rows(page), [".....", ".....", "..B..", "..W..", "....."]);
  assert.ok(await page.isHidden("#steps"));
  await click(page, 0, 0);
  assert.deepEqual(await rows(page), ["B....", ".....", "..B..", "..W..", "....."]);
  await page.close();
});

/// Waits until the review of the record pasted is shown.
async function reviewed(page) {
  await page.waitForFunction(() => review !== null && document.querySelector("#graph svg") !== null);
}

test("go: an empty board has coordinates and star points", async () => {
  const page = await openGame("go", 19);
  const labels = await page.$$eval("#board svg text", (texts) => texts.map((t) => t.textContent));
  for (const label of ["A", "T", "1", "19"]) assert.ok(labels.includes(label), `label ${label}`);
  assert.ok(!labels.includes("I"), "no column I");
  // Nine star points on 19 x 19: small dark circles.
  const stars = await page.$$eval("#board svg circle", (cs) => cs.filter((c) => Number(c.getAttribute("r")) <= 3).length);
  assert.equal(stars, 9);
  await page.close();
});

test("go: a pasted record shows its players, last move, numbers, comments and review", async () => {
  const page = await openGame("go");
  const record = readFileSync(path.join(root, "tests/data/go/records/master-2016-12-29-yu-zhiying-magist.sgf"), "utf8")
    .replace(";B[pd]", ";B[pd]C[A star point to start.]");
  await page.fill("#paste", record);
  await answered(page, () => page.click("#judge-text"));
  await reviewed(page);
  const info = await page.textContent("#game-info");
  assert.match(info, /Black: Magist \(9p\)/);
  assert.match(info, /White: Yu Zhiying \(5p\)/);
  assert.match(info, /2016-12-29/);
  assert.match(info, /result B\+R/);
  // The last move (113, B) ringed where the command line's review says it was played.
  const cli = execFileSync(arbiter, ["go", "--review", "--visits", "0", "--format", "json"], { input: record })
    .toString().trim().split("\n").map((l) => JSON.parse(l));
  const lastMove = cli[cli.length - 2];
  assert.equal(await page.$$eval("#board .last-move", (e) => e.length), 1);
  const ringed = await page.evaluate(() => {
    const ring = document.querySelector("#board .last-move");
    const x = Number(ring.getAttribute("cx")), y = Number(ring.getAttribute("cy"));
    const i = grid.centres.findIndex(([cx, cy]) => Math.hypot(cx - x, cy - y) < 1);
    return [Math.floor(i / grid.cols), i % grid.cols];
  });
  const name = "ABCDEFGHJKLMNOPQRST"[ringed[1]] + String(19 - ringed[0]);
  assert.equal(name, lastMove.move);
  // Move numbers on demand, one on each stone still standing.
  assert.equal(await page.$$eval("#board .move-number", (e) => e.length), 0);
  await page.check("#numbers");
  const numbers = await page.$$eval("#board .move-number", (e) => e.map((t) => t.textContent));
  const stones = (await page.evaluate(() => records[0].position.join(""))).replace(/\./g, "").length;
  assert.equal(numbers.length, stones);
  assert.ok(numbers.includes("113"));
  // The graph and the mistakes are the command line's.
  const summary = cli[cli.length - 1];
  const listed = await page.$$eval("#mistakes li", (items) => items.map((i) => i.textContent));
  assert.equal(listed.length, summary.black.biggest.length + summary.white.biggest.length);
  assert.equal(await page.$$eval("#graph .mistake", (e) => e.length), listed.length);
  await page.screenshot({ path: path.join(shots, "go-review.png"), fullPage: true });
  // A click on a mistake goes to the position it was made in: the best move ringed green.
  const first = await page.$eval("#mistakes li", (item) => Number(/Move (\d+)/.exec(item.textContent)[1]));
  await answered(page, () => page.click("#mistakes li"));
  assert.equal(await page.textContent("#move-number"), `after move ${first - 1} of 113`);
  assert.equal(await page.$$eval("#board .best-move", (e) => e.length), 1);
  assert.match(await page.textContent("#position-note"), /Best next: /);
  // The arrow keys step; the comment of the first move shows after it.
  await page.evaluate(() => document.activeElement?.blur());
  await answered(page, () => page.keyboard.press("Home"));
  assert.equal(await page.textContent("#move-number"), "after move 0 of 113");
  await answered(page, () => page.keyboard.press("ArrowRight"));
  assert.equal(await page.textContent("#move-number"), "after move 1 of 113");
  assert.equal(await page.textContent("#comment"), "A star point to start.");
  await answered(page, () => page.keyboard.press("ArrowRight"));
  await answered(page, () => page.keyboard.press("ArrowLeft"));
  assert.equal(await page.textContent("#move-number"), "after move 1 of 113");
  // A click on the graph goes to that move.
  const box = await page.locator("#graph svg").boundingBox();
  await answered(page, () => page.mouse.click(box.x + box.width * (36 + (520 - 46) * 0.5) / 520, box.y + box.height / 2));
  const middle = Number(/after move (\d+)/.exec(await page.textContent("#move-number"))[1]);
  assert.ok(Math.abs(middle - 56) <= 1, `${middle}`);
  await page.close();
});

test("go: the 19 x 19 explanation's diagram keeps its rows; the paste box speaks of Go only", async () => {
  const page = await openGame("go");
  assert.doesNotMatch(await page.textContent("#paste-label"), /trmph/);
  const record = readFileSync(path.join(root, "tests/data/go/records/master-2016-12-29-yu-zhiying-magist.sgf"), "utf8");
  await page.fill("#paste", record);
  await answered(page, () => page.click("#judge-text"));
  const rows = await page.$$eval("#explanation .diagram", (spans) =>
    spans.map((s) => [s.textContent, s.getClientRects().length, getComputedStyle(s).whiteSpace]));
  assert.ok(rows.length >= 21, `${rows.length} diagram rows`);
  for (const [text, lines, space] of rows) {
    assert.equal(space, "pre", text);
    assert.equal(lines, 1, `one line: ${text}`);
  }
  await page.close();
});

test("a favicon is served", async () => {
  const page = await browser.newPage();
  const ico = await page.goto(`${base}/favicon.ico`);
  assert.equal(ico.status(), 200);
  assert.equal(ico.headers()["content-type"], "image/x-icon");
  const body = await ico.body();
  assert.deepEqual([...body.subarray(0, 4)], [0, 0, 1, 0]);
  const svg = await page.goto(`${base}/favicon.svg`);
  assert.equal(svg.status(), 200);
  await page.goto(`${base}/go`);
  assert.ok(await page.$("link[rel=icon][href='/favicon.svg']"));
  await page.close();
});

test("hex: a pasted record shows coordinates and its last move, and steps by the arrow keys", async () => {
  const page = await openGame("hex");
  const record = "(;FF[4]GM[11]SZ[5];B[c3];W[b4];B[d2];W[c2])";
  await page.fill("#paste", record);
  await answered(page, () => page.click("#judge-text"));
  const labels = await page.$$eval("#board svg text", (texts) => texts.map((t) => t.textContent));
  for (const label of ["a", "e", "1", "5"]) assert.ok(labels.includes(label), `label ${label}`);
  const ringedCell = async () => page.evaluate(() => {
    const ring = document.querySelector("#board .last-move");
    if (!ring) return null;
    const x = Number(ring.getAttribute("cx")), y = Number(ring.getAttribute("cy"));
    const i = grid.centres.findIndex(([cx, cy]) => Math.hypot(cx - x, cy - y) < 1);
    return "abcde"[i % grid.cols] + String(Math.floor(i / grid.cols) + 1);
  });
  assert.equal(await ringedCell(), "c2");
  await page.evaluate(() => document.activeElement?.blur());
  await answered(page, () => page.keyboard.press("ArrowLeft"));
  assert.equal(await page.textContent("#move-number"), "after move 3 of 4");
  assert.equal(await ringedCell(), "d2");
  await page.check("#numbers");
  assert.deepEqual(
    (await page.$$eval("#board .move-number", (e) => e.map((t) => t.textContent))).sort(),
    ["1", "2", "3"],
  );
  await page.close();
});
