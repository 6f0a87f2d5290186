// `arbiter gtp` driven by Sabaki's own GTP controller library (@sabaki/gtp, from npm), side by
// side with GNU Go on the same finished games (tests/data/go/corpus/, whose GC holds the dead
// stones a KataGo play-out found): both asked `final_status_list dead` and `final_score`, their
// answers compared with each other and with the play-out, and reported.
//
//   cargo build --release && (cd web-tests && npm ci) && node web-tests/gtp.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import gtp from "@sabaki/gtp";

const { Controller } = gtp;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arbiter = path.join(root, "target/release/arbiter");
const gnugo = "/usr/games/gnugo";
const corpus = path.join(root, "tests/data/go/corpus");

/// The first finished 9 x 9 and 13 x 13 games of the corpus.
function games(count) {
  return readdirSync(corpus)
    .filter((name) => name.endsWith(".sgf"))
    .sort()
    .map((name) => path.join(corpus, name))
    .filter((file) => /SZ\[(9|13)\]/.test(readFileSync(file, "utf8")))
    .slice(0, count);
}

/// The dead stones a record's play-out found (its GC), as a sorted list.
function playedOut(file) {
  const found = /GC\[dead by the play-out: ([^\]]*)\]/.exec(readFileSync(file, "utf8"));
  return found ? sorted(found[1]) : null;
}

const sorted = (text) => text.split(/\s+/).filter((v) => v && v !== "none").map((v) => v.toUpperCase()).sort();

async function ask(engine, name, ...args) {
  const response = await engine.sendCommand({ name, args });
  assert.ok(!response.error, `${engine.path}: ${name} ${args.join(" ")}: ${response.content}`);
  return response.content;
}

test("the protocol as Sabaki's controller speaks it", async () => {
  const engine = new Controller(arbiter, ["gtp"]);
  engine.start();
  assert.equal(await ask(engine, "protocol_version"), "2");
  assert.equal(await ask(engine, "name"), "arbiter");
  const commands = (await ask(engine, "list_commands")).split("\n");
  for (const needed of ["boardsize", "clear_board", "komi", "play", "undo", "final_score", "final_status_list", "loadsgf", "fixed_handicap", "set_free_handicap", "showboard"]) {
    assert.ok(commands.includes(needed), needed);
  }
  const refused = await engine.sendCommand({ name: "genmove", args: ["b"] });
  assert.ok(refused.error && /plays none/.test(refused.content));
  const unknown = await engine.sendCommand({ name: "frobnicate" });
  assert.ok(unknown.error);
  // The session goes on after errors.
  assert.equal(await ask(engine, "boardsize", "9"), "");
  assert.equal(await ask(engine, "fixed_handicap", "4"), "C3 G7 C7 G3");
  await ask(engine, "play", "w", "E5");
  const illegal = await engine.sendCommand({ name: "play", args: ["b", "E5"] });
  assert.ok(illegal.error && /illegal move/.test(illegal.content));
  await ask(engine, "undo");
  assert.match(await ask(engine, "showboard"), /7 +\. \. X \. \. \. X/);
  await engine.stop();
});

const letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const vertex = (point, size) => point.length === 2
  ? `${letters[point.charCodeAt(0) - 97]}${size - (point.charCodeAt(1) - 97)}`
  : "pass";

/// Sends a record to both engines as Sabaki sends a game (board, komi, handicap stones, every
/// move), then asks both for the dead stones: the two lists, or null when GNU Go refused a
/// move (it plays by its own rules: no superko, no suicide). arbiter's final_score is checked
/// against the command line's count of the record.
async function compare(file, ours, theirs) {
  const record = readFileSync(file, "utf8");
  const size = Number(/SZ\[(\d+)\]/.exec(record)[1]);
  const komi = /KM\[([^\]]+)\]/.exec(record)[1];
  const handicap = /AB((?:\[[a-z]{2}\])+)/.exec(record);
  for (const engine of [ours, theirs]) {
    await ask(engine, "boardsize", String(size));
    await ask(engine, "clear_board");
    await ask(engine, "komi", komi);
    if (handicap) {
      const stones = [...handicap[1].matchAll(/\[([a-z]{2})\]/g)].map((m) => vertex(m[1], size));
      await ask(engine, "set_free_handicap", ...stones);
    }
  }
  let refused = false;
  for (const [, colour, point] of record.matchAll(/;([BW])\[([a-z]{0,2})\]/g)) {
    await ask(ours, "play", colour, vertex(point, size));
    const answer = await theirs.sendCommand({ name: "play", args: [colour, vertex(point, size)] });
    refused ||= answer.error;
  }
  const score = await ask(ours, "final_score");
  const cli = execFileSync(arbiter, ["go", "--rules", "japanese", file]).toString().trim();
  assert.equal(score, cli, file);
  if (refused) return null;
  return [
    sorted(await ask(ours, "final_status_list", "dead")),
    sorted(await ask(theirs, "final_status_list", "dead")),
  ];
}

test("final_status_list dead and final_score beside GNU Go's, on finished games", { skip: !existsSync(gnugo) && "GNU Go is not installed" }, async () => {
  const files = games(Number(process.env.GAMES || 60));
  const counts = { games: 0, arbiterTruth: 0, gnugoTruth: 0, agree: 0, refused: 0 };
  for (const file of files) {
    const ours = new Controller(arbiter, ["gtp"]);
    const theirs = new Controller(gnugo, ["--mode", "gtp", "--level", "10"]);
    ours.start();
    theirs.start();
    try {
      const outcome = await compare(file, ours, theirs);
      if (outcome === null) {
        counts.refused += 1;
        continue;
      }
      const [deadOurs, deadTheirs] = outcome;
      const truth = playedOut(file);
      counts.games += 1;
      if (truth && deadOurs.join() === truth.join()) counts.arbiterTruth += 1;
      if (truth && deadTheirs.join() === truth.join()) counts.gnugoTruth += 1;
      if (deadOurs.join() === deadTheirs.join()) counts.agree += 1;
    } finally {
      await ours.stop();
      await theirs.stop();
    }
  }
  console.log(
    `# ${counts.games} games: dead stones as the play-out found them, arbiter ${counts.arbiterTruth}, ` +
    `GNU Go ${counts.gnugoTruth}; arbiter and GNU Go agree on ${counts.agree}` +
    ` (${counts.refused} left out: GNU Go refused one of their moves)`,
  );
  assert.equal(counts.games + counts.refused, files.length);
  assert.ok(counts.arbiterTruth >= counts.gnugoTruth, "arbiter calls dead stones at least as well as GNU Go");
});
