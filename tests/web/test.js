// test.js -- the playground in headless Chromium, driven by playwright-core.
//
//   node tests/web/test.js URL OUTDIR PZ     (tests/web/run.sh starts the server)
//
// Each test does what a pupil would (pick an example, press a button) and
// checks what the page shows against what the native pz (PZ) prints for
// the same file.  Screenshots go to OUTDIR for review; the timings printed
// are for reading, never asserted.
'use strict';
const {chromium} = require('playwright-core');
const {execFileSync, spawnSync} = require('child_process');
const fs = require('fs');
const path = require('path');

const [url, outdir, pz] = process.argv.slice(2);
const root = path.resolve(__dirname, '../..');
let failures = 0, passed = 0;

// What the native pz prints for examples/NAME, run where the examples are (so
// that its messages name the file as the page does): standard output, then
// its messages (the page shows them under the answer).
function native(args, file) {
  const r = spawnSync(path.resolve(pz), [...args, path.basename(file)],
                      {cwd: path.join(root, path.dirname(file)), encoding: 'utf8'});
  return r.stdout + (r.stderr ? '\n' + r.stderr : '');
}

function check(what, ok, detail) {
  if (ok) {
    passed++;
  } else {
    failures++;
    console.log(`FAIL ${what}${detail ? '\n' + detail : ''}`);
  }
}

function same(what, got, want) {
  check(what, got === want, `--- expected\n${want}\n--- got\n${got}`);
}

async function shot(page, name) {
  await page.screenshot({path: path.join(outdir, name + '.png')});
}

async function openExample(page, name) {
  await page.selectOption('#examples', name);
  await page.waitForFunction((n) => document.getElementById('status').textContent.startsWith(n), name);
}

// Press a button and wait until the run is over (Stop greyed again); the milliseconds.
async function press(page, command) {
  const t0 = Date.now();
  await page.click('#btn-' + command);
  await page.waitForFunction(() => document.getElementById('btn-stop').disabled &&
                                   !document.querySelector('#actions .running'), null, {timeout: 120000});
  return Date.now() - t0;
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'pz-chromium-'));
  // a fresh profile (--user-data-dir) for each run
  const browser = await chromium.launchPersistentContext(dataDir, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: {width: 1200, height: 760},
  });
  const page = browser.pages()[0] || await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));

  try {
    // 1. The page loads, and zebra (the example it opens) solves as pz solves it.
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const loadMs = Date.now() - t0;
    const solveMs = await press(page, 'solve');
    const t = await page.evaluate(() => window.pzTimings);
    console.log(`in the page: pz ready ${t.ready.toFixed(0)} ms after navigation began ` +
                `(pz.wasm fetched and compiled in ${t.load.toFixed(0)} ms), zebra solved in ` +
                `${t.solve.toFixed(0)} ms (of which pz ${t.pz.toFixed(0)} ms): ` +
                `${(t.ready + t.solve).toFixed(0)} ms from navigation to the answer`);
    console.log(`seen by the test: load ${loadMs} ms, solve ${solveMs} ms; app.js began at ${t.app.toFixed(0)} ms`);
    await page.reload();     // again, as when the browser is already running
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    await press(page, 'solve');
    const r = await page.evaluate(() => window.pzTimings);
    console.log(`reloaded: pz ready at ${r.ready.toFixed(0)} ms, zebra solved ${r.solve.toFixed(0)} ms later: ` +
                `${(r.ready + r.solve).toFixed(0)} ms from navigation to the answer`);
    check('zebra: the status says solved', (await text(page, '#status')).startsWith('Solved'), await text(page, '#status'));
    same('zebra: the answer', await text(page, '#output'), native([], 'examples/zebra.pz'));
    check('zebra: a picture', await page.$('#picture img') !== null);
    check('no request leaves the page\'s server', requests.every((r) => r.startsWith(url) || r.startsWith('blob:' + url)), requests.join('\n'));
    await shot(page, '1-zebra');

    // 2. The magic hexagon: solve, then count.
    await openExample(page, 'magic_hexagon.pz');
    await press(page, 'solve');
    same('magic hexagon: the answer', await text(page, '#output'), native([], 'examples/magic_hexagon.pz'));
    await shot(page, '2-magic-hexagon');
    await press(page, 'count');
    same('magic hexagon: the count', await text(page, '#output'), native(['-c'], 'examples/magic_hexagon.pz'));

    // 3. Explain sudoku, step by step, forward and back.
    await openExample(page, 'sudoku.pz');
    await press(page, 'explain');
    const want = JSON.parse(native(['explain', '--json'], 'examples/sudoku.pz'));
    const n = want.steps[want.steps.length - 1].step;
    const facts = (k) => want.steps.find((st) => st.step === k).facts.join('; ');
    check('explain: the stepper shows', await page.isVisible('#stepper'));
    same('explain: it starts with the givens', await text(page, '#step-label'), 'The givens');
    same('explain: the givens\' facts', await text(page, '#step-text .facts'), facts(0));
    for (let i = 0; i < 3; i++)
      await page.click('#step-next');
    same('explain: three steps on', await text(page, '#step-label'), `Step 3 of ${n}`);
    same('explain: step 3\'s facts', await text(page, '#step-text .facts'), facts(3));
    const pic3 = await page.$eval('#picture img', (e) => e.src);
    await shot(page, '3-explain-step3');
    await page.click('#step-prev');
    same('explain: one step back', await text(page, '#step-label'), `Step 2 of ${n}`);
    same('explain: step 2\'s facts', await text(page, '#step-text .facts'), facts(2));
    check('explain: step 2 has its own picture', await page.$eval('#picture img', (e) => e.src) !== pic3);
    await page.click('#step-last');
    same('explain: the last step', await text(page, '#step-label'), `Step ${n} of ${n}`);
    same('explain: the verdict', await text(page, '#step-text .verdict'),
         `Solved in ${want.verdict.steps} steps without guessing. Grade ${want.grade.level} of 4 (score ${want.grade.score}).`);
    await shot(page, '4-explain-end');

    // 4. A mistake: shown at its line, in the editor and in the list.
    await openExample(page, 'zebra.pz');
    const lines = (await page.inputValue('#editor')).split('\n');
    const bad = lines.findIndex((l) => l.startsWith('clue 11')) + 1;
    lines[bad - 1] = lines[bad - 1].replace('next_to', 'nxet_to');
    await page.fill('#editor', lines.join('\n'));
    fs.writeFileSync(path.join(outdir, 'broken.pz'), lines.join('\n'));
    await press(page, 'solve');
    const wantErr = execFileSync('sh', ['-c', `"${path.resolve(pz)}" -j broken.pz || true`], {cwd: outdir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
    const first = JSON.parse(wantErr).errors[0];
    same('error: the line pz names', String(first.line), String(bad));
    check('error: the status names the line', (await text(page, '#status')).includes(`line ${bad}`), await text(page, '#status'));
    same('error: the list', await text(page, '#errors li'), `Line ${bad}: ${first.message}`);
    check('error: the note of the library is listed, not marked', (await page.$$('#errors li')).length === 2 && (await page.$$('#marks .mark')).length === 1);
    same('error: the gutter marks the line', await text(page, '#gutter .err'), String(bad));
    same('error: the editor marks the line', await page.$eval('#marks .mark', (e) => e.dataset.line), String(bad));
    const caretLine = await page.$eval('#editor', (e) => e.value.slice(0, e.selectionStart).split('\n').length);
    same('error: the caret is on the line', String(caretLine), String(bad));
    await shot(page, '5-error');

    // 5. A long count (every Sudoku grid), stopped; then the page works on,
    // offline: the new worker is made from what the page already has.
    await openExample(page, 'sudoku_empty.pz');
    await browser.setOffline(true);
    await page.click('#btn-count');
    await page.waitForFunction(() => / found so far/.test(document.getElementById('status').textContent),
                               null, {timeout: 20000});
    await shot(page, '6-counting');
    await page.click('#btn-stop');
    check('stop: the status says stopped', (await text(page, '#status')).startsWith('Stopped'), await text(page, '#status'));
    await page.waitForFunction(() => !document.getElementById('btn-solve').disabled, null, {timeout: 20000});
    await press(page, 'solve');
    same('stop: the next run works', await text(page, '#output'), native([], 'examples/sudoku_empty.pz'));
    await browser.setOffline(false);

    // 6. Grade and generate, then solve the new puzzle.
    await openExample(page, 'zebra.pz');
    await press(page, 'grade');
    const g = JSON.parse(native(['grade', '-j'], 'examples/zebra.pz'));
    check('grade: the level', (await text(page, '#status')).startsWith(`Grade ${g.level} of 4`), await text(page, '#status'));
    await openExample(page, 'sudoku_empty.pz');
    await press(page, 'generate');
    same('generate: the puzzle', await text(page, '#output'), native(['generate'], 'examples/sudoku_empty.pz'));
    await shot(page, '7-generate');
    await page.click('#open-generated');
    await press(page, 'solve');
    check('generate: the new puzzle solves', (await text(page, '#status')).startsWith('Solved'), await text(page, '#status'));

    // 7. Large text, for a projector.
    await openExample(page, 'magic_square3.pz');
    await page.check('#large');
    await press(page, 'solve');
    const big = await page.$eval('#editor', (e) => parseFloat(getComputedStyle(e).fontSize));
    check('large text: 24 px in the editor', big === 24, String(big));
    await shot(page, '8-large');

    // 8. Every example of the menu solves in the page as pz solves it.
    await page.uncheck('#large');
    const names = await page.$$eval('#examples option', (os) => os.map((o) => o.value));
    for (const name of names) {
      await openExample(page, name);
      await press(page, 'solve');
      same(`every example: ${name}`, await text(page, '#output'), native([], 'examples/' + name));
    }

    check('no errors in the page', errors.length === 0, errors.join('\n'));
  } catch (e) {
    failures++;
    console.log('FAIL ' + (e.stack || e));
    await shot(page, 'failure').catch(() => {});
  } finally {
    await browser.close();
    fs.rmSync(dataDir, {recursive: true, force: true});
  }
  console.log(`test-web: ${passed} passed, ${failures} failed; screenshots in ${outdir}`);
  process.exit(failures ? 1 : 0);
}

main();
