// A static file server for dist/ on 127.0.0.1 that sends the precompressed .br or .gz copy of a
// file when the browser accepts it, as a production server would.
// Standalone: node web/test/serve.mjs dist [PORT]   (then open http://127.0.0.1:PORT/)
import { createServer } from "node:http";
import { stat, readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".json": "application/json",
  ".css": "text/css; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".jpg": "image/jpeg",
};

async function exists(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to { server, url, sent, requests },
 * where `sent` maps each path to the bytes last sent for it and their encoding, and
 * `requests(path)` counts the times it was sent. */
export function serve(dir, port = 0) {
  const root = resolve(dir);
  const sent = new Map();
  const counts = new Map();
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      const file = normalize(join(root, path === "/" ? "/index.html" : path));
      if (!file.startsWith(root) || !(await exists(file))) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      const accepts = String(req.headers["accept-encoding"] || "");
      let body = file;
      let encoding = null;
      if (accepts.includes("br") && (await exists(file + ".br"))) {
        [body, encoding] = [file + ".br", "br"];
      } else if (accepts.includes("gzip") && (await exists(file + ".gz"))) {
        [body, encoding] = [file + ".gz", "gzip"];
      }
      const data = await readFile(body);
      const headers = {
        "Content-Type": TYPES[extname(file)] || "application/octet-stream",
        "Content-Length": data.length,
        "Cache-Control": "no-cache",
        Vary: "Accept-Encoding",
      };
      if (encoding) headers["Content-Encoding"] = encoding;
      res.writeHead(200, headers).end(data);
      sent.set(path, { bytes: data.length, encoding });
      counts.set(path, (counts.get(path) || 0) + 1);
    } catch (error) {
      res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const requests = (path) => counts.get(path) || 0;
      ok({ server, url: `http://127.0.0.1:${server.address().port}/`, sent, requests });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serve(process.argv[2] || "dist", Number(process.argv[3] || 8080));
  console.log(`serving at ${url}`);
}
