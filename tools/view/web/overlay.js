// What the robots think, drawn over the field: their beliefs, their scripts'
// drawings (in named layers the user toggles), their activation graphs and
// their script reloads and errors. Shared by the live page (live.js, fed by
// the agents' debug channels through libero view) and the match report's
// replay (tools/match/html_report.cpp inlines this file, fed by the debug
// records of the replay log), so a recorded game shows what a live one does.
//
// An agent message `a` is a debug-channel datagram (engine/agent/
// debug_channel.cpp; docs/viewer.md): {side, unum, team, role, fallback,
// self, ball, mates, opps, act, draw}, in the agent's own field frame (own
// goal at -x); drawn in the server's frame (the right team's mirrored).
(function (global) {
  'use strict';
  const BELIEF_COLOURS = ['#64b5f6', '#e57373'];

  function teamOf(a) { return a.side === 2 ? 1 : 0; }
  function toWorld(a, x, y) { return a.side === 2 ? [-x, -y] : [x, y]; }
  function headingToWorld(a, h) { return a.side === 2 ? h + Math.PI : h; }
  function hex(rgb) { return '#' + ('000000' + (rgb >>> 0).toString(16)).slice(-6); }
  function layerOf(item) { return item[8] || 'default'; }
  function robotName(team, unum) { return (team === 0 ? 'left ' : 'right ') + unum; }
  function escapeHtml(t) {
    return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }
  function num(v) { return typeof v === 'number' && isFinite(v) ? v : 0; }

  function drawBeliefs(ctx, api, a) {
    if (!Array.isArray(a.self) || !Array.isArray(a.ball)) return;
    const k = api.scale(), team = teamOf(a);
    ctx.save();
    ctx.lineWidth = 2;
    // Own pose: a hollow robot with its position uncertainty (1 sigma).
    const [sx, sy] = toWorld(a, num(a.self[0]), num(a.self[1]));
    const sh = headingToWorld(a, num(a.self[2]));
    ctx.strokeStyle = BELIEF_COLOURS[team]; ctx.setLineDash([4, 3]);
    ctx.beginPath(); ctx.arc(api.px(sx), api.py(sy), Math.max(0.3, num(a.self[3])) * k, 0, 2 * Math.PI); ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath(); ctx.moveTo(api.px(sx), api.py(sy));
    ctx.lineTo(api.px(sx + 0.5 * Math.cos(sh)), api.py(sy + 0.5 * Math.sin(sh))); ctx.stroke();
    // Ball belief: orange ring, faint when not seen for a while.
    if (a.ball[5]) {
      const [bx, by] = toWorld(a, num(a.ball[0]), num(a.ball[1]));
      ctx.globalAlpha = a.ball[4] > 2 ? 0.4 : 1;
      ctx.strokeStyle = '#ff9800';
      ctx.beginPath(); ctx.arc(api.px(bx), api.py(by), 0.25 * k, 0, 2 * Math.PI); ctx.stroke();
      ctx.setLineDash([2, 4]);
      ctx.beginPath(); ctx.moveTo(api.px(sx), api.py(sy)); ctx.lineTo(api.px(bx), api.py(by)); ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    }
    // Other players as it believes them: squares, faint with age.
    for (const [list, t] of [[a.mates, team], [a.opps, 1 - team]]) {
      ctx.strokeStyle = BELIEF_COLOURS[t];
      for (const p of list || []) {
        const [px, py] = toWorld(a, num(p[1]), num(p[2]));
        ctx.globalAlpha = p[4] > 3 ? 0.35 : 0.9;
        const h = 0.22 * k;
        ctx.strokeRect(api.px(px) - h, api.py(py) - h, 2 * h, 2 * h);
      }
    }
    ctx.restore();
  }

  function drawDrawings(ctx, api, a, layers) {
    const k = api.scale();
    ctx.save();
    for (const item of a.draw || []) {
      if (layers.get(layerOf(item)) === false) continue;
      const [kind, rgb, x1r, y1r, x2r, y2r, r, text] = item;
      const [x1, y1] = toWorld(a, num(x1r), num(y1r)), [x2, y2] = toWorld(a, num(x2r), num(y2r));
      ctx.strokeStyle = ctx.fillStyle = hex(rgb);
      ctx.lineWidth = 2;
      if (kind === 0) {
        ctx.beginPath(); ctx.arc(api.px(x1), api.py(y1), Math.max(3, (num(r) || 0.05) * k), 0, 2 * Math.PI); ctx.fill();
      } else if (kind === 1) {
        ctx.beginPath(); ctx.moveTo(api.px(x1), api.py(y1)); ctx.lineTo(api.px(x2), api.py(y2)); ctx.stroke();
      } else if (kind === 2) {
        ctx.beginPath(); ctx.arc(api.px(x1), api.py(y1), Math.abs(num(r)) * k, 0, 2 * Math.PI); ctx.stroke();
      } else if (kind === 3) {
        ctx.font = '13px sans-serif'; ctx.textAlign = 'left'; ctx.textBaseline = 'bottom';
        ctx.fillText(String(text), api.px(x1), api.py(y1));
      } else if (kind === 4 && Array.isArray(item[9])) {  // polygon: item[9] = [x, y, x, y, ...]
        const pts = item[9];
        ctx.beginPath();
        for (let i = 0; i + 1 < pts.length; i += 2) {
          const [px, py] = toWorld(a, num(pts[i]), num(pts[i + 1]));
          if (i === 0) ctx.moveTo(api.px(px), api.py(py)); else ctx.lineTo(api.px(px), api.py(py));
        }
        ctx.closePath(); ctx.stroke();
      }
    }
    ctx.restore();
  }

  function scriptEventText(e) {
    const who = robotName(e.side === 2 ? 1 : 0, e.unum) + ' (' + e.team + ')';
    return (typeof e.t === 'number' ? e.t.toFixed(1) + ' s ' : '') + who + ': ' +
      (e.event === 'reload' ? 'reloaded its scripts' : e.event === 'reload_failed' ? 'reload failed: ' + e.text : e.text);
  }

  // elements: {layers: #layers, minds: #minds, scripts: #script-events,
  // beliefsAll: the "beliefs of every robot" checkbox}; onChange() is
  // called when the user switches a layer (the page redraws).
  function create(elements, onChange) {
    const layers = new Map();  // drawing layer name -> shown (true/false)

    // agents: [[key "team/unum", message], ...]; selected: a key or null.
    function draw(ctx, api, agents, selected) {
      const all = elements.beliefsAll.checked;
      for (const [key, a] of agents) {
        // One message the page cannot draw must not stop the others.
        try {
          drawDrawings(ctx, api, a, layers);
          if (all || key === selected) drawBeliefs(ctx, api, a);
        } catch (err) {
          ctx.restore();
        }
      }
    }

    // Layer checkboxes, one per layer name seen.
    function noteLayers(a) {
      let added = false;
      for (const item of a.draw || []) {
        const name = String(layerOf(item));
        if (!layers.has(name)) { layers.set(name, true); added = true; }
      }
      if (!added) return;
      const box = elements.layers;
      box.innerHTML = '';
      for (const [name, shown] of layers) {
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'checkbox'; input.checked = shown; input.dataset.layer = name;
        input.addEventListener('change', function () { layers.set(name, input.checked); onChange(); });
        label.appendChild(input);
        label.appendChild(document.createTextNode(' ' + name));
        box.appendChild(label);
      }
    }

    function updateMinds(agents, selected) {
      const blocks = [];
      const sorted = agents.slice().sort(function (x, y) { return teamOf(x[1]) - teamOf(y[1]) || x[1].unum - y[1].unum; });
      for (const [key, a] of sorted) {
        const lines = (Array.isArray(a.act) ? a.act : []).map(function (e) {
          return '  '.repeat(Math.max(0, Math.min(16, num(e[0])))) + escapeHtml(e[1]) + ' [' + escapeHtml(e[2]) + ' ' +
            num(e[4]).toFixed(1) + ' s]' + (e[5] ? ' ' + escapeHtml(e[5]) : '');
        });
        blocks.push('<div class="mind' + (key === selected ? ' selected' : '') + '" data-key="' + escapeHtml(key) +
          '"><div class="head">' + robotName(teamOf(a), a.unum) + ' · ' + escapeHtml(a.role || '—') +
          (a.fallback ? ' · SAFE FALLBACK' : '') + '</div><pre>' + lines.join('\n') + '</pre></div>');
      }
      // The placeholder stays until the first robot; minds gone are cleared.
      if (blocks.length || elements.minds.querySelector('.mind')) elements.minds.innerHTML = blocks.join('');
    }

    function addScriptEvent(e) {
      const li = document.createElement('li');
      li.className = e.event === 'reload' ? 'reload' : 'error';
      li.textContent = scriptEventText(e);
      const list = elements.scripts;
      list.insertBefore(li, list.firstChild);
      while (list.children.length > 50) list.removeChild(list.lastChild);
    }
    function clearScriptEvents() { elements.scripts.innerHTML = ''; }

    return { layers, draw, noteLayers, updateMinds, addScriptEvent, clearScriptEvents };
  }

  global.LiberoOverlay = { create, teamOf, toWorld, robotName, escapeHtml, scriptEventText };
})(typeof window !== 'undefined' ? window : this);
