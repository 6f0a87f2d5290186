// The web board: keeps the position being set up (or the record pasted), sends it to
// arbiter's API on every change with the page's options, and shows the picture, the verdict
// and the explanation that come back.
"use strict";

// Every game's page, from the server's list of games: its letters, sizes, words, and a new
// board of each size.
const { game, games } = JSON.parse(document.getElementById("games").textContent);
const config = games.find((page) => page.name === game);
const $ = (id) => document.getElementById(id);
let rows = [];       // the position being set up, the top row first
let grid = null;     // where each cell of the picture shown is drawn
let records = [];    // the last answer's records
let chosen = 0;      // the record shown
// A pasted text being looked at: the text, and the move it is judged at (null: its end).
let pasted = null;
// Go: groups marked dead or alive by clicking, as Go programs name their points.
let deadAt = [];
let aliveAt = [];
// Go: the review of the record pasted (its records: one a position, then the summary).
let review = null;
let reviewing = 0; // the review asked for last, so that an older answer is dropped

const RULES = [
  ["", "as the input says (a record's RU; the contest's for a position)"],
  ["contest", "contest: territory, no komi"],
  ["japanese", "Japanese"],
  ["korean", "Korean"],
  ["chinese", "Chinese"],
  ["aga", "AGA"],
  ["new-zealand", "New Zealand"],
  ["tromp-taylor", "Tromp-Taylor"],
];
const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

function emptyBoard(n) {
  return config.blank.find(([size]) => size === n)[1].slice();
}

function setCell(r, c, letter) {
  rows[r] = rows[r].slice(0, c) + letter + rows[r].slice(c + 1);
}

function cycleCell(r, c) {
  const cycle = config.cycle;
  const next = cycle[(cycle.indexOf(rows[r][c]) + 1) % cycle.length];
  if (next === "K" || next === "P") {
    // One king and one pawn: the piece moves here.
    rows.forEach((row, i) => { const j = row.indexOf(next); if (j >= 0) setCell(i, j, "."); });
  }
  setCell(r, c, next);
}

// The options of the page, as the API's query names them.
function query(atMove) {
  const options = new URLSearchParams();
  if (game === "go") {
    const rules = $("rules").value;
    if (rules) options.set("rules", rules);
    if (rules !== "contest" && $("komi").value !== "") options.set("komi", $("komi").value);
    if (deadAt.length) options.set("dead_at", deadAt.join(","));
    if (aliveAt.length) options.set("alive_at", aliveAt.join(","));
  }
  if (atMove) options.set("at_move", String(atMove));
  const text = options.toString();
  return text ? `?${text}` : "";
}

async function post(path, body, json) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": json ? "application/json" : "text/plain" },
    body: json ? JSON.stringify(body) : body,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

function show(answer, keep) {
  records = answer;
  const list = $("cases");
  list.innerHTML = "";
  if (answer.length > 1) {
    answer.forEach((record, i) => {
      const item = document.createElement("li");
      item.textContent = record.verdict;
      item.addEventListener("click", () => choose(i));
      list.appendChild(item);
    });
  }
  choose(keep && chosen < answer.length ? chosen : 0);
}

function choose(i) {
  chosen = i;
  const record = records[i];
  grid = record.grid || null;
  $("verdict").textContent = record.verdict;
  $("verdict").classList.remove("error");
  const warnings = (record.warnings || []).map((w) => (typeof w === "string" ? w : JSON.stringify(w)));
  showExplanation((record.explanation || "") +
    (warnings.length ? `\nWarnings:\n${warnings.join("\n")}` : ""));
  $("board").innerHTML = record.svg || "<p>(too big to draw)</p>";
  [...$("cases").children].forEach((item, j) => item.classList.toggle("chosen", i === j));
  followSize(record.position);
  showSteps(record);
  markMoves(record);
  showPosition(record);
}

// The explanation line by line: the board's diagram never wraps (it scrolls), the words do.
function showExplanation(text) {
  const box = $("explanation");
  box.textContent = "";
  for (const line of text.replace(/\n$/, "").split("\n")) {
    const span = document.createElement("span");
    span.textContent = line || " ";
    // A row of a diagram: single marks one or two spaces apart, five or more of them.
    if (/^\s*(\d+\s+)?(\S {1,3}){5,}/.test(line)) span.className = "diagram";
    box.appendChild(span);
  }
}

const SVG = "http://www.w3.org/2000/svg";

function svgElement(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// A record's moves on its picture: a ring on the last move, the moves' numbers on the stones
// still standing when asked, and (from a review) the best move found in green and the move
// played next in red.
function markMoves(record) {
  const svg = $("board").querySelector("svg");
  if (!svg || !record.grid || !Array.isArray(record.played) || !record.position) return;
  svg.querySelector("g.marks")?.remove();
  const { centres, cols, radius } = record.grid;
  const centre = (at) => centres[at.row * cols + at.col];
  const layer = svgElement("g", { class: "marks", "pointer-events": "none" });
  const played = record.played;
  if ($("numbers").checked) {
    // The latest move on each cell whose stone still stands there.
    const latest = new Map();
    played.forEach((move, n) => { if (move.at) latest.set(move.at.row * cols + move.at.col, [n + 1, move]); });
    for (const [cell, [number, move]] of latest) {
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      if (record.position[row]?.[col] !== move.stone) continue;
      const [x, y] = centres[cell];
      const light = game === "go" && move.stone === "W";
      layer.appendChild(svgElement("text", {
        class: "move-number", x, y, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": number > 99 ? radius * 0.8 : radius, "font-family": "sans-serif",
        fill: light ? "#111" : "#fff",
      }, String(number)));
    }
  }
  const last = played[played.length - 1];
  if (last && last.at) {
    const [x, y] = centre(last.at);
    layer.appendChild(svgElement("circle", {
      class: "last-move", cx: x, cy: y, r: radius * 0.45, fill: "none",
      stroke: "#e63946", "stroke-width": radius * 0.18,
    }));
  }
  const next = review && review[played.length + 1];
  if (next && next.record === "move") {
    for (const [name, kind, colour] of [[next.best_move, "best-move", "#2a9d8f"], [next.move, "next-move", "#e63946"]]) {
      const at = pointOf(name, record.position.length);
      if (!at || (kind === "next-move" && next.move === next.best_move)) continue;
      const [x, y] = centre(at);
      layer.appendChild(svgElement("circle", {
        class: kind, cx: x, cy: y, r: radius * 0.8, fill: "none", stroke: colour,
        "stroke-width": radius * 0.15, "stroke-dasharray": kind === "next-move" ? "3 2" : "",
      }));
    }
  }
  svg.appendChild(layer);
}

// A Go point's cell from its name (`Q16`), or null for a pass.
function pointOf(name, height) {
  if (!name || name === "pass") return null;
  const col = COLUMNS.indexOf(name[0]);
  const row = height - Number(name.slice(1));
  return col < 0 || !(row >= 0) ? null : { row, col };
}

function leadWords(lead) {
  if (Math.abs(lead) < 0.05) return "even";
  return `${lead > 0 ? "Black" : "White"} leads by ${Math.abs(lead).toFixed(1)}`;
}

// What the review says of the position shown: its lead and chances, the best move found
// next and the move played, the record's comment; and the graph's marker.
function showPosition(record) {
  const at = Array.isArray(record.played) ? record.played.length : null;
  const position = review && at !== null ? review[at] : null;
  if (!position || position.record !== "move") {
    $("position-note").textContent = "";
    $("comment").hidden = true;
    drawGraph(null);
    return;
  }
  const next = review[at + 1];
  let words = `${at === 0 ? "At the start" : `After move ${at}`}: ${leadWords(position.black_lead)}; ` +
    `Black wins ${(100 * position.black_win).toFixed(1)}%.`;
  if (next && next.record === "move") {
    words += ` Best next: ${next.best_move} (${leadWords(next.best_lead).toLowerCase()})`;
    words += next.move === next.best_move ? `, as played.` : `; played: ${next.move}, losing ${next.loss.toFixed(1)}.`;
  }
  $("position-note").textContent = words;
  $("comment").hidden = !position.comment;
  $("comment").textContent = position.comment || "";
  drawGraph(at);
}

// Black's lead (black, scale on the left) and chance to win (blue) after every move; the
// biggest mistakes numbered in red; a click jumps to the position after that move.
function drawGraph(at) {
  const box = $("graph");
  box.textContent = "";
  if (!review) return;
  const moves = review.filter((r) => r.record === "move");
  const summary = review[review.length - 1];
  const width = 520, height = 160, left = 36, right = 10, top = 10, bottom = 20;
  const last = Math.max(1, moves.length - 1);
  const span = Math.max(5, Math.ceil(Math.max(...moves.map((m) => Math.abs(m.black_lead)))));
  const x = (n) => left + (width - left - right) * n / last;
  const yLead = (lead) => top + (height - top - bottom) * (0.5 - lead / (2 * span));
  const yWin = (win) => top + (height - top - bottom) * (1 - win);
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, width, height });
  svg.appendChild(svgElement("rect", { x: left, y: top, width: width - left - right, height: height - top - bottom, fill: "#f7f7f7", stroke: "#bbb" }));
  svg.appendChild(svgElement("line", { x1: left, x2: width - right, y1: yLead(0), y2: yLead(0), stroke: "#999" }));
  svg.appendChild(svgElement("text", { x: 2, y: top + 8, "font-size": 10 }, `B+${span}`));
  svg.appendChild(svgElement("text", { x: 2, y: height - bottom, "font-size": 10 }, `W+${span}`));
  const line = (points, colour, widthPx, kind) => svg.appendChild(svgElement("polyline", {
    class: kind, points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "),
    fill: "none", stroke: colour, "stroke-width": widthPx,
  }));
  line(moves.map((m) => [x(m.move_number), yWin(m.black_win)]), "#1d6fd6", 1.2, "win");
  line(moves.map((m) => [x(m.move_number), yLead(m.black_lead)]), "#222", 1.8, "lead");
  if (at !== null) {
    svg.appendChild(svgElement("line", { class: "now", x1: x(at), x2: x(at), y1: top, y2: height - bottom, stroke: "#e63946" }));
  }
  biggest(summary).forEach((m, i) => {
    const cx = x(m.move_number), cy = yLead(m.black_lead);
    svg.appendChild(svgElement("circle", { class: "mistake", cx, cy, r: 6, fill: "#d62828" }));
    svg.appendChild(svgElement("text", { x: cx, y: cy + 3.5, "font-size": 9, fill: "#fff", "text-anchor": "middle" }, String(i + 1)));
  });
  svg.addEventListener("click", (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const inside = point.matrixTransform(svg.getScreenCTM().inverse());
    stepTo(Math.round((inside.x - left) / (width - left - right) * last));
  });
  box.appendChild(svg);
}

// Every player's biggest mistakes, the biggest first: their move records.
function biggest(summary) {
  if (!summary || summary.record !== "summary") return [];
  const numbers = [...summary.black.biggest, ...summary.white.biggest];
  return numbers.map((n) => review[n]).sort((a, b) => b.loss - a.loss || a.move_number - b.move_number);
}

function showReview() {
  const summary = review && review[review.length - 1];
  $("review-side").hidden = !review;
  $("game-info").hidden = true;
  $("mistakes").innerHTML = "";
  $("mistakes-title").hidden = true;
  if (!summary) return;
  const players = summary.players || {};
  const who = (name, rank, colour) => `${colour}: ${name || "?"}${rank ? ` (${rank})` : ""}`;
  const info = [who(players.black, players.black_rank, "Black"), who(players.white, players.white_rank, "White")];
  if (players.date) info.push(players.date);
  if (players.event) info.push(players.event);
  if (summary.result) info.push(`result ${summary.result}`);
  $("game-info").textContent = info.join(" · ");
  $("game-info").hidden = false;
  $("review-state").textContent = summary.visits ? `Read with a search of ${summary.visits} visits a position.` : "Read with the raw network.";
  const mistakes = biggest(summary);
  $("mistakes-title").hidden = mistakes.length === 0;
  for (const m of mistakes) {
    const item = document.createElement("li");
    const colour = m.color === "B" ? "Black" : "White";
    item.textContent = `Move ${m.move_number}, ${colour} ${m.move}: lost ${m.loss.toFixed(1)} (best ${m.best_move})`;
    // The position the mistake was made in, the best move and the move played marked.
    item.addEventListener("click", () => stepTo(m.move_number - 1));
    $("mistakes").appendChild(item);
  }
}

// Reviews the record pasted (its first game), with the reading chosen.
async function reviewPasted() {
  if (game !== "go" || !pasted) return;
  const asked = ++reviewing;
  const visits = $("review-visits").value;
  $("review-side").hidden = false;
  $("review-state").textContent = "Reviewing…";
  try {
    const answer = await post(`/api/go/judge?review=true&visits=${visits}${queryRules()}`, pasted.text, false);
    if (asked !== reviewing) return;
    const first = answer[0];
    review = [...first.moves, first.summary];
    pasted.total = first.moves.length - 1;
  } catch (error) {
    if (asked !== reviewing) return;
    review = null;
    $("review-side").hidden = false;
    $("review-state").textContent = `No review: ${error.message}`;
    return;
  }
  showReview();
  const record = records[chosen];
  if (record) { markMoves(record); showPosition(record); }
}

// The page's rules and komi for a review, as query options after others.
function queryRules() {
  const rules = $("rules").value;
  let text = "";
  if (rules && rules !== "contest") text += `&rules=${encodeURIComponent(rules)}`;
  if (rules !== "contest" && $("komi").value !== "") text += `&komi=${encodeURIComponent($("komi").value)}`;
  return text;
}

// The size list says the size of the board shown.
function followSize(position) {
  if (!position || !position.length) return;
  const height = position.length;
  const width = position[0].length;
  const value = width === height ? String(width) : `${width}:${height}`;
  let option = [...$("size").options].find((o) => o.value === value);
  if (!option) {
    option = document.createElement("option");
    option.value = value;
    option.textContent = `${width} x ${height}`;
    $("size").appendChild(option);
  }
  $("size").value = value;
}

// The move controls of a pasted record.
function showSteps(record) {
  const stepping = pasted !== null && typeof record.moves === "number" && records.length === 1;
  $("steps").hidden = !stepping;
  if (!stepping) return;
  if (pasted.total === null || pasted.atMove === null) pasted.total = record.moves;
  const played = record.moves;
  $("move-number").textContent = `after move ${played} of ${pasted.total}`;
  $("first").disabled = $("back").disabled = played === 0;
  $("forward").disabled = $("last").disabled = played >= pasted.total;
}

function showError(error, keepBoard) {
  $("verdict").textContent = "Error: " + error.message;
  $("verdict").classList.add("error");
  // Nothing of the last answer stays under the error.
  $("explanation").textContent = "";
  $("cases").innerHTML = "";
  $("steps").hidden = true;
  records = [];
  if (!keepBoard) {
    grid = null;
    $("board").innerHTML = "<p class=\"hint\">(no board: the input has an error)</p>";
  }
}

async function judgePosition() {
  pasted = null;
  review = null;
  reviewing++;
  showReview();
  try {
    show(await post(`/api/${game}/judge${query()}`, { rows }, true), false);
  } catch (error) { showError(error, true); }
}

async function judgePasted() {
  try {
    show(await post(`/api/${game}/judge${query(pasted.atMove)}`, pasted.text, false), true);
  } catch (error) { showError(error, false); }
}

function judgeText(text) {
  pasted = { text, atMove: null, total: null };
  deadAt = [];
  aliveAt = [];
  review = null;
  showReview();
  judgePasted().then(() => {
    // A Go record is reviewed at once with the raw network (its graph, players, comments).
    const record = records[chosen];
    if (game === "go" && record && Array.isArray(record.played) && record.played.length > 0) reviewPasted();
  });
}

// Steps a pasted record to the position after `played` moves.
function stepTo(played) {
  if (!pasted) return;
  const total = pasted.total ?? 0;
  const clamped = Math.max(0, Math.min(played, total));
  pasted.atMove = clamped >= total ? null : clamped + 1;
  deadAt = [];
  aliveAt = [];
  judgePasted();
}

// The position shown becomes the one set up by clicking.
function edit() {
  const record = records[chosen];
  if (!record || !record.position) return;
  rows = record.position.slice();
  pasted = null;
  judgePosition();
}

function clickedCell(event) {
  const svg = $("board").querySelector("svg");
  if (!grid || !svg) return null;
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(svg.getScreenCTM().inverse());
  let best = null;
  let bestDistance = grid.radius;
  grid.centres.forEach(([x, y], i) => {
    const distance = Math.hypot(at.x - x, at.y - y);
    if (distance <= bestDistance) { best = i; bestDistance = distance; }
  });
  return best === null ? null : [Math.floor(best / grid.cols), best % grid.cols];
}

// Go: a click on a stone marks its group dead, or alive again, as players do on a server.
function toggleGroup(r, c) {
  const position = records[chosen]?.position || rows;
  if (!position[r] || position[r][c] === ".") return false;
  const name = `${COLUMNS[c]}${position.length - r}`;
  const dead = (records[chosen]?.dead || []).includes(name);
  if (deadAt.includes(name)) deadAt = deadAt.filter((p) => p !== name);
  else if (aliveAt.includes(name)) aliveAt = aliveAt.filter((p) => p !== name);
  else if (dead) aliveAt.push(name);
  else deadAt.push(name);
  return true;
}

function clicked(event) {
  const cell = clickedCell(event);
  if (!cell) return;
  const [r, c] = cell;
  if (game === "go" && $("mode").value === "dead") {
    if (toggleGroup(r, c)) pasted ? judgePasted() : judgePosition();
    return;
  }
  if (pasted) {
    // Clicking a pasted case edits it from the position shown.
    const record = records[chosen];
    if (!record || !record.position) return;
    rows = record.position.slice();
  }
  cycleCell(r, c);
  judgePosition();
}

function newBoard() {
  const size = $("size").value;
  if (size.includes(":") || !config.blank.some(([n]) => String(n) === size)) return;
  rows = emptyBoard(Number(size));
  deadAt = [];
  aliveAt = [];
  judgePosition();
}

function rejudge() {
  deadAt = [];
  aliveAt = [];
  pasted ? judgePasted() : judgePosition();
}

function goOptions() {
  $("go-options").hidden = false;
  for (const [value, label] of RULES) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    $("rules").appendChild(option);
  }
  const komi = () => { $("komi").disabled = $("rules").value === "contest"; };
  komi();
  // A review follows the rules and komi too.
  const again = () => { rejudge(); if (review) reviewPasted(); };
  $("rules").addEventListener("change", () => { komi(); again(); });
  $("komi").addEventListener("change", again);
}

function start() {
  if (!config) { document.body.textContent = "No such game."; return; }
  document.title = `arbiter: ${config.title}`;
  $("title").textContent = config.title;
  $("hint").textContent = config.hint;
  for (const n of config.sizes) {
    const option = document.createElement("option");
    option.value = n;
    option.textContent = `${n} x ${n}`;
    option.selected = n === config.size;
    $("size").appendChild(option);
  }
  if (game === "go") goOptions();
  $("size").addEventListener("change", newBoard);
  $("clear").addEventListener("click", () => {
    if (!config.blank.some(([n]) => String(n) === $("size").value)) $("size").value = config.size;
    newBoard();
  });
  $("board").addEventListener("click", clicked);
  $("judge-text").addEventListener("click", () => judgeText($("paste").value));
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (file) { const text = await file.text(); $("paste").value = text; judgeText(text); }
  });
  $("first").addEventListener("click", () => stepTo(0));
  $("back").addEventListener("click", () => stepTo((records[chosen]?.moves ?? 1) - 1));
  $("forward").addEventListener("click", () => stepTo((records[chosen]?.moves ?? 0) + 1));
  $("last").addEventListener("click", () => stepTo(pasted?.total ?? 0));
  $("edit").addEventListener("click", edit);
  $("paste-label").textContent = config.paste;
  $("numbers").addEventListener("change", () => {
    const record = records[chosen];
    if (record) markMoves(record);
  });
  $("review").addEventListener("click", reviewPasted);
  $("review-visits").addEventListener("change", reviewPasted);
  // The arrow keys step through a pasted record (not while typing).
  document.addEventListener("keydown", (event) => {
    if (!pasted || $("steps").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName)) return;
    const played = records[chosen]?.moves ?? 0;
    const step = { ArrowLeft: played - 1, ArrowRight: played + 1, Home: 0, End: pasted.total ?? 0 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    stepTo(step);
  });
  if (config.solve) {
    $("solve").hidden = false;
    $("solve").addEventListener("click", async () => {
      $("verdict").textContent = "Solving…";
      try {
        const body = pasted ? pasted.text : { rows };
        show(await post("/api/hex/solve", body, !pasted), false);
      } catch (error) { showError(error, !pasted); }
    });
  }
  newBoard();
}

start();
