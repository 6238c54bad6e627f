// bench.js -- the wasm build against the native one on the bench's counting rows.
//
//   node tests/web/bench.js WEBDIR PZ [ROUNDS]      (make wasm-bench)
//
// Each row is run ROUNDS times (default 5), native and wasm in turn so that
// both see the same load on the machine; the best time of each is kept.
// The native time is the whole process (pz -c FILE); the wasm time is one
// pzw_run('count') in node after a first run (the page's warm-up): both
// load, ground and count.  Prints a Markdown table.
'use strict';
const {spawnSync} = require('child_process');
const fs = require('fs');
const path = require('path');

const ROWS = ['magic_square4', 'magic_hexagon', 'miracle_sudoku_empty'];
const [web, pz, rounds = '5'] = process.argv.slice(2);
const root = path.resolve(__dirname, '../..');

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

async function main() {
  const createPz = require(path.resolve(web, 'pz.js'));
  const mod = await createPz({wasmBinary: fs.readFileSync(path.join(web, 'pz.wasm'))});
  const run = mod.cwrap('pzw_run', 'number', ['string', 'string', 'string', 'number', 'number']);
  const count = (file, text) => {
    const p = run('count', file, text, 1, 0);
    const a = JSON.parse(mod.UTF8ToString(p));
    mod._pzw_free(p);
    return a.text.trim();
  };
  console.log('| puzzle | answer | native pz -c | wasm count | wasm / native |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const row of ROWS) {
    const file = path.join(root, 'examples', row + '.pz');
    const text = fs.readFileSync(file, 'utf8');
    const answer = count(file, text);       // the warm-up
    let nat = Infinity, wasm = Infinity;
    for (let i = 0; i < Number(rounds); i++) {
      let t0 = process.hrtime.bigint();
      const r = spawnSync(path.resolve(pz), ['-c', file], {encoding: 'utf8'});
      nat = Math.min(nat, ms(t0));
      if (r.stdout.trim() !== answer)
        throw new Error(`${row}: native says ${r.stdout.trim()}, wasm ${answer}`);
      t0 = process.hrtime.bigint();
      count(file, text);
      wasm = Math.min(wasm, ms(t0));
    }
    console.log(`| ${row} | ${answer} | ${nat.toFixed(0)} ms | ${wasm.toFixed(0)} ms | ${(wasm / nat).toFixed(2)} |`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
