// Takes the screenshots kept in docs/screenshots/: each game (standard, chess960, regroupment,
// sliding, relative) a few moves in, on a 1280×800 desktop and a 390×844 phone rendered at 3×
// pixel density (saved at 390×844 to keep the files small). Not part of the test run. Needs dist/ (scripts/build-web) and the boardshift binary
// (cargo build --release -p boardshift-cli); serves dist/ itself.
// Usage: node tests/e2e/screenshots.mjs
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(repo, 'docs/screenshots');
const bin = process.env.BOARDSHIFT_BIN || path.join(repo, 'target/release/boardshift');

/** Each game as a saved game a few moves in, so the pictures show play, not only a start. */
const games = {
  standard: { variant: 'standard', moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6'] },
  chess960: { variant: 'chess960', options: { start: '100' }, moves: ['e2e4', 'e7e5', 'd2d4', 'e5d4'] },
  regroupment: { variant: 'regroupment', setup: ['K-', 'Q-', 'Kb1', 'Q-'], moves: ['d2d4', 'd7d5', 'c1f4', 'g8f6'] },
  sliding: { variant: 'sliding', options: { gap: 'e5' }, moves: ['S:e3>e5', 'e7e6', 'b1c3', 'b8c6'] },
  relative: { variant: 'relative', moves: ['i6i8', 'i10i8', 'k5j7'] },
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'boardshift-shots-'));
const server = spawn(bin, ['serve', '--dir', path.join(repo, 'dist'), '--db', path.join(tmp, 'shots.db'), '--port', '0']);
const base = await new Promise((resolve, reject) => {
  let log = '';
  const seen = (chunk) => {
    log += chunk;
    const found = log.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (found) resolve(found[0]);
  };
  server.stdout.on('data', seen);
  server.stderr.on('data', seen);
  server.on('exit', () => reject(new Error(`the server stopped: ${log}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const screens = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};
fs.mkdirSync(out, { recursive: true });
try {
  for (const [screen, options] of Object.entries(screens)) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const [name, game] of Object.entries(games)) {
      await page.goto(base);
      await page.waitForFunction(() => window.boardshift && window.boardshift.load);
      const saved = { format: 'boardshift-game', version: 1, setup: [], ...game };
      await page.evaluate((text) => window.boardshift.load(text), JSON.stringify(saved));
      await page.waitForFunction(() => {
        const s = JSON.parse(window.boardshift.state());
        return s.screen === 'game' && !s.animating && !s.thinking && s.painted_at !== null;
      });
      await page.waitForTimeout(400);
      const file = path.join(out, `${name}-${screen}.png`);
      // The phone renders at 3× but is saved at its CSS size: a sixth of the bytes to commit.
      await page.screenshot({ path: file, scale: 'css' });
      console.log(`${path.relative(repo, file)}: ${fs.statSync(file).size} bytes`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
