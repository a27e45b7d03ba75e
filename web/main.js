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
  }
}

boot();
