// The explorer page: the simulator (`ptxlitmus sim`): its histogram as bars beside the model's
// outcomes, its termination verdict and, when some schedule hangs, the hung state (the stuck
// threads, where and why) and the schedule that reaches it (`sim --hang --hang-trace`).
'use strict';

async function runSim() {
  clearError();
  const runs = parseInt($('sim-runs').value, 10) || 0;
  const { ok, json } = await post('/api/sim', testRequest({ runs }));
  if (!ok) { showError(json); return; }
  $('sim-box').hidden = false;
  $('sim-summary').textContent = json.name + ': ' + json.observation + ' (' + json.mode + ', ' +
      json.counts + (json.termination ? ', ' + json.termination : '') + ')';
  const allowed = state.lastCheck ? new Set(state.lastCheck.outcomes.map(outcomeText)) : null;
  const chart = $('sim-chart');
  chart.textContent = '';
  const max = Math.max(1, ...json.states.map((s) => s.count));
  for (const s of json.states) {
    const row = document.createElement('div');
    row.className = 'bar-row';
    const text = outcomeText(s.outcome);
    if (allowed && !allowed.has(text)) row.classList.add('not-allowed');
    const label = document.createElement('span'); label.className = 'label'; label.textContent = text;
    const bar = document.createElement('span');
    bar.className = 'bar' + (s.satisfies ? ' satisfies' : '');
    bar.style.width = Math.max(1, Math.round(300 * s.count / max)) + 'px';
    const count = document.createElement('span'); count.textContent = String(s.count);
    row.append(label, bar, count);
    chart.appendChild(row);
  }
  $('sim-text').textContent = json.histogram;
  showSimHang(json.hang_report, json.hang_schedule || []);
}

// The hung state of an exhaustive run: each thread's line, the memory, the schedule to it.
function showSimHang(report, schedule) {
  $('sim-hang').hidden = !report;
  if (!report) return;
  $('sim-hang-title').textContent = report.kind === 'deadlock'
    ? 'A hang: deadlock, no thread can move'
    : 'A hang: livelock, the machine cycles through ' + report.cycle_states +
      ' states and no schedule from them ends';
  const tbody = $('sim-hang-threads').querySelector('tbody');
  tbody.textContent = '';
  for (const t of report.threads) {
    const tr = document.createElement('tr');
    if (t.stuck) tr.className = 'stuck';
    for (const c of [t.thread, t.where, t.status, t.registers]) {
      const td = document.createElement('td'); td.textContent = c; tr.appendChild(td);
    }
    tbody.appendChild(tr);
  }
  $('sim-hang-memory').textContent = 'memory (coherence-last values): ' + report.memory;
  $('sim-hang-schedule').textContent = schedule.join('\n');
  $('sim-hang-steps').textContent = 'The schedule to the hung state (' + report.schedule_steps + ' steps)';
}
