/* tdcourse quiz widget, bank modes: practice and the mock exam (contract: generator/book/quiz.py).
   Runs after tdcourse-quiz.js (both deferred) and adds its modes there, which starts the
   widgets of those modes. The bank is one file per topic beside the site, each loaded when
   first needed. */
(() => {
'use strict';
const Q = window.tdcQuiz;
if (!Q) return; // no core, no widgets to start
const {h, put, btn, fmt, newId, mark, load, keep, decode, grade, fits} = Q, D = document;
const pct = (r, t) => (t ? Math.round(100 * r / t) : 0), pad = n => `${n}`.padStart(2, '0');
const shuffle = a => a.map(x => [Math.random(), x]).sort((x, y) => x[0] - y[0]).map(x => x[1]);
const sum = (list, f) => list.reduce((n, x) => n + f(x), 0);
const note = ui => h('p.tdc-note', ui.bank_note);

// A topic's questions, loaded once by its script (the same over http(s) and from disk, where
// browsers refuse fetch), which registers them in window.tdcBanks. A failure is not cached.
const banks = {};
const viaScript = (src, name) => new Promise((ok, fail) => D.head.append(Object.assign(D.createElement('script'), {
  src, onerror: fail, onload: () => ((window.tdcBanks || {})[name] ? ok(window.tdcBanks[name]) : fail(Error(name)))})));
const topicBank = (cfg, t) => {
  const name = `${cfg.lang}/${t}`;
  return banks[name] || (banks[name] = viaScript(`${cfg.bankDir}bank-${t}.js`, name)
    .then(b => b.questions, e => { delete banks[name]; throw e; }));
};

// The questions of some topics, by id (each topic's file loaded once).
const byId = async (cfg, ts) => new Map((await Promise.all(ts.map(t => topicBank(cfg, t)))).flat().map(q => [q.id, q]));
const SIZES = [10, 20, 50, 0]; // 0: every question of the chosen topics

// Practice in sets of chosen topics and size, unseen questions first (then a new round);
// the set survives a reload.
async function practice(x, focus) {
  const {cfg, ui, body} = x, ids = cfg.topics.map(t => t.id).filter(t => cfg.counts[t]);
  const st = Object.assign({seen: {}, a: {}, right: 0, total: 0}, load(x)), save = () => keep(x.skey, st);
  const tally = h('p'), title = id => (cfg.topics.find(t => t.id === id) || {title: id}).title;
  const again = x.reset(f => practice(x, f)), fresh = btn(ui.practice_new, () => { delete st.set; save(); setup(true); });
  delete st.cur; // the one-question-at-a-time practice of earlier versions
  tally.textContent = fmt(ui.practice_tally, st);
  if (st.set) return step(focus);
  setup(focus);

  function setup(move) {
    const on = new Set(st.topics || ids), msg = h('p', {role: 'status'}), name = newId();
    const boxes = h('fieldset.tdc-topics', h('legend', ui.practice_topics), ids.map(t =>
      h('label', h('input', {type: 'checkbox', value: t, checked: on.has(t)}), ' ', title(t))));
    const sizes = h('fieldset.tdc-topics', h('legend', ui.practice_size), SIZES.map(n =>
      h('label', h('input', {type: 'radio', name, value: n, checked: n === (st.size ?? 20)}), ' ', n || ui.practice_all)));
    // Start draws each question's topic only (weighted by the unseen); question() fills it.
    const go = btn(ui.practice_start, () => {
      const chosen = [...boxes.querySelectorAll(':checked')].map(i => i.value);
      if (!chosen.length) return (msg.textContent = ui.practice_none);
      const size = +sizes.querySelector(':checked').value, all = sum(chosen, t => cfg.counts[t]);
      const left = t => cfg.counts[t] - (st.seen[t] || []).length, n = Math.min(size || all, all);
      if (sum(chosen, left) < n) for (const t of chosen) st.seen[t] = []; // new round
      const slots = shuffle(chosen.flatMap(t => Array(Math.max(left(t), 0)).fill(t))).slice(0, n);
      Object.assign(st, {topics: chosen, size, set: {slots, ids: [], ok: []}});
      save();
      step(true);
    });
    put(body, note(ui), x.notice(), boxes, sizes, h('div.tdc-bar', go, tally, again), msg);
    performance.mark('tdc-setup');
    if (move) go.focus();
  }

  // Question i, drawn from its topic's file when first shown (unseen first), then kept.
  async function question(i) {
    const s = st.set, t = s.slots[i];
    if (!s.ids[i]) {
      const taken = new Set([...s.ids, ...st.seen[t] || []]), pool = (await topicBank(cfg, t)).filter(q => !s.ids.includes(q.id));
      const q = shuffle(pool.filter(q => !taken.has(q.id)))[0] || shuffle(pool)[0];
      if (!q) throw Error(t);
      s.ids[i] = q.id;
      (st.seen[t] = st.seen[t] || []).push(q.id);
      save();
    }
    return (await byId(cfg, [t])).get(s.ids[i]);
  }

  async function step(move) {
    const s = st.set;
    if (!s.slots) { delete st.set; x.noted = true; save(); return setup(move); } 
    put(body, note(ui), h('p', ui.bank_loading));
    let q;
    const i = s.ok.length, total = s.slots.length, last = i + 1 === total;
    try {
      if (i >= total) return summary(await Promise.all(s.slots.map((_, j) => question(j))));
      q = await question(i);
    } catch (e) {
      return put(body, note(ui), h('p', {role: 'alert'}, ui.bank_error), h('div.tdc-bar', fresh));
    }
    const next = btn(last ? ui.practice_see_summary : ui.practice_next, () => step(true));
    const c = x.checkable(q, i + 1, total, st, ok => {
      st.right += ok;
      st.total++;
      s.ok.push(ok);
      tally.textContent = fmt(ui.practice_tally, st);
      next.hidden = false;
    });
    next.hidden = true;
    put(body, note(ui), x.notice(), c.el, h('div.tdc-bar', next, tally, fresh, again));
    mark();
    if (move) c.head.focus();
    if (!i) for (const t of new Set(s.slots)) topicBank(cfg, t).catch(() => {});
  }

  function summary(qs) {
    const per = {}, ok = st.set.ok, right = ok.filter(Boolean).length, head = h('h3', {id: newId(), tabindex: -1}, ui.practice_done);
    qs.forEach((q, i) => {
      const e = per[q.topic] = per[q.topic] || {right: 0, total: 0};
      e.right += ok[i];
      e.total++;
    });
    put(body, note(ui), h('section', {'aria-labelledby': head.id}, head,
      h('p', fmt(ui.practice_score, {right, total: qs.length, percent: pct(right, qs.length)})),
      h('table', h('caption', ui.practice_by_topic), h('tr', h('th', {scope: 'col'}, ui.practice_col_topic),
        h('th', {scope: 'col'}, ui.practice_col_right)), Object.entries(per).map(([t, e]) => {
        const href = (cfg.topics.find(o => o.id === t) || {}).href;
        return h('tr', h('th', {scope: 'row'}, href ? h('a', {href}, title(t)) : title(t)), h('td', `${e.right} / ${e.total}`));
      })),
      h('div.tdc-bar', fresh, tally, again)));
    mark();
    head.focus();
  }
}

// Timed; graded only at the end. The attempt in progress survives a reload.
async function exam(x, focus) {
  const {cfg, ui, body} = x, st = Object.assign({hist: []}, load(x)), save = () => keep(x.skey, st);
  const wait = h('p', ui.bank_loading), topics = cfg.topics.map(t => t.id).filter(t => cfg.counts[t]);
  let by, all; // the bank, loaded on Start (or to resume a run), not with the page
  const bank = async () => {
    put(body, note(ui), wait);
    try {
      const lists = await Promise.all(topics.map(t => topicBank(cfg, t)));
      by = Object.fromEntries(topics.map((t, i) => [t, lists[i]]));
    } catch (e) {
      return put(wait, ui.bank_error), false;
    }
    all = new Map(Object.values(by).flat().map(q => [q.id, q]));
    return true;
  };
  if (st.run) {
    if (!await bank()) return;
    if (st.run.ids.every(id => !all.has(id) || fits(all.get(id), st.run.ans[id]))) return run(focus);
    delete st.run; save(); x.noted = true; // drop it
  }
  const start = btn(ui.exam_start, async () => {
    if (!all && !await bank()) return;
    // Round robin over the topics in random order, so the exam spans as many topics as it can.
    const ids = [], now = Date.now(), pools = shuffle(topics.map(t => shuffle(by[t])));
    while (ids.length < cfg.count && pools.some(p => p.length)) {
      for (const p of pools) if (p.length && ids.length < cfg.count) ids.push(p.pop().id);
    }
    st.run = {ids: shuffle(ids), ans: {}, start: now, end: now + cfg.timeLimit * 6e4};
    save();
    run(true);
  });
  const when = d => new Date(d).toLocaleString(cfg.lang, {dateStyle: 'medium', timeStyle: 'short'});
  // The round robin's mix: small topics give all they have, the rest share evenly.
  const mix = {}, avail = t => cfg.counts[t], order = [...topics].sort((a, b) => avail(a) - avail(b));
  const total = Math.min(cfg.count, sum(topics, avail));
  let left = total, i = 0;
  for (; i < order.length && avail(order[i]) <= left / (order.length - i); i++) {
    left -= mix[order[i]] = avail(order[i]);
  }
  for (const t of order.slice(i)) mix[t] = Math.floor(left / (order.length - i));
  const more = left % (order.length - i || 1) > 0; // those topics get one more, or not
  const title = id => (cfg.topics.find(t => t.id === id) || {title: id}).title;
  put(body, note(ui), x.notice(), h('p', fmt(ui.exam_intro, {count: total, minutes: cfg.timeLimit, pass: pct(cfg.passMark, 1),
    need: Math.ceil(total * cfg.passMark - 1e-9)})),
  h('table', h('caption', ui.exam_mix), h('tr', h('th', {scope: 'col'}, ui.exam_col_topic),
    h('th', {scope: 'col'}, ui.exam_col_count)), topics.filter(t => mix[t] || more).map(t => h('tr', h('th', {scope: 'row'}, title(t)),
    h('td', more && order.indexOf(t) >= i ? fmt(ui.exam_mix_range, {min: mix[t], max: mix[t] + 1}) : mix[t])))),
  h('div.tdc-bar', start), st.hist.length > 0 && h('section', h('h3', ui.exam_history),
      h('ul', st.hist.slice(0, 5).map(r => h('li', fmt(ui.exam_history_item, {date: when(r.date), right: r.right,
        total: r.total, percent: pct(r.right, r.total), verdict: r.passed ? ui.exam_pass : ui.exam_fail})))),
      x.reset(f => exam(x, f))));
  if (focus) start.focus();

  function run(move) {
    const r = st.run, count = h('p');
    const qs = r.ids.map(id => all.get(id)).filter(Boolean);
    const timer = h('p.tdc-timer', {role: 'timer', 'aria-live': 'off', 'aria-atomic': 'true'});
    const counted = () => {
      count.textContent = fmt(ui.exam_answered, {answered: qs.filter(q => r.ans[q.id] != null).length,
        total: qs.length});
    };
    const cards = qs.map((q, i) => {
      const c = x.question(q, i + 1, qs.length, null, () => { r.ans[q.id] = c.read(); save(); counted(); });
      c.fill(r.ans[q.id]);
      return c;
    });
    let last = Infinity, over = false, clock = 0;
    const finish = async timeUp => {
      if (over) return;
      over = true;
      clearInterval(clock);
      const keys = await Promise.all(qs.map(q => decode(q.k)));
      result(qs.map((q, i) => ({q, c: cards[i], key: keys[i], a: r.ans[q.id] ?? null})), r, timeUp);
    };
    const tick = () => {
      const secs = Math.max(0, Math.ceil((r.end - Date.now()) / 1000));
      // Silent, except when crossing 5 minutes and 1 minute left.
      timer.setAttribute('aria-live', (last > 300 && secs <= 300) || (last > 60 && secs <= 60) ? 'polite' : 'off');
      last = secs;
      timer.textContent = fmt(ui.exam_time_left, {time: `${pad(Math.floor(secs / 60))}:${pad(secs % 60)}`});
      if (!secs) finish(true);
    };
    counted();
    tick();
    if (over) return;
    clock = setInterval(tick, 1000);
    // Finish with questions unanswered asks first, in a modal dialog (Escape goes back).
    const ask = h('p', {id: newId()}), yes = btn(ui.exam_finish_anyway, () => dialog.close('yes'));
    const back = btn(ui.exam_back, () => dialog.close());
    const dialog = h('dialog.tdc-dialog', {role: 'alertdialog', 'aria-modal': 'true', 'aria-describedby': ask.id,
      'aria-label': ui.exam_finish}, ask, h('div.tdc-bar', yes, back));
    const end = btn(ui.exam_finish, () => {
      const open = qs.filter(q => r.ans[q.id] == null).length;
      if (!open) return finish(false);
      ask.textContent = fmt(ui.exam_unanswered, {open, total: qs.length});
      dialog.returnValue = '';
      dialog.showModal();
      back.focus(); // the safe choice first
    });
    dialog.onclose = () => (dialog.returnValue === 'yes' ? finish(false) : end.focus());
    put(body, note(ui), h('div.tdc-bar.tdc-sticky', timer, count, end), dialog, cards.map(c => c.el));
    mark();
    if (move && cards[0]) cards[0].head.focus();
  }

  function result(res, r, timeUp) {
    for (const e of res) e.ok = grade(e.q, e.key, e.a);
    const now = new Date(), date = now.toISOString(), right = res.filter(e => e.ok).length, total = res.length;
    const passed = total > 0 && right / total >= cfg.passMark - 1e-9;
    // each answer too (as the other modes keep theirs), for the progress page
    const a = Object.fromEntries(res.map(e => [e.q.id, {correct: e.ok, time: +now, topic: e.q.topic || undefined,
      laws: e.q.laws}]));
    st.hist = [{date, right, total, passed, a}, ...st.hist].slice(0, 10);
    delete st.run;
    save();
    // Right answers per topic and per law: [{topic | law, right, total}].
    const tally = (name, keysOf) => {
      const m = {};
      for (const e of res) {
        for (const k of new Set(keysOf(e))) {
          m[k] = m[k] || {[name]: k, right: 0, total: 0};
          m[k].right += e.ok;
          m[k].total++;
        }
      }
      return Object.values(m);
    };
    const byTopic = tally('topic', e => [e.q.topic]);
    const byLaw = tally('law', e => (e.q.laws || []).map(l => `${parseInt(l, 10)}`));
    const topic = id => cfg.topics.find(t => t.id === id) || {title: id};
    const table = (caption, col, rows) => h('table', h('caption', caption),
      h('tr', h('th', {scope: 'col'}, col), h('th', {scope: 'col'}, ui.exam_col_right)),
      rows.map(([label, href, e]) => h('tr', h('th', {scope: 'row'}, href ? h('a', {href}, label) : label),
        // the share right at a glance; below the pass mark the browser draws the bar in warning
        h('td', `${e.right} / ${e.total} `, h('meter', {min: 0, max: e.total, value: e.right,
          low: e.total * cfg.passMark, high: e.total, optimum: e.total, 'aria-hidden': 'true'})))));
    const data = {date, lang: cfg.lang, score: right, total, passMark: cfg.passMark, passed,
      durationSeconds: Math.round((Math.min(+now, r.end) - r.start) / 1000), byTopic, byLaw,
      questions: res.map(e => ({id: e.q.id, topic: e.q.topic, laws: e.q.laws, answer: e.a, correct: e.ok,
        rightAnswer: e.q.type === 'number' ? e.key.n : e.key.c}))};
    const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}${
      pad(now.getMinutes())}`;
    const download = () => h('a', {href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)],
      {type: 'application/json'})), download: `tdcourse-mock-exam-${stamp}.json`}).click();
    const head = h('h3', {id: newId(), tabindex: -1}, ui.exam_result);
    put(body, note(ui), h('section', {'aria-labelledby': head.id}, head, timeUp && h('p', ui.exam_time_up),
      h('p', fmt(ui.exam_score, {right, total, percent: pct(right, total)})),
      h(passed ? 'p.tdc-ok' : 'p.tdc-bad', fmt(passed ? ui.exam_passed : ui.exam_failed, {pass: pct(cfg.passMark, 1)})),
      table(ui.exam_by_topic, ui.exam_col_topic, byTopic.map(e => [topic(e.topic).title, topic(e.topic).href, e])),
      table(ui.exam_by_law, ui.exam_col_law, byLaw.map(e =>
        [fmt(ui.exam_law, {law: e.law}), ((cfg.laws || {})[e.law] || {}).href, e])),
      h('div.tdc-bar', btn(ui.exam_download, download), btn(ui.exam_new, () => exam(x, true)))),
    h('h3', ui.exam_review), res.map(e => (e.c.fill(e.a), e.c.lock(), e.c.show(e.key, e.a), e.c.el)));
    head.focus();
  }
}

Q.add({practice, exam});
})();
