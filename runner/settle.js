// The settle tracker. It runs in every document of a journey before the
// page's own scripts, and notes what could still change the page without
// the browser reporting it: pending timers (setTimeout, setInterval,
// requestAnimationFrame, requestIdleCallback, scheduler.postTask), open
// WebSockets and EventSources, workers, message posts, and DOM mutations.
// The locator engine reads it (Symbol.for('vouch.settle')) to tell a page
// that has settled, on which a check that does not hold may fail at once,
// from one that may still change. The network and navigations are watched
// from outside, through the browser's own events.
//
// It keeps the page's behaviour: every wrapper calls the original with the
// same arguments and returns its result. It also keeps the originals, so
// that the engine's own polling is not counted as the page's activity.
(() => {
  const K = Symbol.for('vouch.settle');
  if (window[K]) return;
  const now = () => performance.now();
  const s = {
    last: now(), // the page's latest activity (performance.now())
    mut: now(), // the latest DOM mutation
    timers: new Map(), // id → when it fires next
    frames: new Set(), // pending animation-frame callbacks
    idles: new Set(), // pending idle callbacks
    tasks: 0, // pending scheduler.postTask tasks
    conns: new Set(), // WebSockets and EventSources
    workers: 0,
    orig: {
      setTimeout: setTimeout.bind(window),
      clearTimeout: clearTimeout.bind(window),
      requestAnimationFrame: requestAnimationFrame.bind(window),
      MutationObserver: MutationObserver,
    },
  };
  Object.defineProperty(window, K, { value: s });
  const touch = () => { s.last = now(); };

  const st = setTimeout, si = setInterval, ct = clearTimeout, ci = clearInterval;
  const clear = (orig) => function (id) { s.timers.delete(id); return orig.call(window, id); };
  window.setTimeout = function (fn, d, ...a) {
    d = Math.max(0, Number(d) || 0);
    let id;
    if (typeof fn === 'function') {
      id = st.call(window, function () { s.timers.delete(id); touch(); return fn.apply(this, arguments); }, d, ...a);
    } else {
      id = st.call(window, fn, d, ...a);
      st.call(window, () => { s.timers.delete(id); touch(); }, d);
    }
    s.timers.set(id, now() + d);
    return id;
  };
  window.setInterval = function (fn, d, ...a) {
    d = Math.max(0, Number(d) || 0);
    let id;
    if (typeof fn === 'function') {
      id = si.call(window, function () { if (s.timers.has(id)) s.timers.set(id, now() + d); touch(); return fn.apply(this, arguments); }, d, ...a);
    } else {
      id = si.call(window, fn, d, ...a);
      // A string interval runs for ever as far as we can tell.
      st.call(window, function tick() { if (s.timers.has(id)) { s.timers.set(id, now() + d); touch(); st.call(window, tick, d); } }, d);
    }
    s.timers.set(id, now() + d);
    return id;
  };
  window.clearTimeout = clear(ct);
  window.clearInterval = clear(ci);

  const raf = requestAnimationFrame, caf = cancelAnimationFrame;
  window.requestAnimationFrame = function (cb) {
    let id;
    id = raf.call(window, function (t) { s.frames.delete(id); touch(); return cb.call(this, t); });
    s.frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = function (id) { s.frames.delete(id); return caf.call(window, id); };
  if (window.requestIdleCallback) {
    const ric = requestIdleCallback, cic = cancelIdleCallback;
    window.requestIdleCallback = function (cb, o) {
      let id;
      id = ric.call(window, function (d) { s.idles.delete(id); touch(); return cb.call(this, d); }, o);
      s.idles.add(id);
      return id;
    };
    window.cancelIdleCallback = function (id) { s.idles.delete(id); return cic.call(window, id); };
  }
  if (window.scheduler && typeof scheduler.postTask === 'function') {
    const pt = scheduler.postTask.bind(scheduler);
    scheduler.postTask = function (cb, o) {
      s.tasks++;
      const p = pt(cb, o);
      const end = () => { s.tasks--; touch(); };
      p.then(end, end);
      return p;
    };
  }
  // Connections that may deliver a change at any time, and workers, whose
  // timers this tracker cannot see.
  const track = (name, onNew) => {
    const C = window[name];
    if (typeof C !== 'function') return;
    window[name] = new Proxy(C, {
      construct(T, args, nt) {
        const o = Reflect.construct(T, args, nt);
        onNew(o);
        return o;
      },
    });
  };
  track('WebSocket', (o) => { s.conns.add(o); o.addEventListener('message', touch); o.addEventListener('close', touch); });
  track('EventSource', (o) => { s.conns.add(o); o.addEventListener('message', touch); o.addEventListener('error', touch); });
  track('Worker', () => { s.workers++; });
  track('SharedWorker', () => { s.workers++; });
  // Work that completes off the main thread without a timer or a request:
  // WebAssembly compilation and IndexedDB opens count as pending until done.
  const pending = (obj, name) => {
    const f = obj && obj[name];
    if (typeof f !== 'function') return;
    obj[name] = function () {
      s.tasks++;
      let p;
      try { p = f.apply(this, arguments); } catch (e) { s.tasks--; throw e; }
      const end = () => { s.tasks--; touch(); };
      Promise.resolve(p).then(end, end);
      return p;
    };
  };
  // Requests count until the page has its answer, not only until the
  // browser has it: on a starved machine the response can reach the page's
  // thread long after the network reported it done, and the page must not
  // look settled in between.
  pending(window, 'fetch');
  if (window.Response) for (const n of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) pending(Response.prototype, n);
  if (window.XMLHttpRequest) {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function () {
      s.tasks++;
      let done = false;
      const end = () => { if (!done) { done = true; s.tasks--; touch(); } };
      this.addEventListener('loadend', end);
      try { return send.apply(this, arguments); } catch (e) { end(); throw e; }
    };
  }
  if (window.WebAssembly) for (const n of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) pending(WebAssembly, n);
  if (window.IDBFactory) {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function () {
      const r = open.apply(this, arguments);
      s.tasks++;
      let done = false;
      const end = () => { if (!done) { done = true; s.tasks--; touch(); } };
      r.addEventListener('success', end);
      r.addEventListener('error', end);
      return r;
    };
  }
  // Message posts schedule work as a timer does (setImmediate polyfills).
  const pm = window.postMessage;
  window.postMessage = function () { touch(); return pm.apply(this, arguments); };
  if (window.MessagePort) {
    const ppm = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function () { touch(); return ppm.apply(this, arguments); };
  }
  // Elements a script made clickable (addEventListener('click', …), as
  // jQuery's .click() does): the locator takes an icon named only by its
  // title for a control when it has one. Kept in a WeakSet, so the page's
  // elements are neither marked nor kept alive.
  const clickable = new WeakSet();
  s.clickable = clickable;
  if (window.EventTarget) {
    const ael = EventTarget.prototype.addEventListener;
    const CLICKS = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend']);
    EventTarget.prototype.addEventListener = function (type, fn, o) {
      if (CLICKS.has(type) && this instanceof Element) clickable.add(this);
      return ael.call(this, type, fn, o);
    };
  }
  // The latest press of a mouse button or a key, on what, and when each
  // element was last added or had its attributes changed: an item "in the
  // menu a click opened" is one that click revealed (locator.js inPopup).
  // Presses, not clicks: many menus open on mousedown, before the click.
  s.act = 0;
  s.actTarget = null;
  s.changed = new WeakMap();
  for (const ty of ['pointerdown', 'mousedown', 'keydown']) {
    addEventListener(ty, (e) => { s.act = now(); s.actTarget = e.target instanceof Element ? e.target : null; }, true);
  }
  new MutationObserver((recs) => {
    const t = now();
    s.mut = t;
    touch();
    for (const r of recs) {
      if (r.type === 'attributes') s.changed.set(r.target, t);
      else if (r.type === 'childList') for (const n of r.addedNodes) if (n.nodeType === 1) s.changed.set(n, t);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  for (const t of ['readystatechange', 'load', 'pageshow', 'hashchange', 'popstate', 'transitionend', 'animationend', 'message'])
    addEventListener(t, touch, true);
})();
