// The service worker: shows the server's pushes (a turn, an invitation, a game's end) as
// notifications, and opens the table when one is clicked. A push carries only its texts, in
// the language of the page that subscribed, and the table's address.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    return; // not one of this server's pushes
  }
  if (!message.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || "",
      tag: message.tag,
      data: { url: message.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin);
  if (url.origin !== self.location.origin) return; // only this server's own pages
  event.waitUntil(self.clients.openWindow(url.href));
});
