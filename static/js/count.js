/*
 * conda-forge page counter. Reports a page view to the GoatCounter endpoint named in the
 * script tag's data-goatcounter attribute, without cookies or personal data. The site's client
 * module calls window.goatcounter.count({path, title}) after each client-side navigation, once the
 * new page's title is in place. Only the path is reported: query strings (search terms, package
 * filters) never leave the page.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var endpoint = script && script.getAttribute('data-goatcounter');
  if (!endpoint || window.goatcounter) return;

  function isBot() {
    return navigator.webdriver ? 150 : 0;
  }

  var first = true;

  function count(view) {
    if (document.visibilityState === 'prerender' || /^(localhost|127\.|\[::1\])/.test(location.host) && !window.goatcounterAllowLocal) return;
    // The referrer belongs to the first page of a visit; later views are moves within the site.
    var referrer = first ? document.referrer : '';
    first = false;
    var params = new URLSearchParams({
      p: (view && view.path) || location.pathname,
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
