// The search thread: runs the worker's own wasm module (crates/worker), not the page's, and
// answers search requests (JSON text in, JSON text out) so the page never runs a search itself.
// An analysis also posts a report after every depth it completes.
import init, { worker_handle } from './pkg/boardshift_worker.js';

const ready = init();
const progress = (text) => self.postMessage(text);
self.onmessage = async (event) => {
  await ready;
  self.postMessage(worker_handle(event.data, progress));
};
