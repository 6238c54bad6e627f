// app.js -- the playground page: the editor, the buttons, the answers.
//
// pz itself runs in a Web Worker (worker.js + pz.js + pz.wasm), made from
// text and bytes this page fetched once, so the page goes on working
// offline and Stop can end a worker and start a fresh one at once.
// PZ_EXAMPLES and PZ_SYNTAX come from bundle.js (web/bundle.py).
'use strict';

const appStart = performance.now();   // for tests/web: when this script began
const $ = (id) => document.getElementById(id);
const editor = $('editor');
const state = {
  worker: null,       // the worker, once it said 'ready'
  workerSource: null, // a blob: URL of pz.js + worker.js
  wasm: null,         // pz.wasm's bytes, copied to each new worker
  running: null,      // {id, command, button, start}
  nextId: 1,
  name: 'puzzle.pz',  // the file name pz's messages use
  seed: 0,            // generate's seed: a new puzzle each press
  steps: null,        // explain: {steps, pictures, verdict, grade}
  step: 0,
  generated: null,    // the puzzle generate made
};

// --- the editor: a transparent textarea over a coloured copy of its text ---

const syntax = PZ_SYNTAX.map((r) => ({re: new RegExp(r.match, 'y'), cls: r.cls || r['class']}));
const wordChar = /[A-Za-z0-9_]/;

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
}

// One line of .pz as HTML: the TextMate rules of editors/vscode, first match wins.
function colourLine(line) {
  let html = '', plain = '', i = 0;
  while (i < line.length) {
    let hit = null;
    // a rule starting with \b may only start a word: skip into the middle of none
    if (!(i > 0 && wordChar.test(line[i - 1]) && wordChar.test(line[i]))) {
      for (const r of syntax) {
        r.re.lastIndex = i;
        const m = r.re.exec(line);
        if (m && m[0].length) {
          hit = {text: m[0], cls: r.cls};
          break;
        }
      }
    }
    if (hit) {
      html += escapeHtml(plain) + `<span class="tok-${hit.cls}">${escapeHtml(hit.text)}</span>`;
      plain = '';
      i += hit.text.length;
    } else {
      plain += line[i++];
    }
  }
  return html + escapeHtml(plain);
}

let marks = [];   // [{line, column, severity, message}] shown in the editor

function lineHeight() {
  return parseFloat(getComputedStyle(editor).lineHeight);
}

function renderEditor() {
  const lines = editor.value.split('\n');
  $('highlight').innerHTML = lines.map(colourLine).join('\n') + '\n';
  const bad = new Map(marks.map((m) => [m.line, m.severity]));
  $('gutter').innerHTML = lines.map((_, k) => {
    const sev = bad.get(k + 1);
    return sev ? `<span class="err ${sev}">${k + 1}</span>` : String(k + 1);
  }).join('\n') + '\n';
  const lh = lineHeight();
  const top = parseFloat(getComputedStyle(editor).paddingTop);
  $('marks').innerHTML = marks.map((m) =>
    `<div class="mark ${m.severity}" data-line="${m.line}" style="top:${top + (m.line - 1) * lh}px;height:${lh}px"></div>`).join('');
  syncScroll();
}

function syncScroll() {
  const x = editor.scrollLeft, y = editor.scrollTop;
  $('highlight').style.transform = `translate(${-x}px, ${-y}px)`;
  $('marks').style.transform = `translate(${-x}px, ${-y}px)`;
  $('gutter').scrollTop = y;
}

editor.addEventListener('input', () => {
  marks = [];
  $('errors').innerHTML = '';
  renderEditor();
});
editor.addEventListener('scroll', syncScroll);
editor.addEventListener('keydown', (e) => {
  if (e.key === 'Tab' && !e.ctrlKey && !e.altKey) {   // two spaces, as the examples indent
    e.preventDefault();
    document.execCommand('insertText', false, '  ');
  } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    start('solve');
  }
});

// The caret to line:column, scrolled into view.
function goTo(line, column) {
  const lines = editor.value.split('\n');
  let pos = 0;
  for (let k = 0; k < line - 1 && k < lines.length; k++)
    pos += lines[k].length + 1;
  pos += Math.max(0, Math.min((column || 1) - 1, (lines[line - 1] || '').length));
  editor.focus();
  editor.setSelectionRange(pos, pos);
  const lh = lineHeight();
  const want = (line - 1) * lh - editor.clientHeight / 3;
  editor.scrollTop = Math.max(0, want);
  syncScroll();
}

// --- the examples ---

function fillExamples() {
  const menu = $('examples');
  for (const ex of PZ_EXAMPLES) {
    const o = document.createElement('option');
    o.value = ex.name;
    o.textContent = ex.title ? `${ex.name.replace(/\.pz$/, '')}: ${ex.title}` : ex.name;
    menu.appendChild(o);
  }
  menu.addEventListener('change', () => openExample(menu.value));
}

function openExample(name) {
  const ex = PZ_EXAMPLES.find((e) => e.name === name);
  if (!ex)
    return;
  $('examples').value = name;
  setText(ex.text, name);
  history.replaceState(null, '', '#' + name);
}

function setText(text, name) {
  editor.value = text;
  state.name = name;
  state.seed = 0;
  marks = [];
  $('errors').innerHTML = '';
  clearAnswer();
  setStatus(`${name} is open. Press a button to run it.`);
  editor.scrollTop = 0;
  renderEditor();
}

// --- the worker ---

async function loadPz() {
  const [js, worker, wasm] = await Promise.all([
    fetch('pz.js').then((r) => r.text()),
    fetch('worker.js').then((r) => r.text()),
    fetch('pz.wasm').then((r) => r.arrayBuffer()),
  ]);
  state.workerSource = URL.createObjectURL(new Blob([js, '\n', worker], {type: 'text/javascript'}));
  state.wasm = wasm;
  return newWorker();
}

function newWorker() {
  return new Promise((resolve, reject) => {
    const w = new Worker(state.workerSource);
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') {
        state.worker = w;
        resolve(w);
      } else if (m.type === 'failed') {
        reject(new Error(m.message));
      } else if (m.type === 'progress') {
        progress(m);
      } else if (m.type === 'done') {
        finish(m);
      }
    };
    w.onerror = (e) => reject(new Error(e.message));
    const bytes = state.wasm.slice(0);
    w.postMessage({type: 'init', wasm: bytes}, [bytes]);
  });
}

const busyWords = {
  solve: 'Solving', all: 'Finding every solution', count: 'Counting the solutions',
  check: 'Checking', explain: 'Working out the steps', grade: 'Grading',
  generate: 'Making a new puzzle',
};

function start(command) {
  if (state.running || !state.worker)
    return;
  if (command === 'generate')
    state.seed++;
  const id = state.nextId++;
  const button = $('btn-' + command);
  state.running = {id, command, button, start: performance.now()};
  button.classList.add('running');
  for (const b of document.querySelectorAll('#actions button[data-cmd]'))
    b.disabled = true;
  $('btn-stop').disabled = false;
  marks = [];
  $('errors').innerHTML = '';
  renderEditor();
  clearAnswer();
  setStatus(busyWords[command] + '…');
  state.worker.postMessage({type: 'run', id, command, name: state.name, text: editor.value,
                            seed: state.seed || 1});
}

function progress(m) {
  const r = state.running;
  if (!r || m.id !== r.id)
    return;
  const secs = (m.ms / 1000).toFixed(1);
  const found = r.command === 'count' || r.command === 'all'
    ? `: ${m.solutions.toLocaleString('en')} found so far` : '';
  setStatus(`${busyWords[r.command]}${found} (${secs} s). Press Stop to give up.`);
}

function idle() {
  const r = state.running;
  state.running = null;
  if (r)
    r.button.classList.remove('running');
  for (const b of document.querySelectorAll('#actions button[data-cmd]'))
    b.disabled = false;
  $('btn-stop').disabled = true;
}

async function stop() {
  const r = state.running;
  if (!r)
    return;
  state.worker.terminate();
  state.worker = null;
  const secs = ((performance.now() - r.start) / 1000).toFixed(1);
  idle();
  for (const b of document.querySelectorAll('#actions button[data-cmd]'))
    b.disabled = true;
  setStatus(`Stopped after ${secs} s.`, 'stopped');
  $('output').textContent = 'stopped: you pressed Stop\n';
  await newWorker();
  for (const b of document.querySelectorAll('#actions button[data-cmd]'))
    b.disabled = false;
}

// --- the answers ---

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind || '';
}

function clearAnswer() {
  state.steps = null;
  state.generated = null;
  $('stepper').hidden = true;
  $('puzzle-actions').hidden = true;
  $('step-text').innerHTML = '';
  $('picture').innerHTML = '';
  $('output').textContent = '';
}

function showPicture(svg) {
  const pic = $('picture');
  pic.innerHTML = '';
  if (!svg)
    return;
  const img = document.createElement('img');
  img.alt = 'the board';
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  pic.appendChild(img);
}

function showErrors(a) {
  const list = $('errors');
  list.innerHTML = '';
  marks = [];
  for (const e of a.errors || []) {
    const li = document.createElement('li');
    li.className = e.severity;
    const here = e.file === state.name;
    const lib = e.file && !here ? `${e.file.replace(/^.*\//, '')} (built into pz), line ${e.line}: ` : '';
    const where = here && e.line ? `Line ${e.line}: ` : lib;
    li.textContent = where + (e.severity === 'note' ? 'note: ' : '') + e.message;
    if (here && e.line) {
      marks.push({line: e.line, column: e.column, severity: e.severity, message: e.message});
      li.title = 'Show this line in the puzzle';
      li.addEventListener('click', () => goTo(e.line, e.column));
    }
    list.appendChild(li);
  }
  renderEditor();
  const first = marks.find((m) => m.severity === 'error') || marks[0];
  if (first)
    goTo(first.line, first.column);
}

function seconds(ms) {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function finish(m) {
  const r = state.running;
  if (!r || m.id !== r.id)
    return;
  idle();
  let a;
  try {
    a = JSON.parse(m.answer);
  } catch (err) {
    setStatus('pz gave an answer this page cannot read (a bug in pz).', 'error');
    $('output').textContent = m.answer;
    return;
  }
  const took = seconds(m.ms);
  window.pzTimings.solve = performance.now() - r.start;   // for tests/web: the run, seen by the page
  window.pzTimings.pz = m.ms;
  showErrors(a);
  const errs = (a.errors || []).filter((e) => e.severity === 'error');
  if (a.status === 'error') {
    const e = errs[0];
    setStatus(e && e.line ? `There is a mistake on line ${e.line}: ${e.message}`
                          : 'pz could not run this puzzle.', 'error');
    $('output').textContent = a.messages || '';
    return;
  }
  const cmd = r.command;
  if (cmd === 'explain')
    return showExplanation(a, took);
  if (cmd === 'grade')
    return showGrade(a, took);
  if (cmd === 'generate')
    return showGenerated(a, took);
  if (cmd === 'check') {
    setStatus(`No mistakes found (${took}).`);
    $('output').textContent = a.text;
    return;
  }
  const sols = a.solutions || [];
  if (sols.length)
    showPicture(sols[sols.length === 1 || cmd !== 'all' ? 0 : 0].svg);
  $('output').textContent = a.text + (a.messages ? '\n' + a.messages : '');
  const n = a.count.toLocaleString('en');
  if (a.status === 'unsatisfiable')
    setStatus(`No solution: the clues cannot all be true (${took}).`, 'error');
  else if (a.status === 'limit')
    setStatus(`Stopped by the time limit (${took}).`);
  else if (cmd === 'solve')
    setStatus(`Solved in ${took}.`);
  else
    setStatus(`${n} solution${a.count === 1 ? '' : 's'}${a.complete ? '' : ' or more'} (${took}).`);
}

function list(words) {
  return words.length <= 1 ? words.join('') : words.slice(0, -1).join(', ') + ' and ' + words[words.length - 1];
}

function verdictWords(v, g) {
  if (!v)
    return '';
  const grade = g ? ` Grade ${g.level} of 4 (score ${g.score}).` : '';
  switch (v.outcome) {
  case 'solved':
    return (v.first_guess ? `Solved, but step ${v.first_guess} needed a guess.`
                          : `Solved in ${v.steps} steps without guessing.`) + grade;
  case 'several':
    return `More than one solution: ${list(v.open)} can still be different.` +
           (v.unique_with ? ` Giving ${v.unique_with} would make it unique.` : '') + grade;
  case 'none':
    return `No solution: ${list(v.conflict || [])} cannot all be true.`;
  default:
    return 'Stopped before the explanation was complete.';
  }
}

// The explanation as frames to step through: the givens (step 0) or the
// board before any step, then each step; frame k shows pictures[step].
function showExplanation(a, took) {
  const ex = a.explain;
  if (!ex || !ex.steps) {
    setStatus(a.status === 'unsatisfiable' ? 'No solution.' : 'No steps to show.', 'error');
    $('output').textContent = a.messages || '';
    return;
  }
  const frames = ex.steps.slice();
  if (!frames.length || frames[0].step !== 0)
    frames.unshift({step: 0, start: true});
  const last = frames[frames.length - 1].step;
  state.steps = {frames, last, pictures: a.pictures || [], verdict: ex.verdict, grade: ex.grade};
  $('step-slider').max = String(frames.length - 1);
  $('stepper').hidden = false;
  setStatus(`${verdictWords(ex.verdict, ex.grade)} (${took})`,
            ex.verdict && ex.verdict.outcome === 'none' ? 'error' : '');
  showStep(0);
}

function showStep(k) {
  const s = state.steps;
  if (!s)
    return;
  const n = s.frames.length - 1;
  k = Math.max(0, Math.min(k, n));
  state.step = k;
  const st = s.frames[k];
  $('step-slider').value = String(k);
  $('step-label').textContent = st.start ? 'Start' : st.step === 0 ? 'The givens' : `Step ${st.step} of ${s.last}`;
  $('step-prev').disabled = $('step-first').disabled = k === 0;
  $('step-next').disabled = $('step-last').disabled = k === n;
  let html;
  if (st.start) {
    html = '<div class="facts">The board before any step.</div>';
  } else if (st.step === 0) {
    html = `<div class="facts">${escapeHtml(st.facts.join('; '))}</div>` +
           `<div class="why">given by ${escapeHtml(list(st.clues))}</div>`;
  } else {
    html = `<div class="facts">${escapeHtml(st.facts.length ? st.facts.join('; ') : 'the clues cannot all hold')}</div>`;
    if (st.suppose)
      html += `<div class="why">supposing ${escapeHtml(st.suppose)} leads to a contradiction</div>`;
    if (st.guess)
      html += `<div class="why">a guess: ${escapeHtml(st.guess)}</div>`;
    html += `<div class="why">by ${escapeHtml(list(st.clues))} (${escapeHtml(st.kind)}, level ${st.level})</div>`;
    if (st.knowing.length)
      html += `<div class="why">knowing ${escapeHtml(st.knowing.join('; '))}</div>`;
  }
  if (k === 0 && n > 0)
    html += '<div class="why">Press Next ▶ (or the → key) to go on.</div>';
  if (k === n)
    html += `<div class="facts verdict">${escapeHtml(verdictWords(s.verdict, s.grade))}</div>`;
  $('step-text').innerHTML = html;
  showPicture(s.pictures[Math.min(st.step, s.pictures.length - 1)]);
}

function showGrade(a, took) {
  const ex = a.explain || {};
  if (a.status === 'unsatisfiable') {
    setStatus(`No solution, so no grade (${took}).`, 'error');
  } else if (ex.level) {
    const words = ['', 'every step follows from one clue', 'some steps need two clues together',
                   'some steps need a contradiction', 'it needs guessing'];
    setStatus(`Grade ${ex.level} of 4: ${words[ex.level] || ''} (${took}).`);
    $('output').textContent = `level: ${ex.level}\nscore: ${ex.score}\nsteps: ${ex.steps}\n`;
  } else {
    setStatus(`Stopped before the grade was known (${took}).`);
  }
}

function showGenerated(a, took) {
  $('output').textContent = a.puzzle || a.messages || '';
  if (a.status === 'solved' && a.puzzle) {
    state.generated = a.puzzle;
    $('puzzle-actions').hidden = false;
    setStatus(`A new puzzle (number ${state.seed}) in ${took}. Press Generate again for another.`);
  } else {
    setStatus(a.messages ? a.messages.replace(/^pz: (note: )?/, '').split('\n')[0] : 'No puzzle was made.',
              'error');
  }
}

// --- the page ---

function setLarge(on) {
  document.body.classList.toggle('large', on);
  $('large').checked = on;
  try { localStorage.setItem('pz-large', on ? '1' : ''); } catch (e) { /* private mode */ }
  renderEditor();
}

function init() {
  fillExamples();
  for (const b of document.querySelectorAll('#actions button[data-cmd]')) {
    b.disabled = true;
    b.addEventListener('click', () => start(b.dataset.cmd));
  }
  $('btn-stop').addEventListener('click', stop);
  $('step-prev').addEventListener('click', () => showStep(state.step - 1));
  $('step-next').addEventListener('click', () => showStep(state.step + 1));
  $('step-first').addEventListener('click', () => showStep(0));
  $('step-last').addEventListener('click', () => showStep(Infinity));
  $('step-slider').addEventListener('input', (e) => showStep(Number(e.target.value)));
  document.addEventListener('keydown', (e) => {
    if (!state.steps || e.target === editor)
      return;
    if (e.key === 'ArrowRight') showStep(state.step + 1);
    if (e.key === 'ArrowLeft') showStep(state.step - 1);
  });
  $('open-generated').addEventListener('click', () => {
    const seed = state.seed;
    setText(state.generated, state.name.replace(/(-\d+)?\.pz$/, '') + `-${seed}.pz`);
  });
  $('large').addEventListener('change', (e) => setLarge(e.target.checked));
  let large = false;
  try { large = localStorage.getItem('pz-large') === '1'; } catch (e) { /* private mode */ }
  if (/[?&]large\b/.test(location.search))
    large = true;
  setLarge(large);
  const wanted = decodeURIComponent(location.hash.slice(1));
  openExample(PZ_EXAMPLES.some((e) => e.name === wanted) ? wanted : 'zebra.pz');
  const t0 = performance.now();
  loadPz().then(() => {
    // a first run in the background while the pupil reads: the browser
    // compiles the code it uses, so that the first press is as quick as the next
    const zebra = PZ_EXAMPLES.find((e) => e.name === 'zebra.pz');
    if (zebra)
      state.worker.postMessage({type: 'run', id: 0, command: 'solve', name: 'zebra.pz', text: zebra.text});
    for (const b of document.querySelectorAll('#actions button[data-cmd]'))
      b.disabled = false;
    window.pzTimings = {app: appStart, ready: performance.now(), load: performance.now() - t0};
    setStatus(`Ready (pz loaded in ${seconds(performance.now() - t0)}). Press Solve.`);
    document.body.dataset.ready = '1';
  }, (err) => {
    setStatus('pz could not start in this browser: ' + err.message, 'error');
  });
}

init();
