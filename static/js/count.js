/* conda-forge page counter (documented in src/clientModules/pageCounter.ts, kept short: every page loads it). */
(function () {
  'use strict';
  var script = document.currentScript;
  var endpoint = script && script.getAttribute('data-goatcounter');
  if (!endpoint || window.goatcounter) return;

  function isBot() {
    return navigator.webdriver ? 150 : 0;
  }

  // Only an address's origin and path leave the page: a query or hash may hold search terms.
  function bare(url) {
    return String(url || '').replace(/[?#][\s\S]*$/, '');
  }

  var first = true;

  function count(view) {
    if (document.visibilityState === 'prerender' || /^(localhost|127\.|\[::1\])/.test(location.host) && !window.goatcounterAllowLocal) return;
    var referrer = first ? bare(document.referrer) : '';
    first = false;
    var params = new URLSearchParams({
      p: bare((view && view.path) || location.pathname),
      t: (view && view.title) || document.title,
      r: referrer,
      s: [screen.width, screen.height, window.devicePixelRatio || 1].join(','),
      b: String(isBot()),
      rnd: Math.random().toString(36).slice(2),
    });
    var url = endpoint + '?' + params.toString();
    if (navigator.sendBeacon && navigator.sendBeacon(url)) return;
    new Image().src = url;
  }

  window.goatcounter = {count: count};
  count();
})();
