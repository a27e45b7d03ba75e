// Browser tests of the settings dialog (each setting is kept across a reload and takes effect
// at once), and of offline play and updates through the service worker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import {
  state, click, centre, waitFor, settled, plies, probe, newPage, startGame, loadGame, screenshot, assert, test, base, repo,
} from '../harness.mjs';

/** Opens the gear's dialog, sets controls ({ field: value }), closes it. */
async function choose(page, values) {
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  for (const [field, value] of Object.entries(values)) {
    const selector = `#settings [data-setting=${field}]`;
    if (typeof value === 'boolean') await page.setChecked(selector, value);
    else await page.selectOption(selector, value);
  }
  await page.click('#settings-close');
}

/** Share of pixels in a square's top-left corner that differ from the square's own colour:
 * where the rank number is printed. */
async function cornerInk(page, at) {
  await probe(page, at);
  const c = await centre(page, at);
  return page.evaluate(({ cx, cy, s }) => {
    const canvas = document.getElementById('board');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const ctx = canvas.getContext('2d');
    const left = Math.round((cx - s / 2) * ratio) + 2;
    const top = Math.round((cy - s / 2) * ratio) + 2;
    const size = Math.round(s * 0.3 * ratio);
    const data = ctx.getImageData(left, top, size, size).data;
    const [r0, g0, b0] = ctx.getImageData(Math.round(cx * ratio), Math.round(cy * ratio), 1, 1).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 60) ink++;
    }
    return ink / (data.length / 4);
  }, c);
}

/** Starts a new game from the game screen's "New game" (a fresh load would resume the game). */
async function newGame(page, opponent) {
  await page.click('#btn-home');
  await page.waitForSelector('#start:not([hidden])');
  await page.selectOption('#opponent', opponent);
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game' && s.moves.length === 0 && s.painted_at !== null, 'the new game');
}

const near = (point, hex) => {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return want.every((v, i) => Math.abs(point[i] - v) <= 3);
};

test('settings: board theme, piece set and coordinates survive a reload and take effect', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { opponent: 'hotseat' });
  // b3 is an empty light square: the theme's light colour.
  assert(near((await probe(page, 'b3')).point, '#f0d9b5'), 'the default board is not brown');
  const classicKing = await probe(page, 'e1');
  assert(await cornerInk(page, 'a4') > 0.01, 'no rank number on a4 with coordinates on');
  await choose(page, { board_theme: 'blue', piece_set: 'flat', coordinates: false });
  assert(near((await probe(page, 'b3')).point, '#dee3e6'), 'the blue theme did not take effect at once');
  await page.reload();
  let s = await waitFor(page, (x) => x.screen === 'game' && x.painted_at !== null, 'the resumed game');
  assert(s.settings.board_theme === 'blue' && s.settings.piece_set === 'flat' && !s.settings.coordinates,
    `settings after a reload: ${JSON.stringify(s.settings)}`);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('pieces-flat/wK.svg')));
  assert(near((await probe(page, 'b3')).point, '#dee3e6'), 'the blue theme is lost after a reload');
  const flatKing = await probe(page, 'e1');
  assert(Math.abs(flatKing.white - classicKing.white) > 0.02 || flatKing.point.join() !== classicKing.point.join(),
    `the flat king looks like the classic one: ${JSON.stringify([classicKing, flatKing])}`);
  assert(await cornerInk(page, 'a4') === 0, 'a rank number is drawn with coordinates off');
  await screenshot(page, 'settings-blue-flat');
  // The dialog shows what is in force.
  await page.click('#btn-settings');
  assert(await page.inputValue('[data-setting=board_theme]') === 'blue', 'the dialog forgot the theme');
  assert(!await page.isChecked('[data-setting=coordinates]'), 'the dialog forgot coordinates off');
  await page.context().close();
});

test('settings: auto-queen, move confirmation and hot-seat auto-flip survive a reload and take effect', async (browser) => {
  const page = await newPage(browser);
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await choose(page, { auto_queen: true, auto_flip: true, animation: 'off' });
  // Auto-queen: the pawn promotes with no chooser.
  await loadGame(page, { variant: 'standard', start: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
  await click(page, 'a7');
  await click(page, 'a8');
  let s = await waitFor(page, plies(1), 'the promotion');
  assert(s.moves[0] === 'a8=Q+' && !s.promotion_open, `promotion: ${s.moves} open ${s.promotion_open}`);
  assert(s.settings.animation === 'off' && !s.animating, 'the move was animated with animation off');
  // Auto-flip: after White's move a hot-seat board is seen from Black.
  await newGame(page, 'hotseat');
  assert(!(await state(page)).geometry.flipped, 'flipped before any move');
  await click(page, 'e2');
  await click(page, 'e4');
  s = await waitFor(page, (x) => x.moves.length === 1 && x.geometry.flipped, 'the board to turn to Black');
  // Move confirmation, against the computer: the move waits for Confirm.
  await choose(page, { confirm_moves: true, auto_flip: false });
  await newGame(page, 'computer-black');
  await click(page, 'e2');
  await click(page, 'e4');
  s = await state(page);
  assert(s.moves.length === 0 && s.held_move === 'e2e4', `not held: ${s.moves} ${s.held_move}`);
  assert(await page.isVisible('#held-bar'), 'no Confirm bar');
  await page.click('#held-cancel');
  s = await state(page);
  assert(s.moves.length === 0 && s.held_move === null, 'Cancel did not drop the move');
  await page.reload();
  s = await waitFor(page, (x) => x.screen === 'game' && x.painted_at !== null, 'the resumed game');
  assert(s.settings.confirm_moves && s.settings.auto_queen && !s.settings.auto_flip, `after reload ${JSON.stringify(s.settings)}`);
  await click(page, 'd2');
  await click(page, 'd4');
  assert((await state(page)).held_move === 'd2d4', 'the move was not held after a reload');
  await page.click('#held-confirm');
  s = await waitFor(page, plies(2), 'the confirmed move and the reply');
  assert(s.moves[0] === 'd4', `played ${s.moves}`);
  await page.context().close();
});

test('settings: unreadable stored settings give the defaults and keep the game', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { opponent: 'hotseat' });
  await click(page, 'e2');
  await click(page, 'e4');
  await waitFor(page, plies(1), 'a move');
  await page.evaluate(() => localStorage.setItem('boardshift-settings', '{"board_theme": "blue", "sound": false, broken'));
  await page.reload();
  const s = await waitFor(page, (x) => x.screen === 'game' && settled(x), 'the resumed game');
  assert(s.moves.join() === 'e4', `the game was lost: ${s.moves}`);
  assert(s.settings.board_theme === 'brown' && s.settings.sound, `not the defaults: ${JSON.stringify(s.settings)}`);
  assert(page.errors.length === 0, `errors: ${page.errors}`);
  await page.context().close();
});

/** A server of its own over a copy of dist/ under a sub-path, so a test can change the files. */
async function ownServer() {
  const bin = process.env.BOARDSHIFT_BIN || path.join(repo, 'target/release/boardshift');
  const www = fs.mkdtempSync(path.join(os.tmpdir(), 'boardshift-offline-'));
  const app = path.join(www, 'deep/app');
  fs.mkdirSync(app, { recursive: true });
  fs.cpSync(path.join(repo, 'dist'), app, { recursive: true });
  fs.writeFileSync(path.join(www, 'index.html'), '<!doctype html><title>not the app</title>');
  const server = spawn(bin, ['serve', '--dir', www, '--db', path.join(www, 'rooms.db'), '--port', '0']);
  const url = await new Promise((resolve, reject) => {
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
  return { url: `${url}deep/app/`, app, stop: () => { server.kill(); fs.rmSync(www, { recursive: true, force: true }); } };
}

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 30000 });
}

test('settings offline: after one visit the app reloads and plays the computer with no network', async (browser) => {
  const page = await newPage(browser);
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await controlled(page);
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('#start:not([hidden])');
  await page.selectOption('#opponent', 'computer-black');
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'the board, offline');
  await click(page, 'e2');
  await click(page, 'e4');
  const s = await waitFor(page, plies(2), "the computer's reply, offline");
  assert(s.moves[0] === 'e4', `moves ${s.moves}`);
  await page.context().setOffline(false);
  await page.context().close();
});

test('settings offline: a new deploy installs in the background and "Reload" switches to it', async (browser) => {
  const server = await ownServer();
  const page = await newPage(browser);
  try {
    await page.goto(server.url);
    await page.waitForSelector('#start:not([hidden])');
    await controlled(page);
    const before = await page.evaluate(() => caches.keys());
    assert(await page.isHidden('#update-notice'), 'an update is offered with none deployed');
    // A new deploy: the same app with another version in its service worker.
    const sw = path.join(server.app, 'sw.js');
    fs.writeFileSync(sw, fs.readFileSync(sw, 'utf8').replace(/version: '([^']*)'/, "version: '$1-next'"));
    await page.evaluate(() => window.boardshift.checkForUpdate());
    await page.waitForSelector('#update-notice:not([hidden])', { timeout: 30000 });
    assert(/new version is ready/i.test(await page.textContent('#update-notice')), 'the notice says something else');
    await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
    await page.waitForSelector('#start:not([hidden])');
    await page.waitForFunction((old) => caches.keys().then((keys) => keys.some((k) => k.endsWith('-next')) && !keys.includes(old[0])), before);
    assert(await page.isHidden('#update-notice'), 'the notice stays after the update');
  } finally {
    await page.context().close();
    server.stop();
  }
});
