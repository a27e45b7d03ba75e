// Browser tests of PGN and position text: export and re-import, the python-chess and lichess
// fixtures, bad PGN, copying the position and the move list, starting from a pasted position.
import fs from 'node:fs';
import path from 'node:path';
import { state, waitFor, settled, newPage, startGame, assert, test, base, repo } from '../harness.mjs';

const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

async function hotSeat(page, moves) {
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.focus('#command');
  for (const move of moves) {
    await page.keyboard.type(move);
    await page.keyboard.press('Enter');
  }
  return waitFor(page, (s) => s.moves.length === moves.length && settled(s), `${moves.length} moves`);
}

async function messageText(page) {
  return (await page.textContent('#message')).trim();
}

async function importPasted(page, text) {
  const box = await page.$('#pgn-paste');
  if (!(await box.isVisible())) await page.click('.import-box summary');
  await page.fill('#pgn-paste', text);
  await page.click('#btn-import');
}

test('pgn: a game exported as PGN (file and clipboard) imports to the same position and moves', async (browser) => {
  const page = await newPage(browser, { acceptDownloads: true, ...clipboard });
  const s = await hotSeat(page, ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'Bc4', 'Nf6', 'Nf3', 'c6', 'O-O']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save-pgn')]);
  const name = download.suggestedFilename();
  assert(/^boardshift-standard-\d{4}-\d\d-\d\d\.pgn$/.test(name), `file name ${name}`);
  const file = path.join(fs.mkdtempSync('/tmp/boardshift-pgn-'), name);
  await download.saveAs(file);
  const pgn = fs.readFileSync(file, 'utf8');
  assert(pgn.includes('[Result "*"]') && pgn.includes('6. O-O *'), `exported PGN:\n${pgn}`);
  await page.click('#btn-copy-pgn');
  await page.waitForFunction(() => /Copied the PGN/.test(document.getElementById('message').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert(copied.replace(/\[Date "[^"]*"\]/, '') === pgn.replace(/\[Date "[^"]*"\]/, ''), 'the copied PGN differs from the saved one');

  const other = await newPage(browser);
  await other.goto(`${base}#play=relative`);
  await waitFor(other, (x) => x.painted_at !== null, 'another game');
  await other.setInputFiles('#load-file', file);
  const loaded = await waitFor(other, (x) => x.variant === 'standard' && x.moves.length === 11, 'the imported file');
  assert(loaded.position === s.position, `position ${loaded.position} != ${s.position}`);
  assert(loaded.moves.join(' ') === s.moves.join(' '), 'move lists differ');

  const third = await newPage(browser);
  await third.goto(`${base}#play=sliding`);
  await waitFor(third, (x) => x.painted_at !== null, 'a third game');
  await importPasted(third, copied);
  const pasted = await waitFor(third, (x) => x.variant === 'standard' && x.moves.length === 11, 'the pasted PGN');
  assert(pasted.position === s.position, `pasted position ${pasted.position}`);
  // The imported game goes on: Black's move is accepted.
  await third.focus('#command');
  await third.keyboard.type('Bf5');
  await third.keyboard.press('Enter');
  await waitFor(third, (x) => x.moves.length === 12, 'a move after the import');
  for (const p of [page, other, third]) await p.context().close();
});

test('pgn: files written by python-chess and lichess import to their final positions', async (browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}#play=standard`);
  await waitFor(page, (s) => s.painted_at !== null, 'the board');
  await page.setInputFiles('#load-file', path.join(repo, 'tests/pgn/python-chess.pgn'));
  let s = await waitFor(page, (x) => x.moves.length === 17, 'the python-chess game');
  assert(s.position === '1k1r1bQ1/1ppqp2p/p1n5/3p1b2/2B5/5N2/PPPP1PPP/RNBQ1RK1 b - - 0 9', `python-chess final position ${s.position}`);
  let message = await messageText(page);
  assert(/more than one game: the first was imported/.test(message), `message: ${message}`);
  await page.setInputFiles('#load-file', path.join(repo, 'tests/pgn/lichess-chess960.pgn'));
  s = await waitFor(page, (x) => x.variant === 'chess960', 'the lichess game');
  assert(s.position === 'bq1b2k1/pppp1rpp/8/8/4r3/8/PPPP2PP/BQ1BR1K1 w - - 0 10', `lichess final position ${s.position}`);
  assert(/Black wins/.test(await page.textContent('#banner')), 'the loss on time is not shown');
  await page.context().close();
});

test('pgn: bad PGN names the problem and leaves the game untouched', async (browser) => {
  const page = await newPage(browser);
  const before = await hotSeat(page, ['d4', 'd5']);
  await importPasted(page, '[Event "x"]\n1. e4 e5 2. Ke3 *');
  await page.waitForFunction(() => /Could not load/.test(document.getElementById('message').textContent));
  const message = await messageText(page);
  assert(/PGN move 2\. \(line 2\): illegal move 'Ke3'/.test(message) && /unchanged/.test(message), `message: ${message}`);
  const after = await state(page);
  assert(after.position === before.position && after.moves.join(' ') === 'd4 d5', 'the game changed');
  await page.context().close();
});

test('pgn: copy the position and the move list; start a game from a pasted position', async (browser) => {
  const page = await newPage(browser, clipboard);
  const s = await hotSeat(page, ['e4', 'e5', 'Nf3']);
  await page.click('#btn-copy-position');
  await page.waitForFunction(() => /Copied the position text/.test(document.getElementById('message').textContent));
  assert(await page.evaluate(() => navigator.clipboard.readText()) === s.position, 'copied position differs');
  await page.click('#btn-copy-moves');
  await page.waitForFunction(() => /Copied the move list/.test(document.getElementById('message').textContent));
  const moves = await page.evaluate(() => navigator.clipboard.readText());
  assert(moves === '1. e4 e5 2. Nf3', `copied move list: ${moves}`);

  // A bad position: the rules' message on the start screen, the game left for it kept.
  await page.click('#btn-home');
  await page.waitForSelector('#start:not([hidden])');
  await page.check('input[name=variant][value=standard]');
  await page.click('.from-position summary');
  await page.fill('#start-position', '8/8/8/8/8/8/8/8 w - - 0 1');
  await page.click('#start-game');
  await page.waitForSelector('#start-notice:not([hidden])');
  const notice = await page.textContent('#start-notice');
  assert(/Cannot start from this position: .*white has no king/.test(notice), `notice: ${notice}`);
  assert((await state(page)).screen === 'start', 'left the start screen');

  const sliding = 'rnbqkbnr/pppppppp/8/8/4xx2/4xx2/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -';
  await page.check('input[name=variant][value=sliding]');
  await page.selectOption('#opponent', 'hotseat');
  await page.fill('#start-position', sliding);
  await page.click('#start-game');
  const started = await waitFor(page, (x) => x.screen === 'game' && x.variant === 'sliding', 'the game from the position');
  assert(started.position === sliding && started.moves.length === 0, `started at ${started.position}`);
  await page.context().close();
});
