// The explorer page: regress over a served folder (`ptxlitmus regress FOLDER`): each test against
// the .expected beside it, failures and errors first, each with its diff.
'use strict';

async function runRegress() {
  clearError();
  const r = testRequest({ folder: $('regress-folder').value.trim() });
  delete r.text;
  delete r.name;
  const { ok, json } = await post('/api/regress', r);
  if (!ok) { showError(json); return; }
  const s = json.summary;
  $('regress-box').hidden = false;
  $('regress-summary').textContent = s.total + ' tests: ' + s.passed + ' passed, ' + s.failed +
      ' failed, ' + s.errors + ' errors, ' + s.unsupported + ' unsupported' +
      (s.not_run ? ', ' + s.not_run + ' not run' + (json.time_limit_hit ? ' (time limit)' : '') : '') +
      (json.outside_served_folders.length ? ', ' + json.outside_served_folders.length +
       ' skipped (links out of the served folders)' : '');
  const tbody = $('regress-table').querySelector('tbody');
  tbody.textContent = '';
  // Failures and errors first: they are what a regression run is for.
  const rank = { FAIL: 0, ERROR: 1, UNSUPPORTED: 2, PASS: 3 };
  const tests = [...json.tests].sort((a, b) => (rank[a.status] ?? 4) - (rank[b.status] ?? 4));
  for (const t of tests) {
    const tr = document.createElement('tr');
    tr.className = 'regress-' + t.status.toLowerCase();
    const st = document.createElement('td'); st.textContent = t.status;
    const name = document.createElement('td');
    const open = document.createElement('a');
    open.href = '#';
    open.textContent = t.id;
    open.addEventListener('click', (e) => { e.preventDefault(); $('file-filter').value = t.id; openFile(t.id); });
    name.appendChild(open);
    const msg = document.createElement('td');
    msg.textContent = t.message || '';
    if (t.diff) {
      const d = document.createElement('details');
      const sum = document.createElement('summary'); sum.textContent = 'diff';
      const pre = document.createElement('pre'); pre.textContent = t.diff;
      d.append(sum, pre);
      msg.appendChild(d);
    }
    tr.append(st, name, msg);
    tbody.appendChild(tr);
  }
  download('dl-json', JSON.stringify(json, null, 2), 'application/json');
  $('downloads').hidden = false;
}

