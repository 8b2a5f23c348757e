// Where the web build's bytes go: reads `twiggy top -f csv` of the game's wasm as rustc wrote it
// (with its function names), and prints the 15 biggest items and the size of each crate's code
// and data, as Markdown tables for docs/measurements.md. A function belongs to the first crate named at the
// start of a path in its name (`<bevy_pbr::… as bevy_app::…>` is bevy_pbr's); core, alloc and std
// are named only when nothing else is (so `core::ptr::drop_in_place<bevy_ecs::…>` is bevy_ecs's).
// Usage: node web/tools/wasm-size.mjs TWIGGY.csv
import { readFileSync } from "node:fs";

const [file] = process.argv.slice(2);
const lines = readFileSync(file, "utf8").trim().split("\n").slice(1);
const STD = new Set(["core", "alloc", "std"]);
// CSV: "Name",ShallowSize,… where a name may hold quotes doubled and commas.
const rows = lines.map((line) => {
  const match = line.match(/^("(?:[^"]|"")*"|[^,]*),(\d+),/);
  const name = match[1].startsWith('"') ? match[1].slice(1, -1).replaceAll('""', '"') : match[1];
  return { name, bytes: Number(match[2]) };
});
const crateOf = (name) => {
  if (!name.includes("::")) return name.length > 40 ? name.slice(0, 40) + "…" : name;
  const starts = [...name.matchAll(/(?:^|[<\s(&*,])([a-z_][a-z0-9_]*)::/g)].map((m) => m[1]);
  return starts.find((c) => !STD.has(c)) || "core/alloc/std";
};
const names = rows.find((r) => r.name === '"function names" subsection');
const total = rows.reduce((n, r) => n + r.bytes, 0) - (names ? names.bytes : 0);
const mb = (b) => (b / 1e6).toFixed(2);
const pct = (b) => ((100 * b) / total).toFixed(1);
const short = (name) => (name.length > 90 ? name.slice(0, 87) + "…" : name).replaceAll("|", "\\|");

console.log(`Total without the function names: ${mb(total)} MB\n`);
console.log("| Item | MB | % |\n|---|---:|---:|");
for (const r of rows.filter((r) => r !== names).slice(0, 15)) {
  console.log(`| \`${short(r.name)}\` | ${mb(r.bytes)} | ${pct(r.bytes)} |`);
}
const crates = new Map();
for (const r of rows) {
  if (r === names) continue;
  const c = crateOf(r.name);
  crates.set(c, (crates.get(c) || 0) + r.bytes);
}
console.log("\n| Crate (or section) | MB | % |\n|---|---:|---:|");
for (const [c, b] of [...crates].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`| ${c} | ${mb(b)} | ${pct(b)} |`);
}
