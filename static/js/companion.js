// Notifications (companion/): "Turn on notifications" asks the browser's permission only on
// that click, subscribes with the server's VAPID public key and posts the subscription;
// "Follow" on a player's page does the same, then follows him (no account needed).
(function () {
  "use strict";
  const gettext = window.gettext || ((s) => s);

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    const raw = atob(padded);
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  async function post(url, fields, tokenUrl) {
    // The page may come from a cache: the CSRF token is asked for at the time of the post.
    const token = (await (await fetch(tokenUrl, { credentials: "same-origin", cache: "no-store" })).json()).token;
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": token },
      body: new URLSearchParams(fields),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || response.statusText);
    return answer;
  }

  async function subscribe(button) {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
      throw new Error(gettext("This browser cannot receive push notifications."));
    }
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      throw new Error(gettext("Notifications are blocked for this site: allow them in the browser's settings."));
    }
    await navigator.serviceWorker.register("/sw.js");
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(button.dataset.vapid),
      });
    }
    const json = subscription.toJSON();
    await post(
      button.dataset.subscribeUrl,
      { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth },
      button.dataset.tokenUrl,
    );
    return json.endpoint;
  }

  function say(button, text) {
    const state = button.closest("section, .follow")?.querySelector("[data-push-state]");
    if (state) state.textContent = text;
  }

  const on = document.querySelector("[data-push-on]");
  if (on) {
    on.hidden = false;
    on.addEventListener("click", async () => {
      on.disabled = true;
      try {
        await subscribe(on);
        say(on, gettext("Notifications are on for this phone."));
      } catch (error) {
        say(on, error.message);
      } finally {
        on.disabled = false;
      }
    });
  }

  for (const button of document.querySelectorAll("[data-follow-url]")) {
    const remembered = "follow:" + button.dataset.followUrl;
    const show = (following) => {
      button.setAttribute("aria-pressed", following ? "true" : "false");
      button.textContent = following ? gettext("Unfollow") : gettext("Follow");
    };
    show(localStorage.getItem(remembered) === "1");
    button.hidden = false;
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const endpoint = await subscribe(button);
        const following = button.getAttribute("aria-pressed") !== "true";
        const url = following ? button.dataset.followUrl : button.dataset.unfollowUrl;
        await post(url, { endpoint: endpoint }, button.dataset.tokenUrl);
        if (following) localStorage.setItem(remembered, "1");
        else localStorage.removeItem(remembered);
        show(following);
        say(button, following ? gettext("You follow this player on this phone.") : "");
      } catch (error) {
        say(button, error.message);
      } finally {
        button.disabled = false;
      }
    });
  }
})();
