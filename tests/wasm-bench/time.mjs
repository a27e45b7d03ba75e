// Times the benchmark cases in wasm (this process) and natively (the native-bench binary),
// best of three each, and prints nodes per second and the wasm/native ratio per case.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [wasmPath, nativeBinary] = process.argv.slice(2);
const module = await WebAssembly.compile(readFileSync(wasmPath));
// The rules crate links browser randomness for random starts; the benchmarks never call it,
// so every import is a stub that fails loudly if reached.
const imports = {};
for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
  imports[name] ??= {};
  imports[name][field] = () => { throw new Error(`unexpected call to ${name}.${field}`); };
}
const instance = await WebAssembly.instantiate(module, imports);
const { bench_perft, bench_search, bench_init } = instance.exports;
bench_init();

const native = execFileSync(nativeBinary).toString().trim().split('\n').map((line) => line.split(' '));
const names = ['perft start', 'perft kiwipete', 'search standard', 'search sliding', 'search relative'];

native.forEach(([kind, index, depth, nativeNodes, nativeSeconds], i) => {
  let best = Infinity;
  let nodes = 0;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    const f = kind === '0' ? bench_perft : bench_search;
    nodes = Number(f(Number(index), Number(depth)));
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  if (nodes !== Number(nativeNodes)) {
    console.error(`${names[i]}: node counts differ (wasm ${nodes}, native ${nativeNodes})`);
    process.exit(1);
  }
  const wasmRate = nodes / best / 1e6;
  const nativeRate = nodes / Number(nativeSeconds) / 1e6;
  console.log(`${names[i].padEnd(16)} depth ${depth.padStart(2)}: ${String(nodes).padStart(10)} nodes, wasm ${wasmRate.toFixed(2)} Mnodes/s, native ${nativeRate.toFixed(2)} Mnodes/s, wasm/native ${(wasmRate / nativeRate).toFixed(2)}`);
});
