/*
 * conda-forge page counter. Reports a page view to the GoatCounter endpoint named in the
 * script tag's data-goatcounter attribute, without cookies or personal data. The site's client
 * module calls window.goatcounter.count() after each client-side navigation.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var endpoint = script && script.getAttribute('data-goatcounter');
  if (!endpoint || window.goatcounter) return;

  function isBot() {
    return navigator.webdriver ? 150 : 0;
  }

  function count() {
    if (document.visibilityState === 'prerender' || /^(localhost|127\.|\[::1\])/.test(location.host) && !window.goatcounterAllowLocal) return;
    var params = new URLSearchParams({
      p: location.pathname + location.search,
      t: document.title,
      r: document.referrer,
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
