// The web showcase's browser test: serves dist/ on 127.0.0.1, opens it in headless Chromium
// (Debian's, software WebGL2 through SwiftShader), and checks that
//   - the title screen draws (first frame; the screenshot is not blank),
//   - the default game (?variant=kujifunza: Human South vs Computer Medium) draws its board and
//     accepts a move made by mouse clicks on the pits the game names as clickable,
//   - the computer answers, and a second move is made by touch taps, and no kichwa is asked
//     (KU-8: in kujifunza the captured seeds keep the move's direction),
//   - in ?variant=kujifunza-choice (KU-8c) the first move asks for a kichwa, answered by a click,
//   - the canvas fills the window and follows its size,
//   - nothing is written to the browser console as an error, and no request fails.
// It reads the game's state from the canvas's read-only data-bao-* attributes (src/web.rs).
// Usage: node web/test/run.mjs DIST OUT   (OUT gets the screenshots and timings.json)
import { chromium } from "playwright-core";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { serve } from "./serve.mjs";
import * as parts from "./parts.mjs";

const [dist = "dist", out = "target/web-test"] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
// Software rendering is slow: generous limits, which a healthy run stays far below.
const LOAD_MS = 240_000;
const MOVE_MS = 300_000;
const VIEW = { width: 1280, height: 720 };

// Which parts run (all by default): BAO_WEB_PARTS=keyboard,offline picks some.
const PARTS = (process.env.BAO_WEB_PARTS || "title,game,choice,keyboard,first-visit,lessons,online,online-shared,offline,link,kiosk,load,attract")
  .split(",")
  .filter(Boolean);
const part = (name) => PARTS.includes(name);
// Minutes of the kiosk's attract loop for the memory figures.
const ATTRACT_MIN = Number(process.env.BAO_WEB_ATTRACT_MIN || 10);

const errors = [];
const log = (...a) => console.log("web-test:", ...a);

function watch(page, name) {
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${name}: console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${name}: uncaught: ${e}`));
  page.on("requestfailed", (r) => errors.push(`${name}: request failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`${name}: HTTP ${r.status()} for ${r.url()}`);
  });
}

// Records, in the page, when the first frame was drawn and when the board first took clicks.
const TIMING_SCRIPT = () => {
  window.__baoTimes = {};
  const poll = () => {
    const canvas = document.getElementById("bao");
    if (canvas) {
      const t = performance.now();
      if (Number(canvas.dataset.baoFrames || 0) >= 1 && !window.__baoTimes.firstFrame) {
        window.__baoTimes.firstFrame = t;
      }
      if (canvas.dataset.baoTargets && !window.__baoTimes.interactive) {
        window.__baoTimes.interactive = t;
      }
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
};

const state = (page) =>
  page.evaluate(() => {
    const d = document.getElementById("bao").dataset;
    return {
      frames: Number(d.baoFrames || 0),
      updateUs: Number(d.baoUpdateUs || 0),
      screen: d.baoScreen,
      moves: Number(d.baoMoves || 0),
      toMove: d.baoToMove,
      busy: d.baoBusy === "true",
      over: d.baoOver === "true",
      selection: d.baoSelection,
      feedback: d.baoFeedback,
      clicks: Number(d.baoClicks || 0),
      targets: (d.baoTargets || "")
        .split(" ")
        .filter(Boolean)
        .map((t) => {
          const [pit, xy] = t.split(":");
          const [x, y] = xy.split(",").map(Number);
          return { pit, x, y };
        }),
    };
  });

async function waitFor(page, what, test, ms, nudge = null) {
  const start = Date.now();
  let nudged = start;
  for (;;) {
    if (nudge && Date.now() - nudged > 2_000) {
      await nudge();
      nudged = Date.now();
    }
    const s = await state(page).catch(() => null);
    if (s && test(s)) return s;
    if (errors.length) throw new Error(`while waiting for ${what}: ${errors[0]}`);
    if (Date.now() - start > ms) {
      await page.screenshot({ path: join(out, "failure.png") }).catch(() => {});
      throw new Error(`timed out after ${ms} ms waiting for ${what}; last state ${JSON.stringify(s)}`);
    }
    await page.waitForTimeout(100);
  }
}

// The spread of the screenshot's brightness: a blank (one-colour) canvas has none.
async function brightnessSpread(page, png) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0, sum = 0, sq = 0;
    for (let i = 0; i < px.length; i += 4 * 7) {
      const l = 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
      n++; sum += l; sq += l * l;
    }
    const mean = sum / n;
    return Math.sqrt(sq / n - mean * mean);
  }, png.toString("base64"));
}

async function shot(page, name, minSpread) {
  const png = await page.screenshot({ path: join(out, name) });
  const spread = await brightnessSpread(page, png);
  log(`${name}: brightness spread ${spread.toFixed(1)}`);
  if (!(spread > minSpread)) throw new Error(`${name} looks blank (spread ${spread.toFixed(1)})`);
}

// Waits until the game has drawn `n` more frames.
async function frames(page, n) {
  const { frames: f } = await state(page);
  await waitFor(page, `${n} frames`, (s) => s.frames >= f + n, 60_000);
}

// A click or a tap as a person makes one: the pointer is over the pit for a few frames before
// it presses, and held for a few frames. (Bevy's picking finds what is under the pointer once
// per frame; a move, press and release within one frame would press what was under it before.)
async function press(page, how, x, y) {
  if (how === "tap") {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await frames(page, 2);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await frames(page, 2);
    await page.mouse.down();
    await frames(page, 2);
    await page.mouse.up();
  }
}

// Plays one step of a person's move: clicks (or taps) the first pit the game names, until the
// move count goes up. Kujifunza may ask for a direction after the start pit, and in
// kujifunza-choice for a kichwa at each capture from a middle pit. Returns the state after the
// move, with `asked`: how many kichwa questions the move asked.
async function playMove(page, how) {
  let s = await waitFor(page, "the person's turn", (s) => s.targets.length > 0, MOVE_MS);
  const before = s.moves;
  let asked = 0;
  for (let step = 0; step < 8; step++) {
    if (s.selection.startsWith("kichwa-")) asked += 1;
    const { pit, x, y } = s.targets[0];
    log(`${how} on pit ${pit} at (${x}, ${y}); clickable: ${s.targets.map((t) => t.pit).join(" ")}`);
    await press(page, how, x, y);
    const was = JSON.stringify([s.selection, s.targets.map((t) => t.pit)]);
    s = await waitFor(
      page,
      `the ${how} on ${pit} to be taken`,
      (n) =>
        n.moves > before ||
        (n.targets.length > 0 && JSON.stringify([n.selection, n.targets.map((t) => t.pit)]) !== was),
      60_000,
      // A Kujifunza kichwa is asked when the animation reaches the capture; Space skips to it.
      () => page.keyboard.press("Space"),
    );
    log(`  now: ${s.moves} move(s), ${s.clicks} pit click(s), selection ${s.selection}, feedback "${s.feedback}"`);
    if (s.moves > before) return { ...s, asked };
  }
  throw new Error(`${how}s did not play a move; state ${JSON.stringify(s)}`);
}

async function main() {
  await mkdir(out, { recursive: true });
  const { server, url, sent } = await serve(dist);
  const options = {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
      // A closed network: no background connections at all.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  };
  const launch = () => chromium.launch(options);
  // A browser with a profile on disk, as a visitor's is (an incognito one cannot install).
  const launchProfile = (dir) =>
    chromium.launchPersistentContext(dir, { ...options, viewport: VIEW, deviceScaleFactor: 1 });
  const times = {};
  let browser = null;
  let page = null;
  let s = null;
  try {
    // 1. The title screen, at the plain address. Each part has a browser of its own, so that
    // the second does not start with the first one's compiled shaders.
    browser = await launch();
    if (part("title")) {
    const title = await browser.newContext({ viewport: VIEW, deviceScaleFactor: 1 });
    await title.addInitScript(TIMING_SCRIPT);
    page = await title.newPage();
    watch(page, "title");
    await page.goto(url);
    await waitFor(page, "the title screen", (s) => s.screen === "title" && s.frames >= 3, LOAD_MS);
    // The loading screen fades out and goes once the game has drawn.
    await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
    times.title = await page.evaluate(() => window.__baoTimes);
    await shot(page, "web-title.png", 8);
    const wasm = sent.get("/bao_bg.wasm");
    times.wasmTransfer = wasm;
    log("title screen:", JSON.stringify(times.title), "wasm sent:", JSON.stringify(wasm));
    await title.close();
    await browser.close();
    browser = await launch();
    }

    // 2. The default game, by its link; a touch-screen context (the mouse works there too).
    if (part("game")) {
    const game = await browser.newContext({ viewport: VIEW, deviceScaleFactor: 1, hasTouch: true });
    await game.addInitScript(TIMING_SCRIPT);
    page = await game.newPage();
    watch(page, "game");
    await page.goto(url + "?variant=kujifunza");
    s = await waitFor(page, "the board to take clicks", (s) => s.targets.length > 0, LOAD_MS);
    times.game = await page.evaluate(() => window.__baoTimes);
    await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
    log("game:", JSON.stringify(times.game));
    if (s.screen !== "playing" || s.moves !== 0 || s.toMove !== "south") {
      throw new Error(`unexpected start of the default game: ${JSON.stringify(s)}`);
    }
    await shot(page, "web-start.png", 8);

    // Frame time on the idle board (software rendering: this measures the machine's CPU), and
    // the part of it that is the page's own work: Chromium's ScriptDuration counts the time the
    // main thread runs the game's wasm and its JS glue, apart from SwiftShader drawing in the GPU
    // process. That part is what opt-level "s" or "z" can change.
    const cdp = await game.newCDPSession(page);
    await cdp.send("Performance.enable");
    const scriptSeconds = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "ScriptDuration").value;
    };
    const f0 = await state(page);
    const w0 = Date.now();
    const c0 = await scriptSeconds();
    await page.waitForTimeout(8_000);
    const f1 = await state(page);
    const c1 = await scriptSeconds();
    const idleFrames = Math.max(1, f1.frames - f0.frames);
    times.frameMs = Math.round((Date.now() - w0) / idleFrames);
    times.scriptMsPerFrame = Math.round(((c1 - c0) * 1000) / idleFrames * 10) / 10;
    // The game's own measure of its main-world schedules (src/web.rs), without WebGL.
    times.updateMsPerFrame = Math.round((f1.updateUs - f0.updateUs) / idleFrames / 100) / 10;
    log(
      `idle board: ${times.frameMs} ms per frame, ${times.scriptMsPerFrame} ms of it the ` +
        `game's code, ${times.updateMsPerFrame} ms its main-world schedules`,
    );

    // The canvas fills the window.
    const box = await page.evaluate(() => {
      const c = document.getElementById("bao").getBoundingClientRect();
      return [c.width, c.height];
    });
    if (box[0] !== VIEW.width || box[1] !== VIEW.height) {
      throw new Error(`the canvas is ${box} in a ${VIEW.width}x${VIEW.height} window`);
    }

    // A move by mouse; the computer answers; a move by touch.
    s = await playMove(page, "click");
    log(`mouse move played: ${s.moves} move(s)`);
    const t0 = Date.now();
    const a0 = await scriptSeconds();
    // Software rendering draws about a frame a second here, and a sowing takes many frames:
    // Space skips each animation to its end, as a person may do.
    s = await waitFor(
      page,
      "the computer's answer",
      (s) => s.moves >= 2 && s.targets.length > 0,
      MOVE_MS,
      () => page.keyboard.press("Space"),
    );
    times.computerAnswerMs = Date.now() - t0;
    times.computerAnswerScriptMs = Math.round(((await scriptSeconds()) - a0) * 1000);
    log(
      `computer answered in ${times.computerAnswerMs} ms (animations skipped with Space), ` +
        `${times.computerAnswerScriptMs} ms of it the game's code (search and animation)`,
    );
    await shot(page, "web.png", 8);
    const clicked = s.asked;
    s = await playMove(page, "tap");
    log(`touch move played: ${s.moves} move(s)`);
    if (clicked + s.asked > 0) {
      throw new Error(`kujifunza asked for a kichwa ${clicked + s.asked} time(s) (KU-8: never)`);
    }

    // The canvas follows the window's size.
    await page.setViewportSize({ width: 900, height: 640 });
    await page.waitForFunction(
      () => {
        const c = document.getElementById("bao");
        return c.width === 900 && c.height === 640;
      },
      null,
      { timeout: 30_000 },
    );
    log("the canvas follows the window: 900x640");
    await game.close();
    }

    // 3. The literal reading (KU-8c), two people: every first move of South captures from a
    // middle pit somewhere in its chain, so the move asks for a kichwa, answered by a click.
    if (part("choice")) {
    const choice = await browser.newContext({ viewport: VIEW, deviceScaleFactor: 1 });
    page = await choice.newPage();
    watch(page, "choice");
    await page.goto(url + "?variant=kujifunza-choice&north=human");
    s = await waitFor(page, "the kujifunza-choice board", (s) => s.targets.length > 0, LOAD_MS);
    // As for the default game: the click targets are where the pits are drawn once the loading
    // screen is gone and the canvas has its size (the first frames are drawn smaller).
    await page.waitForSelector("#loading", { state: "detached", timeout: 60_000 });
    const settled = s.frames + 3;
    await waitFor(page, "the board to settle", (n) => n.frames >= settled, LOAD_MS);
    s = await playMove(page, "click");
    log(`kujifunza-choice move played with ${s.asked} kichwa question(s)`);
    if (s.asked < 1) throw new Error("kujifunza-choice played a first move without a kichwa question");
    await shot(page, "web-choice.png", 8);
    await choice.close();
    }

    // 4–9: a whole game by keyboard, Kujifunza's first lesson by its link, the offline copy and its update, the kiosk on a touch
    // screen, the load times over fresh browsers, and the memory over a long attract loop.
    const t = {
      VIEW, LOAD_MS, MOVE_MS, TIMING_SCRIPT, errors, log, watch, waitFor, state, frames, shot,
      playMove, launchProfile,
    };
    const fresh = async () => {
      await browser.close();
      browser = await launch();
      return browser;
    };
    if (part("keyboard")) await parts.keyboardGame(t, await fresh(), url, times);
    if (part("first-visit")) await parts.firstVisit(t, await fresh(), url, times);
    if (part("lessons")) await parts.lessons(t, await fresh(), url, times);
    // Online play needs bao-server serving dist/ (scripts/test-web.sh starts one).
    if (part("online")) {
      const server = process.env.BAO_SERVER_URL;
      if (!server) throw new Error("the online part needs BAO_SERVER_URL (a bao-server --web dist)");
      await parts.onlineGame(t, launch, server, times);
    }
    // Two bao-servers on one PostgreSQL database, South's page on one and North's on the other.
    if (part("online-shared")) {
      const [a, b] = (process.env.BAO_SHARED_SERVER_URLS || "").split(" ");
      if (!a || !b) throw new Error("the online-shared part needs BAO_SHARED_SERVER_URLS (two bao-servers on one database)");
      await parts.onlineGame(t, launch, a, times, 6, b);
    }
    if (part("offline")) await parts.offline(t, join(out, "profile"), dist, times);
    if (part("link")) await parts.gameLink(t, join(out, "link-profile"), dist, times);
    if (part("kiosk")) await parts.kioskTouch(t, await fresh(), url, times);
    if (part("load")) await parts.loadTimes(t, launch, url, times);
    if (part("attract") && ATTRACT_MIN > 0) {
      await parts.attractMemory(t, await fresh(), url, times, ATTRACT_MIN);
    }
    if (errors.length) throw new Error(errors.join("\n"));
  } finally {
    await writeFile(join(out, "timings.json"), JSON.stringify(times, null, 2));
    await browser?.close();
    server.close();
  }
  log("passed");
}

main().catch((error) => {
  console.error("web-test: FAILED:", error.message || error);
  process.exit(1);
});
