// Times the benchmark cases in wasm (this process) and natively (the native-bench binary) in
// alternating rounds, and prints nodes per second and the wasm/native ratio per case: each
// side's best time over all rounds, and the range of the rounds' own ratios. Times are CPU
// time on both sides (Node's process.cpuUsage, the native binary's schedstat), so that other
// work on the machine moves them little; alternating keeps a slow stretch from falling on one
// side only. `node time.mjs WASM NATIVE [ROUNDS]` (default 5).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [wasmPath, nativeBinary, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText ?? 5);
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

const names = ['perft start', 'perft kiwipete', 'search standard', 'search sliding', 'search relative'];
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// Per case: [kind, index, depth, nodes, best native seconds, best wasm seconds, round ratios].
let cases = null;
for (let round = 0; round < rounds; round++) {
  const native = execFileSync(nativeBinary).toString().trim().split('\n').map((line) => line.split(' '));
  cases ??= native.map(([kind, index, depth, nodes]) => ({ kind, index, depth, nodes: Number(nodes), native: Infinity, wasm: Infinity, ratios: [] }));
  native.forEach(([, , , nativeNodes, nativeSeconds], i) => {
    const entry = cases[i];
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = cpuSeconds();
      const f = entry.kind === '0' ? bench_perft : bench_search;
      const nodes = Number(f(Number(entry.index), Number(entry.depth)));
      best = Math.min(best, cpuSeconds() - start);
      if (nodes !== entry.nodes || nodes !== Number(nativeNodes)) {
        console.error(`${names[i]}: node counts differ (wasm ${nodes}, native ${nativeNodes})`);
        process.exit(1);
      }
    }
    entry.native = Math.min(entry.native, Number(nativeSeconds));
    entry.wasm = Math.min(entry.wasm, best);
    entry.ratios.push(Number(nativeSeconds) / best);
  });
}

cases.forEach((entry, i) => {
  const wasmRate = entry.nodes / entry.wasm / 1e6;
  const nativeRate = entry.nodes / entry.native / 1e6;
  const low = Math.min(...entry.ratios).toFixed(2);
  const high = Math.max(...entry.ratios).toFixed(2);
  console.log(`${names[i].padEnd(16)} depth ${entry.depth.padStart(2)}: ${String(entry.nodes).padStart(10)} nodes, wasm ${wasmRate.toFixed(2)} Mnodes/s, native ${nativeRate.toFixed(2)} Mnodes/s, wasm/native ${(wasmRate / nativeRate).toFixed(2)} (rounds ${low}-${high})`);
});
