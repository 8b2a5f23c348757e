// Runs a wasm32-wasip1 program under Node's WASI: `node web/tools/wasi-run.mjs FILE ARGS…`.
// scripts/bench-wasm.sh uses it to time the rules engine and the AI as V8 runs them in the
// browser (same compiler back end and profile as the web build, without Bevy or a page).
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error("usage: node web/tools/wasi-run.mjs FILE.wasm [ARGS…]");
  process.exit(2);
}
const wasi = new WASI({ version: "preview1", args: ["bao-cli", ...args], env: {}, preopens: {} });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
