// The top-down field: draws one frame of a game on a canvas. Shared by the
// live page (live.js, fed by libero view's event stream) and the match
// report's replay (tools/match/html_report.cpp inlines this file), so both
// show a game the same way.
//
// A frame: {t, half, mode, sl, sr, tl, tr, fl, fw, ball: [x, y, z] | null,
//           robots: [[team, unum, type, x, y, z, yaw, fallen, up_z], ...]}
// in the world frame of the server (left team defends x = -fl/2).
(function (global) {
  'use strict';
  const TEAM_COLOURS = ['#1565c0', '#c62828'];
  const MARGIN = 1.5;

  function create(canvas) {
    const ctx = canvas.getContext('2d');
    let fieldL = 30, fieldW = 20;

    function scale() {
      return Math.min(canvas.width / (fieldL + 2 * MARGIN), canvas.height / (fieldW + 2 * MARGIN));
    }
    function px(x) { return (x + fieldL / 2 + MARGIN) * scale(); }
    function py(y) { return (fieldW / 2 + MARGIN - y) * scale(); }
    // Canvas pixel (CSS pixels of the element) -> field point.
    function toField(cx, cy) {
      const r = canvas.getBoundingClientRect();
      const k = scale();
      const x = (cx - r.left) * canvas.width / r.width;
      const y = (cy - r.top) * canvas.height / r.height;
      return [x / k - fieldL / 2 - MARGIN, fieldW / 2 + MARGIN - y / k];
    }
    function toCanvas(x, y) { return [px(x), py(y)]; }
    function line(x1, y1, x2, y2) {
      ctx.beginPath(); ctx.moveTo(px(x1), py(y1)); ctx.lineTo(px(x2), py(y2)); ctx.stroke();
    }
    function drawField() {
      const hl = fieldL / 2, hw = fieldW / 2, k = scale();
      ctx.fillStyle = '#2e7d32'; ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.strokeStyle = '#ffffff'; ctx.lineWidth = 2;
      ctx.strokeRect(px(-hl), py(hw), fieldL * k, fieldW * k);
      line(0, -hw, 0, hw);
      ctx.beginPath(); ctx.arc(px(0), py(0), 2 * k, 0, 2 * Math.PI); ctx.stroke();
      for (const s of [-1, 1]) {
        // Penalty area 1.8 x 6, goal 2.1 wide and 0.6 deep (facts §3.1).
        ctx.strokeRect(Math.min(px(s * hl), px(s * (hl - 1.8))), py(3), 1.8 * k, 6 * k);
        ctx.fillStyle = s < 0 ? '#90caf9' : '#ef9a9a';
        ctx.fillRect(Math.min(px(s * hl), px(s * (hl + 0.6))), py(1.05), 0.6 * k, 2.1 * k);
      }
    }
    function drawRobot(r, ghost) {
      const [team, unum, , x, y, , yaw, fallen] = r;
      const k = scale();
      ctx.globalAlpha = ghost ? 0.45 : 1;
      ctx.fillStyle = TEAM_COLOURS[team] || '#777777';
      ctx.beginPath(); ctx.arc(px(x), py(y), 0.3 * k, 0, 2 * Math.PI); ctx.fill();
      ctx.strokeStyle = '#ffffff'; ctx.lineWidth = 2;
      line(x, y, x + 0.45 * Math.cos(yaw), y + 0.45 * Math.sin(yaw));
      if (fallen) {
        ctx.strokeStyle = '#ffeb3b'; ctx.lineWidth = 3;
        ctx.beginPath(); ctx.arc(px(x), py(y), 0.4 * k, 0, 2 * Math.PI); ctx.stroke();
      }
      ctx.fillStyle = '#ffffff'; ctx.font = 'bold ' + Math.max(10, 0.33 * k) + 'px sans-serif';
      ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillText(String(unum), px(x), py(y));
      ctx.globalAlpha = 1;
    }
    function drawBall(b, ghost) {
      const k = scale();
      ctx.globalAlpha = ghost ? 0.45 : 1;
      ctx.fillStyle = '#ffffff'; ctx.strokeStyle = '#000000'; ctx.lineWidth = 1;
      ctx.beginPath(); ctx.arc(px(b[0]), py(b[1]), Math.max(4, 0.2 * k), 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
      ctx.globalAlpha = 1;
    }
    // overlay(ctx, api) runs after the robots and ball (drawings, beliefs).
    function draw(frame, overlay) {
      if (frame && frame.fl > 0) { fieldL = frame.fl; fieldW = frame.fw; }
      drawField();
      if (!frame) return;
      for (const r of frame.robots) drawRobot(r, false);
      if (frame.ball) drawBall(frame.ball, false);
      if (overlay) overlay(ctx, api);
    }
    // The robot or ball under a field point, for dragging: {kind, index}.
    function hit(frame, x, y) {
      if (!frame) return null;
      if (frame.ball && Math.hypot(frame.ball[0] - x, frame.ball[1] - y) < 0.35) return { kind: 'ball' };
      let best = null, bestD = 0.45;
      frame.robots.forEach(function (r, i) {
        const d = Math.hypot(r[3] - x, r[4] - y);
        if (d < bestD) { bestD = d; best = { kind: 'robot', index: i, team: r[0], unum: r[1] }; }
      });
      return best;
    }
    const api = { canvas, ctx, draw, drawRobot, drawBall, toField, toCanvas, scale, px, py, hit };
    return api;
  }

  function clockText(frame) {
    if (!frame) return '';
    const m = Math.floor(frame.t / 60), s = frame.t - 60 * m;
    return (frame.half === 2 ? '2nd ' : '1st ') + m + ':' + (s < 10 ? '0' : '') + s.toFixed(1);
  }

  global.LiberoField = { create, clockText, TEAM_COLOURS };
})(typeof window !== 'undefined' ? window : this);
