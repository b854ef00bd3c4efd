/* tdcourse quiz widget, progress mode (contract: generator/book/quiz.py). Runs after
   tdcourse-quiz.js on the progress page only. It reads what the other widgets keep in this
   browser (keys tdcourse:v1:<lang>:*, each read only if it has a shape a widget writes), sums it
   up per chapter and per law, and exports, imports and forgets it. It fetches nothing. */
(() => {
'use strict';
const Q = window.tdcQuiz;
if (!Q) return; // no core, no widgets to start
const {h, put, btn, fmt, keep, fit, RECORDS} = Q;
const pct = (r, t) => (t ? Math.round(100 * r / t) : 0);
const kind = v => ['exam', 'practice', 'chapter'].find(m => fit(v, RECORDS[m]));
const FORMAT = 'tdcourse-progress';

// The widgets' records of this language, by key, in key order (the same page for the same data).
function records(pre) {
  const out = {};
  try {
    for (const k of Object.keys(localStorage).filter(k => k.startsWith(pre)).sort()) {
      let v;
      try { v = JSON.parse(localStorage.getItem(k)); } catch (e) { continue; }
      if (kind(v)) out[k] = v;
    }
  } catch (e) { /* storage refused: nothing kept */ }
  return out;
}

// Per topic and per law: answered, right, last attempt (a question counts once, by its latest
// answer, wherever it was given: a chapter quiz, practice or a mock exam); the exam history,
// latest first.
function tally(cfg, pre, recs) {
  const last = {}, hist = [], chapters = {}, laws = {};
  const slug = id => (cfg.topics.find(t => t.href && id.endsWith(t.href.split('/').pop().replace(/\.html$/, ''))) || {}).id;
  for (const [k, v] of Object.entries(recs)) {
    const id = k.slice(pre.length), m = kind(v);
    if (m === 'exam') hist.push(...v.hist);
    for (const w of m === 'exam' ? v.hist : [v]) {
      for (const [q, a] of Object.entries(w.a || {})) {
        if (last[q] && last[q].time >= a.time) continue;
        const topic = a.topic || (m === 'practice' ? Object.keys(v.seen).find(t => v.seen[t].includes(q)) : slug(id));
        last[q] = {correct: a.correct, time: a.time, topic, laws: a.laws || []};
      }
    }
  }
  const add = (to, k, a) => {
    const e = to[k] = to[k] || {answered: 0, right: 0, last: 0};
    e.answered++;
    e.right += a.correct;
    e.last = Math.max(e.last, a.time);
  };
  for (const a of Object.values(last)) {
    if (a.topic) add(chapters, a.topic, a);
    for (const l of new Set(a.laws.map(l => `${parseInt(l, 10)}`))) add(laws, l, a);
  }
  hist.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return {chapters, laws, hist};
}

function progress(x, focus) {
  const {cfg, ui, body} = x, pre = `tdcourse:v1:${cfg.lang}:`, recs = records(pre), t = tally(cfg, pre, recs);
  const day = d => new Date(d).toLocaleDateString(cfg.lang, {dateStyle: 'medium'});
  const when = d => new Date(d).toLocaleString(cfg.lang, {dateStyle: 'medium', timeStyle: 'short'});
  const link = (text, href) => (href ? h('a', {href}, text) : text);
  const lawHref = l => ((cfg.laws || {})[l] || {}).href;
  const topic = id => cfg.topics.find(o => o.id === id) || {id, title: id};
  const laws = Object.keys(t.laws).sort((a, b) => a - b), msg = x.said = h('p', {role: 'status'});
  const head = h('h3', {tabindex: -1}, ui.progress_chapters);
  const cols = first => h('tr', [first, ui.progress_answered, ui.progress_right, ui.progress_last].map(c => h('th', {scope: 'col'}, c)));
  const cells = e => (e ? [`${e.answered}`, `${e.right} (${pct(e.right, e.answered)}%)`, day(e.last)] : ['0', '—', '—'])
    .map(c => h('td', c));
  const share = e => e.right / e.answered;
  // What to revisit: the three chapters and laws with the lowest share right (not all right).
  const worst = (m, n = 3) => Object.keys(m).filter(k => m[k].right < m[k].answered)
    .sort((a, b) => share(m[a]) - share(m[b]) || m[b].answered - m[a].answered || (a < b ? -1 : 1)).slice(0, n);
  const score = e => fmt(ui.progress_score, {right: e.right, total: e.answered, percent: pct(e.right, e.answered)});
  const revisit = [...worst(t.chapters).map(k => h('li', topic(k).title, ': ', score(t.chapters[k]), ' ',
    topic(k).href && h('a', {href: topic(k).href}, ui.progress_read), ' ', topic(k).quiz && h('a', {href: topic(k).quiz}, ui.progress_quiz))),
  ...worst(t.laws).map(l => h('li', fmt(ui.progress_law, {law: l}), ': ', score(t.laws[l]), ' ',
    lawHref(l) && h('a', {href: lawHref(l)}, ui.progress_read)))];

  const data = () => ({format: FORMAT, version: 1, lang: cfg.lang, exported: new Date().toISOString(), records: recs,
    chapters: Object.entries(t.chapters).map(([k, e]) => ({topic: k, title: topic(k).title, ...e, last: new Date(e.last).toISOString()})),
    laws: laws.map(l => ({law: l, ...t.laws[l], last: new Date(t.laws[l].last).toISOString()})),
    exams: t.hist.map(({a, ...r}) => r)});
  const download = () => {
    const d = new Date(), stamp = d.toISOString().slice(0, 10);
    h('a', {href: URL.createObjectURL(new Blob([JSON.stringify(data(), null, 1)], {type: 'application/json'})),
      download: `tdcourse-progress-${cfg.lang}-${stamp}.json`}).click();
  };
  // Import: a file this page exported (in this language); each record must have a widget's shape.
  const file = h('input', {type: 'file', accept: '.json,application/json', id: `${x.skey}-file`});
  file.onchange = async () => {
    let d, n = 0;
    try { d = JSON.parse(await file.files[0].text()); } catch (e) { /* not JSON */ }
    const ok = d && d.format === FORMAT && d.lang === cfg.lang && d.records && typeof d.records === 'object';
    for (const [k, v] of ok ? Object.entries(d.records) : []) if (k.startsWith(pre) && kind(v)) { keep(k, v); n++; }
    progress(x, false);
    x.said.textContent = n ? fmt(ui.progress_imported, {n}) : ui.progress_import_failed;
  };
  const forget = () => { for (const k of Object.keys(recs)) keep(k); };

  put(body, head, h('table', cols(ui.progress_col_chapter), cfg.topics.map(o => h('tr',
    h('th', {scope: 'row'}, link(o.title, o.href), o.quiz && [' · ', h('a', {href: o.quiz}, ui.progress_quiz)]), cells(t.chapters[o.id])))),
  h('h3', ui.progress_laws), laws.length ? h('table', cols(ui.progress_col_law), laws.map(l => h('tr',
    h('th', {scope: 'row'}, link(fmt(ui.progress_law, {law: l}), lawHref(l))), cells(t.laws[l])))) : h('p', ui.progress_none),
  h('h3', ui.progress_exams), t.hist.length ? h('table', h('tr', [ui.progress_date, ui.progress_col_score, ui.progress_col_result]
    .map(c => h('th', {scope: 'col'}, c))), t.hist.map(r => h('tr', h('td', when(r.date)),
    h('td', fmt(ui.progress_score, {right: r.right, total: r.total, percent: pct(r.right, r.total)})),
    h(r.passed ? 'td.tdc-ok' : 'td.tdc-bad', r.passed ? ui.progress_passed : ui.progress_failed)))) : h('p', ui.progress_none),
  h('h3', ui.progress_revisit), revisit.length ? h('ul', revisit) : h('p', ui.progress_nothing),
  h('div.tdc-bar', btn(ui.progress_export, download), h('label', {for: file.id}, ui.progress_import, ' ', file),
    x.reset(f => progress(x, f), forget, ui.progress_reset_confirm)), msg);
  if (focus) head.focus();
}

Q.add({progress});
})();
