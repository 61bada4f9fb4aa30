// The explorer page: explanations, as `ptxlitmus explain` gives them: why an outcome is
// forbidden or how it is allowed (--outcome, --way), how the test may hang or why it cannot
// (--hang), its data race or that it has none (--race); each with its graph drawn.
'use strict';

// The explanation box: a title, the text the command prints, the graph (or why there is none),
// and the downloads of the answer.
function showExplanation(title, json, noGraph) {
  state.lastExplain = json;
  $('explanation-box').hidden = false;
  $('explanation-title').textContent = title;
  $('explanation').textContent = json.text;
  $('ways').textContent = '';
  if (json.svg) insertSvg(json.svg); else $('graph').textContent = noGraph;
  $('downloads').hidden = false;
  download('dl-json', JSON.stringify(json, null, 2), 'application/json');
  if (json.dot) download('dl-dot', json.dot, 'text/vnd.graphviz');
  if (json.svg) download('dl-svg', json.svg, 'image/svg+xml');
}

async function runExplain(outcome, way) {
  clearError();
  const extra = { way: way || 1 };
  if (outcome) extra.outcome = outcome;
  const { ok, json } = await post('/api/explain', testRequest(extra));
  if (!ok) { showError(json); return; }
  showExplanation((json.allowed ? 'How ' : 'Why ') + json.outcome + ' is ' +
      (json.allowed ? 'allowed' : json.excluded_by_filter ? 'excluded by the filter' : 'forbidden') +
      ' (' + json.model + ')', json, 'No execution to draw.');
  const ways = $('ways');
  if (!json.allowed && json.ways > 1) {
    ways.append('Ways: ');
    for (let i = 1; i <= json.ways; i++) {
      const b = document.createElement('button');
      b.textContent = String(i);
      if (i === json.way) b.className = 'current';
      b.addEventListener('click', () => runExplain(outcome, i));
      ways.appendChild(b);
    }
  }
}

// `explain --hang`: the threads that stop for ever, where, and the values they keep reading
// (the hang witness drawn), or each way to hang and the axioms that rule it out.
async function runHang() {
  clearError();
  const { ok, json } = await post('/api/hang', testRequest());
  if (!ok) { showError(json); return; }
  showExplanation('Termination of ' + json.test + ': ' + json.termination + ' (' + json.model + ')',
                  json, 'No hang to draw (' + json.termination + ').');
}

// `explain --race`: an execution the model allows in which two accesses race (the pair bold).
async function runRace() {
  clearError();
  const { ok, json } = await post('/api/race', testRequest());
  if (!ok) { showError(json); return; }
  showExplanation('Data races of ' + json.test + ': ' +
                  (!json.decided ? 'not defined by the model' : json.racy ? 'a race' : 'none') +
                  ' (' + json.model + ')', json, 'No race to draw.');
}
