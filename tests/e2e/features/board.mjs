// Browser tests of the board's extras: right-button arrows and circles (pixel probes, colours
// by modifier, flipped board, cleared by a left click), premoves against the computer, and the
// sounds of moves, captures, checks and the end of the game with the remembered mute toggle.
import {
  test, assert, state, centre, click, drag, probe, waitFor, plies, newPage, startGame,
} from '../harness.mjs';

async function rightDrag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 10 });
  await page.mouse.up({ button: 'right' });
}

// Green well above red and blue: lichess's green brush over either square colour.
const greenish = (p) => p.point[1] > p.point[0] + 40 && p.point[1] > p.point[2] + 40;

test('board: a right-button drag draws an arrow, a right click a circle, a left click clears them', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'standard', opponent: 'hotseat' });
  await page.evaluate(() => document.addEventListener('contextmenu', (e) => { window.__menuPrevented = e.defaultPrevented; }));
  await rightDrag(page, 'e2', 'e4');
  const shaft = await probe(page, 'e3');
  assert(greenish(shaft), `no green arrow shaft on e3: ${shaft.point}`);
  const c = await centre(page, 'd5');
  await page.mouse.click(c.x, c.y, { button: 'right' });
  const ring = await probe(page, 'd5', 0.5, 0.05);
  assert(greenish(ring), `no green circle on d5: ${ring.point}`);
  assert(await page.evaluate(() => window.__menuPrevented === true), 'the context menu was not suppressed on the board');
  // Shift picks the red brush; the same mark again takes it away.
  await page.keyboard.down('Shift');
  await rightDrag(page, 'b1', 'c3');
  await page.keyboard.up('Shift');
  let s = await state(page);
  assert(s.marks.shapes.length === 3 && s.marks.shapes[2].brush === 'red', `marks: ${JSON.stringify(s.marks.shapes)}`);
  await page.keyboard.down('Shift');
  await rightDrag(page, 'b1', 'c3');
  await page.keyboard.up('Shift');
  s = await state(page);
  assert(s.marks.shapes.length === 2, `the red arrow was not toggled off: ${JSON.stringify(s.marks.shapes)}`);
  assert(s.moves.length === 0, 'drawing played a move');
  // A left click on the board clears every mark.
  await click(page, 'a5');
  s = await state(page);
  assert(s.marks.shapes.length === 0, `marks left after a left click: ${JSON.stringify(s.marks.shapes)}`);
  assert(!greenish(await probe(page, 'e3')), 'the arrow is still drawn after a left click');
  // Seen from Black, the arrow still joins the same squares.
  await page.keyboard.press('f');
  await waitFor(page, (x) => x.geometry.flipped, 'the flip');
  await rightDrag(page, 'e7', 'e5');
  const flipped = await probe(page, 'e6');
  assert(greenish(flipped), `no arrow shaft on e6 of the flipped board: ${flipped.point}`);
  // The engine's arrow (set by analysis through the module's entry) is violet and outlives a left click.
  await page.evaluate(async () => (await import(new URL('pkg/boardshift_web.js', document.baseURI))).app_engine_arrow('g8', 'g6'));
  await click(page, 'a4');
  const engine = await probe(page, 'g7');
  assert(engine.point[2] > engine.point[1] + 40 && engine.point[0] > engine.point[1] + 20, `no violet engine arrow over g7: ${engine.point}`);
  assert(JSON.stringify((await state(page)).marks.engine_arrow) === JSON.stringify([{ x: 6, y: 7 }, { x: 6, y: 5 }]), 'the engine arrow is not in the state');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.context().close();
});

test('board: a premove dragged while the computer thinks is shown, then played on the next turn', async (browser) => {
  const page = await newPage(browser);
  // Hold the computer's requests until the premove is made, so the test does not race it.
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    const held = [];
    window.__holdWorker = true;
    Worker.prototype.postMessage = function hold(message) {
      if (window.__holdWorker) held.push([this, message]);
      else post.call(this, message);
    };
    window.__releaseWorker = () => {
      window.__holdWorker = false;
      for (const [worker, message] of held.splice(0)) post.call(worker, message);
    };
  });
  await startGame(page, { variant: 'standard' });
  await click(page, 'e2');
  await click(page, 'e4');
  await waitFor(page, (s) => s.moves.length === 1 && s.thinking && !s.animating, 'the computer to think');
  // By drag here; click-click premoves are covered by the controller's native tests.
  await drag(page, 'd2', 'd4');
  let s = await state(page);
  assert(JSON.stringify(s.premove) === JSON.stringify([{ x: 3, y: 1 }, { x: 3, y: 3 }]), `premove: ${JSON.stringify(s.premove)}`);
  assert(s.moves.length === 1, 'the premove was played before its turn');
  const shown = await probe(page, 'd4', 0.12, 0.12);
  assert(shown.point[2] > shown.point[0] + 25, `the premove square d4 is not tinted blue: ${shown.point}`);
  await page.evaluate(() => window.__releaseWorker());
  s = await waitFor(page, (x) => x.moves.length >= 3, 'the computer reply and the premove');
  assert(s.moves[2] === 'd4', `the premove was not played: ${JSON.stringify(s.moves)}`);
  assert(s.premove === null, 'the premove is still queued after it was played');
  await waitFor(page, plies(4), 'the next reply');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.context().close();
});

test('board: moves, a capture and a mate make their sounds; muted stays silent after a reload', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'standard', opponent: 'hotseat' });
  const play = async (from, to, n) => {
    await click(page, from);
    await click(page, to);
    return waitFor(page, (x) => x.moves.length >= n && !x.animating, `move ${n}`);
  };
  await play('e2', 'e4', 1);
  await play('f7', 'f5', 2);
  await play('e4', 'f5', 3);
  await play('g7', 'g5', 4);
  const s = await play('d1', 'h5', 5);
  assert(JSON.stringify(s.sounds_played) === JSON.stringify(['move', 'move', 'capture', 'move', 'game_end']),
    `sounds: ${JSON.stringify(s.sounds_played)}`);
  // Muted: a new game stays silent, and still after a reload.
  await startGame(page, { variant: 'standard', opponent: 'hotseat' });
  await page.click('#btn-sound');
  assert((await page.getAttribute('#btn-sound', 'aria-pressed')) === 'false', 'the mute toggle is not shown as off');
  await play('e2', 'e4', 1);
  await page.reload();
  await waitFor(page, (x) => x.screen === 'game' && x.painted_at !== null && x.moves.length === 1, 'the resumed game');
  assert((await page.getAttribute('#btn-sound', 'aria-pressed')) === 'false', 'the mute setting was forgotten on reload');
  let after = await play('e7', 'e5', 2);
  assert(after.sounds_played.length === 0, `sounds while muted: ${JSON.stringify(after.sounds_played)}`);
  const settings = JSON.parse(await page.evaluate(() => localStorage.getItem('boardshift-settings')));
  assert(settings.sound === false, `stored settings: ${JSON.stringify(settings)}`);
  await page.click('#btn-sound');
  after = await play('g1', 'f3', 3);
  assert(JSON.stringify(after.sounds_played) === JSON.stringify(['move']), `sounds after unmuting: ${JSON.stringify(after.sounds_played)}`);
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.context().close();
});

test('board: relative chess: an arrow stays on its outer-board squares when the world shifts', async (browser) => {
  const page = await newPage(browser);
  await startGame(page, { variant: 'relative', opponent: 'hotseat' });
  await rightDrag(page, { x: 8, y: 4 }, { x: 8, y: 6 });
  assert(greenish(await probe(page, { x: 8, y: 5 })), 'no arrow shaft at (8,5)');
  const before = await state(page);
  // Nf3 shifts the inner board (docs/rules-relative.md, worked example 1); played through the
  // app's entry, since a left click on the board would clear the marks.
  await page.evaluate(() => window.boardshift.apply(JSON.stringify({ action: 'play', text: 'k5j7' })));
  const after = await waitFor(page, (x) => x.moves.length === 1 && !x.animating, 'Nf3 with its shift');
  assert(after.board.inner_origin.y !== before.board.inner_origin.y, 'the inner board did not move');
  assert(JSON.stringify(after.marks.shapes) === JSON.stringify(before.marks.shapes), `marks changed: ${JSON.stringify(after.marks.shapes)}`);
  assert(greenish(await probe(page, { x: 8, y: 5 })), 'the arrow left (8,5) when the world shifted');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.context().close();
});
