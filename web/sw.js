// The service worker: keeps the page's files so that Sanqi opens without a network, and
// installs to a phone's home screen. The cache is named after the build, so a new build
// replaces the old files at once.
const CACHE = 'sanqi-__BUILD__';
const FILES = [
  './',
  'index.html',
  'boot.js',
  'worker.js',
  'sanqi.js',
  'sanqi_bg.wasm',
  'manifest.webmanifest',
  'icons/icon-32.png',
  'icons/icon-256.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('sanqi-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  // A shared game's address differs only in its fragment, which never reaches here.
  const lookup = request.mode === 'navigate' ? 'index.html' : request;
  event.respondWith(
    caches.open(CACHE).then((cache) => cache.match(lookup, { ignoreSearch: true }).then((hit) => hit || fetch(request))),
  );
});
