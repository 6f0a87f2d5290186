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
  $("explanation").textContent = (record.explanation || "") +
    (warnings.length ? `\nWarnings:\n${warnings.join("\n")}` : "");
  $("board").innerHTML = record.svg || "<p>(too big to draw)</p>";
  [...$("cases").children].forEach((item, j) => item.classList.toggle("chosen", i === j));
  followSize(record.position);
  showSteps(record);
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
  judgePasted();
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
  $("rules").addEventListener("change", () => { komi(); rejudge(); });
  $("komi").addEventListener("change", rejudge);
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
