/* tdcourse quiz widget, core: what every mode shares, and the chapter quiz (contract:
   generator/book/quiz.py). The practice and exam modes are tdcourse-quiz-bank.js, loaded after
   this file on their pages only; it registers them in tdcQuiz.modes. Data text goes in as text
   nodes only; the answers stay encoded until the learner checks. */
(() => {
'use strict';
performance.mark('tdc-start');
const D = document, SEATS = 'NESW', SYM = {S: '♠', H: '♥', D: '♦', C: '♣'};
let uid = 0, marked = false;

// h('p.cls', {attr: value}?, ...children): children are text, nodes or nested lists of them;
// null, undefined and false are skipped, so `cond && child` works.
const kids = k => k.flat(9).filter(x => x != null && x !== false).map(x => (x instanceof Node ? x : `${x}`));
const h = (tag, ...k) => {
  const [name, ...cls] = tag.split('.'), e = D.createElement(name), at = k[0];
  if (cls.length) e.className = cls.join(' ');
  if (at && at.constructor === Object) {
    k.shift();
    for (const a in at) if (at[a] != null && at[a] !== false) e.setAttribute(a, at[a]);
  }
  e.append(...kids(k));
  return e;
};
const put = (e, ...k) => e.replaceChildren(...kids(k));
const btn = (text, onclick) => Object.assign(h('button', {type: 'button'}, text), {onclick});
const fmt = (s, v) => `${s}`.replace(/\{(\w+)\}/g, (m, k) => (k in v ? v[k] : m));
const newId = () => `tdc${++uid}`;
const mark = () => marked || (marked = true, performance.mark('tdc-first-question'));

// Progress in localStorage, one record a widget, read only if it has the exact shape the widget
// writes (RECORDS); else it is removed, and the widget starts afresh and says so once (x.notice).
// Where the browser refuses storage (private mode) nothing is kept and nothing is said.
const load = x => {
  let t, v;
  try { t = localStorage.getItem(x.skey); } catch (e) { return null; }
  if (t === null) return null;
  try { v = JSON.parse(t); } catch (e) { /* not JSON */ }
  return fit(v, RECORDS[x.cfg.mode]) ? v : x.discard();
};
const keep = (k, v) => {
  try { v ? localStorage.setItem(k, JSON.stringify(v)) : localStorage.removeItem(k); } catch (e) { /* not kept */ }
};

// Base64 of raw DEFLATE of JSON: each question's key {c, n, e, w} and a chapter's questions
// (cfg.packed). Each is inflated once, when first needed.
const inflated = new Map();
const decode = k => inflated.get(k) || inflated.set(k, new Response(
  new Blob([Uint8Array.from(atob(k), c => c.charCodeAt(0))]).stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))).text().then(JSON.parse)).get(k);
// Shapes: i an id, n a count, t a time, b true/false, d a date, a an answer (A: or null), [s] a
// list, {'*': s} entries by id, else these keys (k? optional) and no others. The check recurses
// over the shape, never the data.
const obj = v => v !== null && typeof v === 'object' && !Array.isArray(v);
const fit = (v, s) => (Array.isArray(s) ? Array.isArray(v) && v.length <= 1e4 && v.every(e => fit(e, s[0]))
  : typeof s === 'object' ? obj(v) && (s['*'] ? Object.entries(v).every(([k, e]) => fit(k, 'i') && fit(e, s['*']))
    : Object.keys(s).every(k => (k.endsWith('?') ? !Object.hasOwn(v, k.slice(0, -1)) || fit(v[k.slice(0, -1)], s[k])
      : Object.hasOwn(v, k) && fit(v[k], s[k]))) && Object.keys(v).every(k => Object.hasOwn(s, k) || Object.hasOwn(s, `${k}?`)))
  : s === 'i' ? typeof v === 'string' && v.length > 0 && v.length <= 200
  : s === 'n' ? Number.isSafeInteger(v) && v >= 0
  : s === 't' ? Number.isFinite(v) && v >= 0
  : s === 'b' ? typeof v === 'boolean'
  : s === 'd' ? typeof v === 'string' && v.length < 40 && !isNaN(Date.parse(v))
  : (s === 'A' && v === null) || Number.isFinite(v) || (fit(v, ['i']) && v.length > 0));
// An answer; its topic and laws are for the progress page (an exam keeps no answer given, only
// whether it was right).
const R = {correct: 'b', time: 't', 'topic?': 'i', 'laws?': ['i']}, A = {answer: 'a', ...R};
const RECORDS = {chapter: {a: {'*': A}},
  practice: {seen: {'*': ['i']}, a: {'*': A}, right: 'n', total: 'n', 'topics?': ['i'], 'cur?': 'i', 'size?': 'n',
    'set?': {'slots?': ['i'], ids: ['i'], ok: ['b']}},
  exam: {hist: [{date: 'd', right: 'n', total: 'n', passed: 'b', 'a?': {'*': R}}],
    'run?': {ids: ['i'], ans: {'*': 'A'}, start: 't', end: 't'}}};
// A saved answer fits its question: a number, or choices of its own.
const fits = (q, a) => a == null || (q.type === 'number' ? Number.isFinite(a)
  : Array.isArray(a) && a.every(c => q.choices.some(o => o.id === c)));
const grade = (q, key, a) => a != null && (q.type === 'number' ? Math.abs(a - key.n) < 1e-9
  : a.length === key.c.length && key.c.every(c => a.includes(c)));

// A widget's context: its configuration, texts and body, and the builders of its question cards.
function context(root) {
  const cfg = JSON.parse(root.querySelector('.tdc-quiz-config').textContent), ui = cfg.ui, N = cfg.names;
  const x = {cfg, ui, skey: `tdcourse:v1:${cfg.lang}:${cfg.id}`, body: root.appendChild(h('div'))};
  x.discard = () => { keep(x.skey); x.noted = true; return null; };
  x.notice = () => x.noted && !(x.noted = false) && h('p.tdc-note', {role: 'status'}, ui.saved_discarded);
  const suit = s => h('HD'.includes(s) ? 'span.tdc-red' : 'span', SYM[s]);
  const ranks = r => [...r].map(c => (c === 'T' ? '10' : c)).join(' ');
  const call = (c, m = /^(\d)(NT|[CDHS])$/.exec(c)) => (m ? [m[1], m[2] === 'NT' ? N.nt : suit(m[2])] : N.calls[c] || c);
  // Explanation segments: text, or [clause] linked to the law index.
  const segs = l => (l || []).map(s => (typeof s === 'string' ? s : h('a', {href: `${cfg.lawIndex}#law-${s[0]}`}, s[0])));

  // The four hands: drawn (hidden from screen readers) and said in words.
  function hands(q) {
    const first = SEATS.indexOf(q.deal[0]), said = [], grid = h('div.tdc-hands', {'aria-hidden': 'true'});
    q.deal.slice(2).trim().split(/\s+/).forEach((hand, i) => {
      const seat = SEATS[(first + i) % 4], suits = hand === '-' ? [] : hand.split('.'), name = N.seats[seat];
      grid.append(h(`div.tdc-${seat}`, h('b', name), suits.length ? null : ui.unknown,
        suits.map((r, j) => h('div', suit('SHDC'[j]), ' ', ranks(r) || '—'))));
      const words = suits.map((r, j) => `${[ui.spades, ui.hearts, ui.diamonds, ui.clubs][j]} ${ranks(r) || ui.void}`);
      said.push(`${name}: ${words.join('; ') || ui.unknown}.`);
    });
    return [grid, h('p.tdc-sr', said.join(' '))];
  }

  // Each call in its seat's column; a new row when that column is not right of the last call's.
  function auction(q) {
    const rows = [];
    let row, prev = 4;
    for (const c of (q.auction || '').split(' ').filter(Boolean)) {
      const col = 'WNES'.indexOf(c[0]);
      if (!row || col <= prev) rows.push(row = [0, 0, 0, 0].map(() => h('td')));
      row[col].append(...kids([call(c.slice(2).replace('!', '')), c.endsWith('!') && h('i', ` (${ui.changed})`)]));
      prev = col;
    }
    return rows.length ? h('table.tdc-auction', h('caption', ui.auction),
      h('tr', [...'WNES'].map(s => h('th', {scope: 'col'}, N.seats[s]))), rows.map(r => h('tr', r))) : null;
  }

  function play(q) {
    const cards = (q.play || '').split(' ').filter(Boolean), tricks = [];
    for (let i = 0; i < cards.length; i += 4) {
      tricks.push(h('li', cards.slice(i, i + 4).map((c, j) => [j ? ', ' : '', N.letters[c[0]], ' ', suit(c[2]),
        ranks(c.slice(3))])));
    }
    return tricks.length ? h('div.tdc-small', ui.play, h('ol.tdc-play', tricks)) : null;
  }

  // What a question has of a board (a drill: maybe nothing); its table (a traveller), as text.
  const board = q => [q.board != null && fmt(ui.board, {n: q.board}), q.dealer && fmt(ui.dealer, {seat: N.seats[q.dealer]}),
    q.vul && fmt(ui.vul, {vul: N.vul[q.vul]})].filter(Boolean).join(' · ') || null;
  const figure = ({figure: f}) => f && h('div.tdc-figure', {role: 'region', tabindex: 0, 'aria-label': ui.figure},
    h('table', h('thead', h('tr', f.columns.map(c => h('th', {scope: 'col'}, c)))),
      h('tbody', f.rows.map(r => h('tr', r.map(c => h('td', c)))))));

  // A question card: `actions` go above its feedback region; `changed` runs on each input.
  x.question = (q, n, total, actions, changed) => {
    const id = newId(), ins = [], labels = {}, num = q.type === 'number', multi = q.type === 'multiple';
    const text = c => (q.choices.find(o => o.id === c) || {text: c}).text;
    const field = num
      ? h('p.tdc-num', h('label', {for: `${id}n`}, q.prompt), ' ',
        ins[0] = h('input', {type: 'number', step: 'any', id: `${id}n`}))
      : h('fieldset', {'aria-describedby': multi && `${id}d`}, h('legend', q.prompt),
        multi && h('p.tdc-small', {id: `${id}d`}, ui.choose_all),
        q.choices.map(c => (labels[c.id] = h('label.tdc-choice',
          ins[ins.length] = h('input', {type: multi ? 'checkbox' : 'radio', name: id, value: c.id}), ' ', c.text))));
    field.oninput = changed;
    const head = h('h3', {id: `${id}h`, tabindex: -1}, fmt(ui.question, {n, total}));
    const fb = h('div.tdc-fb', {role: 'status', 'aria-live': 'polite'});
    const bar = actions && h('div.tdc-bar', actions);
    // Enter in the number field checks, as in a form ({}: returning false would eat keys).
    if (num && bar) ins[0].onkeydown = e => { e.key === 'Enter' && bar.querySelector('button:enabled')?.click(); };
    return {
      head,
      el: h('section.tdc-q', {'data-qid': q.id, 'aria-labelledby': head.id}, head, board(q) && h('p.tdc-small', board(q)),
        q.deal && hands(q), auction(q), play(q), figure(q), q.context && h('p', q.context), field, bar, fb),
      read() {
        const on = ins.filter(i => i.checked).map(i => i.value);
        return num ? (ins[0].value === '' ? null : +ins[0].value) : on.length ? on : null;
      },
      fill(a) {
        if (num) ins[0].value = a ?? '';
        else for (const i of ins) i.checked = (a || []).includes(i.value);
      },
      lock() { for (const i of ins) i.disabled = true; },
      // The verdict, both answers, the explanation and why each wrong choice is wrong.
      show(key, a, focus) {
        const got = num ? [] : a || [], right = num ? [key.n] : key.c, ok = grade(q, key, a);
        const say = l => l.map(num ? String : text).join('; ') || ui.no_answer;
        for (const c in labels) {
          labels[c].classList.toggle('tdc-right', right.includes(c));
          labels[c].classList.toggle('tdc-chosen', got.includes(c));
          labels[c].append(...kids([got.includes(c) && h('span.tdc-tag', ui.mark_yours),
            right.includes(c) && h('span.tdc-tag.tdc-ok', ui.mark_right)]));
        }
        const verdict = h(ok ? 'h4.tdc-ok' : 'h4.tdc-bad', {tabindex: -1}, ok ? ui.right : ui.wrong);
        put(fb, verdict, h('p', fmt(ui.your_answer, {answer: num ? a ?? ui.no_answer : say(got)})),
          h('p', fmt(ui.right_answer, {answer: say(right)})), h('p', h('b', ui.explanation), ' ', segs(key.e)),
          got.map(c => !right.includes(c) && (key.w || {})[c] &&
            h('p', h('b', fmt(ui.why_wrong, {choice: text(c)})), ' ', segs(key.w[c]))),
          multi && right.map(c => !got.includes(c) && h('p', fmt(ui.also_right, {choice: text(c)}))));
        if (focus) verdict.focus();
        return ok;
      },
    };
  };

  // A card with a Check button, enabled once answered; the answer is then kept in st.a.
  x.checkable = (q, n, total, st, done) => {
    const check = btn(ui.check, async () => {
      const a = c.read();
      c.lock();
      check.disabled = true;
      const ok = c.show(await decode(q.k), a, true);
      st.a[q.id] = {answer: a, correct: ok, time: Date.now(), topic: q.topic || undefined, laws: q.laws};
      done(ok);
      keep(x.skey, st);
    });
    const c = x.question(q, n, total, check, () => { check.disabled = c.read() == null; });
    check.disabled = true;
    return c;
  };

  // Reset asks first, in place: "Really …? Yes / No" (Escape says no); Yes forgets (this widget's
  // record, or what `forget` does) and restarts.
  x.reset = (again, forget = () => keep(x.skey), ask = ui.reset_confirm) => {
    const wrap = h('div'), back = () => { put(wrap, b); b.focus(); };
    const b = btn(ui.reset, () => {
      const yes = btn(ui.confirm_yes, () => { forget(); put(x.body); again(true); });
      put(wrap, h('span', {role: 'group', 'aria-label': ask}, ask, ' ', yes, ' ',
        btn(ui.confirm_no, back)));
      wrap.onkeydown = e => e.key === 'Escape' && back();
      yes.focus();
    });
    put(wrap, b);
    return wrap;
  };
  return x;
}

// The chapter quiz: every question at once, each checked on its own, with a running score.
async function chapter(x, focus) {
  const {ui, body} = x, qs = await decode(x.cfg.packed), score = h('p');
  let st = load(x) || {a: {}};
  if (qs.some(q => st.a[q.id] && !fits(q, st.a[q.id].answer))) st = x.discard() || {a: {}};
  const tally = () => {
    const done = qs.filter(q => st.a[q.id]);
    score.textContent = fmt(ui.chapter_score, {right: done.filter(q => st.a[q.id].correct).length,
      total: qs.length, answered: done.length});
  };
  const cards = qs.map((q, i) => {
    const c = x.checkable(q, i + 1, qs.length, st, tally), old = st.a[q.id];
    if (old) {
      c.fill(old.answer);
      c.lock();
      decode(q.k).then(key => c.show(key, old.answer));
    }
    return c;
  });
  tally();
  body.append(...kids([x.notice(), cards.map(c => c.el), h('div.tdc-bar', score, x.reset(f => chapter(x, f)))]));
  mark();
  if (focus && cards[0]) cards[0].head.focus();
}

// Modes by name (tdcourse-quiz-bank.js adds practice and exam with tdcQuiz.add). A widget starts
// as soon as its mode is known, not waiting for the page's other scripts; a mode still unknown at
// DOMContentLoaded (every deferred script has run) never will be. A widget that cannot start (no
// such mode, no DecompressionStream) says so.
const modes = {chapter}, waiting = [];
const fail = x => put(x.body, h('p', {role: 'alert'}, x.ui.failed));
const start = x => Promise.resolve().then(() => modes[x.cfg.mode](x, false)).catch(() => fail(x));
const run = () => {
  for (const x of waiting.splice(0)) Object.hasOwn(modes, x.cfg.mode) ? start(x) : waiting.push(x);
};
const begin = () => {
  waiting.push(...[...D.querySelectorAll('.tdc-quiz')].map(context));
  run();
};
const add = more => {
  Object.assign(modes, more);
  run();
};
window.tdcQuiz = {modes, add, h, put, btn, fmt, newId, mark, load, keep, decode, grade, fits, fit, RECORDS};
if (D.readyState === 'loading') D.addEventListener('DOMContentLoaded', begin);
else begin();
D.addEventListener('DOMContentLoaded', () => {
  for (const x of waiting.splice(0)) fail(x);
});
})();
