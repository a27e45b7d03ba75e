// Times perft in wasm (this process) and natively (the boardshift binary) on the same positions.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [wasmPath, nativeBinary] = process.argv.slice(2);
const module = await WebAssembly.compile(readFileSync(wasmPath));
// The rules crate links browser randomness for random starts; perft never calls it, so every
// import is a stub that fails loudly if reached.
const imports = {};
for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
  imports[name] ??= {};
  imports[name][field] = () => { throw new Error(`unexpected call to ${name}.${field}`); };
}
const instance = await WebAssembly.instantiate(module, imports);
const { bench_perft, bench_init } = instance.exports;
bench_init();

const cases = [
  ['start', 0, 6, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
  ['kiwipete', 1, 5, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'],
];

function best(runs, f) {
  let bestSeconds = Infinity;
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    nodes = f();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    bestSeconds = Math.min(bestSeconds, seconds);
  }
  return [nodes, bestSeconds];
}

for (const [name, index, depth, fen] of cases) {
  const [wasmNodes, wasmSeconds] = best(3, () => Number(bench_perft(index, depth)));
  const [nativeNodes, nativeSeconds] = best(3, () => {
    const out = execFileSync(nativeBinary, ['perft', '--fen', fen, '--depth', String(depth)]).toString();
    return Number(out.trim().split('\n').pop().split(' ')[1]);
  });
  if (wasmNodes !== nativeNodes) {
    console.error(`${name}: node counts differ (wasm ${wasmNodes}, native ${nativeNodes})`);
    process.exit(1);
  }
  const wasmRate = wasmNodes / wasmSeconds / 1e6;
  const nativeRate = nativeNodes / nativeSeconds / 1e6;
  console.log(`${name.padEnd(9)} depth ${depth}: wasm ${wasmRate.toFixed(1)} Mnodes/s, native ${nativeRate.toFixed(1)} Mnodes/s, wasm/native ${(wasmRate / nativeRate).toFixed(2)}`);
}
