// The explorer page: observations from GPUs judged by `ptxlitmus validate`: uploaded files
// (litmus7 histograms, weak/total lines, seen tables, JSON), each with the GPU of its records
// that name none (`GPU=FILE`), against the test in the editor (`validate FILE`) or against every
// test of a served folder (`validate --tests FOLDER`): one row per test and GPU, forbidden
// observations first.
'use strict';

// A GPU field for each chosen file.
function listObservedFiles() {
  const box = $('observed-list');
  box.textContent = '';
  [...$('observed-files').files].forEach((f, i) => {
    const label = document.createElement('label');
    label.textContent = f.name + ': GPU ';
    const gpu = document.createElement('input');
    gpu.id = 'observed-gpu-' + i;
    gpu.size = 12;
    gpu.placeholder = 'as the file says';
    label.appendChild(gpu);
    box.appendChild(label);
  });
}

async function observedRequest(extra) {
  const observed = [];
  const files = [...$('observed-files').files];
  for (let i = 0; i < files.length; i++) {
    const o = { name: files[i].name, text: await files[i].text() };
    const gpu = $('observed-gpu-' + i);
    if (gpu && gpu.value.trim()) o.gpu = gpu.value.trim();
    observed.push(o);
  }
  const r = testRequest(Object.assign({ observed }, extra));
  const gpu = $('observed-gpu').value.trim();
  if (gpu) r.gpu = gpu;
  return r;
}

async function runValidate() {
  clearError();
  const { ok, json } = await post('/api/validate', await observedRequest());
  if (!ok) { showError(json); return; }
  showObservations(json, json.other_tests.length
    ? 'the files also observe ' + json.other_tests.join(', ') + ' (left out)' : '');
}

async function runCampaign() {
  clearError();
  const r = await observedRequest({ folder: $('campaign-folder').value.trim() });
  delete r.text;
  delete r.name;
  const { ok, json } = await post('/api/campaign', r);
  if (!ok) { showError(json); return; }
  const s = json.summary;
  const notes = [json.tests + ' tests, ' + s.testsWithoutData.length + ' without observations'];
  if (json.time_limit_hit) notes.push('the time limit was reached: ' + s.notJudged + ' not judged');
  if (json.outside_served_folders.length) {
    notes.push(json.outside_served_folders.length + ' skipped (links out of the served folders)');
  }
  showObservations(json, notes.join('; '));
}

// What an observed outcome was, and whether a model forbids it.
function outcomesCell(r) {
  return (r.outcomes || []).map((o) => (o.outcome ? outcomeText(o.outcome) : o.condition) +
      (o.count !== undefined ? ' ×' + o.count : '') +
      (Object.values(o.allowed || {}).every((a) => a) ? '' : ' (forbidden)')).join('  ') ||
    r.error;
}

function showObservations(json, note) {
  const s = json.summary;
  $('validate-box').hidden = false;
  $('validate-summary').textContent = s.records + ' observation(s) judged by ' +
      s.models.join(', ') + ': ' + s.forbiddenObserved + ' with a forbidden outcome seen, ' +
      s.weakSeen + ' weak-seen, ' + s.ok + ' ok, ' + s.undecided + ' undecided, ' + s.unmatched +
      ' unmatched' + (note ? '; ' + note : '');
  const tbody = $('validate-table').querySelector('tbody');
  tbody.textContent = '';
  // Forbidden observations first: they are what a campaign is checked for.
  const rank = { 'FORBIDDEN-OBSERVED': 0, error: 1, unmatched: 2, 'weak-seen': 3, ok: 4 };
  const rows = [...json.rows].sort((a, b) => (rank[a.status] ?? 5) - (rank[b.status] ?? 5));
  for (const r of rows) {
    const tr = document.createElement('tr');
    tr.className = 'validate-' + r.status.toLowerCase();
    const cells = [r.status, r.test, r.gpu || '(not named)', r.observed, outcomesCell(r), r.source];
    cells.forEach((c, i) => {
      const td = document.createElement('td');
      if (i === 1 && r.file && r.file.endsWith('.litmus') && json.tests !== undefined) {
        const open = document.createElement('a');
        open.href = '#';
        open.textContent = c;
        open.addEventListener('click', (e) => { e.preventDefault(); $('file-filter').value = r.file; openFile(r.file); });
        td.appendChild(open);
      } else {
        td.textContent = c;
      }
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
  }
  $('validate-text').textContent = json.table;
  download('dl-json', JSON.stringify(json, null, 2), 'application/json');
  $('downloads').hidden = false;
}
