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

// One question at a time from the chosen topics, none repeated until all of them are used up.
// Only the next question's topic is loaded: drawn with odds in proportion to its unseen
// questions, then one of those, so every unseen question of the chosen topics is as likely.
async function practice(x, focus) {
  const {cfg, ui, body} = x, counts = {...cfg.counts}, ids = cfg.topics.map(t => t.id), got = {};
  const st = Object.assign({seen: {}, a: {}, right: 0, total: 0}, load(x));
  const on = new Set(st.topics || ids), tally = h('p'), msg = h('p', {role: 'status'});
  const stage = h('div', h('p', ui.bank_loading)), next = btn(ui.practice_next, () => draw(false, true));
  const seen = t => st.seen[t] || [], left = t => Math.max(0, (counts[t] || 0) - seen(t).length);
  const count = () => { tally.textContent = fmt(ui.practice_tally, st); };
  const boxes = h('fieldset.tdc-topics', h('legend', ui.practice_topics), cfg.topics.map(t =>
    h('label', h('input', {type: 'checkbox', value: t.id, checked: on.has(t.id)}), ' ', t.title)));
  let turn = 0, prefetched = false; // turn: the latest draw; an older one still loading gives way
  count();
  put(body, note(ui), x.notice(), boxes, tally, msg, stage, h('div.tdc-bar', next, x.reset(f => practice(x, f))));

  async function draw(resume, move) {
    const me = ++turn, chosen = ids.filter(t => on.has(t)), total = sum(chosen, t => counts[t] || 0);
    msg.textContent = total ? '' : ui.practice_none;
    next.disabled = !total;
    if (!total) return put(stage);
    let t = resume && chosen.find(c => seen(c).includes(st.cur));
    if (!t) {
      let r = sum(chosen, left);
      if (!r) {
        msg.textContent = ui.practice_round;
        for (const c of chosen) delete st.seen[c];
        r = total;
      }
      r *= Math.random();
      t = chosen.find(c => (r -= left(c)) < 0) || chosen.filter(left).pop();
    }
    if (!got[t]) put(stage, h('p', ui.bank_loading));
    let qs;
    try {
      qs = got[t] = await topicBank(cfg, t);
    } catch (e) {
      return me === turn && put(stage, h('p', {role: 'alert'}, ui.bank_error));
    }
    if (me !== turn) return;
    // The file has the last word on what the topic holds (the page's count may be older).
    const have = new Set(qs.map(o => o.id)), done = new Set(st.seen[t] = seen(t).filter(id => have.has(id)));
    counts[t] = qs.length;
    let q = resume && done.has(st.cur) && qs.find(o => o.id === st.cur);
    if (!q) {
      const pool = qs.filter(o => !done.has(o.id));
      if (!pool.length) return draw(resume, move); // the count was too high: the odds are right now
      q = pool[Math.floor(Math.random() * pool.length)];
      st.seen[t].push(q.id);
    }
    st.cur = q.id;
    keep(x.skey, st);
    const c = x.checkable(q, sum(chosen, c => seen(c).length), sum(chosen, c => counts[c] || 0), st, ok => {
      st.right += ok;
      st.total++;
      delete st.cur;
      count();
    });
    put(stage, c.el);
    mark();
    if (move) c.head.focus();
    if (!prefetched) { // the other chosen topics (those with a file), one by one, once idle
      prefetched = true;
      (window.requestIdleCallback || setTimeout)(() => chosen.filter(c => counts[c]).reduce((p, c) =>
        p.then(() => topicBank(cfg, c).then(qs => { got[c] = qs; }, () => {})), Promise.resolve()));
    }
  }
  boxes.onchange = () => {
    st.topics = [...boxes.querySelectorAll(':checked')].map(i => i.value);
    on.clear();
    st.topics.forEach(t => on.add(t));
    keep(x.skey, st);
    draw(false, false);
  };
  draw(true, focus);
}

// Timed; graded only at the end. The attempt in progress survives a reload.
async function exam(x, focus) {
  const {cfg, ui, body} = x, st = Object.assign({hist: []}, load(x)), save = () => keep(x.skey, st);
  const wait = h('p', ui.bank_loading), topics = cfg.topics.map(t => t.id).filter(t => cfg.counts[t]);
  put(body, note(ui), wait);
  let by;
  try {
    const lists = await Promise.all(topics.map(t => topicBank(cfg, t)));
    by = Object.fromEntries(topics.map((t, i) => [t, lists[i]]));
  } catch (e) {
    return put(wait, ui.bank_error);
  }
  const all = new Map(Object.values(by).flat().map(q => [q.id, q]));
  if (st.run && !st.run.ids.every(id => !all.has(id) || fits(all.get(id), st.run.ans[id]))) { // drop it
    delete st.run;
    save();
    x.noted = true;
  }
  if (st.run) return run(focus);
  const start = btn(ui.exam_start, () => {
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
  put(body, note(ui), x.notice(), h('p', fmt(ui.exam_intro, {count: cfg.count, minutes: cfg.timeLimit, pass: pct(cfg.passMark, 1)})),
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
    put(body, note(ui), h('div.tdc-bar.tdc-sticky', timer, count, btn(ui.exam_finish, () => finish(false))),
      cards.map(c => c.el));
    mark();
    if (move && cards[0]) cards[0].head.focus();
  }

  function result(res, r, timeUp) {
    for (const e of res) e.ok = grade(e.q, e.key, e.a);
    const now = new Date(), date = now.toISOString(), right = res.filter(e => e.ok).length, total = res.length;
    const passed = total > 0 && right / total >= cfg.passMark - 1e-9;
    st.hist = [{date, right, total, passed}, ...st.hist].slice(0, 10);
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
