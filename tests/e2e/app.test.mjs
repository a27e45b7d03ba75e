// Browser end-to-end tests of the Boardshift app in real Chromium (playwright-core): every
// variant played by clicks and drags against the computer, game ends, marks and highlights
// checked by canvas pixel probes, and the budgets (wasm size, first paint, long tasks).
// Tests of later features live in tests/e2e/features/*.mjs and run in the same browser.
// Every page runs under the app's Content-Security-Policy; a test fails on any violation.
// Usage: node app.test.mjs BASE_URL   (BASE_URL serves dist/, possibly under a sub-path)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  state, square, centre, click, drag, waitFor, settled, plies, probe, hasPiece, newPage, startGame, loadGame, bannerText, screenshot, actionFrom, assert, test, figures, cspViolations, base, repo, runAll, watchLongTasks, longTasksBetween,
} from './harness.mjs';

// ---------------------------------------------------------------- budgets

test('wasm is served as application/wasm and its gzip transfer size is at most 400 KB', async () => {
  const response = await fetch(new URL('pkg/boardshift_web_bg.wasm', base));
  assert(response.ok, `wasm request failed: ${response.status}`);
  assert(response.headers.get('content-type') === 'application/wasm', `wrong MIME type ${response.headers.get('content-type')}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const gzipped = zlib.gzipSync(bytes, { level: 9 }).length;
  figures.push(`wasm: ${(bytes.length / 1024).toFixed(0)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzip (budget 400 KB)`);
  assert(gzipped <= 400 * 1024, `wasm gzip size ${gzipped} bytes exceeds 400 KB`);
  // The search worker's module loads off the page's path: measured, not budgeted.
  const worker = await fetch(new URL('pkg/boardshift_worker_bg.wasm', base));
  assert(worker.ok, `worker wasm request failed: ${worker.status}`);
  const workerBytes = Buffer.from(await worker.arrayBuffer());
  figures.push(`worker wasm: ${(workerBytes.length / 1024).toFixed(0)} KB raw, ${(zlib.gzipSync(workerBytes, { level: 9 }).length / 1024).toFixed(1)} KB gzip (not budgeted)`);
});

test('the board is painted within 1 s of navigation', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await page.waitForSelector('#board[data-painted-at]', { timeout: 10000 });
  const paintedAt = parseFloat(await page.getAttribute('#board', 'data-painted-at'));
  figures.push(`first board paint: ${paintedAt.toFixed(0)} ms after navigation (budget 1000 ms)`);
  assert(paintedAt <= 1000, `board painted ${paintedAt} ms after navigation`);
  assert(await hasPiece(page, 'e1', true), 'the white king is not drawn on e1');
  assert(await hasPiece(page, 'd8', false), 'the black queen is not drawn on d8');
  assert(!(await hasPiece(page, 'e4', true)) && !(await hasPiece(page, 'e4', false)), 'e4 should be empty');
  await page.context().close();
});

test('no main-thread task over 50 ms while the computer thinks for 2 s', async (browser) => {
  const page = await newPage(browser);
  await watchLongTasks(page);
  await startGame(page, { level: 'hard' });
  await page.waitForTimeout(300);
  await click(page, 'e2');
  await click(page, 'e4');
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForSelector('#thinking:not([hidden])', { timeout: 2000 });
  // Keep the page busy the way a player would while waiting: hovering and flipping.
  await click(page, 'b1');
  await page.keyboard.press('f');
  await page.keyboard.press('f');
  await waitFor(page, plies(2), 'the computer reply', 20000);
  const t1 = await page.evaluate(() => performance.now());
  const tasks = await longTasksBetween(page, t0, t1);
  const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  figures.push(`computer thought ${((t1 - t0) / 1000).toFixed(1)} s; main-thread long tasks meanwhile: ${tasks.length}, longest ${longest.toFixed(0)} ms (budget 50 ms)`);
  assert(t1 - t0 >= 1500, `the hard level answered after only ${(t1 - t0).toFixed(0)} ms; the budget needs a 2 s think`);
  assert(longest <= 50, `a main-thread task took ${longest} ms while the computer thought`);
  await page.context().close();
});

// ---------------------------------------------------------------- the app shell

test('a clear message when the wasm module cannot load', async (browser) => {
  const page = await newPage(browser);
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto(base);
  await page.waitForSelector('#load-error:not([hidden])', { timeout: 10000 });
  const text = await page.textContent('#load-error');
  assert(/could not start/i.test(text) && /failed to load/i.test(text), `unclear message: ${text}`);
  assert(await page.isHidden('#loading'), 'the loading state is still shown');
  await page.context().close();
});

test('the rules pages and piece guide open from the start screen and the game', async (browser) => {
  const page = await newPage(browser);
  await page.goto(base);
  await page.check('input[name=variant][value=relative]');
  await page.click('#start-rules');
  assert(await page.isVisible('#rules section[data-page=relative]'), 'relative rules not shown');
  assert(/stays where it is/.test(await page.textContent('#rules section[data-page=relative]')), 'relative rules text missing');
  await page.click('[data-rules=pieces]');
  assert(/An L/.test(await page.textContent('#rules section[data-page=pieces]')), 'piece guide missing');
  await page.click('#rules-close');
  assert(await page.isVisible('#opt-size'), 'relative options not shown for relative');
  assert(await page.isHidden('#opt-gap'), 'sliding options shown for relative');
  await page.context().close();
});

// ---------------------------------------------------------------- standard

test('standard: click-click and drag moves, legal-move dots, highlights, computer replies', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'standard' });
  await click(page, 'g1');
  const dot = await probe(page, 'f3');
  assert(dot.point[1] > dot.point[0] && dot.point[0] < 150, `no legal-move dot on f3: ${dot.point}`);
  await click(page, 'e2');
  await click(page, 'e4');
  let s = await waitFor(page, (x) => x.moves.length >= 1, 'the first move');
  assert(s.moves[0] === 'e4', `move list shows ${s.moves[0]}`);
  s = await waitFor(page, plies(2), 'the computer reply');
  assert(await hasPiece(page, 'e4', true), 'no white pawn drawn on e4');
  // The computer's move is highlighted on both of its squares (yellow tint: green well above blue),
  // read near the right edge: clear of the piece and of the rank and file labels, which sit in
  // the top-left corner of a-file squares and the bottom-right corner of first-rank squares.
  for (const at of s.board.last_move) {
    const highlight = await probe(page, at, 0.9, 0.35);
    assert(highlight.point[1] > highlight.point[2] + 50, `last-move square ${JSON.stringify(at)} lacks the highlight: ${highlight.point}`);
  }
  assert(s.board.last_move.length === 2, `last move has ${s.board.last_move.length} squares`);
  await drag(page, 'g1', 'f3');
  s = await waitFor(page, plies(4), 'the drag move and the reply');
  assert(s.moves[2] === 'Nf3', `dragged move recorded as ${s.moves[2]}`);
  assert(await hasPiece(page, 'f3', true) && !(await hasPiece(page, 'g1', true)), 'the knight is not drawn on f3');
  const listText = await page.textContent('#moves');
  assert(listText.includes('e4') && listText.includes('Nf3'), `move list: ${listText}`);
  await screenshot(page, 'standard');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.context().close();
});

test('standard: flip with F and with the button', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.keyboard.press('f');
  let s = await state(page);
  assert(s.geometry.flipped, 'F did not flip the board');
  const a1 = await centre(page, 'a1');
  const g = JSON.parse(await page.evaluate(() => window.boardshift.geometry()));
  assert(a1.cx > g.board.size / 2 && a1.cy < g.board.size / 2, 'a1 is not at the top right when flipped');
  assert(await hasPiece(page, 'a1', true), 'the white rook is not drawn on a1 when flipped');
  await page.click('#btn-flip');
  s = await state(page);
  assert(!s.geometry.flipped, 'the button did not flip back');
  await page.context().close();
});

test('standard: gold castling marks on both the king square and the rook', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'standard', start: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' });
  await click(page, 'e1');
  for (const target of ['g1', 'h1', 'c1']) {
    const p = await probe(page, target, 0.1, 0.5);
    const [r, g, b] = p.point;
    assert(r > 170 && g > 120 && g < 200 && b < 90, `no gold castling mark on ${target}: ${p.point}`);
  }
  await click(page, 'g1');
  const s = await waitFor(page, plies(1), 'castling');
  assert(s.moves[0] === 'O-O', `castling recorded as ${s.moves[0]}`);
  assert(await hasPiece(page, 'f1', true) && await hasPiece(page, 'g1', true), 'king and rook not drawn on g1/f1');
  await page.context().close();
});

test('standard: promotion opens a chooser', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'standard', start: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
  await click(page, 'a7');
  await click(page, 'a8');
  await page.waitForSelector('#promo:not([hidden])');
  assert((await page.$$('#promo button')).length === 4, 'the chooser does not offer four pieces');
  await page.click('#promo button[data-role=N]');
  const s = await waitFor(page, plies(1), 'the promotion');
  assert(s.moves[0].startsWith('a8=N'), `promotion recorded as ${s.moves[0]}`);
  assert(s.board.pieces.some((p) => p.sq.x === 0 && p.sq.y === 7 && p.piece.role === 'N' && p.piece.white), 'no knight on a8');
  await page.context().close();
});

test('standard: checkmate ends the game with a banner, then a rematch starts', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'standard', moves: ['f2f3', 'e7e5', 'g2g4'] });
  await click(page, 'd8');
  await click(page, 'h4');
  const text = await bannerText(page);
  assert(/Black wins/.test(text) && /checkmate/.test(text), `banner: ${text}`);
  const s = await state(page);
  assert(s.result && s.result.result === '0-1', `result ${JSON.stringify(s.result)}`);
  const check = await probe(page, 'e1', 0.12, 0.5);
  assert(check.point[0] > 150 && check.point[1] < 90, `the checked king is not highlighted: ${check.point}`);
  await page.click('#btn-rematch');
  await waitFor(page, (x) => x.moves.length === 0 && !x.result, 'the rematch');
  await page.context().close();
});

test('standard: resign needs a confirmation; draw offer and acceptance in hot-seat', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'standard' });
  await page.click('#btn-resign');
  assert(await page.isVisible('#confirm'), 'no confirmation asked');
  await page.click('#confirm-no');
  assert(!(await state(page)).result, 'cancelling resigned anyway');
  await page.click('#btn-resign');
  await page.click('#confirm-yes');
  let text = await bannerText(page);
  assert(/Black wins/.test(text) && /resignation/.test(text), `banner: ${text}`);

  await page.goto('about:blank');
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null && !s.result, 'a hot-seat game');
  await page.click('#btn-draw');
  await click(page, 'e2');
  await click(page, 'e4');
  await waitFor(page, plies(1), 'the move');
  assert((await page.textContent('#btn-draw')) === 'Accept draw', 'Black is not offered to accept');
  await page.click('#btn-draw');
  text = await bannerText(page);
  assert(/Draw/.test(text) && /agreement/.test(text), `banner: ${text}`);
  await page.context().close();
});

test('standard: on a phone-sized screen at 3x the board fits and is crisp', async (browser) => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  const size = await page.evaluate(() => {
    const c = document.getElementById('board');
    return { css: c.getBoundingClientRect().width, backing: c.width };
  });
  assert(size.css <= 390 && size.css >= 300, `board is ${size.css} px wide on a 390 px screen`);
  assert(Math.abs(size.backing - size.css * 3) <= 1, `backing store ${size.backing} px for ${size.css} CSS px at 3x`);
  const e2 = await centre(page, 'e2');
  const e4 = await centre(page, 'e4');
  await page.touchscreen.tap(e2.x, e2.y);
  await page.touchscreen.tap(e4.x, e4.y);
  const s = await waitFor(page, plies(1), 'a tapped move');
  assert(s.moves[0] === 'e4', `tapped move recorded as ${s.moves[0]}`);
  await page.context().close();
});

// ---------------------------------------------------------------- regroupment

test('regroupment: setup on the board, then moves against the computer', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'regroupment' });
  let s = await waitFor(page, (x) => x.setup && x.setup.side === 'white' && x.setup.piece === 'king' && settled(x), "White's king step");
  assert(/White king/.test(await page.textContent('#setup-prompt')), 'no prompt for the white king step');
  await click(page, 'e1');
  await click(page, 'g1');
  s = await waitFor(page, (x) => x.setup && x.setup.piece === 'queen' && settled(x), "White's queen step");
  assert(s.board.pieces.some((p) => p.sq.x === 6 && p.sq.y === 0 && p.piece.role === 'K'), 'the king did not move to g1');
  assert(await hasPiece(page, 'g1', true), 'no piece drawn on g1');
  await page.click('#btn-keep');
  s = await waitFor(page, (x) => !x.setup && settled(x), 'the play phase');
  await drag(page, 'e2', 'e4');
  s = await waitFor(page, plies(2), 'a move and the reply');
  assert(s.moves[0] === 'e4', `first move recorded as ${s.moves[0]}`);
  await click(page, 'd2');
  await click(page, 'd4');
  await waitFor(page, plies(4), 'another move and reply');
  assert((await page.textContent('#moves')).includes('Setup:'), 'the setup steps are not listed');
  await screenshot(page, 'regroupment');
  await page.context().close();
});

test('regroupment: a mate from a saved start position', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'regroupment',
    start: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4',
  });
  await drag(page, 'f3', 'f7');
  const text = await bannerText(page);
  assert(/White wins/.test(text) && /checkmate/.test(text), `banner: ${text}`);
  await page.context().close();
});

// ---------------------------------------------------------------- sliding

test('sliding: tiles, slide mode with glowing tiles, a slide and a drag against the computer', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'sliding', options: { gap: 'e5' } });
  const hole = await probe(page, 'e5');
  assert(hole.point[0] < 40 && hole.point[1] < 40, `the gap e5 is not drawn as a hole: ${hole.point}`);
  const seam = await probe(page, 'b2', 0.995, 0.5);
  assert(seam.point[0] < 60, `tiles are not visibly separate at the b/c seam: ${seam.point}`);
  await page.click('#btn-slide');
  const glow = await probe(page, 'e3', 0.5, 0.0);
  assert(glow.point[0] > 150 && glow.point[2] < 120, `the movable tile e3 does not glow: ${glow.point}`);
  await click(page, 'f4');
  let s = await waitFor(page, plies(1), 'the slide');
  assert(s.moves[0].startsWith('S:e3>e5'), `slide recorded as ${s.moves[0]}`);
  s = await waitFor(page, plies(2), 'the computer reply');
  const knightMove = actionFrom(s, 'b1') || actionFrom(s, 'g1');
  assert(knightMove, `no knight move among ${s.actions}`);
  await drag(page, knightMove.slice(0, 2), knightMove.slice(2, 4));
  s = await waitFor(page, plies(4), 'the drag and the reply');
  assert(s.moves[2].startsWith('N'), `dragged move recorded as ${s.moves[2]}`);
  await screenshot(page, 'sliding');
  await page.context().close();
});

test('sliding: a rook mate along an open rank from a saved position', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'sliding', start: 'k7/8/xx6/xx6/8/8/r5PP/7K b - - 0 1 -' });
  await click(page, 'a2');
  await click(page, 'a1');
  const text = await bannerText(page);
  assert(/Black wins/.test(text) && /checkmate/.test(text), `banner: ${text}`);
  await page.context().close();
});

// ---------------------------------------------------------------- relative

test('relative: the world shifts and recentres, moves by click and drag against the computer', async (browser) => {
  const page = await newPage(browser);
  // Hard thinks for 2 s, leaving time to see White's shift before Black's reply.
  await startGame(page, { variant: 'relative', level: 'hard' });
  let s = await state(page);
  assert(s.board.files === 16 && s.board.inner_origin.x === 4, 'not a 16x16 board with a centred inner board');
  const outer = await probe(page, { x: 1, y: 1 });
  assert(outer.point[0] < 90 && outer.point[2] < 100, `outer board is not dark: ${outer.point}`);
  const inner = await probe(page, { x: 5, y: 6 });
  assert(inner.point[0] > 150, `inner board is not light: ${inner.point}`);
  await click(page, 'k5');
  await click(page, 'j7');
  s = await waitFor(page, (x) => x.moves.length === 1 && !x.animating, 'Nf3 with its shift');
  // docs/rules-relative.md worked example 1: the knight ends at (9,5), the inner board at (4,3).
  assert(s.board.inner_origin.x === 4 && s.board.inner_origin.y === 3, `origin ${JSON.stringify(s.board.inner_origin)}`);
  assert(s.board.pieces.some((p) => p.sq.x === 9 && p.sq.y === 5 && p.piece.role === 'N' && p.piece.white), 'the knight is not at (9,5)');
  assert(await hasPiece(page, { x: 9, y: 5 }, true), 'the knight is not drawn at (9,5)');
  s = await waitFor(page, plies(2), 'the computer reply');
  const pawn = s.board.pieces.find((p) => p.piece.white && p.piece.role === 'P');
  const from = String.fromCharCode(97 + pawn.sq.x) + (pawn.sq.y + 1);
  const step = s.actions.find((t) => new RegExp(`^${from}[a-p]`).test(t));
  assert(step, `no move for the pawn on ${from}`);
  const to = step.slice(from.length).replace(/[qrbn]$/, '');
  await drag(page, from, to);
  await waitFor(page, plies(4), 'the dragged move and the reply', 30000);
  await screenshot(page, 'relative');
  await page.context().close();
});

test('relative: a back-rank mate from a saved position', async (browser) => {
  const page = await newPage(browser);
  // With leave = no the king cannot step off the inner board, so the rank is a real edge.
  await loadGame(page, {
    variant: 'relative',
    options: { leave: 'no' },
    start: '16/16/16/16/10k5/9ppp4/16/16/4R11/16/16/10K5/16/16/16/16 w - - 0 1 e5',
  });
  await click(page, 'e8');
  await click(page, 'e12');
  const text = await bannerText(page);
  assert(/White wins/.test(text) && /checkmate/.test(text), `banner: ${text}`);
  await page.context().close();
});

test('relative: pieces pushed off the edge are lost and listed', async (browser) => {
  const page = await newPage(browser);
  // docs/rules-relative.md worked example 3 (Leibnizian): the rook's move pushes the black knight
  // and the white bishop off the outer board.
  await loadGame(page, {
    variant: 'relative',
    options: { recentering: 'leibnizian' },
    start: '16/16/16/16/8k7/16/1n14/16/4R11/16/16/8K7/16/2B13/16/16 w - - 0 1 e5',
  });
  await click(page, 'e8');
  await click(page, 'h8');
  const s = await waitFor(page, (x) => x.moves.length === 1 && !x.animating, 'the shift');
  assert(s.animations_started === 1, 'the shift is not animated');
  assert(s.board.inner_origin.x === 1 && s.board.inner_origin.y === 4, `origin ${JSON.stringify(s.board.inner_origin)}`);
  assert(s.board.pieces.length === 3, `${s.board.pieces.length} pieces left, expected the rook and two kings`);
  const kings = s.board.pieces.filter((p) => p.piece.role === 'K').map((p) => `${p.sq.x},${p.sq.y}`).sort();
  assert(kings.join(' ') === '5,11 5,4', `kings at ${kings}`);
  assert(await page.isVisible('#lost'), 'the lost pieces are not shown');
  assert((await page.$$('#lost img')).length === 2, 'not two pieces listed as lost over the edge');
  assert(await hasPiece(page, { x: 5, y: 4 }, true), 'the white king is not drawn at its new square');
  await page.context().close();
});

test('regroupment: the random Chess484 start skips the setup phase', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'regroupment', opponent: 'hotseat', options: { start: 'random' } });
  const s = await state(page);
  assert(s.setup === null, `a setup step is pending: ${JSON.stringify(s.setup)}`);
  const backRank = s.position.split(' ')[0].split('/')[7];
  assert(/^R[NBQK]{6}R$/i.test(backRank) && backRank.startsWith('R'), `white back rank ${backRank}`);
  assert(s.actions.length > 0 && s.white_to_move, 'White cannot move');
  await page.context().close();
});

test('sliding: rematch swaps colours and draws a new random gap', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'sliding' });
  const first = await state(page);
  assert(first.config.white === 'human' && !first.geometry.flipped, 'the human does not play White');
  await page.click('#btn-resign');
  await page.click('#confirm-yes');
  await bannerText(page);
  await page.click('#btn-rematch');
  const s = await waitFor(page, (x) => !x.result && x.config.white === 'computer:easy' && x.moves.length >= 1 && settled(x), 'the rematch with the computer as White');
  assert(s.config.black === 'human' && s.geometry.flipped, 'colours did not swap (or the board is not turned to Black)');
  assert(!('gap' in s.config.options), 'the rematch kept a fixed gap instead of drawing a new one');
  await page.context().close();
});

test('standard FIDE mode: threefold repetition is claimed with the Claim button', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'standard',
    options: { draws: 'fide' },
    moves: ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'],
  });
  assert(await page.isVisible('#btn-claim'), 'no Claim button in FIDE mode');
  assert(!(await page.isDisabled('#btn-claim')), 'the claim is not offered after a threefold repetition');
  await page.click('#btn-claim');
  const text = await bannerText(page);
  assert(/Draw/.test(text) && /threefold/.test(text), `banner: ${text}`);
  await page.context().close();
});

// ---------------------------------------------------------------- clocks, undo, history, typing, files

const bin = process.env.BOARDSHIFT_BIN || path.join(repo, 'target/release/boardshift');
const savesDir = path.join(repo, 'tests/saves');

async function clockText(page, id) {
  return (await page.textContent(`#${id}`)).trim();
}

test('clock: a flag falling in a bullet game ends it on time', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'standard',
    moves: ['e2e4', 'e7e5'],
    clock: { initial_ms: 60000, increment_ms: 0, remaining_ms: [1500, 60000] },
  });
  const shown = await clockText(page, 'clock-bottom');
  assert(/^\d\.\d$/.test(shown), `White's clock shows ${shown}, not tenths`);
  assert((await page.getAttribute('#clock-bottom', 'class')).includes('low'), 'no low-time warning');
  assert((await page.getAttribute('#clock-bottom', 'class')).includes('running'), "White's clock is not running");
  const text = await bannerText(page);
  assert(/Black wins/.test(text) && /timeout/.test(text), `banner: ${text}`);
  assert((await clockText(page, 'clock-bottom')) === '0.0', 'the fallen clock does not show 0.0');
  await page.context().close();
});

test('undo against the computer takes back its reply and the move, and restores the clocks', async (browser) => {
  const page = await newPage(browser);
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await page.selectOption('#time', '180+2');
  await page.selectOption('#level', 'easy');
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'the game');
  await page.waitForTimeout(1200);
  await click(page, 'e2');
  await click(page, 'e4');
  let s = await waitFor(page, plies(2), 'the reply');
  assert(s.clock[0] < 180000 + 2000, `White was not charged: ${s.clock}`);
  await page.keyboard.press('Control+z');
  s = await waitFor(page, (x) => x.moves.length === 0 && settled(x), 'the undo');
  assert(s.clock[0] === 180000 && s.clock[1] === 180000, `clocks not restored: ${s.clock}`);
  assert(/^(3:00|2:59)$/.test(await clockText(page, 'clock-bottom')), `White's clock shows ${await clockText(page, 'clock-bottom')}`);
  assert(await hasPiece(page, 'e2', true) && !(await hasPiece(page, 'e4', true)), 'the pawn is not back on e2');
  await page.context().close();
});

test('history browsing: arrows animate, the clock pauses, the game is unchanged', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'standard',
    moves: ['e2e4', 'e7e5', 'g1f3'],
    clock: { initial_ms: 300000, increment_ms: 0, remaining_ms: [290000, 280000] },
  });
  const animationsBefore = (await state(page)).animations_started;
  await page.keyboard.press('ArrowLeft');
  let s = await state(page);
  assert(s.view_ply === 2 && s.animations_started === animationsBefore + 1,
    `not animating back to ply 2: view ${s.view_ply}, animations ${animationsBefore} -> ${s.animations_started}`);
  await waitFor(page, (x) => !x.animating, 'the animation');
  assert(await hasPiece(page, 'g1', true) && !(await hasPiece(page, 'f3', true)), 'the knight is not shown back on g1');
  const before = await clockText(page, 'clock-top');
  await page.waitForTimeout(1300);
  assert((await clockText(page, 'clock-top')) === before, 'the clock ran while browsing');
  assert(await page.isVisible('#browse-bar'), 'no browsing bar');
  await page.keyboard.press('Home');
  s = await waitFor(page, (x) => x.view_ply === 0 && !x.animating, 'the start');
  assert(await hasPiece(page, 'e2', true) && await hasPiece(page, 'e7', false), 'the start position is not shown');
  await page.keyboard.press('ArrowRight');
  s = await waitFor(page, (x) => x.view_ply === 1 && !x.animating, 'ply 1');
  assert(s.moves.length === 3, 'browsing changed the game');
  await page.keyboard.press('Escape');
  s = await waitFor(page, (x) => x.view_ply === null && !x.animating, 'the live game');
  assert(await hasPiece(page, 'f3', true), 'the live position is not back');
  await page.click('#moves [data-ply="2"]');
  s = await waitFor(page, (x) => x.view_ply === 2, 'the clicked move');
  await page.click('#btn-continue');
  s = await waitFor(page, (x) => x.view_ply === null && x.moves.length === 2, 'continuing from ply 2');
  assert(s.white_to_move, 'White should be to move after continuing from ply 2');
  await page.context().close();
});

test('a keyboard-only game: typed moves, SAN and commands, announced', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.focus('#command');
  for (const move of ['e4', 'e7e5', 'Nf3', '/move b8c6', '!move Bc4']) {
    await page.keyboard.type(move);
    await page.keyboard.press('Enter');
  }
  let s = await waitFor(page, (x) => x.moves.length === 5, 'five typed moves');
  assert(s.moves.join(' ') === 'e4 e5 Nf3 Nc6 Bc4', `moves: ${s.moves.join(' ')}`);
  assert(/White played Bc4/.test(await page.textContent('#announce')), `announcement: ${await page.textContent('#announce')}`);
  await page.keyboard.type('e2e4');
  await page.keyboard.press('Enter');
  assert(/e2e4/.test(await page.textContent('#message')), `no error for an illegal typed move: ${await page.textContent('#message')}`);
  await page.keyboard.type('/help');
  await page.keyboard.press('Enter');
  assert(/\/resign/.test(await page.textContent('#message')), 'no help text');
  await page.keyboard.type('/flip');
  await page.keyboard.press('Enter');
  assert((await state(page)).geometry.flipped, '/flip did not flip');
  await page.keyboard.type('/undo');
  await page.keyboard.press('Enter');
  await waitFor(page, (x) => x.moves.length === 4, 'the typed undo');
  // The same actions arrive serialised (as a network layer will deliver them).
  await page.evaluate(() => window.boardshift.apply(JSON.stringify({ action: 'play', text: 'f1c4' })));
  const refused = await page.evaluate(() => {
    try { window.boardshift.apply(JSON.stringify({ action: 'play', text: 'e1e5' })); return null; } catch (e) { return String(e); }
  });
  assert(refused && /e1e5/.test(refused), `an illegal serialised move was not refused clearly: ${refused}`);
  await waitFor(page, (x) => x.moves.length === 5, 'the serialised move');
  await page.focus('#command');
  await page.keyboard.type('/undo');
  await page.keyboard.press('Enter');
  await waitFor(page, (x) => x.moves.length === 4, 'the second typed undo');
  await page.keyboard.type('/resign');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#confirm:not([hidden])');
  await page.click('#confirm-yes');
  const text = await bannerText(page);
  assert(/Black wins/.test(text) && /resignation/.test(text), `banner: ${text}`);
  await page.context().close();
});

test('chess960: a chosen start, castling onto the rook and onto g1, save, check-save and a rematch with a new start', async (browser) => {
  const page = await newPage(browser, { acceptDownloads: true });
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await page.check('input[name=variant][value=chess960]');
  await page.fill('#opt-chess960-start', '0');
  await page.selectOption('#opponent', 'hotseat');
  await page.click('#start-game');
  await page.waitForSelector('#game:not([hidden])');
  let s = await waitFor(page, (x) => x.screen === 'game' && x.painted_at !== null, 'the board');
  assert(s.position.startsWith('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq'), `start ${s.position}`);
  // Clear f1 and f8, then White castles short by putting the king onto its own h1 rook.
  for (const [from, to, n] of [['f2', 'f4', 1], ['f7', 'f5', 2], ['f1', 'f3', 3], ['f8', 'f6', 4]]) {
    await click(page, from);
    await click(page, to);
    s = await waitFor(page, plies(n), `${from}${to}`);
  }
  await click(page, 'g1');
  await click(page, 'h1');
  s = await waitFor(page, plies(5), 'castling onto the rook');
  assert(s.moves[4] === 'O-O', `castling recorded as ${s.moves[4]}`);
  assert(await hasPiece(page, 'g1', true) && await hasPiece(page, 'f1', true), 'king and rook not on g1/f1');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save')]);
  const file = path.join(fs.mkdtempSync('/tmp/boardshift-e2e-'), download.suggestedFilename());
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert(saved.variant === 'chess960' && saved.options.start === '0', `saved ${JSON.stringify(saved.options)}`);
  assert(saved.moves.join(' ') === 'f2f4 f7f5 f1f3 f8f6 g1h1', `saved moves ${saved.moves}`);
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(bin, ['check-save', file], { encoding: 'utf8' });
  assert(out.includes(s.position.split(' ')[0]), `check-save printed ${out}`);
  await page.context().close();

  // The king two squares onto its castling square, where that is not an ordinary king move.
  const other = await newPage(browser);
  await loadGame(other, { variant: 'chess960', options: { start: 'random' }, start: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1' });
  await click(other, 'b1');
  await click(other, 'g1');
  s = await waitFor(other, plies(1), 'castling onto g1');
  assert(s.moves[0] === 'O-O', `castling recorded as ${s.moves[0]}`);
  assert(s.position.startsWith('rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b'), `after castling ${s.position}`);
  await other.click('#btn-resign');
  await other.click('#confirm-yes');
  await bannerText(other);
  await other.click('#btn-rematch');
  s = await waitFor(other, (x) => !x.result && x.moves.length === 0 && settled(x), 'the rematch');
  assert(/^[rnbqk]{8}\/pppppppp/.test(s.position), `rematch start ${s.position}`);
  await other.context().close();
});

test('save downloads a valid file; loading it back gives the same position and moves', async (browser) => {
  const page = await newPage(browser, { acceptDownloads: true });
  await page.goto(`${base}#play=sliding`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  let s = await state(page);
  const slide = s.actions.find((t) => t.startsWith('S:'));
  await page.focus('#command');
  await page.keyboard.type(slide);
  await page.keyboard.press('Enter');
  s = await waitFor(page, plies(1), 'the slide');
  const reply = s.actions.find((t) => !t.startsWith('S:'));
  await page.keyboard.type(reply);
  await page.keyboard.press('Enter');
  s = await waitFor(page, plies(2), 'two moves');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save')]);
  const name = download.suggestedFilename();
  assert(/^boardshift-sliding-\d{4}-\d\d-\d\d\.json$/.test(name), `file name ${name}`);
  const file = path.join(fs.mkdtempSync('/tmp/boardshift-e2e-'), name);
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert(saved.format === 'boardshift-game' && saved.moves.length === 2 && saved.moves[0] === slide, `saved ${JSON.stringify(saved.moves)}`);
  if (fs.existsSync(bin)) {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(bin, ['check-save', file], { encoding: 'utf8' });
    assert(out.includes(s.position.split(' ')[0]), `check-save printed ${out}`);
  } else {
    throw new Error(`no boardshift binary at ${bin} for check-save`);
  }
  const other = await newPage(browser);
  await other.goto(`${base}#play=standard`);
  await waitFor(other, (x) => x.painted_at !== null, 'another game');
  await other.setInputFiles('#load-file', file);
  const loaded = await waitFor(other, (x) => x.variant === 'sliding' && x.moves.length === 2, 'the loaded game');
  assert(loaded.position === s.position, `position ${loaded.position} != ${s.position}`);
  assert(loaded.moves.join(' ') === s.moves.join(' '), 'move lists differ');
  await other.context().close();
  await page.context().close();
});

test('bad files show a message naming the problem and leave the game untouched', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await click(page, 'e2');
  await click(page, 'e4');
  const before = await waitFor(page, plies(1), 'a move');
  const game = (extra) => JSON.stringify({ format: 'boardshift-game', version: 1, variant: 'standard', moves: [], ...extra });
  const cases = [
    ['not JSON', 'this is not json', /not JSON/],
    ['wrong format', game({ format: 'chess-thing' }), /format/],
    ['wrong version', game({ version: 99 }), /version/],
    ['unknown variant', game({ variant: 'xiangqi' }), /variant|xiangqi/],
    ['illegal move', game({ moves: ['e2e4', 'e7e5', 'e1e3'] }), /e1e3/],
    ['absurd size', 'x'.repeat(5 * 1024 * 1024), /too large/],
  ];
  for (const [what, content, expected] of cases) {
    await page.setInputFiles('#load-file', { name: `${what}.json`, mimeType: 'application/json', buffer: Buffer.from(content) });
    await page.waitForFunction((name) => document.getElementById('message').textContent.includes(name), `${what}.json`);
    const message = await page.textContent('#message');
    assert(expected.test(message), `${what}: message "${message}"`);
    const now = await state(page);
    assert(now.position === before.position && now.moves.length === 1, `${what} changed the game`);
  }
  for (const file of fs.readdirSync(savesDir).filter((f) => f.startsWith('bad-'))) {
    await page.setInputFiles('#load-file', path.join(savesDir, file));
    await page.waitForFunction((name) => document.getElementById('message').textContent.includes(name), file);
    const now = await state(page);
    assert(now.position === before.position && now.moves.length === 1, `${file} changed the game`);
  }
  await page.context().close();
});

test('hand-written saved games from tests/saves load in the app', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  const files = fs.readdirSync(savesDir).filter((f) => f.startsWith('good-'));
  assert(files.length > 0, 'no good-*.json files');
  for (const file of files) {
    const saved = JSON.parse(fs.readFileSync(path.join(savesDir, file), 'utf8'));
    await page.setInputFiles('#load-file', path.join(savesDir, file));
    await page.waitForFunction((name) => document.getElementById('message').textContent.includes(name), file);
    const message = await page.textContent('#message');
    assert(message.startsWith('Loaded'), `${file}: ${message}`);
    const s = await state(page);
    assert(s.variant === saved.variant, `${file}: variant ${s.variant}`);
    assert(s.moves.length === (saved.moves || []).length, `${file}: ${s.moves.length} moves shown, ${(saved.moves || []).length} saved`);
  }
  await page.context().close();
});

test('a reload resumes the game in progress with its players and clocks', async (browser) => {
  const page = await newPage(browser);
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await page.check('input[name=variant][value=relative]');
  await page.selectOption('#time', '600+5');
  await page.selectOption('#level', 'easy');
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'the game');
  await click(page, 'k5');
  await click(page, 'j7');
  const before = await waitFor(page, plies(2), 'a move and the reply');
  await page.reload();
  const after = await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'the resumed game');
  assert(after.variant === 'relative' && after.position === before.position, `resumed at ${after.position}`);
  assert(after.moves.join(' ') === before.moves.join(' '), 'moves differ after reload');
  assert(after.config.black === 'computer:easy' && after.clock !== null, `players/clock lost: ${JSON.stringify(after.config)} ${after.clock}`);
  await page.context().close();
});

// ---------------------------------------------------------------- security and robustness

test('the page carries a strict Content-Security-Policy and the app runs under it', async (browser) => {
  const html = fs.readFileSync(path.join(repo, 'web/index.html'), 'utf8');
  assert(!/\son[a-z]+\s*=/i.test(html.replace(/<meta[^>]*>/g, '')), 'index.html has an inline event handler');
  assert(!/<script(?![^>]*\bsrc=)[^>]*>/i.test(html), 'index.html has an inline script');
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert(policy && /script-src 'self' 'wasm-unsafe-eval'/.test(policy), `policy: ${policy}`);
  assert(!/unsafe-inline|unsafe-eval'|\*/.test(policy.replace("'wasm-unsafe-eval'", '')), `policy too lax: ${policy}`);
  // The policy is in force: inline code is refused (and reported).
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(script);
    const div = document.createElement('div');
    div.setAttribute('onclick', 'window.__inlineRan = true;');
    document.body.appendChild(div);
    div.click();
    return window.__inlineRan === true;
  });
  assert(!ran, 'inline script ran despite the policy');
  await page.waitForTimeout(100);
  assert(cspViolations.length >= 1, 'the refused inline script was not reported as a violation');
  cspViolations.length = 0;
  await page.context().close();
  // Everything else works under it: the worker, a computer move, typing.
  const other = await newPage(browser);
  await startGame(other, { variant: 'standard' });
  await click(other, 'e2');
  await click(other, 'e4');
  await waitFor(other, plies(2), 'the computer reply under the policy');
  await other.focus('#command');
  await other.keyboard.type('/help');
  await other.keyboard.press('Enter');
  assert(/\/resign/.test(await other.textContent('#message')), 'typed commands do not work under the policy');
  assert(other.errors.length === 0, `page errors: ${other.errors.join('; ')}`);
  await other.context().close();
});

test('a starting link that names no game says so on the start screen', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=bogus`);
  await page.waitForSelector('#start:not([hidden])');
  await page.waitForSelector('#start-notice:not([hidden])');
  const notice = await page.textContent('#start-notice');
  assert(/unknown game 'bogus'/.test(notice) && /standard/.test(notice), `notice: ${notice}`);
  assert(await page.isHidden('#game'), 'the game screen is shown');
  // Starting a game from the form clears the notice.
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game', 'the game');
  await page.click('#btn-home');
  assert(await page.isHidden('#start-notice'), 'the notice stayed after a game started');
  await page.context().close();
});

test('an unreadable autosave is reported and kept aside, never overwritten', async (browser) => {
  const page = await newPage(browser);
  const newer = JSON.stringify({ format: 'boardshift-game', version: 99, variant: 'standard', moves: ['e2e4'], future: { x: 1 } });
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  await page.evaluate((text) => {
    localStorage.clear();
    localStorage.setItem('boardshift.autosave', text);
  }, newer);
  await page.reload();
  await page.waitForSelector('#start-notice:not([hidden])');
  let notice = await page.textContent('#start-notice');
  assert(/could not be resumed/.test(notice) && /version/.test(notice) && /boardshift\.autosave\.unreadable/.test(notice), `notice: ${notice}`);
  let stored = await page.evaluate(() => ({ main: localStorage.getItem('boardshift.autosave'), aside: localStorage.getItem('boardshift.autosave.unreadable') }));
  assert(stored.aside === newer, `the unreadable save was not kept aside: ${stored.aside}`);
  assert(stored.main === null, 'the unreadable save is still under the autosave key');
  // A new game autosaves under the usual key; the set-aside save stays as it was.
  await page.click('#start-game');
  await waitFor(page, (s) => s.screen === 'game' && s.painted_at !== null, 'a new game');
  await click(page, 'e2');
  await click(page, 'e4');
  await waitFor(page, plies(1), 'a move');
  stored = await page.evaluate(() => ({ main: localStorage.getItem('boardshift.autosave'), aside: localStorage.getItem('boardshift.autosave.unreadable') }));
  assert(stored.aside === newer, 'the set-aside save was overwritten');
  assert(stored.main && JSON.parse(stored.main).moves[0] === 'e2e4', `autosave: ${stored.main}`);
  // A damaged one goes to the next free key; a game link still starts and says so. (It is
  // written from another page of the same site: leaving the app autosaves its game.)
  await page.goto(new URL('/', base).href);
  await page.evaluate(() => localStorage.setItem('boardshift.autosave', '{"format":"boardshift-game",'));
  await page.goto(`${base}#play=sliding`);
  await waitFor(page, (s) => s.screen === 'game' && s.variant === 'sliding', 'the linked game');
  const message = await page.textContent('#message');
  assert(/could not be resumed/.test(message) && /unreadable\.2/.test(message), `message: ${message}`);
  stored = await page.evaluate(() => localStorage.getItem('boardshift.autosave.unreadable.2'));
  assert(stored === '{"format":"boardshift-game",', `second set-aside save: ${stored}`);
  await page.context().close();
});

test('a burst of events in one script turn is handled in full and in order', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  const e2 = await centre(page, 'e2');
  const e4 = await centre(page, 'e4');
  // Two clicks dispatched from one script turn, plus a key press, before anything repaints.
  await page.evaluate(({ a, b }) => {
    const canvas = document.getElementById('board');
    const fire = (type, at) => canvas.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: at.x, clientY: at.y, pointerId: 1, isPrimary: true }));
    for (const at of [a, b]) { fire('pointerdown', at); fire('pointerup', at); }
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true }));
  }, { a: e2, b: e4 });
  const s = await waitFor(page, (x) => x.moves.length === 1, 'the clicked move');
  assert(s.moves[0] === 'e4' && s.geometry.flipped, `moves ${s.moves}, flipped ${s.geometry.flipped}`);
  await page.context().close();
});

// ---------------------------------------------------------------- play feel

test('feel: after a typed move, a click or drag on the board gives it the keys; Esc closes the chooser', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.focus('#command');
  await page.keyboard.type('e4');
  await page.keyboard.press('Enter');
  await waitFor(page, plies(1), 'the typed move');
  await click(page, 'h5');
  assert(await page.evaluate(() => document.activeElement && document.activeElement.id === 'board'),
    'a click on the board left the focus in the move box');
  await page.keyboard.press('f');
  let s = await state(page);
  assert(s.geometry.flipped, 'F after a click on the board did not flip it');
  assert((await page.inputValue('#command')) === '', 'F was typed into the move box');
  await page.keyboard.press('f');
  await page.keyboard.press('ArrowLeft');
  s = await waitFor(page, (x) => x.view_ply === 0, '← to browse back');
  await page.keyboard.press('Escape');
  await waitFor(page, (x) => x.view_ply === null && settled(x), 'Esc back to the game');
  await page.focus('#command');
  await page.keyboard.type('e5');
  await page.keyboard.press('Enter');
  await waitFor(page, plies(2), 'the second typed move');
  await drag(page, 'g1', 'f3');
  await waitFor(page, plies(3), 'the dragged move');
  assert(await page.evaluate(() => document.activeElement && document.activeElement.id === 'board'),
    'a drag on the board left the focus in the move box');
  // The chooser closes on Esc wherever the focus is, the move box included.
  await loadGame(page, { variant: 'standard', start: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
  await click(page, 'a7');
  await click(page, 'a8');
  await page.waitForSelector('#promo:not([hidden])');
  await page.focus('#command');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#promo', { state: 'hidden', timeout: 3000 });
  await page.context().close();
});

test('feel: undo after a flag fall, a mate or a resignation reopens the game; /resign asks first', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'standard',
    moves: ['e2e4', 'e7e5'],
    clock: { initial_ms: 60000, increment_ms: 0, remaining_ms: [1500, 50000] },
  });
  let text = await bannerText(page);
  assert(/timeout/.test(text), `banner: ${text}`);
  await page.click('#btn-undo');
  let s = await waitFor(page, (x) => x.moves.length < 2 && settled(x), 'the undo after the flag');
  assert(await page.isHidden('#banner'), 'the timeout banner stays after the undo');
  assert(!/timeout/.test(s.status), `the status still says the game is over: ${s.status}`);
  for (const id of ['clock-top', 'clock-bottom']) {
    assert((await clockText(page, id)) !== '0.0', `${id} still shows 0.0 after the undo`);
  }
  await page.focus('#command');
  await page.keyboard.type('/resign');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#confirm:not([hidden])');
  assert(await page.isHidden('#banner'), '/resign resigned without asking');
  await page.click('#confirm-no');
  assert(await page.isHidden('#banner'), 'Cancel did not keep the game going');
  await page.click('#btn-resign');
  await page.click('#confirm-yes');
  text = await bannerText(page);
  assert(/resignation/.test(text), `banner: ${text}`);
  await page.click('#btn-undo');
  await page.waitForSelector('#banner', { state: 'hidden', timeout: 3000 });
  await page.context().close();
});

test('feel: New game keeps the game: Resume game and the Back button return to it', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { opponent: 'hotseat' });
  await click(page, 'e2');
  await click(page, 'e4');
  await waitFor(page, plies(1), 'the first move');
  await page.click('#btn-home');
  await page.waitForSelector('#start:not([hidden])');
  await page.waitForSelector('#resume-game:not([hidden])', { timeout: 3000 });
  await page.click('#resume-game');
  await page.waitForSelector('#game:not([hidden])');
  let s = await waitFor(page, (x) => x.screen === 'game' && x.moves.length === 1, 'the resumed game');
  assert(s.moves[0] === 'e4', `resumed moves: ${s.moves}`);
  await page.click('#btn-home');
  await page.waitForSelector('#start:not([hidden])');
  await page.goBack();
  await page.waitForSelector('#game:not([hidden])', { timeout: 5000 });
  s = await waitFor(page, (x) => x.screen === 'game', 'the game after Back');
  assert(s.moves.join(' ') === 'e4', `Back did not return to the game: ${s.moves}`);
  assert(page.url().startsWith(base), `Back left the app for ${page.url()}`);
  await page.context().close();
});

/** WCAG contrast ratio of two [r, g, b] colours. */
function contrast(a, b) {
  const lum = ([r, g, bl]) => {
    const c = [r, g, bl].map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour a page element is seen on: its own background, or the nearest ancestor's. */
async function backdrop(page, selector) {
  return page.evaluate((selector) => {
    for (let e = document.querySelector(selector); e; e = e.parentElement) {
      const m = getComputedStyle(e).backgroundColor.match(/[\d.]+/g).map(Number);
      if (m.length < 4 || m[3] > 0.5) return m.slice(0, 3);
    }
    return [255, 255, 255];
  }, selector);
}

test('feel: contrast of captured black pieces, outer-board move dots and the move box placeholder', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'standard', moves: ['e2e4', 'd7d5', 'e4d5'] });
  const captured = '#captured-bottom img[src^="pieces/b"]';
  await page.waitForSelector(captured);
  const chip = await backdrop(page, captured);
  assert(contrast(chip, [0, 0, 0]) >= 3, `a captured black piece sits on ${chip}, too dark to see it`);
  const placeholder = await page.evaluate(() => getComputedStyle(document.getElementById('command'), '::placeholder').color);
  const field = await backdrop(page, '#command');
  const text = placeholder.match(/[\d.]+/g).map(Number).slice(0, 3);
  assert(contrast(text, field) >= 4.5, `the move box placeholder has contrast ${contrast(text, field).toFixed(2)}:1`);

  await loadGame(page, {
    variant: 'relative',
    options: { recentering: 'leibnizian' },
    start: '16/16/16/16/8k7/16/1n14/16/4R11/16/16/8K7/16/2B13/16/16 w - - 0 1 e5',
  });
  await click(page, 'i5');
  const s = await state(page);
  const target = s.actions.map((t) => t.match(/^i5([a-p]\d+)/)).find((m) => m && square(m[1]).y < 4);
  assert(target, `no king move off the inner board among ${s.actions.join(' ')}`);
  const dot = await probe(page, target[1]);
  const edge = await probe(page, target[1], 0.15, 0.15);
  const ratio = contrast(dot.point.slice(0, 3), edge.point.slice(0, 3));
  assert(ratio >= 3, `the move dot on the outer board ${dot.point} has contrast ${ratio.toFixed(2)}:1 with its square ${edge.point}`);
  await screenshot(page, 'feel-relative-outer-dots');
  await page.context().close();
});

test('feel: relative chess: file letters on the bottom rank stay readable under the inner board', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'relative',
    options: { recentering: 'leibnizian' },
    start: '16/16/16/16/16/16/16/16/8k7/16/16/16/16/16/16/8K7 w - - 0 1 e1',
  });
  for (const name of ['e1', 'f1', 'g1', 'b1']) {
    await probe(page, name);
    const c = await centre(page, name);
    const found = await page.evaluate(({ cx, cy, s }) => {
      const canvas = document.getElementById('board');
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const ctx = canvas.getContext('2d');
      const left = Math.round((cx - s / 2) * ratio);
      const top = Math.round((cy - s / 2) * ratio);
      const size = Math.round(s * ratio);
      const base = Array.from(ctx.getImageData(left + Math.round(size * 0.3), top + Math.round(size * 0.3), 1, 1).data);
      const from = Math.round(size * 0.55);
      const data = ctx.getImageData(left + from, top + from, size - from, size - from).data;
      const pixels = [];
      for (let i = 0; i < data.length; i += 4) pixels.push([data[i], data[i + 1], data[i + 2]]);
      return { base: base.slice(0, 3), pixels };
    }, c);
    const readable = found.pixels.filter((p) => contrast(p, found.base) >= 4.5).length;
    assert(readable >= 6, `the file letter on ${name} has no pixel at 4.5:1 against its square ${found.base} (${readable})`);
  }
  await page.context().close();
});

test('feel: browsing the history says the clock is paused', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, {
    variant: 'standard',
    moves: ['e2e4', 'e7e5', 'g1f3'],
    clock: { initial_ms: 300000, increment_ms: 0, remaining_ms: [290000, 280000] },
  });
  assert(!/paused/i.test(await clockText(page, 'clock-top')), 'the live clock says paused');
  await page.keyboard.press('ArrowLeft');
  await waitFor(page, (x) => x.view_ply === 2, 'browsing back');
  await page.waitForTimeout(300);
  assert(/paused/i.test(await clockText(page, 'clock-top')), `the stopped clock does not say so: ${await clockText(page, 'clock-top')}`);
  assert(!/paused/i.test(await clockText(page, 'clock-bottom')), 'the clock not to move says paused');
  await page.keyboard.press('Escape');
  await waitFor(page, (x) => x.view_ply === null, 'the live game');
  await page.waitForTimeout(300);
  assert(!/paused/i.test(await clockText(page, 'clock-top')), 'the clock still says paused in the live game');
  await page.context().close();
});

// ---------------------------------------------------------------- relative: readable and touchable

test('relative: the move list reads as the mover saw it, with marks and the move text as a tooltip', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'relative', players: { white: 'human', black: 'human' } });
  await click(page, 'k5');
  await click(page, 'j7');
  await waitFor(page, (x) => x.moves.length === 1 && !x.animating, 'Nf3 by clicks');
  // docs/rules-relative.md, "Writing moves": typed names are the move list's own.
  await page.focus('#command');
  await page.keyboard.type('e5');
  await page.keyboard.press('Enter');
  const s = await waitFor(page, (x) => x.moves.length === 2 && !x.animating, 'e5 typed');
  assert(s.moves.join(' ') === 'Nf3 e5', `moves: ${s.moves.join(' ')}`);
  const cells = await page.$$eval('#moves .ply', (spans) => spans.map((span) => [span.textContent, span.title]));
  assert(JSON.stringify(cells) === JSON.stringify([['Nf3\u2196', 'k5j7'], ['e5\u2193', 'i10i8']]),
    `move list: ${JSON.stringify(cells)}`);
  await page.context().close();
});

/** Page coordinates of a square's centre and the square's side, for a zoomed view too. */
async function viewCentre(page, name) {
  const { x, y } = square(name);
  const g = JSON.parse(await page.evaluate(() => window.boardshift.geometry()));
  const b = g.board;
  const w = b.window || { x: 0, y: 0, span: Math.max(b.files, b.ranks) };
  const s = b.size / w.span;
  const column = b.flipped ? w.x + w.span - 1 - x : x - w.x;
  const row = b.flipped ? y - w.y : w.y + w.span - 1 - y;
  return { x: g.left + (column + 0.5) * s, y: g.top + (row + 0.5) * s, s };
}

test('relative: on a phone the zoomed board follows the inner board in squares big enough to tap', async (browser) => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await loadGame(page, { variant: 'relative', players: { white: 'human', black: 'human' } });
  const whole = await viewCentre(page, 'a1');
  assert(whole.s < 30, `the whole 16x16 board already has ${whole.s} px squares`);
  assert(await page.isVisible('#btn-zoom'), 'no zoom button for relative chess');
  await page.tap('#btn-zoom');
  await waitFor(page, (x) => x.geometry.window, 'the zoomed view');
  assert(await page.getAttribute('#btn-zoom', 'aria-pressed') === 'true', 'the zoom button does not show it is on');
  await page.evaluate(() => window.scrollTo(0, 0));
  const measured = await page.evaluate(() => {
    const g = JSON.parse(window.boardshift.geometry());
    return document.getElementById('board').getBoundingClientRect().width / g.board.window.span;
  });
  assert(measured >= 40, `zoomed squares are ${measured} CSS px`);
  // 1.Nf3 (k5j7), then 1...e5 (i10i8) once the view has followed the inner board.
  for (const [from, to, plies] of [['k5', 'j7', 1], ['i10', 'i8', 2]]) {
    const a = await viewCentre(page, from);
    const b = await viewCentre(page, to);
    assert(a.s >= 40 && b.s >= 40, `squares of ${a.s} px`);
    await page.touchscreen.tap(a.x, a.y);
    await page.touchscreen.tap(b.x, b.y);
    await waitFor(page, (x) => x.moves.length === plies && !x.animating, `the tapped move ${from}${to}`);
  }
  const s = await state(page);
  assert(s.moves.join(' ') === 'Nf3 e5', `moves: ${s.moves.join(' ')}`);
  await screenshot(page, 'relative-phone-zoomed');
  await page.tap('#btn-zoom');
  await waitFor(page, (x) => !x.geometry.window, 'the whole board again');
  await page.context().close();
});

async function typeLine(page, line) {
  await page.focus('#command');
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

async function messageText(page) {
  return (await page.textContent('#message')).trim();
}

test('feel: typed moves in every common form; readable refusals say why; a stale message is cleared', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  for (const move of ['e2 e4', '/move e7 e5', 'Ng1f3', 'nc6', 'f1-c4', 'g8f6', 'o-o']) await typeLine(page, move);
  let s = await waitFor(page, (x) => x.moves.length === 7 && settled(x), 'seven typed moves');
  assert(s.moves.join(' ') === 'e4 e5 Nf3 Nc6 Bc4 Nf6 O-O', `moves: ${s.moves.join(' ')}`);
  // A readable move that is not legal is called illegal, with the reason.
  await typeLine(page, 'Qe2');
  let message = await messageText(page);
  assert(/illegal/i.test(message) && /Black's move/.test(message), `the wrong side's move: "${message}"`);
  await typeLine(page, 'O-O-O');
  message = await messageText(page);
  assert(/illegal/i.test(message) && /castling/i.test(message), `castling not allowed: "${message}"`);
  await typeLine(page, 'hello');
  message = await messageText(page);
  assert(/unreadable/i.test(message), `unreadable text: "${message}"`);
  // The next command that succeeds clears the message.
  await typeLine(page, '/flip');
  assert((await messageText(page)) === '', `the stale message stayed: "${await messageText(page)}"`);
  await typeLine(page, 'E2E4');
  assert(/illegal/i.test(await messageText(page)), 'no refusal for E2E4 on Black\'s move');
  await typeLine(page, 'Bc5');
  s = await waitFor(page, plies(8), 'the typed Bc5');
  assert((await messageText(page)) === '', `the stale message stayed after a move: "${await messageText(page)}"`);
  await page.context().close();
});

test('feel: a bare a8 opens the promotion chooser; a8=q and a8N promote at once', async (browser) => {
  const page = await newPage(browser);
  const start = '7k/P7/8/8/8/8/8/K7 w - - 0 1';
  await loadGame(page, { variant: 'standard', start });
  await typeLine(page, 'a8');
  await page.waitForSelector('#promo:not([hidden])', { timeout: 3000 });
  await page.click('#promo button[data-role=R]');
  let s = await waitFor(page, plies(1), 'the chosen promotion');
  assert(s.moves[0].startsWith('a8=R'), `promotion recorded as ${s.moves[0]}`);
  for (const [typed, shown] of [['a8=q', 'a8=Q'], ['a7a8N', 'a8=N']]) {
    await loadGame(page, { variant: 'standard', start });
    await typeLine(page, typed);
    s = await waitFor(page, plies(1), `the typed ${typed}`);
    assert(s.moves[0].startsWith(shown), `${typed} recorded as ${s.moves[0]}`);
  }
  await page.context().close();
});

test('feel: a hot-seat draw offer is shown; a refused regroupment swap says why, the setup instruction once', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.click('#btn-draw');
  assert(/draw offered/i.test(await page.textContent('#status')), `no "draw offered": ${await page.textContent('#status')}`);
  await typeLine(page, 'e4');
  await waitFor(page, plies(1), 'the move');
  assert(/draw offered/i.test(await page.textContent('#status')), `the offer is not shown to Black: ${await page.textContent('#status')}`);

  await page.goto('about:blank');
  await page.goto(`${base}#play=regroupment`);
  await waitFor(page, (s) => s.painted_at !== null, 'the setup');
  const text = (await page.textContent('#game')).replace(/\s+/g, ' ');
  const said = text.split('then the piece to swap').length - 1;
  assert(said === 1, `the setup instruction is said ${said} times`);
  // Black's king picked, then its own rook: refused, and the message says why.
  await click(page, 'e8');
  await click(page, 'h8');
  const message = await messageText(page);
  assert(/may not swap/.test(message), `a refused swap says nothing useful: "${message}"`);
  assert((await state(page)).moves.length === 0, 'the refused swap was played');
  await page.context().close();
});

test('feel: a corrected custom clock is told; at 1280×800 the start form fits', async (browser) => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(base);
  await page.waitForSelector('#start:not([hidden])');
  const label = await page.$('input[name=variant][value=regroupment]');
  const lines = await page.evaluate(() => {
    const b = document.querySelector('input[name=variant][value=regroupment]').parentElement.querySelector('b');
    const radio = document.querySelector('input[name=variant][value=regroupment]').getBoundingClientRect();
    const name = b.getBoundingClientRect();
    return { radioTop: radio.top, radioBottom: radio.bottom, nameTop: name.top, rects: b.getClientRects().length };
  });
  assert(label && lines.rects === 1 && lines.nameTop < lines.radioBottom,
    `"Regroupment" wraps under its radio button: ${JSON.stringify(lines)}`);
  for (const variant of ['relative', 'regroupment', 'standard']) {
    await page.check(`input[name=variant][value=${variant}]`);
    const start = await page.evaluate(() => document.getElementById('start-game').getBoundingClientRect().bottom);
    assert(start <= 800, `${variant}'s options push Start below the fold (its bottom at ${start} px)`);
  }
  await page.selectOption('#time', 'custom');
  await page.fill('#custom-minutes', '500');
  await page.fill('#custom-increment', '2');
  await page.click('#start-game');
  await page.waitForSelector('#game:not([hidden])');
  const message = await messageText(page);
  assert(/corrected/.test(message) && /180 min \+ 2 s/.test(message), `the corrected clock is not told: "${message}"`);
  await page.context().close();
});

// Feature suites register their tests on import, in name order.
const featureDir = path.join(repo, 'tests/e2e/features');
if (fs.existsSync(featureDir)) {
  for (const file of fs.readdirSync(featureDir).filter((f) => f.endsWith('.mjs')).sort()) {
    await import(path.join(featureDir, file));
  }
}
await runAll();
