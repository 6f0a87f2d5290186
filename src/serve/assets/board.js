// The web board: keeps the position being set up, sends it to arbiter's API on every
// change, and shows the picture, the verdict and the explanation that come back.
"use strict";

// Every game's page, from the server's list of games: its letters, sizes, words, and a new
// board of each size.
const { game, games } = JSON.parse(document.getElementById("games").textContent);
const config = games.find((page) => page.name === game);
const $ = (id) => document.getElementById(id);
let rows = [];       // the position being set up, the top row first
let grid = null;     // where each cell is drawn, when the board shown is the one set up
let records = [];    // the last answer's records

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

function show(answer, editing) {
  records = answer;
  grid = editing ? answer[0].grid : null;
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
  choose(0);
}

function choose(i) {
  const record = records[i];
  $("verdict").textContent = record.verdict;
  $("verdict").classList.remove("error");
  $("explanation").textContent = record.explanation || "";
  $("board").innerHTML = record.svg || "<p>(too big to draw)</p>";
  [...$("cases").children].forEach((item, j) => item.classList.toggle("chosen", i === j));
}

function showError(error) {
  $("verdict").textContent = "Error: " + error.message;
  $("verdict").classList.add("error");
}

async function judgePosition() {
  try {
    show(await post(`/api/${game}/judge`, { rows }, true), true);
  } catch (error) { showError(error); }
}

async function judgeText(text) {
  try {
    show(await post(`/api/${game}/judge`, text, false), false);
  } catch (error) { showError(error); }
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

function newBoard() {
  rows = emptyBoard(Number($("size").value));
  judgePosition();
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
  $("size").addEventListener("change", newBoard);
  $("clear").addEventListener("click", newBoard);
  $("board").addEventListener("click", (event) => {
    const cell = clickedCell(event);
    if (cell) { cycleCell(cell[0], cell[1]); judgePosition(); }
  });
  $("judge-text").addEventListener("click", () => judgeText($("paste").value));
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (file) { const text = await file.text(); $("paste").value = text; judgeText(text); }
  });
  if (config.solve) {
    $("solve").hidden = false;
    $("solve").addEventListener("click", async () => {
      $("verdict").textContent = "Solving…";
      try {
        const body = grid ? { rows } : $("paste").value;
        show(await post("/api/hex/solve", body, Boolean(grid)), Boolean(grid));
      } catch (error) { showError(error); }
    });
  }
  newBoard();
}

start();
