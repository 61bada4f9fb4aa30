// The ptxlitmus explorer page: calls the server's JSON API (docs/serve.md) and draws what it
// answers. No framework, no build step. This file: the editor, requests, check, executions,
// permalinks and the start; explain.js, sim.js, regress.js and observations.js the rest.
'use strict';

const $ = (id) => document.getElementById(id);
const state = { runId: null, lastCheck: null, lastExplain: null, lastRequest: null };

function setStatus(text) { $('status').textContent = text; }

// ---- the editor's line numbers and error marker -------------------------------------------
function drawGutter(errorLine) {
  const lines = $('editor').value.split('\n').length;
  const gutter = $('gutter');
  gutter.textContent = '';
  for (let i = 1; i <= lines; i++) {
    const span = document.createElement('span');
    span.textContent = i + '\n';
    if (i === errorLine) { span.className = 'error-line'; span.id = 'error-marker'; }
    gutter.appendChild(span);
  }
  gutter.scrollTop = $('editor').scrollTop;
}

function showError(body) {
  const box = $('error');
  box.hidden = false;
  box.textContent = body.error || String(body);
  if (body.line) {
    drawGutter(body.line);
    // Put the caret where the error is.
    const editor = $('editor');
    const lines = editor.value.split('\n');
    let offset = 0;
    for (let i = 0; i < body.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (body.column || 1) - 1);
    editor.setSelectionRange(offset, offset + 1);
  }
}

function clearError() { $('error').hidden = true; $('error').textContent = ''; drawGutter(0); }

// ---- requests -------------------------------------------------------------------------------
function testRequest(extra) {
  const r = { text: $('editor').value, name: currentName(), engine: $('engine').value };
  const model = $('model').value;
  if (model.startsWith('cat:')) r.cat = model.slice(4); else r.model = model;
  const t = parseFloat($('timeout').value);
  if (t > 0) r.timeout = t;
  const unroll = parseInt($('unroll').value, 10);
  if (unroll >= 0) r.unroll = unroll;
  return Object.assign(r, extra || {});
}

function currentName() {
  const f = $('file-filter').value.trim();
  const base = f ? f.split('/').pop() : '';
  return base.endsWith('.litmus') ? base : 'test.litmus';
}

async function post(path, body) {
  state.runId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  body.run_id = state.runId;
  $('cancel').disabled = false;
  setStatus('running…');
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                    body: JSON.stringify(body) });
    let json;
    try { json = await res.json(); } catch (e) { json = { error: res.status + ' ' + res.statusText }; }
    if (res.status === 413) json = { error: 'the test is larger than the server accepts (--max-request)' };
    setStatus(res.ok ? '' : (res.status === 409 ? 'cancelled' : 'failed (' + res.status + ')'));
    return { ok: res.ok, json };
  } finally {
    state.runId = null;
    $('cancel').disabled = true;
  }
}

$('cancel').addEventListener('click', () => {
  if (!state.runId) return;
  fetch('/api/cancel', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                         body: JSON.stringify({ run_id: state.runId }) });
});

function download(id, text, type) {
  const a = $(id);
  if (a.href && a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.hidden = false;
}

// An SVG from the server (Graphviz's), drawn without its scripts and event handlers.
function insertSvg(svgText, into) {
  const graph = $(into || 'graph');
  graph.textContent = '';
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg') return;
  svg.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
  svg.querySelectorAll('*').forEach((n) => {
    for (const a of [...n.attributes]) if (/^on/i.test(a.name)) n.removeAttribute(a.name);
  });
  graph.appendChild(document.importNode(svg, true));
}

// ---- check ----------------------------------------------------------------------------------
function outcomeText(o) {
  return Object.entries(o).map(([k, v]) => k + '=' + v + ';').join(' ');
}

async function runCheck() {
  clearError();
  updatePermalink();
  const { ok, json } = await post('/api/check', testRequest());
  if (!ok) { showError(json); return; }
  state.lastCheck = json;
  const verdict = $('verdict');
  verdict.textContent = '';
  const name = document.createElement('span');
  name.textContent = json.name + ' under ' + json.model + ' (' + json.engine + '): ';
  const obs = document.createElement('span');
  obs.className = 'obs ' + (json.observation || '');
  obs.id = 'observation';
  obs.textContent = json.observation || (json.result === 'Ok' ? 'allowed' : 'forbidden');
  const cond = document.createElement('span');
  cond.textContent = ' — ' + json.condition.text + ' is ' + (json.result === 'Ok' ? 'Ok' : 'No');
  verdict.append(name, obs, cond);
  showProperties(json);
  const tbody = $('outcomes').querySelector('tbody');
  tbody.textContent = '';
  (json.outcomes || []).forEach((o, i) => {
    const tr = document.createElement('tr');
    const text = outcomeText(o);
    const sat = json.satisfies && json.satisfies[i];
    if (sat) tr.className = 'satisfies';
    const td1 = document.createElement('td'); td1.textContent = text;
    const td2 = document.createElement('td'); td2.textContent = sat ? 'satisfies' : '';
    const td3 = document.createElement('td');
    const b = document.createElement('button');
    b.textContent = 'how allowed';
    b.className = 'explain-outcome';
    b.addEventListener('click', () => runExplain(text, 1));
    td3.appendChild(b);
    tr.append(td1, td2, td3);
    tbody.appendChild(tr);
  });
  $('outcomes').hidden = false;
  $('herd').textContent = json.herd;
  $('herd').hidden = false;
  $('downloads').hidden = false;
  download('dl-json', JSON.stringify(json, null, 2), 'application/json');
}

// Termination (tests with loops or barriers) and data races, as the CLI's verdict lines say
// them, each with the button that explains it.
function showProperties(json) {
  const box = $('properties');
  box.textContent = '';
  const line = (id, text, button, action) => {
    const div = document.createElement('div');
    const span = document.createElement('span');
    span.id = id;
    span.textContent = text;
    const b = document.createElement('button');
    b.textContent = button;
    b.addEventListener('click', action);
    div.append(span, ' ', b);
    box.appendChild(div);
  };
  if (json.termination) line('termination', 'Termination: ' + json.termination, 'why', runHang);
  if (json.races && json.races.pair) {
    line('races', 'Data race (' + json.races.kind + '): ' + json.races.pair.map((p) =>
      'P' + p.thread + ' ' + p.instruction + ' (line ' + p.line + ')').join(' | '), 'explain', runRace);
  }
}

// ---- executions, one after another -----------------------------------------------------------
const executions = { graphs: [], at: 0, more: false };

function showExecution(k) {
  const n = executions.graphs.length;
  if (n === 0) { $('exec-count').textContent = 'no execution to draw'; $('exec-graph').textContent = ''; return; }
  executions.at = (k + n) % n;
  $('exec-count').textContent = ' execution ' + (executions.at + 1) + ' of ' + n +
      (executions.more ? ' (more exist: the page draws the first ' + n + ')' : '') + ' ';
  const g = executions.graphs[executions.at];
  insertSvg(g.svg, 'exec-graph');
  download('dl-dot', g.dot, 'text/vnd.graphviz');
  download('dl-svg', g.svg, 'image/svg+xml');
}

async function runExecutions() {
  clearError();
  const { ok, json } = await post('/api/executions', testRequest({ show: $('show-mode').value }));
  if (!ok) { showError(json); return; }
  Object.assign(executions, { graphs: json.graphs, more: json.more });
  $('exec-box').hidden = false;
  $('downloads').hidden = false;
  download('dl-json', JSON.stringify(json, null, 2), 'application/json');
  showExecution(0);
}

// ---- permalinks -----------------------------------------------------------------------------
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

// The options a permalink carries: its parameter and the field that holds it.
const linkedOptions = { model: 'model', engine: 'engine', timeout: 'timeout', unroll: 'unroll',
                        show: 'show-mode', runs: 'sim-runs' };

function updatePermalink() {
  const p = new URLSearchParams();
  p.set('test', toBase64Url($('editor').value));
  for (const [key, id] of Object.entries(linkedOptions)) if ($(id).value) p.set(key, $(id).value);
  if ($('file-filter').value) p.set('name', $('file-filter').value);
  $('permalink').href = '#' + p.toString();
}

function loadPermalink() {
  if (location.hash.length < 2) return false;
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has('test')) return false;
  try { $('editor').value = fromBase64Url(p.get('test')); } catch (e) { return false; }
  for (const [key, id] of Object.entries(linkedOptions)) {
    if (!p.has(key)) continue;
    if ($(id).tagName === 'SELECT') selectValue(id, p.get(key)); else $(id).value = p.get(key);
  }
  if (p.has('name')) $('file-filter').value = p.get('name');
  drawGutter(0);
  return true;
}

function selectValue(id, value) {
  const sel = $(id);
  if (![...sel.options].some((o) => o.value === value)) sel.appendChild(new Option(value, value));
  sel.value = value;
}

// ---- start ----------------------------------------------------------------------------------
async function openFile(name) {
  const res = await fetch('/api/file?name=' + encodeURIComponent(name));
  if (!res.ok) { showError(await res.json()); return; }
  $('editor').value = await res.text();
  clearError();
  updatePermalink();
  await runCheck();
}

async function start() {
  const info = await (await fetch('/api/info')).json();
  for (const m of info.models) $('model').appendChild(new Option(m, m));
  for (const e of info.engines) $('engine').appendChild(new Option(e, e));
  $('timeout').placeholder = String(info.timeout_s);
  const files = (await (await fetch('/api/files')).json()).files;
  const folders = new Set();
  for (const f of files) {
    const parts = f.name.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  for (const d of [...folders].sort()) $('folder-list').appendChild(new Option(d, d));
  for (const f of files) {
    if (f.kind === 'cat') $('model').appendChild(new Option('cat: ' + f.name, 'cat:' + f.name));
    else $('file-list').appendChild(new Option(f.name, f.name));
  }
  $('editor').addEventListener('input', () => { drawGutter(0); updatePermalink(); });
  for (const id of Object.values(linkedOptions)) $(id).addEventListener('change', updatePermalink);
  $('editor').addEventListener('scroll', () => { $('gutter').scrollTop = $('editor').scrollTop; });
  $('open-file').addEventListener('click', () => openFile($('file-filter').value.trim()));
  $('file-filter').addEventListener('keydown', (e) => { if (e.key === 'Enter') openFile($('file-filter').value.trim()); });
  $('run-check').addEventListener('click', runCheck);
  $('run-explain').addEventListener('click', () => runExplain($('explain-outcome').value.trim() || null, 1));
  $('run-hang').addEventListener('click', runHang);
  $('run-race').addEventListener('click', runRace);
  $('run-sim').addEventListener('click', runSim);
  $('run-executions').addEventListener('click', runExecutions);
  $('exec-prev').addEventListener('click', () => showExecution(executions.at - 1));
  $('exec-next').addEventListener('click', () => showExecution(executions.at + 1));
  $('run-regress').addEventListener('click', runRegress);
  $('run-validate').addEventListener('click', runValidate);
  $('run-campaign').addEventListener('click', runCampaign);
  $('observed-files').addEventListener('change', listObservedFiles);
  window.addEventListener('hashchange', () => { if (loadPermalink()) runCheck(); });
  if (loadPermalink()) await runCheck(); else drawGutter(0);
  document.body.dataset.ready = 'true';
}

// The other scripts (deferred, in order) define what start() wires up: it runs after them.
document.addEventListener('DOMContentLoaded', start);
