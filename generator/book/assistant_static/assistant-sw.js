/* The ruling assistant's service worker (written at the language's root by
 * generator/book/assistant.py, which fills in the list and the version). It caches the page,
 * its theme files, Pyodide and the engine when installed, then answers them from the cache:
 * the page works with no network. Everything else of the site goes to the network as usual. */
"use strict";
var CACHE = "tdc-assistant-__VERSION__";
var PRECACHE = "__PRECACHE__";
var scope = self.registration.scope;
var urls = PRECACHE.map(function (u) { return new URL(u, scope).href; });

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(urls); })
    .then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf("tdc-assistant-") === 0 && k !== CACHE;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  var url = event.request.url.split("#")[0];
  var bare = url.split("?")[0];
  if (event.request.method !== "GET" || urls.indexOf(bare) < 0) { return; }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(bare).then(function (hit) { return hit || fetch(event.request); });
  }));
});
