// Browser tests of the post-game review (move marks, better moves, progress, cancelling); see
// docs/analysis.md.
import { state, waitFor, newPage, loadGame, assert, test, figures } from '../harness.mjs';

const review = (s) => s.analysis && s.analysis.review;
// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
const SCHOLARS_MATE = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'];

test('review: the blunder that allows mate is marked ?? with a better move, and the page stays responsive', async (browser) => {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await loadGame(page, { variant: 'standard', moves: SCHOLARS_MATE });
  await page.waitForSelector('#btn-review:not([hidden])');
  // The button is brought into view and the page settles first: scrolling and start-up are
  // not the review's work.
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
  const tasks = await page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), [t0, t1]);
  const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  figures.push(`review of a 7-ply game (8 positions at depth 8): ${((t1 - t0) / 1000).toFixed(1)} s; main-thread long tasks: ${tasks.length}, longest ${longest.toFixed(0)} ms (budget 50 ms)`);
  assert(longest <= 50, `a main-thread task took ${longest} ms during the review: ${JSON.stringify(tasks.map((t) => [Math.round(t.start - t0), Math.round(t.duration)]))}`);
  assert(page.errors.length === 0, page.errors.join('\n'));
  await page.context().close();
});

test('review: a second click cancels it and another game forgets it', async (browser) => {
  const page = await newPage(browser);
  await loadGame(page, { variant: 'standard', moves: SCHOLARS_MATE });
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
