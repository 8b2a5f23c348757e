// The browser test's later parts (run.mjs calls them): a full game by keyboard with the screen
// reader's live region read, the offline copy and its update, the kiosk link on a touch
// screen, the title's time to first frame over fresh runs, and the memory over a long attract
// loop. Each gets what run.mjs shares: the page helpers in `t`.
import { cp, rm, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serve } from "./serve.mjs";

const run = promisify(execFile);

/// A key pressed and let go, then the frame that reads it (the game reads keys once a frame).
async function key(t, page, name) {
  await page.keyboard.press(name);
  await t.frames(page, 1);
}

/// The lines the game has written in the live region (#bao-live).
const liveLines = (page) =>
  page.evaluate(() => [...document.querySelectorAll("#bao-live p")].map((p) => p.textContent));

/// A whole game of Kingulu against the computer with the keyboard alone (arrows move
/// the focus ring, Enter plays, Space skips the sowing), to the game-over panel; the live region
/// announces the focus and each move; the pits' published click targets are at least 44 px apart.
/// The focus is put in a known corner first (the arrows stop at the board's edges), then followed.
export async function keyboardGame(t, browser, url, report) {
  const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
  const page = await context.newPage();
  t.watch(page, "keyboard");
  // Kingulu's endgame table comes only when the game nears its end (src/computer/endgame.rs):
  // it must be fetched then, once, and installed.
  const table = { requests: 0, status: null, encoding: null, installed: false, said: null };
  page.on("response", (r) => {
    if (!r.url().includes("/tables/kingulu-web.tbl")) return;
    table.requests++;
    table.status = r.status();
    table.encoding = r.headers()["content-encoding"] || "identity";
  });
  // The game warns in the console when the table cannot be used.
  page.on("console", (m) => {
    if (/endgame table/.test(m.text())) table.said = m.text().slice(0, 300);
  });
  await page.goto(url + "?variant=kingulu&north=beginner");
  if (table.requests) throw new Error("the endgame table was fetched before the game needed it");
  let s = await t.waitFor(page, "the Kingulu board", (s) => s.targets.length > 0, t.LOAD_MS);
  await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
  await t.waitFor(page, "the board to settle", (n) => n.frames >= s.frames + 3, t.LOAD_MS);
  s = await t.state(page);
  checkTargetSpacing(s.targets, report);
  await page.focus("#bao");
  const [rows, cols] = [2, 6];
  // Into the bottom-left corner: the first arrow puts the focus on the board, the rest clamp.
  for (let i = 0; i < rows + cols; i++) await key(t, page, i < rows ? "ArrowDown" : "ArrowLeft");
  let focus = { row: rows - 1, col: 0 };
  let lines = await liveLines(page);
  if (!lines.some((l) => l.startsWith("Focus: "))) {
    throw new Error(`the live region did not announce the focus: ${JSON.stringify(lines)}`);
  }
  const start = Date.now();
  let presses = 0;
  let humanMoves = 0;
  const limit = Number(process.env.BAO_WEB_GAME_MIN || 25) * 60_000;
  while (!s.over) {
    if (Date.now() - start > limit) throw new Error(`the keyboard game took over ${limit / 60000} min`);
    s = await t.waitFor(
      page,
      "the person's turn or the end",
      (n) => n.over || (n.targets.length > 0 && !n.busy),
      t.MOVE_MS,
      () => page.keyboard.press("Space"),
    );
    if (s.over) break;
    const before = s.moves;
    // One step of the move (a start pit, then whatever the move asks for), by arrows and Enter.
    for (let step = 0; step < 8 && s.moves === before && !s.over; step++) {
      const [row, col] = s.targets[0].pit.slice(1, -1).split(",").map(Number);
      for (; focus.row > row; focus.row--, presses++) await key(t, page, "ArrowUp");
      for (; focus.row < row; focus.row++, presses++) await key(t, page, "ArrowDown");
      for (; focus.col > col; focus.col--, presses++) await key(t, page, "ArrowLeft");
      for (; focus.col < col; focus.col++, presses++) await key(t, page, "ArrowRight");
      const was = JSON.stringify([s.selection, s.targets.map((x) => x.pit)]);
      await page.keyboard.press("Enter");
      presses++;
      s = await t.waitFor(
        page,
        `Enter on ${row},${col} to be taken`,
        (n) => n.moves > before || n.over || JSON.stringify([n.selection, n.targets.map((x) => x.pit)]) !== was,
        60_000,
      );
    }
    if (s.moves === before && !s.over) throw new Error(`Enter played no move; state ${JSON.stringify(s)}`);
    humanMoves++;
    t.log(`keyboard: move ${humanMoves} played, ${s.moves} plies, ${presses} keys so far`);
  }
  // The last move's line says the game is over.
  s = await t.waitFor(page, "the end to be shown", (n) => n.over && !n.busy, t.MOVE_MS, () =>
    page.keyboard.press("Space"),
  );
  await t.frames(page, 3);
  lines = await liveLines(page);
  const played = lines.filter((l) => / played /.test(l));
  // The last line gives the result, as the game-over panel does ("South wins. …").
  if (!played.length || !/ wins\. | draw/i.test(lines.at(-1))) {
    throw new Error(`the live region did not announce the moves and the end: ${JSON.stringify(lines)}`);
  }
  await t.shot(page, "web-keyboard-game-over.png", 8);
  // The table may have been asked for by the last moves: give its download and check time.
  // The page's canvas says the table the game installed (src/web.rs).
  const installed = () => page.evaluate(() => document.getElementById("bao").dataset.baoEndgameSeeds);
  for (let i = 0; i < 60 && table.requests && !table.installed; i++) {
    table.installed = (await installed()) === "6";
    if (!table.installed) await page.waitForTimeout(500);
  }
  if (!table.installed || table.requests !== 1) {
    throw new Error(`Kingulu's endgame table was not fetched once and installed: ${JSON.stringify(table)}`);
  }
  report.keyboardGame = {
    endgameTable: table,
    plies: s.moves,
    humanMoves,
    keyPresses: presses,
    minutes: Math.round((Date.now() - start) / 6000) / 10,
    lastLines: lines.slice(-2),
  };
  t.log("keyboard game:", JSON.stringify(report.keyboardGame));
  await context.close();
}

/// WCAG 2.5.5 on the page: a pit's target is the disc around its centre, so neighbouring
/// centres at least 44 CSS px apart leave every pit a 44 px target.
function checkTargetSpacing(targets, report) {
  let nearest = Infinity;
  for (const a of targets) {
    for (const b of targets) {
      if (a !== b) nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y));
    }
  }
  report.pitSpacingPx = Math.round(nearest);
  if (nearest < 44) throw new Error(`two pits' click targets are ${nearest.toFixed(0)} px apart (< 44)`);
}

/// The page's own buttons that are showing are at least 44×44 CSS px.
async function checkPageButtons(page) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("button, a, [role=button]")]
      .filter((b) => b.offsetParent !== null)
      .map((b) => [b.id || b.textContent, b.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([name, r]) => `${name} ${r.width}x${r.height}`),
  );
  if (small.length) throw new Error(`page buttons under 44x44 px: ${small.join(", ")}`);
}

/// The offline copy: the service worker keeps the build, the manifests are valid and installable, the
/// game starts and plays a move with the server gone, and a newly published build is offered on
/// the banner and taken on its click, leaving only its own cache.
export async function offline(t, profile, dist, report) {
  const first = await serve(dist);
  const port = first.server.address().port;
  const url = first.url;
  await rm(profile, { recursive: true, force: true });
  const context = await t.launchProfile(profile);
  const page = context.pages()[0] || (await context.newPage());
  t.watch(page, "offline");
  await page.goto(url + "?variant=kingulu&north=beginner");
  await t.waitFor(page, "the board", (s) => s.targets.length > 0, t.LOAD_MS);
  // The worker is registered once the game runs; it installs and takes the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 120_000,
  });
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const files = await Promise.all(
      names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)),
    );
    return { names, files: files.flat().sort() };
  });
  t.log("offline copy:", JSON.stringify(kept));
  if (kept.names.length !== 1 || !kept.files.includes("/bao_bg.wasm") || kept.files.length < 9) {
    throw new Error(`the offline cache is not the build: ${JSON.stringify(kept)}`);
  }
  report.wasmDownloads = first.requests("/bao_bg.wasm");
  if (report.wasmDownloads !== 1) {
    throw new Error(`the first visit downloaded the wasm ${report.wasmDownloads} times`);
  }
  // Chromium's own checks: the manifest parses, and the page can be installed.
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  const installable = await cdp.send("Page.getInstallabilityErrors");
  report.manifest = { url: manifest.url, errors: manifest.errors, installability: installable.installabilityErrors };
  t.log("manifest:", JSON.stringify(report.manifest));
  if (manifest.errors.length || installable.installabilityErrors.length) {
    throw new Error(`the manifest or installability has errors: ${JSON.stringify(report.manifest)}`);
  }
  await cdp.detach();

  // The server goes; the page reloads from the offline copy and a move is played.
  first.server.closeAllConnections();
  await new Promise((ok) => first.server.close(ok));
  await page.reload();
  let s = await t.waitFor(page, "the board, offline", (s) => s.targets.length > 0, t.LOAD_MS);
  await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
  await t.waitFor(page, "the board to settle", (n) => n.frames >= s.frames + 3, t.LOAD_MS);
  s = await t.playMove(page, "click");
  t.log(`offline: the game started and played a move (${s.moves})`);
  await t.shot(page, "web-offline.png", 8);

  // A new build is published (the same files under a new version): the page offers it.
  const next = dist + "-next";
  await rm(next, { recursive: true, force: true });
  await cp(dist, next, { recursive: true });
  const version = "next" + Date.now().toString(16);
  await run("scripts/web-page.sh", [next], { env: { ...process.env, VERSION: version } });
  const second = await serve(next, port);
  try {
    await page.reload();
    await t.waitFor(page, "the board", (s) => s.targets.length > 0, t.LOAD_MS);
    await page.waitForSelector("#update:not([hidden])", { timeout: 180_000 });
    await checkPageButtons(page);
    await t.shot(page, "web-update-offered.png", 8);
    await Promise.all([page.waitForEvent("load", { timeout: 120_000 }), page.click("#update-button")]);
    await t.waitFor(page, "the new build", (s) => s.frames >= 2, t.LOAD_MS);
    const after = await page.evaluate(async () => caches.keys());
    t.log("after the update:", JSON.stringify(after));
    if (after.length !== 1 || after[0] !== `bao-${version}`) {
      throw new Error(`after the update the caches are ${JSON.stringify(after)}`);
    }
    report.update = { offered: true, cachesAfter: after };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    second.server.closeAllConnections();
    second.server.close();
    await rm(next, { recursive: true, force: true });
  }
}

/// The kiosk link on a touch screen: no text selection, no context menu on a long
/// press, no page zoom by a pinch or a double tap, and many fast taps on one pit play at most
/// one move and raise no error.
export async function kioskTouch(t, browser, url, report) {
  const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  t.watch(page, "kiosk");
  await page.addInitScript(() => {
    window.__baoMenus = [];
    window.addEventListener("contextmenu", (e) => window.__baoMenus.push(e.defaultPrevented));
  });
  // Two visitors: a second move (North's) could only come from a tap that should not count.
  await page.goto(url + "?kiosk=1&variant=kingulu&north=human");
  let s = await t.waitFor(page, "the kiosk's board", (s) => s.targets.length > 0, t.LOAD_MS);
  await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
  await t.waitFor(page, "the board to settle", (n) => n.frames >= s.frames + 3, t.LOAD_MS);
  s = await t.state(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  const kioskManifest = manifest.url.endsWith("kiosk.webmanifest");
  const selectable = await page.evaluate(() =>
    ["body", "#bao"].map((q) => getComputedStyle(document.querySelector(q)).userSelect),
  );
  const middle = { x: t.VIEW.width / 2, y: t.VIEW.height / 2 };
  // A long press.
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [middle] });
  await page.waitForTimeout(1500);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  // A pinch outwards and a double tap.
  await cdp.send("Input.synthesizePinchGesture", { ...middle, scaleFactor: 2.5, gestureSourceType: "touch" });
  await cdp.send("Input.synthesizeTapGesture", { ...middle, tapCount: 2, gestureSourceType: "touch" });
  await t.frames(page, 2);
  const zoom = await page.evaluate(() => window.visualViewport.scale);
  // Headless Chromium opens no menu on a long press by itself; the page's handler is also asked
  // directly, as a long press on a tablet would.
  await page.evaluate(() =>
    document.getElementById("bao").dispatchEvent(
      new MouseEvent("contextmenu", { bubbles: true, cancelable: true }),
    ),
  );
  const menus = await page.evaluate(() => window.__baoMenus);
  // Ten fast taps on one pit.
  s = await t.waitFor(page, "a pit to tap", (n) => n.targets.length > 0 && !n.busy, t.MOVE_MS, () =>
    page.keyboard.press("Space"),
  );
  const before = s.moves;
  const { x, y } = s.targets[0];
  for (let i = 0; i < 10; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(60);
  }
  await t.frames(page, 4);
  const afterTaps = await t.state(page);
  await cdp.detach();
  report.kiosk = {
    kioskManifest,
    userSelect: selectable,
    contextMenus: menus,
    zoomAfterPinchAndDoubleTap: zoom,
    movesFromTenTaps: afterTaps.moves - before,
  };
  t.log("kiosk touch:", JSON.stringify(report.kiosk));
  const problems = [];
  if (!kioskManifest) problems.push(`the kiosk link's manifest is ${manifest.url}`);
  if (selectable.some((v) => v !== "none")) problems.push(`text can be selected: ${selectable}`);
  if (!menus.length || menus.some((prevented) => !prevented)) {
    problems.push(`a context menu was let through: ${JSON.stringify(menus)}`);
  }
  if (zoom !== 1) problems.push(`the page zoomed to ${zoom}`);
  if (afterTaps.moves - before > 1) problems.push(`ten taps played ${afterTaps.moves - before} moves`);
  if (problems.length) throw new Error("kiosk touch: " + problems.join("; "));
  await context.close();
}

/// The title screen's first frame over `runs` fresh browsers (from the start of navigation),
/// and the board's first click target: median, low and high.
export async function loadTimes(t, launch, url, report, runs = 5) {
  const title = [];
  const board = [];
  for (let i = 0; i < runs; i++) {
    for (const [link, times, ready] of [
      ["", title, (s) => s.screen === "title" && s.frames >= 1],
      ["?variant=kujifunza", board, (s) => s.targets.length > 0],
    ]) {
      const browser = await launch();
      const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
      await context.addInitScript(t.TIMING_SCRIPT);
      const page = await context.newPage();
      t.watch(page, "load");
      await page.goto(url + link);
      await t.waitFor(page, "the first frame", ready, t.LOAD_MS);
      const at = await page.evaluate(() => window.__baoTimes);
      times.push(Math.round(link ? at.interactive : at.firstFrame));
      await browser.close();
    }
  }
  const summary = (v) => {
    const sorted = [...v].sort((a, b) => a - b);
    return { medianMs: sorted[Math.floor(sorted.length / 2)], lowMs: sorted[0], highMs: sorted.at(-1), runs: v };
  };
  report.titleFirstFrame = summary(title);
  report.boardInteractive = summary(board);
  t.log("load times:", JSON.stringify({ title: report.titleFirstFrame, board: report.boardInteractive }));
}

/// The kiosk's attract loop for `minutes`: the JS heap and the wasm's memory at its start and
/// end (and every minute), with no error on the way.
export async function attractMemory(t, browser, url, report, minutes) {
  const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
  const page = await context.newPage();
  t.watch(page, "attract");
  await page.goto(url + "?kiosk=1");
  await t.waitFor(page, "the kiosk's title", (s) => s.screen === "title" && s.frames >= 2, t.LOAD_MS);
  // The attract loop starts after 90 s untouched (the default configuration).
  await t.waitFor(page, "the attract loop", (s) => s.screen === "playing", 300_000);
  const cdp = await context.newCDPSession(page);
  const sample = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    const s = await t.state(page);
    const wasm = await page.evaluate(() => Number(document.getElementById("bao").dataset.baoWasmBytes || 0));
    return { minute: 0, jsHeapMB: +(heap.usedSize / 1e6).toFixed(1), wasmMB: +(wasm / 1e6).toFixed(1), moves: s.moves, frames: s.frames };
  };
  const samples = [await sample()];
  const start = Date.now();
  for (let m = 1; m <= minutes; m++) {
    await page.waitForTimeout(Math.max(0, start + m * 60_000 - Date.now()));
    samples.push({ ...(await sample()), minute: m });
    t.log("attract:", JSON.stringify(samples.at(-1)));
    if (t.errors.length) throw new Error(t.errors[0]);
  }
  await cdp.detach();
  report.attractMemory = samples;
  await context.close();
}


/// The lesson attributes the game publishes (src/web.rs): `data-bao-lesson` ("ID STAGE"), the
/// caption over the board, the hinted move's pits and the overlay's buttons.
const teaching = (page) =>
  page.evaluate(() => {
    const d = document.getElementById("bao").dataset;
    const [id = "", stage = ""] = (d.baoLesson || "").split(" ");
    return {
      id,
      stage,
      caption: d.baoCaption || "",
      hint: (d.baoHint || "").split(" ").filter(Boolean),
      buttons: (d.baoButtons || "")
        .split("|")
        .filter(Boolean)
        .map((b) => {
          const [label, xy] = b.split("@");
          const [x, y] = xy.split(",").map(Number);
          return { label, x, y };
        }),
    };
  });

/// Waits for the lesson to stand at one of `stages`, noting each caption shown on the way.
async function lessonAt(t, page, stages, captions, ms) {
  const start = Date.now();
  for (;;) {
    const l = await teaching(page);
    if (l.caption) captions.add(l.caption);
    if (stages.includes(l.stage)) return l;
    if (t.errors.length) throw new Error(`while waiting for the lesson to be ${stages}: ${t.errors[0]}`);
    if (Date.now() - start > ms) {
      throw new Error(`timed out waiting for the lesson to be ${stages}; it is ${JSON.stringify(l)}`);
    }
    await page.waitForTimeout(100);
  }
}

/// Presses the overlay's button of this label (the topmost of that label: the lesson's card is
/// above the game's own buttons), as a person clicks it.
async function pressButton(t, page, label) {
  const l = await teaching(page);
  const found = l.buttons.filter((b) => b.label === label).sort((a, b) => a.y - b.y)[0];
  if (!found) throw new Error(`no "${label}" button; the buttons: ${l.buttons.map((b) => b.label)}`);
  await page.mouse.move(found.x, found.y);
  await t.frames(page, 2);
  // A click as egui counts one: let go within its 0.8 s (a press held over two frames of
  // software rendering would be a long press, not a click).
  await page.mouse.down();
  await page.waitForTimeout(100);
  await page.mouse.up();
  await t.frames(page, 2);
}

/// Clicks the published pit `name` (a start pit or the pit of a direction).
async function clickPit(t, page, name) {
  const s = await t.waitFor(page, `pit ${name} to take a click`, (s) => s.targets.some((p) => p.pit === name), 60_000);
  const { x, y } = s.targets.find((p) => p.pit === name);
  // Onto the pit from beside it, as a hand brings a mouse: a page just loaded (a reload) has
  // seen no pointer yet, and a move to where the mouse already is sends no event at all.
  await page.mouse.move(x - 6, y - 6);
  await page.mouse.move(x, y, { steps: 2 });
  await t.frames(page, 2);
  await page.mouse.down();
  await t.frames(page, 2);
  await page.mouse.up();
}

/// Plays a move with the first pit offered at each step (the start pit, then a direction), with
/// no key pressed: a lesson's move is to be watched, not skipped. Returns the state after it.
/// Clicks made again because the page did not take them (see playFirstOffered).
let clicksRepeated = 0;

async function playFirstOffered(t, page) {
  let s = await t.waitFor(page, "a pit to click", (n) => n.targets.length > 0 && !n.busy, t.MOVE_MS);
  const before = s.moves;
  for (let step = 0; step < 3; step++) {
    const was = s.selection;
    const taken = (n) => n.moves > before || (n.selection !== was && n.targets.length > 0);
    await clickPit(t, page, s.targets[0].pit);
    // The first click of a page just loaded that it did not take (no click counted) is made
    // again, as a person would, and counted in the report: it happened after a reload.
    for (let again = 0; ; again++) {
      try {
        s = await t.waitFor(page, "the click to be taken", taken, 20_000);
        break;
      } catch (error) {
        const now = await t.state(page);
        if (taken(now)) {
          s = now;
          break;
        }
        // Only a page that has counted no click at all (just loaded) gets another.
        if (again >= 2 || now.clicks > 0) throw error;
        clicksRepeated += 1;
        t.log(`a click on ${s.targets[0].pit} was not taken (${now.clicks} clicks counted): clicking again`);
        await clickPit(t, page, s.targets[0].pit);
      }
    }
    if (s.moves > before) return s;
  }
  throw new Error(`three clicks did not make a move; state ${JSON.stringify(s)}`);
}

/// A first visit with no instruction but the screen: the plain address in a fresh browser, the
/// title's first "Play" (the topmost-left card's), then the pits the board offers, one click at a
/// time, until a move is played in a real game. The report gets the time from opening the page
/// to the title, to a board that takes clicks and to the move played, and the clicks it took.
export async function firstVisit(t, browser, url, report) {
  const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
  const page = await context.newPage();
  t.watch(page, "first-visit");
  try {
    const start = Date.now();
    await page.goto(url);
    await t.waitFor(page, "the title screen", (s) => s.screen === "title" && s.frames >= 3, t.LOAD_MS);
    const title = Date.now() - start;
    await pressButton(t, page, "Play");
    let clicks = 1;
    let s = await t.waitFor(page, "a board that takes clicks", (n) => n.targets.length > 0 && !n.busy, t.LOAD_MS);
    const board = Date.now() - start;
    if (s.screen !== "playing" || s.moves !== 0) {
      throw new Error(`"Play" did not open a new game: ${JSON.stringify(s)}`);
    }
    const repeatedBefore = clicksRepeated;
    const before = await t.state(page);
    s = await playFirstOffered(t, page);
    // The pits clicked: one per step the board asked for (the start pit, Kujifunza's
    // direction), and any click made again because a page just loaded did not take it.
    clicks += pitClicksOf(before, s) + (clicksRepeated - repeatedBefore);
    const move = Date.now() - start;
    report.firstVisit = { titleMs: title, boardMs: board, moveMs: move, clicks };
    t.log(`first visit: title ${title} ms, board ${board} ms, a move played ${move} ms after the page was opened, ${clicks} clicks`);
    await t.shot(page, "web-first-visit.png", 4);
  } finally {
    await context.close();
  }
}

/// How many pit clicks the page counted between two of its states.
function pitClicksOf(before, after) {
  return Math.max(1, (after.clicks ?? 0) - (before.clicks ?? 0));
}

/// Kujifunza's first lesson in the browser, opened by its link (`?learn=kujifunza`),
/// with only the clicks a person makes: the lesson's move on the board, shown slowly with a
/// caption for each step; "Your turn"; the exercise, played with the first pit offered and, if
/// that misses, again with the card's hint; then "Next lesson" opens the second lesson.
export async function lessons(t, browser, url, report) {
  const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
  const page = await context.newPage();
  t.watch(page, "lessons");
  await page.goto(url + "?learn=kujifunza&language=en");
  await t.waitFor(page, "the lesson's board", (s) => s.targets.length > 0, t.LOAD_MS);
  await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
  const settled = (await t.state(page)).frames + 3;
  await t.waitFor(page, "the board to settle", (n) => n.frames >= settled, t.LOAD_MS);
  const captions = new Set();
  const first = await lessonAt(t, page, ["try"], captions, 60_000);
  const started = Date.now();
  await playFirstOffered(t, page);
  await lessonAt(t, page, ["told"], captions, t.MOVE_MS);
  const lessonCaptions = captions.size;
  t.log(`lesson ${first.id}: the move was shown with ${lessonCaptions} caption(s): ${[...captions].join(" / ")}`);
  await t.shot(page, "web-lesson.png", 8);
  await pressButton(t, page, "Your turn");
  await lessonAt(t, page, ["exercise"], captions, 60_000);
  await t.waitFor(page, "the exercise to take a move", (n) => n.targets.length > 0, t.MOVE_MS);
  await playFirstOffered(t, page);
  let l = await lessonAt(t, page, ["met", "missed"], captions, t.MOVE_MS);
  const firstTry = l.stage;
  if (l.stage === "missed") {
    await pressButton(t, page, "Hint");
    await lessonAt(t, page, ["exercise"], captions, 60_000);
    let hinted = await teaching(page);
    for (let i = 0; i < 100 && !hinted.hint.length; i++) {
      await page.waitForTimeout(100);
      hinted = await teaching(page);
    }
    if (!hinted.hint.length) throw new Error("the hint rings no pit");
    await clickPit(t, page, hinted.hint[0]);
    if (hinted.hint[1]) {
      await t.waitFor(page, "the direction to be asked", (n) => n.selection === "direction", 60_000);
      await clickPit(t, page, hinted.hint[1]);
    }
    l = await lessonAt(t, page, ["met", "missed"], captions, t.MOVE_MS);
    if (l.stage !== "met") throw new Error(`the hinted move missed the exercise of ${first.id}`);
  }
  await pressButton(t, page, "Next lesson");
  const second = await lessonAt(t, page, ["try"], captions, 60_000);
  if (second.id === first.id) throw new Error(`"Next lesson" stayed on ${first.id}`);
  report.lessons = {
    first: first.id,
    captionsOfTheMove: lessonCaptions,
    exerciseFirstTry: firstTry,
    second: second.id,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  t.log("lessons:", JSON.stringify(report.lessons));
  if (lessonCaptions < 1) throw new Error("the lesson's move was shown without a caption");
  await context.close();
}

/// Online play in two browsers (docs/protocol.md, through `bao-server --web dist`): a game is created
/// on the server, each page opens its seat's link (`?join=TOKEN`), and the two play by clicks,
/// each move reaching the other page; one page reloads mid-game and finds its game again at the
/// same move, then the game goes on. `server` is the address of a running bao-server that
/// serves dist/. With `northServer` (another bao-server on the same PostgreSQL database), North's
/// page is opened on that one: the moves cross from server to server, and each server shows both
/// players as present.
export async function onlineGame(t, launch, server, report, plies = 6, northServer = server) {
  clicksRepeated = 0;
  const created = await fetch(server + "/api/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ variant: "kingulu", seat: "south" }),
  }).then((r) => r.json());
  if (!created.token || !created.invite) throw new Error(`no game created: ${JSON.stringify(created)}`);
  const open = async (name, token, at = server) => {
    const browser = await launch();
    const context = await browser.newContext({ viewport: t.VIEW, deviceScaleFactor: 1 });
    const page = await context.newPage();
    t.watch(page, name);
    await page.goto(`${at}/?join=${token}`);
    return { browser, page, name };
  };
  const south = await open("online-south", created.token);
  const north = await open("online-north", created.invite, northServer);
  const seats = { south, north };
  const started = Date.now();
  const onBoard = (s) => s.screen === "playing";
  await t.waitFor(south.page, "South's board", onBoard, t.LOAD_MS);
  await t.waitFor(north.page, "North's board", onBoard, t.LOAD_MS);
  // Each server sees both players, whichever server their socket is on.
  for (const at of new Set([server, northServer])) {
    const deadline = Date.now() + t.LOAD_MS;
    for (;;) {
      const snapshot = await fetch(`${at}/api/games/${created.game}`).then((r) => r.json());
      if (snapshot.present.south && snapshot.present.north) break;
      if (Date.now() > deadline) throw new Error(`${at} does not see both players: ${JSON.stringify(snapshot.present)}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  const playOne = async (ply) => {
    const s = await t.waitFor(south.page, "the game's state", (n) => n.moves === ply, t.MOVE_MS);
    const mover = seats[s.toMove];
    const other = mover === south ? north : south;
    await playFirstOffered(t, mover.page);
    // The other page gets the move from the server and shows it.
    await t.waitFor(other.page, `move ${ply + 1} to reach ${other.name}`, (n) => n.moves === ply + 1 && !n.busy, t.MOVE_MS);
    await t.waitFor(mover.page, `move ${ply + 1} shown to ${mover.name}`, (n) => n.moves === ply + 1 && !n.busy, t.MOVE_MS);
  };
  const half = Math.floor(plies / 2);
  for (let ply = 0; ply < half; ply++) await playOne(ply);
  // North reloads mid-game: the same link finds the same game at the same move.
  await north.page.reload();
  await t.waitFor(north.page, "North's game after a reload", (n) => onBoard(n) && n.moves === half, t.LOAD_MS);
  for (let ply = half; ply < plies; ply++) await playOne(ply);
  for (const at of new Set([server, northServer])) {
    const snapshot = await fetch(`${at}/api/games/${created.game}`).then((r) => r.json());
    if (snapshot.moves.length !== plies) {
      throw new Error(`${at} has ${snapshot.moves.length} moves, the pages played ${plies}`);
    }
  }
  const shared = northServer !== server;
  const key = shared ? "onlineShared" : "online";
  const name = shared ? "web-online-shared" : "web-online";
  await t.shot(south.page, `${name}-south.png`, 4);
  await t.shot(north.page, `${name}-north.png`, 4);
  report[key] = { plies, reloadedAt: half, clicksRepeated, seconds: Math.round((Date.now() - started) / 1000) };
  t.log(`${key}:`, JSON.stringify(report[key]));
  await south.browser.close();
  await north.browser.close();
}

/// A game's link (`#g=…`: what the kiosk's code and "Copy link" give) opens that game and its
/// review, with the page served from the offline copy: the verdicts the page publishes are the
/// ones `bao-cli review` gives the same game. A damaged link leaves the title screen with the
/// notice that says so. The link is BAO_WEB_LINK (e.g. what zbarimg read from the kiosk's code),
/// else that of web/test/kujifunza-game.json; BAO_CLI is the bao-cli that encodes and reviews.
export async function gameLink(t, profile, dist, report) {
  const cli = process.env.BAO_CLI;
  if (!cli) throw new Error("the link part needs BAO_CLI (scripts/test-web.sh builds it)");
  const given = process.env.BAO_WEB_LINK;
  const link = given || (await run(cli, ["link", "encode", "web/test/kujifunza-game.json"])).stdout.trim();
  const digits = link.includes("g=") ? link.slice(link.lastIndexOf("g=") + 2) : link;
  const record = (await run(cli, ["link", "decode", link])).stdout;
  const recordFile = profile + "-record.json";
  await writeFile(recordFile, record);
  const cliReview = JSON.parse((await run(cli, ["review", "--json", recordFile])).stdout);
  const expected = cliReview.moves.map((m) => m.verdict).join(",");

  const first = await serve(dist);
  const url = first.url;
  await rm(profile, { recursive: true, force: true });
  const context = await t.launchProfile(profile);
  const page = context.pages()[0] || (await context.newPage());
  t.watch(page, "link");
  try {
    await page.goto(url);
    await t.waitFor(page, "the title", (s) => s.frames >= 2, t.LOAD_MS);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 120_000,
    });
    // Offline from here: the installed copy opens the link.
    first.server.closeAllConnections();
    await new Promise((ok) => first.server.close(ok));
    await page.goto("about:blank");
    const started = Date.now();
    await page.goto(url + "#g=" + digits);
    const moves = cliReview.moves.length;
    const s = await t.waitFor(page, "the link's game", (s) => s.screen === "playing" && s.moves === moves, t.LOAD_MS);
    const review = await waitForReview(t, page);
    report.linkReview = { moves, seconds: (Date.now() - started) / 1000, link: link.length };
    if (review.verdicts !== expected) {
      throw new Error(`the page's review ${review.verdicts} differs from bao-cli review's ${expected}`);
    }
    t.log(`link: ${moves} moves reviewed offline as bao-cli reviews them (${report.linkReview.seconds} s)`);
    // The screen reader hears the verdict on the move shown once the review is done.
    const said = await page.waitForFunction(
      (n) => [...document.querySelectorAll("#bao-live p")].map((p) => p.textContent).find((l) => l.startsWith(`Move ${n},`)),
      moves,
      { timeout: 60_000 },
    );
    t.log(`link: the live region said "${await said.jsonValue()}"`);
    await t.frames(page, 3);
    await t.shot(page, "web-link-review.png", 8);
    if (s.over !== (JSON.parse(record).result.result !== "ongoing")) throw new Error("the game's end differs");

    // A damaged link: one digit changed.
    const last = digits.at(-1) === "0" ? "1" : "0";
    await page.goto("about:blank");
    await page.goto(url + "#g=" + digits.slice(0, -1) + last);
    await t.waitFor(page, "the title", (s) => s.frames >= 3, t.LOAD_MS);
    const broken = await page.evaluate(() => ({
      screen: document.getElementById("bao").dataset.baoScreen,
      notice: document.getElementById("bao").dataset.baoNotice || "",
      review: document.getElementById("bao").dataset.baoReview,
    }));
    report.brokenLink = broken;
    if (broken.screen !== "title" || !/damaged/.test(broken.notice) || broken.review !== "none") {
      throw new Error(`a damaged link gave ${JSON.stringify(broken)}`);
    }
    await t.shot(page, "web-link-broken.png", 8);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(recordFile, { force: true });
  }
}

/// Waits for the page's review to be done, seeing it work in between; its verdicts.
async function waitForReview(t, page) {
  const read = () =>
    page.evaluate(() => ({
      review: document.getElementById("bao").dataset.baoReview || "",
      verdicts: document.getElementById("bao").dataset.baoReviewVerdicts || "",
    }));
  const start = Date.now();
  for (;;) {
    const r = await read();
    if (r.review.startsWith("done")) return r;
    if (Date.now() - start > 10 * 60_000) throw new Error(`the review did not finish: ${r.review}`);
    await page.waitForTimeout(250);
  }
}
