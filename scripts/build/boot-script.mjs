// @ts-check
// The inline script at the end of every prerendered page (scripts/build/prerender.mjs), which decides when the app's
// JavaScript (React and the router, ~95 KB gzip) loads. budget.mjs reads its data-entry / data-preload attributes.
//
// Production build, a first visit (issue 30): the page is HTML and stays HTML until it needs the app. Links are
// links, the FAQ is <details>, the two scroll buttons (data-scroll-to) are handled here; the app loads
//   - at the first sign of a press on a button ('Login', 'Contratar': pointerdown, focus, hover), and the press
//     itself is kept and played again once React has hydrated (src/lib/early-clicks.ts); the page shows it is
//     working meanwhile (a bar along the top, .app-loading in src/styles.css);
//   - at once when the page is not a first visit's: a session in this tab (the header shows the account), a
//     query the app reads (`?mode=login`), or a path of the app's (/dashboard, /tracking... served the home
//     page's HTML by the host's index.html fallback);
//   - never for a path the app does not have: the prerendered 404 page (dist/404.html) takes the place of the
//     home page's HTML here, and is hydrated later like any prerendered page.
// Demo build: the app starts right after the first paint, as its in-browser backend must (the demo's mode).
/* global window, location, requestAnimationFrame, DOMParser, Element -- browser code */

/**
 * Runs in the page (serialized with Function.prototype.toString: no closure over this module).
 * @param {Document} d
 * @param {HTMLScriptElement & { dataset: { entry: string, preload: string } }} c this script, with bootScript's data
 * @param {boolean} lazy
 * @param {string} appPaths
 */
function bootInPage(d, c, lazy, appPaths) {
  var w = window;
  var root = /** @type {HTMLElement} */ (d.getElementById('root'));
  var path = location.pathname.replace(/(.)\/+$/, '$1');
  var started = 0;
  /** @type {[string, EventListener][]} */
  var listeners = [];
  /** @type {(type: string, fn: EventListener) => void} */
  var on = function (type, fn) {
    d.addEventListener(type, fn, true);
    listeners.push([type, fn]);
  };
  /** @type {NonNullable<Window['__earlyClicks']>} */
  var early = {
    targets: [],
    stop: function () {
      listeners.forEach(function (l) {
        d.removeEventListener(l[0], l[1], true);
      });
    },
  };
  w.__earlyClicks = early;
  function start() {
    if (started) return;
    started = 1;
    c.dataset.preload
      .split(' ')
      .filter(Boolean)
      .forEach(function (h) {
        var l = d.createElement('link');
        l.rel = 'modulepreload';
        l.crossOrigin = '';
        l.href = h;
        d.head.appendChild(l);
      });
    var s = d.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = c.dataset.entry;
    d.head.appendChild(s);
  }
  /** @type {(e: Event) => HTMLButtonElement | null} */
  var button = function (e) {
    return e.target instanceof Element ? e.target.closest('button') : null;
  };
  // Presses on buttons before hydration are kept and played again afterwards; the scroll buttons are served here.
  on('click', function (e) {
    var t = button(e);
    if (!t) return;
    var to = t.getAttribute('data-scroll-to');
    if (to) {
      var target = to === 'top' ? null : d.getElementById(to);
      // As the buttons' own handlers do once React is here (home-page.tsx, footer.tsx).
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        target.focus({ preventScroll: true });
      } else w.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    early.targets.push(t);
    // After this frame's paint: the press itself stays as quick as on a page without scripts.
    if (lazy)
      setTimeout(function () {
        if (!d.querySelector('.app-loading')) {
          var bar = d.createElement('div');
          bar.className = 'app-loading';
          bar.setAttribute('aria-hidden', 'true');
          d.body.appendChild(bar);
        }
        start();
      }, 0);
  });
  if (!lazy) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 500);
    return;
  }
  /** @type {EventListener} */
  var intent = function (e) {
    var t = button(e);
    if (t && !t.hasAttribute('data-scroll-to')) setTimeout(start, 0);
  };
  ['pointerdown', 'focusin', 'mouseover'].forEach(function (type) {
    on(type, intent);
  });
  var session = false;
  try {
    session = !!sessionStorage.getItem('token');
  } catch {
    session = false;
  }
  var appQuery = /[?&](?!utm_|gclid=|fbclid=)[^=&]/.test(location.search);
  if (path === root.dataset.prerendered) {
    if (session || appQuery) start();
    return;
  }
  if (new RegExp(appPaths).test(path)) return start();
  // Not a path of the app: the 404 page, as prerendered, in place of the fallback's home page.
  root.hidden = true;
  fetch('/404.html')
    .then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    })
    .then(function (text) {
      var page = new DOMParser().parseFromString(text, 'text/html');
      var found = page.getElementById('root');
      if (!found) throw new Error('no #root');
      root.innerHTML = found.innerHTML;
      root.dataset.prerendered = path;
      d.title = page.title;
      root.hidden = false;
      if (session || appQuery) start();
    })
    .catch(function () {
      root.hidden = false;
      start();
    });
}

/**
 * The boot script's tag. `appPaths`: a regular expression (source) matching every path the app routes itself
 * (src/entry-server.tsx `appPathPattern`).
 * @param {{ entry: string, preloads: string[], lazy: boolean, appPaths: string }} options
 */
export function bootScript({ entry, preloads, lazy, appPaths }) {
  const args = [
    'document',
    'document.currentScript',
    JSON.stringify(lazy),
    JSON.stringify(appPaths).replace(/</g, '\\u003c'),
  ];
  return (
    `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">` +
    `(${bootInPage.toString()})(${args.join(',')})</script>`
  );
}
