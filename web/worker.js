// worker.js -- runs pz in a Web Worker, so that the page stays alive while
// it works.  The page builds the worker from pz.js (createPz) and this file
// and sends it pz.wasm's bytes, so a new worker needs no server: the page
// stops a run by ending its worker and starting another.
//
// From the page: {type: 'init', wasm: ArrayBuffer}
//                {type: 'run', id, command, name, text, seed}
// To the page:   {type: 'ready'}, {type: 'progress', id, solutions, nodes, ms},
//                {type: 'done', id, answer (pzweb.c's JSON text), ms}, {type: 'failed', message}
'use strict';
let pz = null;
let run = null;
let current = 0;

self.onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'init') {
    try {
      pz = await createPz({
        wasmBinary: m.wasm,
        onProgress: (solutions, nodes, ms) =>
          self.postMessage({type: 'progress', id: current, solutions, nodes, ms}),
      });
      run = pz.cwrap('pzw_run', 'number', ['string', 'string', 'string', 'number', 'number']);
      self.postMessage({type: 'ready'});
    } catch (err) {
      self.postMessage({type: 'failed', message: String(err)});
    }
  } else if (m.type === 'run') {
    current = m.id;
    const t0 = performance.now();
    let answer;
    try {
      const p = run(m.command, m.name, m.text, m.seed || 1, 0);
      answer = p ? pz.UTF8ToString(p) : '{"status": "error", "messages": "pz: out of memory\\n", "errors": []}';
      if (p)
        pz._pzw_free(p);
    } catch (err) {           // a trap in the wasm: a bug in pz
      answer = JSON.stringify({status: 'error', text: '', errors: [],
                               messages: 'pz: internal error: ' + err + '\n'});
      pz = null;
    }
    self.postMessage({type: 'done', id: m.id, answer, ms: performance.now() - t0});
  }
};
