// The web build's start-up, profiled: serves DIST, opens it once in a fresh headless Chromium
// (as the browser test does: software WebGL2), records a CPU profile from the navigation to the
// third frame, and writes it to OUT (a .cpuprofile for Chrome DevTools' Performance panel), with
// the times of the first three frames, of the board's first click target and of the page's
// requests printed. For function names, give it a dist/ whose wasm kept them (`wasm-bindgen
// --keep-debug` without wasm-opt; docs/measurements.md, "Where the start-up goes").
// Usage: node web/test/profile.mjs DIST OUT.cpuprofile [?LINK]
import { chromium } from "playwright-core";
import { writeFile } from "node:fs/promises";
import { serve } from "./serve.mjs";

const [dist = "dist", out = "target/web-test/start-up.cpuprofile", link = ""] = process.argv.slice(2);
const { server, url } = await serve(dist);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
// When the canvas's frame counter first reached 1, 2 and 3, and when the board took clicks.
await context.addInitScript(() => {
  window.__baoAt = {};
  const poll = () => {
    const canvas = document.getElementById("bao");
    if (canvas) {
      const now = performance.now();
      const frames = Number(canvas.dataset.baoFrames || 0);
      for (const n of [1, 2, 3]) if (frames >= n) window.__baoAt["frame" + n] ??= now;
      if (canvas.dataset.baoTargets) window.__baoAt.clickable ??= now;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
await cdp.send("Profiler.start");
await page.goto(url + link);
await page.waitForFunction(() => window.__baoAt.frame3, null, { timeout: 240_000, polling: 50 });
const at = await page.evaluate(() => ({
  ...window.__baoAt,
  requests: performance.getEntriesByType("resource").map((r) =>
    `${r.name.split("/").pop()} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms`),
}));
const { profile } = await cdp.send("Profiler.stop");
await writeFile(out, JSON.stringify(profile));
for (const [k, v] of Object.entries(at)) console.log(k, typeof v === "number" ? `${Math.round(v)} ms` : v);
await browser.close();
server.close();
