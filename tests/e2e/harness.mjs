// What every browser test of the app shares: the test list and runner, page helpers (state,
// square centres, clicks, drags, canvas probes, starting and loading games) and the
// Content-Security-Policy watch that fails a test on any violation.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const base = process.argv[2];
if (!base) {
  console.error('usage: node app.test.mjs BASE_URL');
  process.exit(2);
}
export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Screenshots go to tests/e2e/output/ (ignored by git); E2E_SCREENSHOTS=docs refreshes the
// ones kept in docs/screenshots/ for the README.
const screenshotDir = process.env.E2E_SCREENSHOTS === 'docs'
  ? path.join(repo, 'docs/screenshots')
  : path.join(repo, 'tests/e2e/output');
const only = process.env.E2E_ONLY || '';

const tests = [];
export const test = (name, fn) => tests.push({ name, fn });
export const figures = [];
// Content-Security-Policy violations reported by any page during the running test.
export const cspViolations = [];

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------- page helpers

export async function state(page) {
  await page.waitForFunction(() => window.boardshift && window.boardshift.state);
  return JSON.parse(await page.evaluate(() => window.boardshift.state()));
}

export function square(name) {
  return { x: name.charCodeAt(0) - 97, y: parseInt(name.slice(1), 10) - 1 };
}

/** Page and canvas (CSS px) coordinates of a square's centre, from the app's geometry. */
export async function centre(page, at) {
  const { x, y } = typeof at === 'string' ? square(at) : at;
  const g = JSON.parse(await page.evaluate(() => window.boardshift.geometry()));
  const b = g.board;
  const s = b.size / Math.max(b.files, b.ranks);
  const column = b.flipped ? b.files - 1 - x : x;
  const row = b.flipped ? y : b.ranks - 1 - y;
  const cx = (column + 0.5) * s;
  const cy = (row + 0.5) * s;
  return { x: g.left + cx, y: g.top + cy, cx, cy, s };
}

export async function click(page, at) {
  const c = await centre(page, at);
  await page.mouse.click(c.x, c.y);
}

export async function drag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  // Many small steps, as a hand moves: the drag must be recognised from the press point.
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 30 });
  await page.mouse.move(b.x, b.y, { steps: 30 });
  await page.mouse.up();
}

export async function waitFor(page, predicate, what, timeout = 15000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    last = await state(page);
    if (predicate(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}; status was "${last && last.status}", moves ${JSON.stringify(last && last.moves)}`);
}

export const settled = (s) => !s.animating && !s.thinking;
export const plies = (n) => (s) => s.moves.length >= n && settled(s);

/** Colour statistics of the inner 80% of a square, read from the canvas backing store. */
export async function probe(page, at, fx = 0.5, fy = 0.5) {
  // Read what the player sees once any animation is over and the next frame is painted.
  await waitFor(page, (s) => !s.animating, 'the animation to end');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const c = await centre(page, at);
  return page.evaluate(({ cx, cy, s, fx, fy }) => {
    const canvas = document.getElementById('board');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const ctx = canvas.getContext('2d');
    const left = Math.round((cx - s / 2 + s * 0.1) * ratio);
    const top = Math.round((cy - s / 2 + s * 0.1) * ratio);
    const size = Math.max(1, Math.round(s * 0.8 * ratio));
    const data = ctx.getImageData(left, top, size, size).data;
    let white = 0, black = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (r > 240 && g > 240 && b > 230) white++;
      if (r < 50 && g < 50 && b < 56 && Math.abs(r - g) < 8) black++;
    }
    const n = data.length / 4;
    const px = Math.round((cx - s / 2 + s * fx) * ratio);
    const py = Math.round((cy - s / 2 + s * fy) * ratio);
    const point = Array.from(ctx.getImageData(px, py, 1, 1).data);
    return { white: white / n, black: black / n, point };
  }, { cx: c.cx, cy: c.cy, s: c.s, fx, fy });
}

export async function hasPiece(page, at, white) {
  const p = await probe(page, at);
  return white ? p.white > 0.05 : p.black > 0.05;
}

export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(`console: ${message.text()}`);
  });
  page.on('worker', (worker) => worker.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(`worker console: ${message.text()}`);
  }));
  await page.exposeFunction('__reportCspViolation', (text) => cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.errors = errors;
  return page;
}

/** Records the page's main-thread tasks over 50 ms from its first script on (call before loading). */
export async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The long tasks recorded by `watchLongTasks` that started between page times t0 and t1. */
export async function longTasksBetween(page, t0, t1) {
  return page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), [t0, t1]);
}

/** Opens the start screen and starts a game with the given form choices. */
export async function startGame(page, { variant = 'standard', opponent = 'computer-black', level = 'easy', options = {} } = {}) {
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await page.check(`input[name=variant][value=${variant}]`);
  for (const [key, value] of Object.entries(options)) await page.selectOption(`#opt-${key}`, value);
  await page.selectOption('#opponent', opponent);
  if (opponent !== 'hotseat') await page.selectOption('#level', level);
  await page.click('#start-game');
  await page.waitForSelector('#game:not([hidden])');
  await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'the board to be painted');
}

/** Loads a saved game through the app's load path (what "open file" does). */
export async function loadGame(page, game) {
  await page.goto(base);
  await page.waitForFunction(() => window.boardshift && window.boardshift.load);
  const saved = { format: 'boardshift-game', version: 1, setup: [], moves: [], ...game };
  await page.evaluate((text) => window.boardshift.load(text), JSON.stringify(saved));
  await waitFor(page, (s) => s.screen === 'game' && settled(s), 'the loaded game');
}

export async function bannerText(page) {
  await page.waitForSelector('#banner:not([hidden])', { timeout: 10000 });
  return (await page.textContent('#banner')).replace(/\s+/g, ' ');
}

export async function screenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

export function actionFrom(s, from, filter = () => true) {
  return s.actions.find((text) => new RegExp(`^${from}[a-z]`).test(text) && filter(text));
}

// ---------------------------------------------------------------- runner

/** Runs every registered test (or those E2E_ONLY names) in one Chromium; exits with the result. */
export async function runAll() {

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  let passed = 0;
  let failed = 0;
  for (const { name, fn } of tests) {
    if (only && !name.includes(only)) continue;
    const started = Date.now();
    cspViolations.length = 0;
    try {
      await fn(browser);
      assert(cspViolations.length === 0, `Content-Security-Policy violations: ${cspViolations.join('; ')}`);
      passed++;
      console.log(`ok - ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(`not ok - ${name}\n    ${String(error && error.stack ? error.stack : error).split('\n').slice(0, 3).join('\n    ')}`);
    }
  }
  await browser.close();
  console.log('\nBudgets measured:');
  for (const figure of figures) console.log(`  ${figure}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
