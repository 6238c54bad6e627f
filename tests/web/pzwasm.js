// pzwasm.js -- run the wasm build of pz under node, as the playground's worker does.
//
//   node tests/web/pzwasm.js build/playground COMMAND FILE...   the JSON answer of each file
//   node tests/web/pzwasm.js build/playground --time COMMAND FILE...   the time of each run
//
// COMMAND is solve, all, count, check, explain, grade or generate.  With
// --time, each file is run three times and the best time printed (make
// wasm-bench compares it with the native build).
'use strict';
const fs = require('fs');
const path = require('path');

async function main(argv) {
  const dir = argv[0];
  let timing = false;
  let rest = argv.slice(1);
  if (rest[0] === '--time') {
    timing = true;
    rest = rest.slice(1);
  }
  const [command, ...files] = rest;
  const createPz = require(path.resolve(dir, 'pz.js'));
  const pz = await createPz({wasmBinary: fs.readFileSync(path.join(dir, 'pz.wasm'))});
  const run = pz.cwrap('pzw_run', 'number', ['string', 'string', 'string', 'number', 'number']);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    let best = Infinity, answer = null;
    for (let i = 0; i < (timing ? 3 : 1); i++) {
      const t0 = process.hrtime.bigint();
      const p = run(command, file, text, 1, 0);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      answer = pz.UTF8ToString(p);
      pz._pzw_free(p);
      best = Math.min(best, ms);
    }
    if (timing) {
      const a = JSON.parse(answer);
      console.log(`${path.basename(file)}\t${command}\t${best.toFixed(1)} ms\t${a.text.trim().split('\n').pop()}`);
    } else {
      console.log(answer);
    }
  }
}

main(process.argv.slice(2)).catch((e) => { console.error(e); process.exit(1); });
