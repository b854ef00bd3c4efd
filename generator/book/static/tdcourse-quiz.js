/* tdcourse quiz widget: chapter quiz, practice, mock exam (contract: generator/book/quiz.py).
   Data text goes in as text nodes only; the answers stay encoded until the learner checks. */
(() => {
'use strict';
const D = document, SEATS = 'NESW', SYM = {S: '♠', H: '♥', D: '♦', C: '♣'};
let uid = 0, marked = false;

// h('p.cls', {attr: value}?, ...children): children are text, nodes or nested lists of them.
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
const pct = (r, t) => (t ? Math.round(100 * r / t) : 0), pad = n => `${n}`.padStart(2, '0');
const shuffle = a => a.map(x => [Math.random(), x]).sort((x, y) => x[0] - y[0]).map(x => x[1]);
const byTopic = list => list.reduce((by, q) => ((by[q.topic] = by[q.topic] || []).push(q), by), {});
const mark = () => marked || (marked = true, performance.mark('tdc-first-question'));
// Progress in localStorage; where the browser refuses it (private mode) nothing is kept.
const load = k => { try { return JSON.parse(localStorage.getItem(k)); } catch (e) { return null; } };
const keep = (k, v) => {
  try { v ? localStorage.setItem(k, JSON.stringify(v)) : localStorage.removeItem(k); } catch (e) { /* not kept */ }
};
// The key: base64 of raw DEFLATE of JSON {c, n, e, w}, inflated only when needed.
const keys = new Map();
const decode = k => keys.get(k) || keys.set(k, new Response(new Blob([Uint8Array.from(atob(k), c => c.charCodeAt(0))])
  .stream().pipeThrough(new DecompressionStream('deflate-raw'))).text().then(JSON.parse)).get(k);
const grade = (q, key, a) => a != null && (q.type === 'number' ? Math.abs(a - key.n) < 1e-9
  : a.length === key.c.length && key.c.every(c => a.includes(c)));
// The bank: fetched over http(s); from disk (file://, no fetch) its script twin registers it.
const banks = {};
const viaScript = cfg => new Promise((ok, fail) => D.head.append(Object.assign(D.createElement('script'), {
  src: cfg.bankScript, onerror: fail, onload: () => ok((window.tdcBanks || {})[cfg.lang])})));
const loadBank = cfg => banks[cfg.bank] || (banks[cfg.bank] = (/^https?:$/.test(location.protocol)
  ? fetch(cfg.bank).then(r => (r.ok ? r.json() : Promise.reject(Error(r.status))))
  : Promise.reject(Error('file'))).catch(() => viaScript(cfg)));

function widget(root) {
  const cfg = JSON.parse(root.querySelector('.tdc-quiz-config').textContent), ui = cfg.ui, N = cfg.names;
  const skey = `tdcourse:v1:${cfg.lang}:${cfg.id}`, body = root.appendChild(h('div'));
  const note = () => h('p.tdc-note', ui.bank_note);
  const suit = s => h('HD'.includes(s) ? 'span.tdc-red' : 'span', SYM[s]);
  const ranks = r => [...r].map(x => (x === 'T' ? '10' : x)).join(' ');
  const call = (c, m = /^(\d)(NT|[CDHS])$/.exec(c)) => (m ? [m[1], m[2] === 'NT' ? N.nt : suit(m[2])] : N.calls[c] || c);
  const segs = l => (l || []).map(s => (typeof s === 'string' ? s : h('a', {href: `${cfg.lawIndex}#law-${s[0]}`}, s[0])));

  // The four hands: drawn (hidden from screen readers) and said in words.
  function hands(q) {
    const first = SEATS.indexOf(q.deal[0]), said = [], grid = h('div.tdc-hands', {'aria-hidden': 'true'});
    q.deal.slice(2).trim().split(/\s+/).forEach((hand, i) => {
      const seat = SEATS[(first + i) % 4], suits = hand === '-' ? [] : hand.split('.'), name = N.seats[seat];
      grid.append(h(`div.tdc-${seat}`, h('b', name), suits.length ? null : ui.unknown,
        suits.map((r, j) => h('div', suit('SHDC'[j]), ' ', ranks(r) || '—'))));
      said.push(`${name}: ${suits.map((r, j) => `${[ui.spades, ui.hearts, ui.diamonds, ui.clubs][j]} ${
        ranks(r) || ui.void}`).join('; ') || ui.unknown}.`);
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
    const cards = (q.play || '').split(' ').filter(Boolean), items = [];
    for (let i = 0; i < cards.length; i += 4) {
      items.push(h('li', cards.slice(i, i + 4).map((c, j) => [j ? ', ' : '', N.letters[c[0]], ' ', suit(c[2]),
        ranks(c.slice(3))])));
    }
    return items.length ? h('div.tdc-small', ui.play, h('ol.tdc-play', items)) : null;
  }

  // A question card: `actions` go above its feedback region; `changed` runs on each input.
  function question(q, n, total, actions, changed) {
    const id = `tdc${++uid}`, ins = [], labels = {}, num = q.type === 'number', multi = q.type === 'multiple';
    const text = c => (q.choices.find(x => x.id === c) || {text: c}).text;
    const field = num
      ? h('p.tdc-num', h('label', {for: `${id}n`}, q.prompt), ' ',
        ins[0] = h('input', {type: 'number', step: 'any', id: `${id}n`}))
      : h('fieldset', {'aria-describedby': multi && `${id}d`}, h('legend', q.prompt),
        multi && h('p.tdc-small', {id: `${id}d`}, ui.choose_all), q.choices.map(c => (labels[c.id] =
          h('label.tdc-choice', ins[ins.length] = h('input', {type: multi ? 'checkbox' : 'radio', name: id,
            value: c.id}), ' ', c.text))));
    field.oninput = changed;
    const head = h('h3', {id: `${id}h`, tabindex: -1}, fmt(ui.question, {n, total}));
    const fb = h('div.tdc-fb', {role: 'status', 'aria-live': 'polite'});
    return {
      head, el: h('section.tdc-q', {'data-qid': q.id, 'aria-labelledby': head.id}, head,
        h('p.tdc-small', fmt(ui.board, {n: q.board}), ' · ', fmt(ui.dealer, {seat: N.seats[q.dealer]}), ' · ',
          fmt(ui.vul, {vul: N.vul[q.vul]})),
        q.deal ? hands(q) : null, auction(q), play(q), q.context && h('p', q.context), field,
        actions && h('div.tdc-bar', actions), fb),
      read() {
        const on = ins.filter(i => i.checked).map(i => i.value);
        return num ? (ins[0].value === '' ? null : +ins[0].value) : on.length ? on : null;
      },
      fill(a) {
        if (num) ins[0].value = a ?? '';
        else for (const i of ins) i.checked = (a || []).includes(i.value);
      },
      lock() { for (const i of ins) i.disabled = true; },
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
  }

  // A card with a Check button, enabled once there is an answer; the answer is then kept in st.a.
  function checkable(q, n, total, st, done) {
    const check = btn(ui.check, async () => {
      const a = c.read();
      c.lock();
      check.disabled = true;
      const ok = c.show(await decode(q.k), a, true);
      st.a[q.id] = {answer: a, correct: ok, time: Date.now()};
      done(ok);
      keep(skey, st);
    });
    const c = question(q, n, total, check, () => { check.disabled = c.read() == null; });
    check.disabled = true;
    return c;
  }

  // Reset asks first, in place: "Really …? Yes / No" (Escape says no).
  function reset(again) {
    const wrap = h('div'), back = () => { put(wrap, b); b.focus(); };
    const b = btn(ui.reset, () => {
      const yes = btn(ui.confirm_yes, () => { keep(skey); put(body); again(true); });
      put(wrap, h('span', {role: 'group', 'aria-label': ui.reset_confirm}, ui.reset_confirm, ' ', yes, ' ',
        btn(ui.confirm_no, back)));
      wrap.onkeydown = e => e.key === 'Escape' && back();
      yes.focus();
    });
    put(wrap, b);
    return wrap;
  }

  function chapter(focus) {
    const st = load(skey) || {a: {}}, qs = cfg.questions, score = h('p');
    const tally = (done = qs.filter(q => st.a[q.id])) => {
      score.textContent = fmt(ui.chapter_score, {right: done.filter(q => st.a[q.id].correct).length,
        total: qs.length, answered: done.length});
    };
    const cards = qs.map((q, i) => {
      const c = checkable(q, i + 1, qs.length, st, () => tally()), old = st.a[q.id];
      if (old) {
        c.fill(old.answer);
        c.lock();
        decode(q.k).then(key => c.show(key, old.answer));
      }
      return c;
    });
    tally();
    body.append(...cards.map(c => c.el), h('div.tdc-bar', score, reset(chapter)));
    mark();
    if (focus && cards[0]) cards[0].head.focus();
  }

  // One question at a time from the chosen topics, none repeated until that pool is used up.
  async function practice(focus) {
    const st = Object.assign({seen: {}, a: {}, right: 0, total: 0}, load(skey));
    const on = new Set(st.topics || cfg.topics.map(t => t.id)), tally = h('p'), msg = h('p', {role: 'status'});
    const stage = h('div', h('p', ui.bank_loading)), next = btn(ui.practice_next, () => draw(false, true));
    const count = () => { tally.textContent = fmt(ui.practice_tally, st); };
    const boxes = h('fieldset.tdc-topics', h('legend', ui.practice_topics), cfg.topics.map(t =>
      h('label', h('input', {type: 'checkbox', value: t.id, checked: on.has(t.id)}), ' ', t.title)));
    count();
    body.append(note(), boxes, tally, msg, stage, h('div.tdc-bar', next, reset(practice)));
    let by;
    try {
      by = byTopic((await loadBank(cfg)).questions);
    } catch (e) {
      return put(stage, h('p', {role: 'alert'}, ui.bank_error));
    }
    function draw(resume, move) {
      const chosen = cfg.topics.map(t => t.id).filter(t => on.has(t)), pk = chosen.join();
      const pool = chosen.flatMap(t => by[t] || []), seen = new Set(st.seen[pk]);
      msg.textContent = pool.length ? '' : ui.practice_none;
      next.disabled = !pool.length;
      if (!pool.length) return put(stage);
      let left = pool.filter(q => !seen.has(q.id)), q = resume && seen.has(st.cur) && pool.find(x => x.id === st.cur);
      if (!q) {
        if (!left.length) {
          msg.textContent = ui.practice_round;
          seen.clear();
          left = pool;
        }
        seen.add((q = left[Math.floor(Math.random() * left.length)]).id);
      }
      st.seen[pk] = [...seen];
      st.cur = q.id;
      keep(skey, st);
      const c = checkable(q, seen.size, pool.length, st, ok => {
        st.right += ok;
        st.total++;
        delete st.cur;
        count();
      });
      put(stage, c.el);
      mark();
      if (move) c.head.focus();
    }
    boxes.onchange = () => {
      st.topics = [...boxes.querySelectorAll(':checked')].map(i => i.value);
      on.clear();
      st.topics.forEach(t => on.add(t));
      keep(skey, st);
      draw(false, false);
    };
    draw(true, focus);
  }

  // Timed; graded only at the end. The attempt in progress survives a reload.
  async function exam(focus) {
    const st = Object.assign({hist: []}, load(skey)), save = () => keep(skey, st), wait = h('p', ui.bank_loading);
    put(body, note(), wait);
    let bank;
    try {
      bank = await loadBank(cfg);
    } catch (e) {
      return put(wait, ui.bank_error);
    }
    if (st.run) return run(focus);
    const start = btn(ui.exam_start, () => {
      const by = byTopic(bank.questions), ids = [], now = Date.now();
      const pools = shuffle(cfg.topics.map(t => shuffle(by[t.id] || [])).filter(p => p.length));
      while (ids.length < cfg.count && pools.some(p => p.length)) {
        for (const p of pools) if (p.length && ids.length < cfg.count) ids.push(p.pop().id);
      }
      st.run = {ids: shuffle(ids), ans: {}, start: now, end: now + cfg.timeLimit * 6e4};
      save();
      run(true);
    });
    const when = d => new Date(d).toLocaleString(cfg.lang, {dateStyle: 'medium', timeStyle: 'short'});
    put(body, note(), h('p', fmt(ui.exam_intro, {count: cfg.count, minutes: cfg.timeLimit, pass: pct(cfg.passMark, 1)})),
      h('div.tdc-bar', start), st.hist.length > 0 && h('section', h('h3', ui.exam_history),
        h('ul', st.hist.slice(0, 5).map(x => h('li', fmt(ui.exam_history_item, {date: when(x.date), right: x.right,
          total: x.total, percent: pct(x.right, x.total), verdict: x.passed ? ui.exam_pass : ui.exam_fail})))),
        reset(exam)));
    if (focus) start.focus();

    function run(move) {
      const r = st.run, all = new Map(bank.questions.map(q => [q.id, q])), count = h('p');
      const qs = r.ids.map(id => all.get(id)).filter(Boolean);
      const timer = h('p.tdc-timer', {role: 'timer', 'aria-live': 'off', 'aria-atomic': 'true'});
      const counted = () => {
        count.textContent = fmt(ui.exam_answered, {answered: qs.filter(q => r.ans[q.id] != null).length,
          total: qs.length});
      };
      const cards = qs.map((q, i) => {
        const c = question(q, i + 1, qs.length, null, () => { r.ans[q.id] = c.read(); save(); counted(); });
        c.fill(r.ans[q.id]);
        return c;
      });
      let last = Infinity, over = false, clock = 0;
      const finish = async timeUp => {
        if (over) return;
        over = true;
        clearInterval(clock);
        const ks = await Promise.all(qs.map(q => decode(q.k)));
        result(qs.map((q, i) => ({q, c: cards[i], key: ks[i], a: r.ans[q.id] ?? null})), r, timeUp);
      };
      const tick = () => {
        const left = Math.max(0, Math.ceil((r.end - Date.now()) / 1000));
        // Silent, except when crossing 5 minutes and 1 minute left.
        timer.setAttribute('aria-live', (last > 300 && left <= 300) || (last > 60 && left <= 60) ? 'polite' : 'off');
        last = left;
        timer.textContent = fmt(ui.exam_time_left, {time: `${pad(Math.floor(left / 60))}:${pad(left % 60)}`});
        if (!left) finish(true);
      };
      counted();
      tick();
      if (over) return;
      clock = setInterval(tick, 1000);
      put(body, note(), h('div.tdc-bar.tdc-sticky', timer, count, btn(ui.exam_finish, () => finish(false))),
        cards.map(c => c.el));
      if (move && cards[0]) cards[0].head.focus();
    }

    function result(res, r, timeUp) {
      for (const x of res) x.ok = grade(x.q, x.key, x.a);
      const now = new Date(), date = now.toISOString(), right = res.filter(x => x.ok).length, total = res.length;
      const passed = total > 0 && right / total >= cfg.passMark - 1e-9;
      st.hist = [{date, right, total, passed}, ...st.hist].slice(0, 10);
      delete st.run;
      save();
      const tally = (name, keyOf) => {
        const m = {};
        for (const x of res) {
          for (const k of new Set(keyOf(x))) {
            m[k] = m[k] || {[name]: k, right: 0, total: 0};
            m[k].right += x.ok;
            m[k].total++;
          }
        }
        return Object.values(m);
      };
      const byTopic = tally('topic', x => [x.q.topic]), byLaw = tally('law', x => (x.q.laws || []).map(l => `${parseInt(l, 10)}`));
      const topic = id => cfg.topics.find(t => t.id === id) || {title: id};
      const table = (caption, col, rows) => h('table', h('caption', caption),
        h('tr', h('th', {scope: 'col'}, col), h('th', {scope: 'col'}, ui.exam_col_right)),
        rows.map(([label, href, e]) => h('tr', h('th', {scope: 'row'}, href ? h('a', {href}, label) : label),
          h('td', `${e.right} / ${e.total}`))));
      const data = {date, lang: cfg.lang, score: right, total, passMark: cfg.passMark, passed,
        durationSeconds: Math.round((Math.min(+now, r.end) - r.start) / 1000), byTopic, byLaw,
        questions: res.map(x => ({id: x.q.id, topic: x.q.topic, laws: x.q.laws, answer: x.a, correct: x.ok,
          rightAnswer: x.q.type === 'number' ? x.key.n : x.key.c}))};
      const download = () => h('a', {href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)],
        {type: 'application/json'})), download: `tdcourse-mock-exam-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${
        pad(now.getDate())}T${pad(now.getHours())}${pad(now.getMinutes())}.json`}).click();
      const head = h('h3', {id: `tdc${++uid}`, tabindex: -1}, ui.exam_result);
      put(body, note(), h('section', {'aria-labelledby': head.id}, head, timeUp && h('p', ui.exam_time_up),
        h('p', fmt(ui.exam_score, {right, total, percent: pct(right, total)})),
        h(passed ? 'p.tdc-ok' : 'p.tdc-bad', fmt(passed ? ui.exam_passed : ui.exam_failed, {pass: pct(cfg.passMark, 1)})),
        table(ui.exam_by_topic, ui.exam_col_topic, byTopic.map(e => [topic(e.topic).title, topic(e.topic).href, e])),
        table(ui.exam_by_law, ui.exam_col_law, byLaw.map(e =>
          [fmt(ui.exam_law, {law: e.law}), ((cfg.laws || {})[e.law] || {}).href, e])),
        h('div.tdc-bar', btn(ui.exam_download, download), btn(ui.exam_new, () => exam(true)))),
      h('h3', ui.exam_review), res.map(x => (x.c.fill(x.a), x.c.lock(), x.c.show(x.key, x.a), x.c.el)));
      head.focus();
    }
  }

  ({chapter, practice, exam}[cfg.mode] || Object)(false);
}

D.querySelectorAll('.tdc-quiz').forEach(widget);
})();
