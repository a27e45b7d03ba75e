// The computer opponent's thread: runs the same wasm module as the page and answers search
// requests (JSON text in, JSON text out) so the page never runs a search itself.
import init, { worker_handle } from './pkg/boardshift_web.js';

const ready = init();
self.onmessage = async (event) => {
  await ready;
  self.postMessage(worker_handle(event.data));
};
