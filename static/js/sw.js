// The service worker: pages keep opening on a flaky hall network.
//
// Pages (GET navigations of this site) are fetched from the network first and kept; when
// the network fails, the last copy is shown, so a referee can still open the sheet he was
// on and type it (offline_forms.js keeps and sends it later). The static files (CSS, JS,
// icons, flags) come from the cache first: their names change with their content in
// production (ManifestStaticFilesStorage). Nothing else is touched: no POST, no other site.
const PAGES = "pages-v1";
const STATIC = "static-v1";

self.addEventListener("install", (event) => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== PAGES && k !== STATIC).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  // Logging out: the pages kept may show what only this user may see.
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(STATIC).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode !== "navigate" || url.pathname.startsWith("/admin/")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && !response.redirected) {
          const copy = response.clone();
          caches.open(PAGES).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches.match(request).then(
          (hit) =>
            hit ||
            new Response(
              "<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
                "<p style='font:1.2rem system-ui;padding:1rem'>No network, and this page was not opened " +
                "on this phone before. Go back: what you typed is kept.</p>",
              { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } },
            ),
        ),
      ),
  );
});

// Push messages (the companion, companion/push.py): the server sends JSON {title, body, url,
// tag}. The tag is the message's own: a message sent again (a worker that died mid-send)
// replaces the notification already shown instead of showing it twice.
self.addEventListener("push", (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch (error) {
      data = { body: event.data.text() };
    }
  }
  const options = {
    body: String(data.body || ""),
    data: { url: String(data.url || "/") },
    icon: "/static/img/icon-192.png",
  };
  if (data.tag) options.tag = String(data.tag);
  event.waitUntil(self.registration.showNotification(String(data.title || data.body || ""), options));
});

// A tap on a notification opens its page (this site's only), or the tab already on it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url.href && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url.href);
    }),
  );
});
