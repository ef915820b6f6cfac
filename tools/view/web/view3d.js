// The 3D view: the same frames as the 2D field, drawn with three.js (r111,
// Debian's libjs-three; global THREE and THREE.OrbitControls). Field
// coordinates (x, y, z up) map to three.js's (x, z up -> y, -y -> z).
(function () {
  'use strict';
  let renderer, scene, camera, controls, ball;
  // What the robots think (web/overlay.js) is drawn by the very code the 2D
  // view uses, onto a canvas laid on the grass as a texture: the same
  // beliefs, drawings and layers, flat on the field. 16 pixels a metre
  // makes the 2D view's 2-pixel lines 12 cm wide on the grass, about 3
  // screen pixels from the default camera (at 40 they were 5 cm and faded
  // to a pixel or less).
  const OVERLAY_PX_PER_M = 16, OVERLAY_MARGIN = 1.5;
  let overlayCanvas, overlayTexture, overlayApi, overlayDirty = false;
  const robots = new Map();  // "team/unum" -> group
  const COLOURS = [0x1565c0, 0xc62828];

  function at(x, y, z) { return new THREE.Vector3(x, z, -y); }

  function fieldLines(length, width) {
    const hl = length / 2, hw = width / 2;
    const pts = [];
    function seg(x1, y1, x2, y2) { pts.push(at(x1, y1, 0.01), at(x2, y2, 0.01)); }
    seg(-hl, -hw, hl, -hw); seg(hl, -hw, hl, hw); seg(hl, hw, -hl, hw); seg(-hl, hw, -hl, -hw);
    seg(0, -hw, 0, hw);
    for (const s of [-1, 1]) {
      const inner = s * (hl - 1.8);
      seg(s * hl, -3, inner, -3); seg(inner, -3, inner, 3); seg(inner, 3, s * hl, 3);
    }
    for (let i = 0; i < 48; i++) {
      const a = i / 48 * 2 * Math.PI, b = (i + 1) / 48 * 2 * Math.PI;
      seg(2 * Math.cos(a), 2 * Math.sin(a), 2 * Math.cos(b), 2 * Math.sin(b));
    }
    const geometry = new THREE.BufferGeometry().setFromPoints(pts);
    return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0xffffff }));
  }

  function goal(side) {
    const group = new THREE.Group();
    const mat = new THREE.MeshLambertMaterial({ color: 0xeeeeee });
    const x = side * 15;
    for (const y of [-1.05, 1.05]) {
      const post = new THREE.Mesh(new THREE.CylinderGeometry(0.05, 0.05, 0.8, 12), mat);
      post.position.copy(at(x, y, 0.4));
      group.add(post);
    }
    const bar = new THREE.Mesh(new THREE.CylinderGeometry(0.05, 0.05, 2.1, 12), mat);
    bar.rotation.x = Math.PI / 2;
    bar.position.copy(at(x, 0, 0.8));
    group.add(bar);
    const net = new THREE.Mesh(new THREE.BoxGeometry(0.6, 0.8, 2.1),
      new THREE.MeshLambertMaterial({ color: side < 0 ? 0x90caf9 : 0xef9a9a, transparent: true, opacity: 0.35 }));
    net.position.copy(at(x + side * 0.3, 0, 0.4));
    group.add(net);
    return group;
  }

  function numberSprite(text, colour) {
    const c = document.createElement('canvas');
    c.width = 64; c.height = 64;
    const g = c.getContext('2d');
    g.fillStyle = colour; g.beginPath(); g.arc(32, 32, 30, 0, 2 * Math.PI); g.fill();
    g.fillStyle = '#ffffff'; g.font = 'bold 40px sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillText(text, 32, 34);
    const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(c) }));
    sprite.scale.set(0.35, 0.35, 0.35);
    return sprite;
  }

  function makeRobot(team, unum) {
    const group = new THREE.Group();
    const body = new THREE.Group();  // tilts when the robot falls
    const mat = new THREE.MeshLambertMaterial({ color: COLOURS[team] || 0x777777 });
    const torso = new THREE.Mesh(new THREE.BoxGeometry(0.1, 0.25, 0.2), mat);  // x forward, y up, z sideways
    torso.position.y = 0.4;
    const legs = new THREE.Mesh(new THREE.BoxGeometry(0.08, 0.3, 0.14), new THREE.MeshLambertMaterial({ color: 0xdddddd }));
    legs.position.y = 0.15;
    const head = new THREE.Mesh(new THREE.SphereGeometry(0.07, 16, 12), new THREE.MeshLambertMaterial({ color: 0xeeeeee }));
    head.position.y = 0.58;
    const nose = new THREE.Mesh(new THREE.BoxGeometry(0.08, 0.03, 0.03), mat);
    nose.position.set(0.07, 0.58, 0);
    body.add(torso, legs, head, nose);
    group.add(body);
    const label = numberSprite(String(unum), team === 0 ? '#1565c0' : '#c62828');
    label.position.y = 0.85;
    group.add(label);
    group.userData.body = body;
    scene.add(group);
    return group;
  }

  function init(container) {
    const width = container.clientWidth || 990, height = container.clientHeight || 690;
    renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setSize(width, height);
    container.appendChild(renderer.domElement);
    scene = new THREE.Scene();
    scene.background = new THREE.Color(0x87a9c9);
    camera = new THREE.PerspectiveCamera(45, width / height, 0.1, 200);
    camera.position.set(0, 18, 24);
    controls = new THREE.OrbitControls(camera, renderer.domElement);
    controls.target.set(0, 0, 0);
    controls.update();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x445544, 0.9));
    const sun = new THREE.DirectionalLight(0xffffff, 0.6);
    sun.position.set(10, 20, 5);
    scene.add(sun);
    const grass = new THREE.Mesh(new THREE.PlaneGeometry(36, 26), new THREE.MeshLambertMaterial({ color: 0x2e7d32 }));
    grass.rotation.x = -Math.PI / 2;
    scene.add(grass);
    scene.add(fieldLines(30, 20), goal(-1), goal(1));
    ball = new THREE.Mesh(new THREE.SphereGeometry(0.09, 20, 14), new THREE.MeshLambertMaterial({ color: 0xffffff }));
    scene.add(ball);
    makeOverlay(30, 20);
    (function loop() {
      requestAnimationFrame(loop);
      controls.update();
      renderer.render(scene, camera);
    })();
  }

  function makeOverlay(length, width) {
    const w = length + 2 * OVERLAY_MARGIN, h = width + 2 * OVERLAY_MARGIN;
    overlayCanvas = document.createElement('canvas');
    overlayCanvas.width = Math.round(w * OVERLAY_PX_PER_M);
    overlayCanvas.height = Math.round(h * OVERLAY_PX_PER_M);
    overlayTexture = new THREE.CanvasTexture(overlayCanvas);
    const plane = new THREE.Mesh(new THREE.PlaneGeometry(w, h),
      new THREE.MeshBasicMaterial({ map: overlayTexture, transparent: true, depthWrite: false }));
    plane.rotation.x = -Math.PI / 2;
    plane.position.y = 0.02;  // just above the lines
    plane.renderOrder = 1;
    scene.add(plane);
    // The field api overlay.js draws with (web/field.js's px, py, scale).
    overlayApi = {
      scale: function () { return OVERLAY_PX_PER_M; },
      px: function (x) { return (x + length / 2 + OVERLAY_MARGIN) * OVERLAY_PX_PER_M; },
      py: function (y) { return (width / 2 + OVERLAY_MARGIN - y) * OVERLAY_PX_PER_M; },
    };
  }

  // drawOverlay(ctx, api): draws what the robots think in field
  // coordinates, as the 2D view's overlay does; null draws nothing.
  function drawOverlay(draw) {
    if (!overlayCanvas) return;
    const ctx = overlayCanvas.getContext('2d');
    if (!draw && !overlayDirty) return;
    ctx.clearRect(0, 0, overlayCanvas.width, overlayCanvas.height);
    overlayDirty = !!draw;
    if (draw) draw(ctx, overlayApi);
    overlayTexture.needsUpdate = true;
  }

  function update(frame, overlay) {
    if (!scene || !frame) return;
    drawOverlay(overlay);
    const seen = new Set();
    for (const r of frame.robots) {
      const [team, unum, , x, y, , yaw, fallen, upZ] = r;
      const key = team + '/' + unum;
      seen.add(key);
      const g = robots.get(key) || makeRobot(team, unum);
      robots.set(key, g);
      g.position.copy(at(x, y, 0));
      g.rotation.y = yaw;
      // Lying robots: tilt the body by the torso's up axis (up_z = cos tilt).
      const tilt = Math.acos(Math.max(-1, Math.min(1, upZ === undefined ? 1 : upZ)));
      g.userData.body.rotation.z = fallen ? -Math.max(tilt, 1.2) : -tilt;
    }
    for (const [key, g] of robots) {
      if (!seen.has(key)) { scene.remove(g); robots.delete(key); }
    }
    if (frame.ball) { ball.visible = true; ball.position.copy(at(frame.ball[0], frame.ball[1], Math.max(0.09, frame.ball[2]))); }
    else ball.visible = false;
  }

  window.LiberoView3D = { init, update, overlayCanvas: function () { return overlayCanvas; } };
})();
