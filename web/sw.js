// The showcase's service worker: it keeps the page, the glue, the wasm, the manifests, the icons
// and the loading picture in a cache named after the build, and serves them from there, so the
// game starts at once and keeps working with no network. A new build (a new VERSION, written in
// by scripts/build-web.sh) installs its own cache beside the old one and then waits: the page
// offers "A new version is ready" and only a click on it (never a game in progress by itself)
// sends SKIP_WAITING, after which the old cache is deleted and the page reloads. Saves and
// settings are in local storage, which no cache change touches.
const VERSION = "__BUILD_VERSION__";
const CACHE = `bao-${VERSION}`;
const FILES = [
  "./",
  "index.html",
  "bao.js",
  "bao_bg.wasm",
  "manifest.webmanifest",
  "kiosk.webmanifest",
  "icon-192.png",
  "icon-512.png",
  "loading.jpg",
];

// The page has usually kept the wasm in this cache already (index.html), so only what is
// missing is fetched; `cache: "reload"` goes past the browser's HTTP cache, so that a new
// build's cache holds the new files.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        FILES.map(async (file) => {
          if (!(await cache.match(file))) await cache.add(new Request(file, { cache: "reload" }));
        }),
      ),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith("bao-") && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") self.skipWaiting();
  if (event.data === "VERSION") event.source?.postMessage({ version: VERSION });
});

// Cache first: the cache holds exactly one build, and a new build comes as a new worker. A page
// address with parameters (?variant=kigogo, ?kiosk=1) is the same page. Anything not in the
// cache goes to the network. Kingulu's endgame table (tables/) is fetched only when a game needs
// it, and kept in the build's cache from then on, so the installed app has it offline.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate";
  const keep = url.pathname.includes("/tables/");
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache
        .match(page ? "index.html" : request, { ignoreSearch: page })
        .then((hit) => hit || fetch(request).then((answer) => keepIf(keep, cache, request, answer))),
    ),
  );
});

// Puts a good answer in the cache when it is one to keep, and hands it on.
function keepIf(keep, cache, request, answer) {
  if (keep && answer.ok) cache.put(request, answer.clone());
  return answer;
}
