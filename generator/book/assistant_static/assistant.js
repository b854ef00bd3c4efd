/* The ruling assistant (assistant.html): the course's own engine run by Pyodide in the page.
 * The director enters the board, the calls and cards as they happened (any seat, in or out of
 * turn), special actions, and asks for the ruling; the ruling is the engine's, as
 * `tdcourse rule` gives it. The case lives in `state.case` (the case format as an object);
 * `#case=<base64url of its JSON>` opens and rules a case. window.tdcourseRuling holds the JSON
 * the page last showed (what `tdcourse rule CASE --json` prints). */
(function () {
  "use strict";
  var mount = document.getElementById("tdc-assistant");
  if (!mount) { return; }
  var texts = JSON.parse(mount.querySelector(".tdc-assistant-ui").textContent);
  var ui = texts.ui, seatsName = texts.seats;
  var base = mount.getAttribute("data-base");
  var lang = mount.getAttribute("data-lang");
  var edition = mount.getAttribute("data-edition");
  var SEATS = ["N", "E", "S", "W"];
  var SUITS = ["C", "D", "H", "S"];
  var SYM = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660", NT: ui.nt};
  var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
  var VUL = ["None", "NS", "EW", "Both", "NS", "EW", "Both", "None", "EW", "Both", "None", "NS",
             "Both", "None", "NS", "EW"];
  var started = performance.now();
  var state = {case: null, seat: "N", verb: "plays", suit: "S", changing: false};
  var engine = null;
  var api = {ready: null, timings: {}, rule: rule, load: loadCase, state: state};
  window.tdcourseAssistant = api;
  window.tdcourseRuling = null;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; }
      else if (k === "on") { node.addEventListener("click", attrs[k]); }
      else { node.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }
  function button(label, onClick, extra) {
    var attrs = {type: "button", "class": "tdc-a-btn", text: label, on: onClick};
    Object.keys(extra || {}).forEach(function (k) { attrs[k] = extra[k]; });
    return el("button", attrs);
  }
  function fmt(text, fields) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in fields ? fields[k] : m; });
  }
  function boardOf(n) {
    return {dealer: SEATS[(n - 1) % 4], vulnerable: VUL[(n - 1) % 16]};
  }
  function newCase(n) {
    return {format: 1, edition: edition, board: n, events: []};
  }

  /* --- the case in the fragment ---------------------------------------------------------- */
  function b64urlEncode(text) {
    var bytes = new TextEncoder().encode(text), bin = "";
    for (var i = 0; i < bytes.length; i++) { bin += String.fromCharCode(bytes[i]); }
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function b64urlDecode(text) {
    var b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) { b64 += "="; }
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return new TextDecoder("utf-8", {fatal: true}).decode(bytes);
  }
  function fragmentCase() {
    var m = /^#case=([A-Za-z0-9_-]*)$/.exec(location.hash);
    if (!m) { return null; }
    try { return JSON.parse(b64urlDecode(m[1])); }
    catch (e) { show({error: ui.bad_link}); return null; }
  }
  function shareLink() {
    return location.href.split("#")[0] + "#case=" + b64urlEncode(JSON.stringify(state.case));
  }

  /* --- the engine -------------------------------------------------------------------------- */
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = el("script", {src: src});
      s.onload = resolve;
      s.onerror = function () { reject(new Error(src)); };
      document.head.appendChild(s);
    });
  }
  /* Opened from disk (file:), Chromium refuses fetch() of file: URLs, which Pyodide uses for
   * its WebAssembly module, its standard library and its lock file, and the page for the
   * engine zip; and Pyodide loads pyodide.asm.js with import(), refused too. A <script> tag
   * may load a file: script, so the build also writes each of those files, base64, as a
   * script (in the course's shared folder, data-runtime) that puts it in window.__tdcAssets;
   * here they are loaded with pyodide.asm.js itself (by a script tag: Pyodide then does not
   * import it), and fetch() answers their URLs from memory, everything else as before. */
  var DISK_FILES = {"pyodide.asm.wasm": "application/wasm",
                    "python_stdlib.zip": "application/zip",
                    "pyodide-lock.json": "application/json", "engine.zip": "application/zip"};
  function fromBase64(text) {
    if (typeof Uint8Array.fromBase64 === "function") { return Uint8Array.fromBase64(text); }
    var bin = atob(text), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return bytes;
  }
  function diskRuntime(runtime, indexURL) {
    var names = Object.keys(DISK_FILES);
    var loads = names.map(function (name) { return loadScript(runtime + name + ".js"); });
    loads.push(loadScript(base + "pyodide/pyodide.asm.js"));
    return Promise.all(loads).then(function () {
      var store = window.__tdcAssets || {}, served = {};
      names.forEach(function (name) {
        var url = name === "engine.zip" ? new URL(base + name, location.href).href
                                        : indexURL + name;
        served[url] = {name: name, type: DISK_FILES[name], bytes: null};
      });
      var networkFetch = window.fetch;
      window.fetch = function (input, init) {
        var raw = input instanceof Request ? input.url : String(input);
        var hit = served[new URL(raw, location.href).href.split("#")[0]];
        if (!hit) { return networkFetch.apply(this, arguments); }
        if (hit.bytes === null) {
          hit.bytes = fromBase64(store[hit.name]);
          delete store[hit.name];
        }
        return Promise.resolve(new Response(hit.bytes, {
          status: 200, headers: {"Content-Type": hit.type}}));
      };
    }, function () { throw new Error(ui.file_protocol); });
  }
  function startEngine() {
    if (mount.getAttribute("data-engine") !== "bundled") {
      return Promise.reject(new Error(ui.not_bundled));
    }
    var indexURL = new URL(base + "pyodide/", location.href).href;
    var timings = api.timings;
    function lap(name) { timings[name] = performance.now() - started; }
    var onDisk = location.protocol === "file:";
    var runtime = mount.getAttribute("data-runtime");
    if (onDisk && !runtime) { return Promise.reject(new Error(ui.file_protocol)); }
    var disk = onDisk ? diskRuntime(runtime, indexURL) : Promise.resolve();
    /* the engine zip downloads while Pyodide starts (both are preloaded by the page's head) */
    var zip = disk.then(function () { return fetch(base + "engine.zip"); }).then(function (r) {
      if (!r.ok) { throw new Error(base + "engine.zip"); }
      return r.arrayBuffer();
    });
    return Promise.all([disk, loadScript(base + "pyodide/pyodide.js")]).then(function () {
      lap("script");
      /* the standard library's core only (Pyodide's default, said here), no package */
      return window.loadPyodide({indexURL: indexURL, fullStdLib: false, packages: []});
    }).then(function (py) {
      lap("pyodide");
      return zip.then(function (data) { return [py, data]; });
    }).then(function (both) {
      var py = both[0];
      py.unpackArchive(both[1], "zip", {extractDir: "/engine"});
      lap("unpacked");
      py.runPython("import sys\nsys.path.insert(0, '/engine')\n" +
                   "import generator.assistant_api\nimport generator.laws.engine\n" +
                   "import generator.laws.announce");
      lap("imported");
      var apiModule = py.pyimport("generator.assistant_api");
      engine = {rulePage: apiModule.rule_page, ruleJson: apiModule.rule_json};
      /* the law modules, the indexes, the catalogs and one ruling in each code, now: ready
       * means the next ruling is the director's and takes only its own time */
      apiModule.prepare(lang);
      lap("ready");
    });
  }

  /* The ruling of a case object: {json, text, options, yaml} or {error}; shown, and its JSON
   * kept in window.tdcourseRuling. */
  function rule(caseObj) {
    if (caseObj) { loadCase(caseObj); }
    return api.ready.then(function () {
      var t0 = performance.now();
      var out = JSON.parse(engine.rulePage(JSON.stringify(state.case), lang));
      api.timings.lastRuling = performance.now() - t0;
      window.tdcourseRuling = out.json ? JSON.parse(out.json) : null;
      show(out);
      return out;
    });
  }

  /* --- the interface ------------------------------------------------------------------------ */
  var boardInput = el("input", {type: "number", min: "1", max: "9999", id: "tdc-a-board",
                                inputmode: "numeric", value: "1"});
  var boardFacts = el("p", {"class": "tdc-a-facts", "aria-live": "polite"});
  var seatGroup = el("div", {role: "radiogroup", "aria-label": ui.seat, "class": "tdc-a-row"});
  var eventsList = el("ol", {"class": "tdc-a-events", "aria-label": ui.events});
  var status = el("p", {"class": "tdc-a-status", role: "status"});
  var ruling = el("section", {"class": "tdc-a-ruling", "aria-live": "polite",
                              "aria-label": ui.ruling, tabindex: "-1"});
  var dealInput = el("input", {type: "text", id: "tdc-a-deal", autocomplete: "off",
                               spellcheck: "false", placeholder: ui.deal_example || ""});
  var claimInput = el("input", {type: "number", min: "0", max: "13", value: "0",
                                id: "tdc-a-claim", inputmode: "numeric"});
  var lineInput = el("input", {type: "text", id: "tdc-a-line", autocomplete: "off",
                               spellcheck: "false", placeholder: ui.line_example || ""});
  var shareOut = el("input", {type: "text", readonly: "readonly", "class": "tdc-a-share",
                              "aria-label": ui.link});

  function seatName(s) { return seatsName[s] || s; }
  function loadCase(obj) {
    state.case = obj;
    boardInput.value = String(obj.board);
    dealInput.value = obj.deal || "";
    refresh();
  }
  function setBoard() {
    var n = parseInt(boardInput.value, 10);
    if (!(n >= 1)) { return; }
    state.case.board = n;
    delete state.case.dealer; delete state.case.vulnerable;
    refresh();
  }
  function nextSeat() {
    var evs = state.case.events || [];
    for (var i = evs.length - 1; i >= 0; i--) {
      var s = evs[i].split(" ")[0];
      if (SEATS.indexOf(s) >= 0 && /^\S+ (\d|P|X)/.test(evs[i])) {
        return SEATS[(SEATS.indexOf(s) + 1) % 4];
      }
    }
    return state.case.dealer || boardOf(state.case.board).dealer;
  }
  /* the verbs of the case format in the page's language ("S refuses" -> "South: refuses") */
  var VERBS = {accepts: ui.accepts, refuses: ui.refuses, leads: ui.lead, plays: ui.play,
               exposes: ui.expose, claims: ui.claims, concedes: ui.concedes,
               P: ui.pass, X: ui.double, XX: ui.redouble};
  function shown(event) {
    return event.replace(/^([NESW]) (accepts|refuses|leads|plays|exposes|claims|concedes|P|XX|X)\b/,
                         function (m, s, v) { return s + " " + (VERBS[v] || v).toLowerCase(); })
      .replace(/^([NESW]) /, function (m, s) { return seatName(s) + ": "; })
      .replace(/\b(\d)(NT|[CDHS])\b/g, function (m, l, s) { return l + SYM[s]; })
      .replace(/\b([CDHS])([AKQJT2-9])\b/g, function (m, s, r) { return SYM[s] + r; });
  }
  function refresh() {
    var c = state.case, b = boardOf(c.board);
    var dealer = c.dealer || b.dealer, vul = c.vulnerable || b.vulnerable;
    boardFacts.textContent = fmt(ui.board_facts, {dealer: seatName(dealer),
                                                  vul: texts.vul[vul] || vul});
    eventsList.textContent = "";
    (c.events || []).forEach(function (e) { eventsList.appendChild(el("li", {text: shown(e)})); });
    if (!(c.events || []).length) { eventsList.appendChild(el("li", {text: ui.no_events})); }
    setSeat(state.seat);
  }
  function setSeat(s) {
    state.seat = s;
    Array.prototype.forEach.call(seatGroup.children, function (b) {
      b.setAttribute("aria-checked", b.getAttribute("data-seat") === s ? "true" : "false");
    });
  }
  function add(event) {
    if (!state.case.events) { state.case.events = []; }
    state.case.events.push(event);
    status.textContent = fmt(ui.added, {event: shown(event)});
    var words = event.split(" ");
    if (SEATS.indexOf(words[0]) >= 0 && /^(\d|P$|X)/.test(words[1] || "")) {
      state.seat = SEATS[(SEATS.indexOf(words[0]) + 1) % 4];
    }
    refresh();
  }
  function call(value) {
    add(state.seat + (state.changing ? " changes " : " ") + value);
    state.changing = false;
    changeBtn.setAttribute("aria-pressed", "false");
  }
  function show(out) {
    ruling.textContent = "";
    if (out.error) {
      ruling.appendChild(el("p", {"class": "tdc-a-error", text: out.unavailable
        ? ui.unavailable : out.notice ? out.error : fmt(ui.error, {problem: out.error})}));
      return;
    }
    ruling.appendChild(el("h3", {text: ui.ruling}));
    ruling.appendChild(el("pre", {"class": "tdc-a-text", text: out.text}));
    if (out.options.length) {
      var box = el("div", {"class": "tdc-a-options", role: "group", "aria-label": ui.options});
      out.options.forEach(function (o) {
        box.appendChild(button(seatName(o.seat) + ": " + o.label, function () {
          add(o.event); director();
        }, {"data-event": o.event}));
      });
      ruling.appendChild(box);
    }
    state.yaml = out.yaml;
  }
  function director() {
    status.textContent = engine ? "" : ui.loading;
    return rule().catch(function (e) { show({error: String(e && e.message || e)}); });
  }
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () {
        status.textContent = ui.copied;
      }, function () { status.textContent = ui.copy_failed; });
    }
    status.textContent = ui.copy_failed;
    return Promise.resolve();
  }
  function withYaml(then) {
    return rule().then(function (out) { if (out.yaml) { then(out.yaml); } });
  }

  /* the board, the seat, the bidding box, the card picker, special actions */
  var form = el("div", {"class": "tdc-a"});
  form.appendChild(el("div", {"class": "tdc-a-field"}, [
    el("label", {"for": "tdc-a-board", text: ui.board}), boardInput, boardFacts]));
  boardInput.addEventListener("change", setBoard);
  SEATS.forEach(function (s) {
    seatGroup.appendChild(button(seatName(s), function () { setSeat(s); },
                                 {role: "radio", "data-seat": s, "aria-checked": "false"}));
  });
  form.appendChild(el("h3", {text: ui.seat}));
  form.appendChild(seatGroup);

  form.appendChild(el("h3", {text: ui.bidding_box}));
  var box = el("div", {"class": "tdc-a-box", role: "group", "aria-label": ui.bidding_box});
  for (var level = 1; level <= 7; level++) {
    ["C", "D", "H", "S", "NT"].forEach(function (strain) {
      var value = level + strain;
      box.appendChild(button(level + SYM[strain], function () { call(value); },
                             {"data-call": value, "class": "tdc-a-btn tdc-a-" + strain}));
    });
  }
  form.appendChild(box);
  var changeBtn = button(ui.change_call, function () {
    state.changing = !state.changing;
    changeBtn.setAttribute("aria-pressed", state.changing ? "true" : "false");
  }, {"aria-pressed": "false"});
  form.appendChild(el("div", {"class": "tdc-a-row"}, [
    button(ui.pass, function () { call("P"); }, {"data-call": "P"}),
    button(ui.double, function () { call("X"); }, {"data-call": "X"}),
    button(ui.redouble, function () { call("XX"); }, {"data-call": "XX"}), changeBtn]));

  form.appendChild(el("h3", {text: ui.cards}));
  var verbs = el("div", {"class": "tdc-a-row", role: "radiogroup", "aria-label": ui.card_action});
  [["leads", ui.lead], ["plays", ui.play], ["exposes", ui.expose]].forEach(function (v) {
    verbs.appendChild(button(v[1], function () {
      state.verb = v[0];
      Array.prototype.forEach.call(verbs.children, function (b) {
        b.setAttribute("aria-checked", b.getAttribute("data-verb") === v[0] ? "true" : "false");
      });
    }, {role: "radio", "data-verb": v[0], "aria-checked": v[0] === state.verb ? "true" : "false"}));
  });
  form.appendChild(verbs);
  var suits = el("div", {"class": "tdc-a-row", role: "radiogroup", "aria-label": ui.suit});
  SUITS.slice().reverse().forEach(function (s) {
    suits.appendChild(button(SYM[s], function () {
      state.suit = s;
      Array.prototype.forEach.call(suits.children, function (b) {
        b.setAttribute("aria-checked", b.getAttribute("data-suit") === s ? "true" : "false");
      });
    }, {role: "radio", "data-suit": s, "aria-label": ui["suit_" + s],
        "aria-checked": s === state.suit ? "true" : "false", "class": "tdc-a-btn tdc-a-" + s}));
  });
  form.appendChild(suits);
  var ranks = el("div", {"class": "tdc-a-ranks", role: "group", "aria-label": ui.rank});
  RANKS.forEach(function (r) {
    ranks.appendChild(button(r === "T" ? "10" : r, function () {
      add(state.seat + " " + state.verb + " " + state.suit + r);
    }, {"data-rank": r}));
  });
  form.appendChild(ranks);

  form.appendChild(el("h3", {text: ui.actions}));
  form.appendChild(el("div", {"class": "tdc-a-row"}, [
    button(ui.accepts, function () { add(state.seat + " accepts"); }),
    button(ui.refuses, function () { add(state.seat + " refuses"); }),
    button(ui.asks_review, function () { add(state.seat + " asks review"); })]));
  form.appendChild(el("div", {"class": "tdc-a-field tdc-a-inline"}, [
    el("label", {"for": "tdc-a-claim", text: ui.tricks}), claimInput,
    button(ui.claims, function () { add(state.seat + " claims " + (claimInput.value || "0")); }),
    button(ui.concedes, function () {
      add(state.seat + " concedes " + (claimInput.value || "0"));
    })]));
  form.appendChild(el("div", {"class": "tdc-a-field tdc-a-inline"}, [
    el("label", {"for": "tdc-a-line", text: ui.other_event}), lineInput,
    button(ui.add, function () {
      if (lineInput.value.trim()) { add(lineInput.value.trim()); lineInput.value = ""; }
    })]));
  form.appendChild(el("div", {"class": "tdc-a-field"}, [
    el("label", {"for": "tdc-a-deal", text: ui.hands}), dealInput]));
  dealInput.addEventListener("change", function () {
    if (dealInput.value.trim()) { state.case.deal = dealInput.value.trim(); }
    else { delete state.case.deal; }
  });

  form.appendChild(el("h3", {text: ui.events}));
  form.appendChild(eventsList);
  form.appendChild(el("div", {"class": "tdc-a-row"}, [
    button(ui.undo, function () {
      var gone = (state.case.events || []).pop();
      status.textContent = gone ? fmt(ui.undone, {event: shown(gone)}) : "";
      refresh();
    }),
    button(ui.clear, function () { loadCase(newCase(state.case.board)); ruling.textContent = ""; }),
    button(ui.director, director, {"class": "tdc-a-btn tdc-a-director"})]));
  form.appendChild(status);
  form.appendChild(ruling);
  form.appendChild(el("h3", {text: ui.keep}));
  form.appendChild(el("div", {"class": "tdc-a-row"}, [
    button(ui.copy_yaml, function () { withYaml(copyText); }),
    button(ui.download, function () {
      withYaml(function (yaml) {
        var a = el("a", {href: URL.createObjectURL(new Blob([yaml], {type: "text/yaml"})),
                         download: "board-" + state.case.board + ".yaml"});
        document.body.appendChild(a); a.click(); a.remove();
      });
    }),
    button(ui.share, function () {
      var link = shareLink();
      history.replaceState(null, "", link);
      shareOut.value = link;
      copyText(link);
    })]));
  form.appendChild(shareOut);
  mount.appendChild(form);

  loadCase(newCase(1));
  setSeat("N");
  status.textContent = ui.loading;
  api.ready = startEngine();
  api.ready.then(function () { status.textContent = ui.ready; }, function (e) {
    status.textContent = "";
    show({error: String(e && e.message || e), notice: true});
  });
  function openFragment() {
    var c = fragmentCase();
    if (c) { loadCase(c); state.seat = nextSeat(); refresh(); director(); }
  }
  window.addEventListener("hashchange", openFragment);
  openFragment();
  /* the worker precaches Pyodide and the engine (megabytes): registered once the engine has
   * started (or failed to), so that its downloads do not compete with the first start's */
  function registerWorker() {
    if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
      navigator.serviceWorker.register(mount.getAttribute("data-worker")).catch(function () {});
    }
  }
  api.ready.then(registerWorker, registerWorker);
}());
