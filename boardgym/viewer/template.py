"""The viewer page's HTML, styles and script (``page.render_page`` fills in the data)."""

PAGE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
  :root { --ink: #1e1e1e; --muted: #6b6860; --line: #d8d2c4; --panel: #f4f0e6; --hi: #e68c14; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--ink); background: #faf8f0; }
  header { padding: 10px 16px 4px; }
  h1 { font-size: 20px; margin: 0 0 2px; }
  #meta { color: var(--muted); font-size: 13px; }
  #controls { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 8px;
              align-items: center; padding: 8px 16px; background: var(--panel);
              border-bottom: 1px solid var(--line); }
  #controls button { font-size: 16px; min-width: 40px; padding: 3px 8px; cursor: pointer; }
  #slider { flex: 1 1 240px; }
  #jump { width: 6em; }
  #step-counter { font-weight: 600; min-width: 9em; }
  main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px 16px; }
  #picture-pane { flex: 3 1 640px; min-width: 320px; }
  #picture { width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
  #info { flex: 2 1 380px; min-width: 300px; }
  .box { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px;
         margin-bottom: 10px; }
  .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
  #decision { font-weight: 600; }
  .unseen { color: var(--muted); font-style: italic; }
  #chance ul, #setup ul { margin: 4px 0 0; padding-left: 18px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 2px 6px; border-bottom: 1px solid var(--line); }
  tr.acting td:first-child { color: var(--hi); font-weight: 700; }
  pre { white-space: pre-wrap; word-break: break-word; font: 12.5px/1.35 ui-monospace, monospace;
        margin: 4px 0 0; max-height: 70vh; overflow: auto; }
  #status.error { color: #b5322d; font-weight: 600; padding: 12px 16px; }
  .keys { color: var(--muted); font-size: 12px; }
</style>
</head>
<body>
<header>
  <h1 id="title">Loading the replay...</h1>
  <div id="meta"></div>
</header>
<div id="status" role="status"></div>
<nav id="controls" aria-label="Steps">
  <button id="first" title="First step (Home)" aria-label="First step">&laquo; First</button>
  <button id="prev" title="Previous step (Left arrow)" aria-label="Previous step">&lsaquo; Back</button>
  <input id="slider" type="range" min="0" max="0" value="0" aria-label="Step">
  <button id="next" title="Next step (Right arrow)" aria-label="Next step">Next &rsaquo;</button>
  <button id="last" title="Last step (End)" aria-label="Last step">Last &raquo;</button>
  <span id="step-counter">Step 0 of 0</span>
  <label>Go to step <input id="jump" type="number" min="0" max="0" value="0"></label>
  <label>View <select id="view"></select></label>
  <span class="keys">Keys: &larr; &rarr; Home End, PgUp PgDn by 10, V next view</span>
</nav>
<main>
  <section id="picture-pane" aria-label="The board">
    <canvas id="picture" width="16" height="9"></canvas>
  </section>
  <section id="info">
    <div class="box"><div class="label">Turn</div><div id="turn"></div></div>
    <div class="box" id="setup-box" hidden><div class="label">Setup</div><div id="setup"></div></div>
    <div class="box"><div class="label">Decision</div><div id="decision"></div></div>
    <div class="box"><div class="label">Then</div><div id="chance"></div></div>
    <div class="box"><div class="label">Seats</div><table id="scores"></table><div id="score-note" class="keys"></div></div>
    <div class="box"><div class="label" id="view-label">Full state</div><pre id="view-text"></pre></div>
    <details class="box" id="legend-box"><summary>What the pieces of a seat's observation mean</summary>
      <pre id="legend"></pre></details>
  </section>
</main>
<script id="sheets" type="application/json">__SHEETS__</script>
<script id="replay-data" type="application/octet-stream">__DATA__</script>
<script>
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let data = null, sheets = [], step = 0, view = "full", drawn = null;

  function fail(message) {
    $("status").textContent = "The replay cannot be shown: " + message;
    $("status").className = "error";
    $("title").textContent = "The replay cannot be shown";
  }

  async function unpack() {
    if (typeof DecompressionStream === "undefined") {
      throw new Error("this browser cannot unpack the page's data (it needs DecompressionStream: " +
                      "Chrome or Edge 80+, Firefox 113+, Safari 16.4+)");
    }
    const text = atob($("replay-data").textContent.trim());
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  function loadImage(url) {
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error("a picture sheet did not load"));
      img.src = url;
    });
  }

  function seatName(s) {
    const a = data.agents[s];
    return "Seat " + s + (a ? " (" + a + ")" : "");
  }

  function fmt(x) {
    if (x === null || x === undefined) return "-";
    return Number.isInteger(x) ? String(x) : x.toFixed(2);
  }

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function lines(container, items) {
    if (!items.length) return;
    const ul = el("ul");
    for (const t of items) ul.appendChild(el("li", t));
    container.appendChild(ul);
  }

  function drawPicture(s) {
    const pic = data.picture, t = pic.tile, cols = Math.ceil(pic.size[0] / t);
    const per = pic.per_sheet_columns * pic.per_sheet_columns;
    const ctx = $("picture").getContext("2d");
    s.p.forEach((k, j) => {
      if (drawn && drawn[j] === k) return;
      const sheet = sheets[Math.floor(k / per)], i = k % per;
      const sx = (i % pic.per_sheet_columns) * t, sy = Math.floor(i / pic.per_sheet_columns) * t;
      ctx.drawImage(sheet, sx, sy, t, t, (j % cols) * t, Math.floor(j / cols) * t, t, t);
    });
    drawn = s.p;
  }

  function noteBox(note) {  // a language model's prompt and replies for this decision
    const box = el("details", undefined, "note");
    box.appendChild(el("summary", "What the language model was asked and answered" +
                       (note.fallback ? " (no usable answer: a random legal option was played)" : "")));
    box.appendChild(el("pre", note.prompt || ""));
    (note.answers || []).forEach((a, i) => {
      box.appendChild(el("div", "Answer " + (i + 1) + ": " + a));
      if (note.feedback && note.feedback[i]) box.appendChild(el("div", "Told: " + note.feedback[i], "unseen"));
    });
    if (note.error) box.appendChild(el("div", "Server: " + note.error, "unseen"));
    return box;
  }

  function hiddenFrom(entry) {
    return view !== "full" && entry && entry.hide && entry.hide.includes(Number(view));
  }

  function draws(k) {
    return k + (k === 1 ? " card drawn or die rolled" : " cards drawn or dice rolled");
  }

  // what followed a decision: the narrator's lines as bullets under "What happened:" (they
  // tell the decision's effects and every draw, so no count of draws heads them), else the
  // lines of the full state that the draws changed
  function chanceBlock(container, c) {
    container.textContent = "";
    if (!c || (!c.k && !c.lines.length)) { container.appendChild(el("span", "nothing more happened", "unseen")); return; }
    if (hiddenFrom(c)) {
      container.appendChild(el("span", draws(c.k) + " that seat " + view + " does not see", "unseen"));
      return;
    }
    const table = c.table || [];
    const head = c.lines.length ? "What happened:"
               : table.length ? draws(c.k) + "; the full state changes:"
               : draws(c.k) + ", changing nothing shown";
    container.appendChild(el("div", head));
    lines(container, c.lines.concat(table));
  }

  function show(i) {
    const last = data.steps.length - 1;
    step = Math.max(0, Math.min(last, i));
    const s = data.steps[step];
    drawPicture(s);
    $("step-counter").textContent = "Step " + step + " of " + last;
    document.title = data.title + ": replay, step " + step + " of " + last;
    $("slider").value = step;
    if (document.activeElement !== $("jump")) $("jump").value = step;

    let turn;
    if (s.over) {
      turn = "Game over" + (data.result ? ". " + data.result : "");
    } else if (step === last && data.truncated) {
      turn = "The rest of the game is not shown (" + data.shown + " of " + data.decisions + " decisions)";
    } else if (s.acting.length > 1) {
      turn = s.acting.map(seatName).join(" and ") + " choose at the same time";
    } else if (s.acting.length === 1) {
      turn = seatName(s.acting[0]) + " to decide";
    } else {
      turn = data.over ? "No seat decides here" : "The replay stops here (the game was not finished)";
    }
    $("turn").textContent = turn;

    $("setup-box").hidden = step !== 0 || !data.setup.k;
    if (step === 0) chanceBlock($("setup"), data.setup);

    const d = s.d, dec = $("decision");
    dec.textContent = "";
    if (!d) dec.appendChild(el("span", s.over ? "none: the game is over" : "none", "unseen"));
    else if (hiddenFrom(d)) dec.appendChild(el("span", seatName(d.by) + " " + (d.secret || "made a choice") +
                                              " (seat " + view + " does not see what)", "unseen"));
    else dec.textContent = seatName(d.by) + ": " + d.text;
    if (d && d.note && (view === "full" || Number(view) === d.by)) dec.appendChild(noteBox(d.note));
    chanceBlock($("chance"), d ? s.c : null);

    const table = $("scores");
    table.textContent = "";
    const head = el("tr");
    ["seat", data.score_label].concat(s.over && data.returns ? ["reward"] : []).forEach((h) => head.appendChild(el("th", h)));
    table.appendChild(head);
    for (let p = 0; p < data.players; p++) {
      const tr = el("tr", undefined, s.acting.includes(p) ? "acting" : "");
      tr.appendChild(el("td", seatName(p)));
      tr.appendChild(el("td", fmt(s.s[p])));
      if (s.over && data.returns) tr.appendChild(el("td", fmt(data.returns[p])));
      table.appendChild(tr);
    }
    $("score-note").textContent = data.score_note +
      (s.over && data.returns ? " reward: what each seat's learning agent receives for the whole game." : "");

    let text, label;
    if (view === "full") {
      label = "Full state (everything, the hidden parts included)";
      text = s.x;
      for (const seat of Object.keys(s.o)) {
        text += "\n\nOptions of " + seatName(Number(seat)) + ":\n" + s.o[seat].map((o) => "  - " + o).join("\n");
      }
    } else {
      const p = Number(view);
      label = seatName(p) + "'s own view (what this seat is given)";
      text = (s.o[view] ? "Options of " + seatName(p) + ":\n" + s.o[view].map((o) => "  - " + o).join("\n") + "\n\n" : "") +
             s.v[p];
    }
    $("view-label").textContent = label;
    $("view-text").textContent = text;
  }

  function setView(v) {
    view = v;
    $("view").value = v;
    show(step);
  }

  function init() {
    const last = data.steps.length - 1;
    $("title").textContent = data.title + ": replay";
    const cfg = Object.entries(data.config).map(([k, v]) => k + "=" + JSON.stringify(v)).join(", ");
    $("meta").textContent = data.players + " seat" + (data.players === 1 ? "" : "s") + " (" +
      [...Array(data.players).keys()].map(seatName).join(", ") + ")" +
      (data.seed !== null ? "; seed " + data.seed : "") + "; " + data.decisions + " decisions" +
      (data.truncated ? ", the first " + data.shown + " shown" : "") +
      (data.source ? "; recorded by " + data.source : "") + (cfg ? "; options: " + cfg : "");
    const c = $("picture");
    c.width = data.picture.size[0];
    c.height = data.picture.size[1];
    for (const id of ["slider", "jump"]) $(id).max = last;
    const sel = $("view");
    sel.appendChild(new Option("Full state", "full"));
    for (let p = 0; p < data.players; p++) sel.appendChild(new Option(seatName(p) + "'s own view", String(p)));
    $("legend").textContent = data.legend.map(([n, size, doc]) => n + " (" + size + "): " + doc).join("\n");
    $("first").onclick = () => show(0);
    $("prev").onclick = () => show(step - 1);
    $("next").onclick = () => show(step + 1);
    $("last").onclick = () => show(last);
    $("slider").oninput = (e) => show(Number(e.target.value));
    const jump = () => { const v = parseInt($("jump").value, 10); if (!Number.isNaN(v)) show(v); };
    $("jump").onchange = jump;
    // after a jump or a view choice the keys step again (focus leaves the box)
    $("jump").onkeydown = (e) => { if (e.key === "Enter") { jump(); e.preventDefault(); e.target.blur(); } };
    sel.onchange = (e) => { setView(e.target.value); e.target.blur(); };
    document.addEventListener("keydown", (e) => {
      if (e.target === $("jump") || e.target === sel || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: last,
                      PageDown: step + 10, PageUp: step - 10 };
      if (e.key in moves) { show(moves[e.key]); e.preventDefault(); }
      else if (e.key === "v" || e.key === "V") {
        const views = ["full"].concat([...Array(data.players).keys()].map(String));
        setView(views[(views.indexOf(view) + 1) % views.length]);
      }
    });
    view = String(data.initial_view);
    sel.value = view;
    show(0);
    $("status").textContent = "";
    document.body.dataset.ready = "yes";
  }

  (async () => {
    try {
      data = await unpack();
      sheets = await Promise.all(JSON.parse($("sheets").textContent).map(loadImage));
      init();
    } catch (e) {
      fail(e.message);
      throw e;
    }
  })();
})();
</script>
</body>
</html>
"""
