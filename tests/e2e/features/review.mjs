// Browser tests of the post-game review (move marks, better moves, progress, cancelling); see
// docs/analysis.md.
import { state, waitFor, newPage, loadGame, assert, test, figures, watchLongTasks, longTasksBetween } from '../harness.mjs';

const review = (s) => s.analysis && s.analysis.review;
// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
const SCHOLARS_MATE = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'];
// A level 3 against level 5 game (`boardshift match --seed 4 --moves`, game 2), first 80 plies.
const LONG_MOVES = ('d2d4 d7d5 g4g5 g7g6 g1f3 e7e5 f3e5 f7f6 g5f6 g8f6 c1f4 f8d6 h2h3 c8d7 f1g2 e8g8 '
  + 'b1c3 d6b4 e5d7 b4c3 b2c3 b8d7 d1b1 f6e4 g2e4 d5e4 f4h6 f8f6 b1b7 f6e6 b7d5 d7f8 d5d8 a8d8 '
  + 'h1g1 e6b6 e2e3 f8d7 h6f4 b6b7 e1e2 g8f7 a1b1 b7b1 g1b1 c7c6 b1b7 f7e6 b7a7 e6f5 a7a6 d8c8 '
  + 'a2a4 g6g5 a6a5 c6c5 f4d6 c8c6 d6e7 f5g6 d4d5 c6c7 d5d6 c7b7 a5b5 b7b6 c3c4 b6a6 a4a5 a6a8 '
  + 'f2f3 e4f3 e2f3 h7h5 c2c3 d7e5 f3e4 e5c4 d6d7 a8d8').split(' ');
const LONG_GAME = {
  variant: 'standard', start: 'rnbqkbnr/1ppppppp/p7/8/6P1/8/PPPPPP1P/RNBQKBNR w KQkq - 0 2', moves: LONG_MOVES,
};

test('review: the blunder that allows mate is marked ?? with a better move, and the page stays responsive', async (browser) => {
  // The marks are checked every time; the main thread's longest task is measured in a fresh
  // page up to three times, failing only when no measurement keeps the budget: a lone stall
  // of the shared 2-core machine is not the page's doing.
  const measured = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const page = await newPage(browser);
    await watchLongTasks(page);
    await loadGame(page, { variant: 'standard', moves: SCHOLARS_MATE });
    await page.waitForSelector('#btn-review:not([hidden])');
    // The button is brought into view and the page settles first: scrolling and start-up
    // are not the review's work.
    // The page's first pointer press also starts its audio (a long task of its own, not the
    // review's): one press in the page's corner comes first.
    await page.locator('#btn-review').scrollIntoViewIfNeeded();
    await page.mouse.click(2, 2);
    await page.waitForTimeout(1000);
    const t0 = await page.evaluate(() => performance.now());
    await page.click('#btn-review');
    let s = await waitFor(page, (x) => review(x).running || review(x).done, 'the review to start');
    assert(review(s).total === 8, `eight positions to review: ${JSON.stringify(review(s))}`);
    s = await waitFor(page, (x) => review(x).done, 'the review to finish', 60000);
    const t1 = await page.evaluate(() => performance.now());
    const marks = review(s).marks;
    const blunder = marks.find((m) => m.ply === 6);
    assert(blunder && blunder.symbol === '??' && !blunder.white, `Nf6 is a blunder: ${JSON.stringify(marks)}`);
    assert(blunder.better && !/^Nf6/.test(blunder.better), `a better move is named: ${JSON.stringify(blunder)}`);
    assert(!marks.some((m) => m.ply === 7), `the mate itself is not marked: ${JSON.stringify(marks)}`);
    assert(review(s).summary[1] === 'Black: 0 inaccuracies, 0 mistakes, 1 blunder', `summary: ${review(s).summary}`);
    const line = await page.textContent('#review-line');
    assert(line.includes('Black: 0 inaccuracies, 0 mistakes, 1 blunder'), `the summary is shown: ${line}`);
    const cell = page.locator('#moves [title*="was better"]');
    assert((await cell.count()) >= 1, 'a marked move has the better move in its tooltip');
    const text = await page.locator('#moves').textContent();
    assert(text.includes('Nf6??'), `the move list shows the mark: ${text}`);
    const tasks = await longTasksBetween(page, t0, t1);
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    figures.push(`review of a 7-ply game (8 positions at depth 8): ${((t1 - t0) / 1000).toFixed(1)} s; main-thread long tasks: ${tasks.length}, longest ${longest.toFixed(0)} ms (budget 50 ms)`);
    measured.push(JSON.stringify(tasks.map((t) => [Math.round(t.start - t0), Math.round(t.duration)])));
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.context().close();
    if (longest <= 50) return;
  }
  assert(false, `a main-thread task took over 50 ms during the review, in every measurement: ${measured.join('; ')}`);
});

test('review: a second click cancels it and another game forgets it', async (browser) => {
  const page = await newPage(browser);
  // A long game, so that the review cannot finish between the two clicks on a slow machine.
  await loadGame(page, LONG_GAME);
  await page.click('#btn-review');
  await waitFor(page, (x) => review(x).running, 'the review to run');
  await page.click('#btn-review');
  let s = await state(page);
  assert(!review(s).running && !review(s).done, `cancelled: ${JSON.stringify(review(s))}`);
  const stopped = review(s).evaluated;
  await page.waitForTimeout(1500);
  s = await state(page);
  assert(review(s).evaluated === stopped, `nothing more is evaluated after cancelling: ${review(s).evaluated} vs ${stopped}`);
  await loadGame(page, { variant: 'standard', moves: ['d2d4'] });
  s = await state(page);
  assert(review(s).total === 0, `another game forgets the review: ${JSON.stringify(review(s))}`);
  await page.context().close();
});

test('review: a 40-move game is reviewed position by position (time reported)', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, LONG_GAME);
  assert((await state(page)).moves.length === 80, 'the 80 plies are loaded');
  const t0 = await page.evaluate(() => performance.now());
  await page.click('#btn-review');
  await waitFor(page, (x) => review(x).running && review(x).evaluated >= 10, 'ten positions reviewed', 60000);
  const progress = await page.textContent('#review-line');
  assert(/^Reviewing… \d+\/81$/.test(progress), `the progress is shown: ${progress}`);
  const s = await waitFor(page, (x) => review(x).done, 'the whole review', 120000);
  const t1 = await page.evaluate(() => performance.now());
  const marks = review(s).marks;
  figures.push(`review of an 80-ply game (81 positions at depth 8): ${((t1 - t0) / 1000).toFixed(1)} s; ${marks.length} moves marked`);
  assert(marks.every((m) => m.better && ['?!', '?', '??'].includes(m.symbol)), `marks: ${JSON.stringify(marks)}`);
  assert(review(s).summary.length === 2, `a summary per side: ${review(s).summary}`);
  await page.context().close();
});
