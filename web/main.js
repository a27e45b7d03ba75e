// Starts the Boardshift app (Rust compiled to wasm) and shows a clear message if it cannot.
const show = (id, visible) => { document.getElementById(id).hidden = !visible; };

function fail(reason) {
  show('loading', false);
  document.getElementById('load-error-text').textContent = reason;
  show('load-error', true);
}

async function boot() {
  if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') {
    fail('This browser cannot run WebAssembly or Web Workers, which the game needs.');
    return;
  }
  try {
    const app = await import('./pkg/boardshift_web.js');
    await app.default();
    app.start_app();
    // A small, documented hook for the browser tests and for debugging from the console.
    window.boardshift = { state: app.app_state, load: app.app_load_game, apply: app.app_apply, geometry: app.app_geometry };
  } catch (error) {
    fail(`The game module failed to load: ${error && error.message ? error.message : error}`);
    return;
  }
  // Installing the service worker caches the whole build (about 1.2 MB) and has been measured
  // to hold the page's main thread for over 100 ms once on a busy machine: it waits until the
  // page has been loaded for a while, away from the start of the first game.
  const later = () => setTimeout(keepOffline, 5000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

// The service worker (sw.js) keeps the app for offline play. A new build installs in the
// background; the page then offers "Reload", which lets it take over and reloads (the game in
// progress is autosaved, so nothing is lost).
function keepOffline() {
  if (!('serviceWorker' in navigator)) return;
  const offer = (worker) => {
    const notice = document.getElementById('update-notice');
    notice.hidden = false;
    document.getElementById('update-reload').onclick = () => {
      takingOver = true;
      worker.postMessage('take-over');
    };
  };
  let takingOver = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (takingOver) window.location.reload();
  });
  navigator.serviceWorker.register('sw.js').then((registration) => {
    window.boardshift.checkForUpdate = () => registration.update();
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener('statechange', () => {
        // With no controller yet this is the first install, not an update.
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }).catch((error) => console.warn(`Offline play is unavailable: ${error && error.message ? error.message : error}`));
}

boot();
