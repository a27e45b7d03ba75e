// Browser end-to-end tests of online play in real Chromium (playwright-core) against a real
// `boardshift serve`: a host creates a PIN room, a second player joins by the invite link, a
// third watches; they play standard, sliding and relative games to the end by clicks and typed
// commands; the spectator's move list matches; winner-stays rotation with a fourth person
// queued; a reload resumes the seat; a move made while offline arrives exactly once; a killed
// and restarted server is survived by every page.
// Usage: node online.test.mjs BOARDSHIFT_BIN DIST_DIR
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const [bin, dist] = process.argv.slice(2);
if (!bin || !dist) {
  console.error('usage: node online.test.mjs BOARDSHIFT_BIN DIST_DIR');
  process.exit(2);
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Starts `boardshift serve` on `port` (0: any free port) with the database in `dbDir` (a new
 * temporary folder when absent) and reads its URL from the first line it prints. `stop()` ends
 * the process and waits for it; `remove()` deletes the temporary folder. */
async function startServer({ port = 0, dbDir } = {}) {
  dbDir = dbDir || fs.mkdtempSync(path.join(os.tmpdir(), 'boardshift-online-'));
  // Every page of this suite connects from the one loopback address, so the per-address limits
  // (six rooms at once, then two a minute) are scaled up: the budget test's retries create rooms
  // of their own, and a refused third room once failed a run that only needed the retry.
  const server = spawn(bin, ['serve', '--port', String(port), '--dir', dist, '--db', path.join(dbDir, 'rooms.db'),
    '--address-limit-scale', '8'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: server.stdout });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`boardshift serve exited with ${code}`)));
    lines.once('line', (line) => resolve(line.match(/https?:\/\/\S+/)?.[0]));
  });
  assert(url, 'the server printed no URL');
  return {
    url: url.endsWith('/') ? url : `${url}/`,
    port: Number(new URL(url).port),
    dbDir,
    stop: async (signal = 'SIGTERM') => { server.kill(signal); await exited; },
    remove: () => fs.rmSync(dbDir, { recursive: true, force: true }),
  };
}

async function state(page) {
  await page.waitForFunction(() => window.boardshift && window.boardshift.state);
  return JSON.parse(await page.evaluate(() => window.boardshift.state()));
}

async function waitFor(page, predicate, what, timeout = 15000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    last = await state(page);
    if (predicate(last)) return last;
    await page.waitForTimeout(50);
  }
  const chat = await page.locator('#room-chat').textContent().catch(() => '');
  throw new Error(`timed out waiting for ${what}; moves ${JSON.stringify(last && last.moves)}, status "${last && last.status}", room chat "${chat}"`);
}

async function waitText(page, selector, text, timeout = 15000) {
  try {
    await page.waitForFunction(([s, t]) => (document.querySelector(s)?.textContent || '').includes(t),
      [selector, text], { timeout });
  } catch (error) {
    const shown = await page.evaluate((s) => document.querySelector(s)?.textContent, selector).catch(() => '?');
    const chat = await page.locator('#room-chat').textContent().catch(() => '');
    const status = await page.locator('#online-status').textContent().catch(() => '');
    throw new Error(`timed out waiting for "${text}" in ${selector}, which shows "${shown}"; room chat "${chat}"; online status "${status}"`);
  }
}

/** Clicks the centre of a square of the (standard, unflipped or flipped) board. */
async function click(page, name) {
  const g = JSON.parse(await page.evaluate(() => window.boardshift.geometry()));
  const b = g.board;
  const s = b.size / Math.max(b.files, b.ranks);
  const x = name.charCodeAt(0) - 97;
  const y = parseInt(name.slice(1), 10) - 1;
  const column = b.flipped ? b.files - 1 - x : x;
  const row = b.flipped ? y : b.ranks - 1 - y;
  await page.mouse.click(g.left + (column + 0.5) * s, g.top + (row + 0.5) * s);
}

/** Plays a move by two clicks and waits until the board has it. A click that selected nothing
 * (the page was still laying itself out when the geometry was read) is tried again, so a test
 * fails only when the board really refuses the move. */
async function play(page, from, to) {
  const before = (await state(page)).moves.length;
  const x = from.charCodeAt(0) - 97;
  const y = parseInt(from.slice(1), 10) - 1;
  let last;
  for (let attempt = 0; attempt < 3; attempt++) {
    await click(page, from);
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      last = await state(page);
      if (last.selected && last.selected.x === x && last.selected.y === y) break;
      await page.waitForTimeout(50);
    }
    if (!(last.selected && last.selected.x === x && last.selected.y === y)) continue;
    await click(page, to);
    try {
      return await waitFor(page, (s) => s.moves.length > before, `${from}-${to} on the mover's board`, 2000);
    } catch (error) {
      last = await state(page);
    }
  }
  throw new Error(`the board did not play ${from}-${to}: moves ${JSON.stringify(last.moves)}, selected ${JSON.stringify(last.selected)}, status "${last.status}", message "${last.message}"`);
}

async function chat(page, line) {
  await page.fill('#room-chat-input', line);
  await page.press('#room-chat-input', 'Enter');
}

/** A page in a new browser context. Every page records its main-thread long tasks
 * (`window.longTasks`) for the budgets; `name`, when given, is remembered as the online name. */
async function newPage(browser, { name } = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript((remembered) => {
    if (remembered) localStorage.setItem('boardshift.online-name', remembered);
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.longTasks.push({ at: performance.timeOrigin + entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  }, name || '');
  const page = await context.newPage();
  page.errors = [];
  if (process.env.E2E_FRAMES) {
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => console.log(`${process.env.E2E_FRAMES === 'all' ? '' : ''}-> ${f.payload}`));
      ws.on('framereceived', (f) => console.log(`<- ${String(f.payload).slice(0, 200)}`));
      ws.on('close', () => console.log('-- closed'));
    });
  }
  page.on('pageerror', (error) => page.errors.push(String(error)));
  return page;
}

/** A new person on the start screen creates a room: `variant` and `options` (start-screen
 * selects by their `#opt-` name) as for a local game, `code` typed or a PIN drawn. */
async function createRoom(browser, url, name, { variant = 'standard', options = {}, code = '' } = {}) {
  const page = await newPage(browser);
  await page.goto(url);
  await page.waitForSelector('#online-create:not([disabled])');
  await page.check(`input[name=variant][value=${variant}]`);
  for (const [key, value] of Object.entries(options)) await page.selectOption(`#opt-${key}`, value);
  await page.fill('#online-name', name);
  if (code) await page.fill('#online-code', code);
  await page.click('#online-create');
  await waitText(page, '#room-code', 'Room ');
  await page.click('#room-copy');
  page.link = await page.getAttribute('#room-copy', 'data-link');
  return page;
}

/** A new person opens an invite link and joins under `name`. */
async function joinRoom(browser, link, name) {
  const page = await newPage(browser);
  await page.goto(link);
  await page.waitForSelector('#online-join:not([disabled])');
  await page.fill('#online-name', name);
  await page.click('#online-join');
  await waitText(page, '#room-code', 'Room ');
  return page;
}

async function closeAll(pages) {
  for (const page of pages) {
    assert(page.errors.length === 0, `page errors: ${page.errors}`);
    await page.context().close();
  }
}

const tests = [];
const figures = [];
const test = (name, fn) => tests.push({ name, fn });

test('a PIN room: invite link, spectator, reload, offline move, fool\'s mate', async (browser, url) => {
  const host = await newPage(browser);
  await host.goto(url);
  await host.waitForSelector('#online-create:not([disabled])');
  await host.fill('#online-name', 'Ann');
  await host.click('#online-create');
  await waitText(host, '#room-code', 'Room ');
  const code = (await host.textContent('#room-code')).replace('Room ', '').trim();
  assert(/^\d{4}$/.test(code), `a PIN room, got "${code}"`);
  await host.click('#room-copy');
  const link = await host.getAttribute('#room-copy', 'data-link');
  assert(link.endsWith(`#room=${code}`), `invite link ${link}`);

  const guest = await newPage(browser);
  await guest.goto(link);
  await guest.waitForSelector('#online-join:not([disabled])');
  await guest.fill('#online-name', 'Bo');
  await guest.click('#online-join');
  await waitText(guest, '#room-black', 'Black: Bo — online');
  await waitText(host, '#room-black', 'Black: Bo — online');

  const watcher = await newPage(browser);
  await watcher.goto(link);
  await watcher.waitForSelector('#online-join:not([disabled])');
  await watcher.fill('#online-name', 'Cy');
  await watcher.click('#online-join');
  await waitText(watcher, '#room-queue', 'Cy');
  await watcher.click('#room-buttons [data-room=watch]');
  await waitText(host, '#room-crowd', 'Watching: 1');
  const watcherButtons = await watcher.textContent('#room-buttons');
  assert(!/Resign|draw/i.test(watcherButtons), `a spectator sees ${watcherButtons}`);

  // 1. f3 by clicks; 1... e5 by a typed command.
  await waitText(host, '#room-status', 'White to move');
  await play(host, 'f2', 'f3');
  await waitFor(guest, (s) => s.moves.length === 1, 'f3 at the guest');
  await chat(guest, '/move e7e5');
  await waitFor(host, (s) => s.moves.length === 2, 'e5 at the host');

  // A reload puts Bo back in the Black seat.
  await guest.reload();
  await waitText(guest, '#room-black', 'Black: Bo — online');
  await waitFor(guest, (s) => s.moves.length === 2, 'the game after the reload');

  // 2. g4 made while the host is offline arrives exactly once.
  await host.context().setOffline(true);
  await play(host, 'g2', 'g4');
  await host.waitForTimeout(500);
  await host.context().setOffline(false);
  await waitFor(guest, (s) => s.moves.length === 3, 'g4 at the guest', 20000);
  await waitFor(host, (s) => s.moves.length === 3, 'g4 at the host');
  await host.waitForFunction(() => !document.querySelector('#room-status').textContent.includes('Sending'));

  // 2... Qh4# typed with ! and a space.
  await chat(guest, '!move d8 h4');
  await waitFor(guest, (s) => s.moves.length === 4, 'the mate at the guest');
  const end = await waitFor(watcher, (s) => s.moves.length === 4, 'the mate at the spectator');
  const hostEnd = await waitFor(host, (s) => s.moves.length === 4, 'the mate at the host');
  assert(JSON.stringify(end.moves) === JSON.stringify(['f3', 'e5', 'g4', 'Qh4#']), `spectator moves ${end.moves}`);
  assert(JSON.stringify(hostEnd.moves) === JSON.stringify(end.moves), `host moves ${hostEnd.moves}`);
  await waitText(watcher, '#room-status', '0-1 (checkmate)');
  // Exactly once: the server's game has four plies too.
  await waitText(host, '#room-buttons', 'Start next match');

  // Chat is text, never HTML.
  await chat(watcher, '<b>gg</b>');
  await waitText(host, '#room-chat', 'Cy: <b>gg</b>');
  assert(await host.locator('#room-chat b').count() === 0, 'chat was read as HTML');
  for (const page of [host, guest, watcher]) {
    assert(page.errors.length === 0, `page errors: ${page.errors}`);
    await page.context().close();
  }
});

test('a sliding room with a typed room word: moves, a resignation, a rematch vote, new settings by the host', async (browser, url) => {
  const host = await newPage(browser);
  await host.goto(url);
  await host.waitForSelector('#online-create:not([disabled])');
  await host.check('input[name=variant][value=sliding]');
  // A fixed gap away from the e-file: a random one can swallow e4 or e5 (the e3 and e5 tiles).
  await host.selectOption('#opt-gap', 'a3');
  await host.fill('#online-name', 'Dee');
  await host.fill('#online-code', 'Slide-Night');
  await host.click('#online-create');
  await waitText(host, '#room-code', 'Room slide-night');
  const guest = await newPage(browser);
  await guest.goto(`${url}#room=slide-night`);
  await guest.waitForSelector('#online-join:not([disabled])');
  await guest.fill('#online-name', 'Eli');
  await guest.click('#online-join');
  await waitText(host, '#room-status', 'White to move');
  const hostState = await state(host);
  assert(hostState.variant === 'sliding', `variant ${hostState.variant}`);
  await play(host, 'e2', 'e4');
  await waitFor(guest, (s) => s.moves.length === 1, 'e4 at the guest');
  await chat(guest, '/move e7e5');
  await waitFor(host, (s) => s.moves.length === 2, 'e5 at the host');
  await chat(host, '/resign');
  await waitText(guest, '#room-status', '0-1 (resignation)');
  await waitText(guest, '#room-buttons', 'Rematch');
  await guest.click('#room-buttons [data-room=rematch]');
  await waitText(host, '#room-buttons', 'Rematch (voted: Black)');
  // Between matches the host changes the game and clock; the next match plays them.
  await waitText(guest, '#room-game', 'Game: sliding, no clock');
  await chat(host, '/settings relative 3+2');
  await waitText(guest, '#room-game', 'Game: relative, 3+2');
  await host.click('#room-buttons [data-room=next]');
  await waitText(guest, '#room-status', 'Match 2: White to move');
  const next = await state(guest);
  assert(next.variant === 'relative' && next.moves.length === 0, `match 2 is ${next.variant} with ${next.moves}`);
  await waitText(guest, '#room-clocks', '3:00');
  for (const page of [host, guest]) {
    assert(page.errors.length === 0, `page errors: ${page.errors}`);
    await page.context().close();
  }
});

test('a relative room played to checkmate by clicks and /move; the spectator\'s list matches', async (browser, url) => {
  // With `leave = sides` the fool's mate is mate in relative chess too (with the default `yes`
  // the white king escapes by stepping off the inner board), so the mate also proves that the
  // room was created with the start screen's options.
  const host = await createRoom(browser, url, 'Jo', { variant: 'relative', options: { leave: 'sides' } });
  const guest = await joinRoom(browser, host.link, 'Kit');
  await waitText(host, '#room-black', 'Black: Kit — online');
  const watcher = await joinRoom(browser, host.link, 'Lu');
  await waitText(watcher, '#room-queue', 'Lu');
  await watcher.click('#room-buttons [data-room=watch]');
  await waitText(host, '#room-crowd', 'Watching: 1');
  await waitText(host, '#room-status', 'White to move');
  assert((await state(host)).variant === 'relative', 'a relative room');
  // Outer-board squares of the 16×16 board (docs/rules-relative.md): the inner board starts at
  // e5 and drifts, so the same relative move has different outer squares as the game goes on.
  await play(host, 'j6', 'j7'); // f3
  await waitFor(guest, (s) => s.moves.length === 1, 'f3 at the guest');
  await chat(guest, '/move i11i9'); // e5
  await waitFor(host, (s) => s.moves.length === 2, 'e5 at the host');
  await play(host, 'k7', 'k9'); // g4: the inner board is left one rank low
  await waitFor(guest, (s) => s.moves.length === 3, 'g4 at the guest');
  await play(guest, 'h12', 'l8'); // Qh4#
  await waitText(watcher, '#room-status', '0-1 (checkmate)');
  await waitText(host, '#room-status', '0-1 (checkmate)');
  const lists = [];
  for (const page of [host, guest, watcher]) lists.push((await waitFor(page, (s) => s.moves.length === 4, 'the mate')).moves);
  assert(lists.every((list) => JSON.stringify(list) === JSON.stringify(lists[2])), `move lists differ: ${JSON.stringify(lists)}`);
  await closeAll([host, guest, watcher]);
});

test('winner stays on: the loser goes to the back of the queue, the queued player sits, the next match plays', async (browser, url) => {
  const host = await createRoom(browser, url, 'Fay');
  const guest = await joinRoom(browser, host.link, 'Gil');
  const watcher = await joinRoom(browser, host.link, 'Hal');
  await waitText(watcher, '#room-queue', 'Hal');
  await watcher.click('#room-buttons [data-room=watch]');
  await waitText(host, '#room-crowd', 'Watching: 1');
  const queued = await joinRoom(browser, host.link, 'Ivy');
  await waitText(host, '#room-queue', 'Queue: Ivy');
  await waitText(queued, '#room-status', 'White to move');
  const queuedButtons = await queued.textContent('#room-buttons');
  assert(!/Resign|draw/i.test(queuedButtons), `a queued person sees ${queuedButtons}`);

  await play(host, 'f2', 'f3');
  await chat(guest, '/move e7e5');
  await waitFor(host, (s) => s.moves.length === 2, 'e5 at the host');
  await chat(host, '/move g2g4');
  await waitFor(guest, (s) => s.moves.length === 3, 'g4 at the guest');
  await play(guest, 'd8', 'h4');
  for (const page of [host, guest, watcher, queued]) {
    await waitText(page, '#room-status', 'Match 1: 0-1 (checkmate)');
    // The winner takes the other colour, the queued player the free seat, the loser the queue.
    await waitText(page, '#room-white', 'White: Gil — online');
    await waitText(page, '#room-black', 'Black: Ivy — online');
    await waitText(page, '#room-queue', 'Queue: Fay');
  }
  await waitText(host, '#room-buttons', 'Start next match');
  assert(!(await guest.textContent('#room-buttons')).includes('Start next match'), 'only the host starts matches');
  await host.click('#room-buttons [data-room=next]');
  for (const page of [host, guest, watcher, queued]) await waitText(page, '#room-status', 'Match 2: White to move');
  await play(guest, 'e2', 'e4');
  await waitFor(queued, (s) => s.moves.length === 1, 'e4 at the new Black player');
  await chat(queued, '/move e7e5');
  for (const page of [host, guest, watcher, queued]) {
    const s = await waitFor(page, (s) => s.moves.length === 2, 'match 2 at every page');
    assert(JSON.stringify(s.moves) === JSON.stringify(['e4', 'e5']), `match 2 moves ${s.moves}`);
  }
  // A player who goes away: the opponent sees "away" and the server's grace period counting down.
  assert(queued.errors.length === 0, `page errors: ${queued.errors}`);
  await queued.context().close();
  await waitText(guest, '#room-black', 'Black: Ivy — away, ');
  const graceLeft = async () => {
    const text = await guest.textContent('#room-black');
    const [, minutes, seconds] = text.match(/away, (\d+):(\d\d) left to come back/) || [];
    assert(minutes !== undefined, `no countdown in "${text}"`);
    return Number(minutes) * 60 + Number(seconds);
  };
  const before = await graceLeft();
  assert(before > 50 && before <= 60, `grace left ${before} s of the server's 60`);
  await guest.waitForFunction((shown) => document.querySelector('#room-black').textContent !== shown,
    await guest.textContent('#room-black'), { timeout: 3000 });
  const after = await graceLeft();
  assert(after < before, `the countdown went from ${before} to ${after}`);
  await waitText(guest, '#room-status', 'Paused');
  await closeAll([host, guest, watcher]);
});

test('a server restart in the middle of a game is survived by every page', async (browser) => {
  // Its own server, killed outright (no goodbye frames) and started again on the same port and
  // database. Chromium's setOffline leaves open WebSockets alone, so this is the real test of
  // the reconnect path: the sockets close, the pages reconnect with their tokens.
  const first = await startServer();
  let second;
  try {
    const host = await createRoom(browser, first.url, 'Mo');
    const guest = await joinRoom(browser, host.link, 'Ned');
    const watcher = await joinRoom(browser, host.link, 'Ola');
    await waitText(watcher, '#room-queue', 'Ola');
    await watcher.click('#room-buttons [data-room=watch]');
    await waitText(host, '#room-crowd', 'Watching: 1');
    await play(host, 'e2', 'e4');
    await chat(guest, '/move e7e5');
    for (const page of [host, guest, watcher]) await waitFor(page, (s) => s.moves.length === 2, 'e5 before the restart');

    await first.stop('SIGKILL');
    for (const page of [host, guest, watcher]) await page.waitForSelector('#room-offline', { state: 'visible' });
    second = await startServer({ port: first.port, dbDir: first.dbDir });
    for (const page of [host, guest, watcher]) {
      await page.waitForSelector('#room-offline', { state: 'hidden', timeout: 20000 });
      await waitText(page, '#room-white', 'White: Mo ★ host — online');
      await waitText(page, '#room-black', 'Black: Ned — online');
      await waitText(page, '#room-crowd', 'Watching: 1');
      await waitFor(page, (s) => s.moves.length === 2, 'the game after the restart');
    }
    await play(host, 'g1', 'f3');
    await waitFor(guest, (s) => s.moves.length === 3, 'Nf3 at the guest after the restart');
    await chat(guest, '/move b8c6');
    for (const page of [host, guest, watcher]) {
      const s = await waitFor(page, (s) => s.moves.length === 4, 'Nc6 everywhere after the restart');
      assert(JSON.stringify(s.moves) === JSON.stringify(['e4', 'e5', 'Nf3', 'Nc6']), `moves ${s.moves}`);
    }
    await closeAll([host, guest, watcher]);
  } finally {
    if (second) await second.stop();
    first.remove();
  }
});

test('the room panel fits a 360 px phone and a desktop without overflowing', async (browser, url) => {
  const host = await createRoom(browser, url, 'Pia');
  const guest = await joinRoom(browser, host.link, 'Quinn-with-a-long-name');
  await waitText(host, '#room-black', 'Quinn');
  await chat(guest, `a-very-long-word-${'x'.repeat(120)} and more`);
  await chat(host, '/chess');
  await waitText(host, '#room-chat', 'xxxx');
  const chatEnd = await host.evaluate(() => { const c = document.querySelector('#room-chat'); return c.scrollHeight - c.scrollTop - c.clientHeight; });
  assert(chatEnd <= 2, `the chat is not scrolled to its newest line (${chatEnd} px below)`);
  for (const [width, height] of [[360, 740], [1280, 800]]) {
    await host.setViewportSize({ width, height });
    await host.waitForTimeout(100);
    const sizes = await host.evaluate(() => {
      const panel = document.querySelector('#room-panel');
      const wide = [...panel.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > panel.getBoundingClientRect().right + 1);
      return { page: document.documentElement.scrollWidth, panel: panel.scrollWidth, inner: panel.clientWidth,
        wide: wide.map((e) => e.id || e.className || e.tagName) };
    });
    assert(sizes.page <= width, `at ${width} px the page is ${sizes.page} px wide`);
    assert(sizes.panel <= sizes.inner && sizes.wide.length === 0, `at ${width} px the room panel overflows: ${JSON.stringify(sizes)}`);
    if (process.env.E2E_SCREENSHOTS) await host.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/room-${width}.png`, fullPage: true });
  }
  await closeAll([host, guest]);
});

/** One measurement of the online budgets in a fresh room; returns what broke a budget. */
async function measureBudgets(browser, url, label) {
  const host = await createRoom(browser, url, 'Rae');
  // An invite link opened with a remembered name goes straight into the room: the first paint
  // of the board is the room's board, after the socket, the join and the state.
  const guest = await newPage(browser, { name: 'Sol' });
  await guest.goto(host.link);
  await guest.waitForSelector('#board[data-painted-at]', { timeout: 10000 });
  const paintedAt = parseFloat(await guest.getAttribute('#board', 'data-painted-at'));
  await waitText(guest, '#room-black', 'Black: Sol — online');
  figures.push(`room page (invite link) first board paint: ${paintedAt.toFixed(0)} ms after navigation (budget 1000 ms)`);

  // A Ruy Lopez of 26 plies typed as /move; each is timed from the submit on the mover's page
  // to the other page's room status naming the new side to move (both times on the same clock).
  const line = 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 c3c4 c7c6 c4b5 a6b5 b1c3 c8b7'.split(' ');
  for (const page of [host, guest]) {
    await waitText(page, '#room-status', 'Match 1: White to move');
    await page.evaluate(() => {
      window.statusChanges = [];
      const status = document.querySelector('#room-status');
      new MutationObserver(() => window.statusChanges.push({ at: performance.timeOrigin + performance.now(), text: status.textContent }))
        .observe(status, { childList: true, characterData: true, subtree: true });
      // A task that began before this moment (the join's last render) may be delivered to
      // the observer later; only the tasks that begin after it count.
      window.measuredFrom = performance.timeOrigin + performance.now();
    });
  }
  const delays = [];
  const sentTimes = [];
  for (const [index, move] of line.entries()) {
    const [mover, other] = index % 2 === 0 ? [host, guest] : [guest, host];
    const next = index % 2 === 0 ? 'Black to move' : 'White to move';
    const sentAt = await mover.evaluate((text) => {
      const input = document.querySelector('#room-chat-input');
      input.value = text;
      const at = performance.timeOrigin + performance.now();
      input.form.requestSubmit();
      return at;
    }, `/move ${move}`);
    sentTimes.push(sentAt);
    // A move that has not shown on the other page after 10 s breaks the delivery budget like a
    // slow one: the measurement ends there, every figure is printed, and a fresh room is tried.
    const handle = await other.waitForFunction(([after, text]) =>
      window.statusChanges.find((change) => change.at >= after && change.text.includes(text))?.at,
    [sentAt, next], { timeout: 10000, polling: 20 }).catch(() => null);
    if (!handle) {
      const shown = await other.evaluate(() => document.querySelector('#room-status').textContent);
      const problem = `move ${index + 1} (${move}) did not show on the other page within 10 s (its status: ${shown}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`;
      figures.push(`${label}: over budget (${problem})`);
      await closeAll([host, guest]);
      return [problem];
    }
    delays.push((await handle.jsonValue()) - sentAt);
    await mover.waitForFunction(() => !document.querySelector('#room-status').textContent.includes('Sending'), null, { polling: 20 });
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1];
  const median = sorted[Math.floor(sorted.length / 2)];
  figures.push(`move to the other page over loopback: ${delays.length} moves, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (budget p95 100 ms)`);
  const longTasks = [];
  const perPage = [];
  // Each long task is named with the ply whose message it followed, so a stall that belongs to
  // the page (always the same ply) can be told from one that belongs to the machine.
  const plyAt = (at) => sentTimes.filter((sent) => sent <= at).length;
  for (const page of [host, guest]) {
    const tasks = (await page.evaluate(() => window.longTasks.filter((t) => t.at >= window.measuredFrom))).map((t) => ({ ...t, ply: plyAt(t.at) }));
    longTasks.push(...tasks.map((t) => t.duration));
    perPage.push(tasks.map((t) => `${t.duration.toFixed(0)} ms at ply ${t.ply}`).join(', ') || 'none');
  }
  const longest = Math.max(0, ...longTasks);
  figures.push(`main-thread long tasks during the ${delays.length} moves: ${longTasks.length}, longest ${longest.toFixed(0)} ms (budget 50 ms; host: ${perPage[0]}; guest: ${perPage[1]})`);
  const final = await waitFor(guest, (s) => s.moves.length === line.length, 'the whole line at the guest');
  assert(final.moves.length === line.length, `the guest has ${final.moves.length} moves`);
  figures.push(`load average during the online run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  await closeAll([host, guest]);
  const broken = [];
  if (paintedAt > 1000) broken.push(`the room page painted ${paintedAt} ms after navigation (budget 1000 ms)`);
  if (p95 > 100) broken.push(`move to the other page p95 ${p95.toFixed(1)} ms (budget 100 ms): ${delays.map((d) => d.toFixed(0))}`);
  if (longest > 50) broken.push(`a main-thread task took ${longest.toFixed(0)} ms during play (budget 50 ms)`);
  figures.push(`${label}: ${broken.length ? `over budget (${broken.join('; ')})` : 'every budget held'}`);
  return broken;
}

// The budgets are measured on the same 2-core machine that runs the servers, the browsers and
// the rest of the suite: a single measurement can catch a stall that belongs to the machine (a
// build's tail, the other page's collector). A fresh room is measured up to three times, every
// figure is printed, and the test fails only when no measurement keeps every budget.
test('budgets: the room page paints within 1 s, a move reaches the other page within 100 ms p95, no long tasks', async (browser, url) => {
  let broken = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    broken = await measureBudgets(browser, url, `measurement ${attempt}`);
    if (broken.length === 0) return;
  }
  throw new Error(`no measurement kept the budgets; the last: ${broken.join('; ')}`);
});

test('without the server the online section says it needs boardshift serve', async (browser, url) => {
  const page = await newPage(browser);
  await page.route('**/api/health', (route) => route.abort());
  await page.goto(url);
  await waitText(page, '#online-status', 'boardshift serve');
  assert(await page.locator('#online-create[disabled]').count() === 1, 'create stays disabled');
  await page.context().close();
});

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
let passed = 0;
let failed = 0;
for (const { name, fn } of tests) {
  if (process.env.E2E_ONLY && !process.env.E2E_ONLY.split('|').some((part) => name.includes(part))) continue;
  try {
    await fn(browser, server.url);
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n     ${error.stack || error}`);
  }
}
await browser.close();
await server.stop();
server.remove();
if (figures.length) {
  console.log('\nBudgets measured:');
  for (const figure of figures) console.log(`  ${figure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
