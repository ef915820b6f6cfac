// The live page: frames from libero view's event stream (/events), drawn
// once per animation frame (only the newest counts: a browser never works
// through a backlog), trainer buttons and dragging (POST /api/trainer), and
// the 3D view on demand (three.js from Debian's libjs-three, served by
// libero view under /three/).
(function () {
  'use strict';
  const canvas = document.getElementById('field');
  const field = LiberoField.create(canvas);
  const state = {
    frame: null, frames: 0, drawn: 0, status: null, dirty: true,
    latencies: [],        // ms from the viewer receiving a monitor message to the page drawing it
    drawLog: [],          // [game time, wall ms] of each frame drawn (tools/view/bench_latency.py)
    trainer: [],          // replies to trainer requests, newest last
    drag: null,           // {kind, team, unum, x, y} while dragging
    view: '2d',
    agents: new Map(),    // "team/unum" -> {d: the agent's latest debug datagram, at: ms received}
    layers: null,         // drawing layer name -> shown (true/false): web/overlay.js's
    selected: null,       // "team/unum" whose beliefs are drawn
    scriptEvents: [],     // the agents' script reloads and errors, newest last
  };
  state.field = field;
  window.liberoView = state;  // read by tests and the benchmark (tests/view)

  function setText(id, text) { document.getElementById(id).textContent = text; }

  function updateHeader(f) {
    setText('team-left', f.tl || 'Left');
    setText('team-right', f.tr || 'Right');
    setText('goals', f.sl + ' : ' + f.sr);
    setText('clock', LiberoField.clockText(f));
    setText('mode', f.mode);
  }

  const robotRows = document.querySelector('#robots tbody');
  function updateRobots(f) {
    const rows = [];
    const sorted = f.robots.slice().sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    const now = Date.now();
    for (const r of sorted) {
      const key = r[0] + '/' + r[1];
      const agent = state.agents.get(key);
      const a = agent && now - agent.at < AGENT_STALE_MS ? agent.d : null;
      const recentError = state.scriptEvents.some(function (e) {
        return e.event !== 'reload' && (e.side === 2 ? 1 : 0) === r[0] && e.unum === r[1] && now - e.at < 10000;
      });
      rows.push('<tr class="team' + r[0] + (r[7] ? ' fallen' : '') + (key === state.selected ? ' selected' : '') +
        (recentError ? ' script-error' : '') + '" data-team="' + r[0] + '" data-unum="' + r[1] +
        '"><td>' + (r[0] === 0 ? 'left' : 'right') + '</td><td>' + r[1] + '</td><td>' + r[2] + '</td><td>' +
        r[3].toFixed(2) + '</td><td>' + r[4].toFixed(2) + '</td><td>' + Math.round(r[6] * 180 / Math.PI) +
        '°</td><td>' + (r[7] ? 'fallen' : '') + '</td><td>' + (a ? escapeHtml(a.role) + (a.fallback ? ' (fallback)' : '') : '') +
        (recentError ? ' script error' : '') + '</td></tr>');
    }
    robotRows.innerHTML = rows.join('');
  }

  // ---- what the agents think (their debug channels, via libero view; web/overlay.js) ----
  const AGENT_STALE_MS = 2000;
  const teamOf = LiberoOverlay.teamOf, robotName = LiberoOverlay.robotName, escapeHtml = LiberoOverlay.escapeHtml;
  const overlayView = LiberoOverlay.create({
    layers: document.getElementById('layers'),
    minds: document.getElementById('minds'),
    scripts: document.getElementById('script-events'),
    beliefsAll: document.getElementById('beliefs-all'),
  }, function () { state.dirty = true; });
  state.layers = overlayView.layers;
  function freshAgents() {
    const now = Date.now(), out = [];
    for (const [key, v] of state.agents) if (now - v.at < AGENT_STALE_MS && v.d.side) out.push([key, v.d]);
    return out;
  }

  function overlay(ctx, api) {
    overlayView.draw(ctx, api, freshAgents(), state.selected);
    const d = state.drag;
    if (!d) return;
    if (d.kind === 'ball') api.drawBall([d.x, d.y, 0], true);
    else api.drawRobot([d.team, d.unum, 0, d.x, d.y, 0, d.yaw || 0, 0], true);
  }

  function updateMinds() { overlayView.updateMinds(freshAgents(), state.selected); }

  function addScriptEvent(e) {
    state.scriptEvents.push(e);
    overlayView.addScriptEvent(e);
  }

  let lastTableUpdate = 0;
  let lastDrawnSeq = -1;
  function render(now) {
    requestAnimationFrame(render);
    if (!state.dirty) return;
    state.dirty = false;
    const f = state.frame;
    if (state.view === '2d') field.draw(f, overlay);
    else if (window.LiberoView3D) {
      window.LiberoView3D.update(f, function (ctx, api) { overlayView.draw(ctx, api, freshAgents(), state.selected); });
    }
    if (!f) return;
    state.drawn++;
    // Latency counts a frame's first draw only (agents' events redraw it).
    if (f.seq !== lastDrawnSeq) {
      lastDrawnSeq = f.seq;
      const drawnAt = Date.now();
      if (f.recv) {
        state.latencies.push(drawnAt - f.recv);
        if (state.latencies.length > 2000) state.latencies.splice(0, 1000);
      }
      state.drawLog.push([f.t, drawnAt]);
      if (state.drawLog.length > 4000) state.drawLog.splice(0, 2000);
    }
    updateHeader(f);
    if (now - lastTableUpdate > 200) { updateRobots(f); updateMinds(); lastTableUpdate = now; }
  }
  requestAnimationFrame(render);

  function setStatus(s) {
    state.status = s;
    const el = document.getElementById('status');
    el.className = s.monitor ? 'up' : 'down';
    el.textContent = s.monitor ? 'live: ' + s.host : 'waiting for the game at ' + s.host + (s.detail ? ' (' + s.detail + ')' : '');
  }

  function connect() {
    const events = new EventSource('/events');
    events.addEventListener('frame', function (e) {
      state.frame = JSON.parse(e.data);
      state.frames++;
      state.dirty = true;
    });
    events.addEventListener('status', function (e) { setStatus(JSON.parse(e.data)); });
    events.addEventListener('agent', function (e) {
      const a = JSON.parse(e.data);
      if (!a.side) return;
      state.agents.set(teamOf(a) + '/' + a.unum, { d: a, at: Date.now() });
      overlayView.noteLayers(a);
      state.dirty = true;
    });
    events.addEventListener('script', function (e) {
      const ev = JSON.parse(e.data);
      ev.at = Date.now();
      addScriptEvent(ev);
    });
    events.onerror = function () {
      const el = document.getElementById('status');
      el.className = 'down';
      el.textContent = 'viewer unreachable, retrying…';
    };
    state.events = events;
  }
  connect();

  // ---- trainer commands ----
  function trainer(fields) {
    const body = new URLSearchParams(fields).toString();
    return fetch('/api/trainer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Libero-Trainer': '1' },
      body: body,
    }).then(function (r) {
      return r.text().then(function (t) {
        const reply = { ok: r.ok, status: r.status, text: t.trim(), fields: fields };
        state.trainer.push(reply);
        setText('trainer-result', (r.ok ? 'sent ' : 'refused: ') + reply.text);
        return reply;
      });
    });
  }
  window.liberoTrainer = trainer;
  document.querySelectorAll('#controls button[data-action]').forEach(function (b) {
    b.addEventListener('click', function () {
      const fields = { action: b.dataset.action };
      if (b.dataset.team) fields.team = b.dataset.team;
      trainer(fields);
    });
  });

  // ---- choosing whose beliefs to draw ----
  function select(key) {
    state.selected = state.selected === key ? null : key;
    const parts = state.selected ? state.selected.split('/') : null;
    setText('selected', parts ? 'showing ' + robotName(Number(parts[0]), Number(parts[1])) : '');
    state.dirty = true;
    lastTableUpdate = 0;
  }
  robotRows.addEventListener('click', function (e) {
    const tr = e.target.closest('tr');
    if (tr) select(tr.dataset.team + '/' + tr.dataset.unum);
  });
  document.getElementById('beliefs-all').addEventListener('change', function () { state.dirty = true; });

  // ---- dragging the ball or a robot (2D view) ----
  canvas.addEventListener('mousedown', function (e) {
    const [x, y] = field.toField(e.clientX, e.clientY);
    const h = field.hit(state.frame, x, y);
    if (!h) return;
    if (h.kind === 'ball') state.drag = { kind: 'ball', x: x, y: y };
    else {
      const r = state.frame.robots[h.index];
      state.drag = { kind: 'robot', team: r[0], unum: r[1], x: x, y: y, yaw: r[6], x0: x, y0: y };
    }
    canvas.style.cursor = 'grabbing';
    e.preventDefault();
  });
  window.addEventListener('mousemove', function (e) {
    if (!state.drag) return;
    const [x, y] = field.toField(e.clientX, e.clientY);
    state.drag.x = x; state.drag.y = y;
    state.dirty = true;
  });
  window.addEventListener('mouseup', function () {
    const d = state.drag;
    if (!d) return;
    state.drag = null;
    canvas.style.cursor = '';
    state.dirty = true;
    const x = d.x.toFixed(2), y = d.y.toFixed(2);
    if (d.kind === 'robot' && Math.hypot(d.x - d.x0, d.y - d.y0) < 0.2) { select(d.team + '/' + d.unum); return; }
    if (d.kind === 'ball') trainer({ action: 'ball', x: x, y: y });
    else trainer({ action: 'robot', team: d.team === 0 ? 'left' : 'right', unum: d.unum, x: x, y: y, yaw: d.yaw.toFixed(3) });
  });

  // ---- the 3D view, loaded on first use ----
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      const s = document.createElement('script');
      s.src = src; s.onload = resolve;
      s.onerror = function () { reject(new Error('cannot load ' + src)); };
      document.head.appendChild(s);
    });
  }
  let loading3d = null;
  const toggle = document.getElementById('view-toggle');
  toggle.addEventListener('click', function () {
    if (state.view === '3d') {
      state.view = '2d';
      document.getElementById('view3d').hidden = true;
      canvas.hidden = false;
      toggle.textContent = '3D';
      state.dirty = true;
      return;
    }
    loading3d = loading3d || loadScript('/three/build/three.min.js')
      .then(function () { return loadScript('/three/examples/js/controls/OrbitControls.js'); })
      .then(function () { return loadScript('/web/view3d.js'); })
      .then(function () { window.LiberoView3D.init(document.getElementById('view3d')); });
    loading3d.then(function () {
      state.view = '3d';
      canvas.hidden = true;
      document.getElementById('view3d').hidden = false;
      toggle.textContent = '2D';
      state.dirty = true;
    }, function (err) {
      loading3d = null;
      setText('trainer-result', '3D view unavailable: ' + err.message);
    });
  });
})();
