// Boardshift's service worker: keeps the app shell (page, scripts, styles, both wasm files,
// pieces, icons) in a cache named after the build, serves it cache-first so the app starts and
// plays with no network, and waits with a new build until the page asks it to take over.
// scripts/stamp-service-worker replaces the BUILD line with this build's version and files.
const BUILD = { version: 'unbuilt', files: [] };

const CACHE = `boardshift-${BUILD.version}`;
const scope = new URL('./', self.location.href);
// The app's own files as absolute URLs; only these are answered from the cache.
const shell = new Set(['./', ...BUILD.files].map((file) => new URL(file, scope).href));

self.addEventListener('install', (event) => {
  // `reload`: fetch past the HTTP cache, so the cache holds exactly this build's files.
  const requests = [...shell].map((url) => new Request(url, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('boardshift-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The page's "Reload" on the new-version notice: this waiting build takes over.
self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  const navigation = request.mode === 'navigate';
  if (navigation) url.search = '';
  const key = navigation && url.href === new URL('index.html', scope).href ? scope.href : url.href;
  // Anything else (the online rooms' API, other paths) goes to the network untouched.
  if (!shell.has(key)) return;
  event.respondWith((async () => {
    const cached = await caches.match(key, { cacheName: CACHE });
    return cached || fetch(request);
  })());
});
