/* Session-replay recorder (sandbox stand-in of a heatmap/replay vendor). Loaded by the portal only with the visitor's
   consent for session replay. It records clicks and form input, masking IBAN, BIC, every code field, passwords and
   anything marked data-replay-mask: their values never leave the browser. Like the vendors' "mask all inputs" setting
   (rrweb maskAllInputs, Clarity's strict mode), data-mask-all-inputs="true" on the script tag masks every input except
   those inside data-replay-unmask. */
(function () {
  var script = document.currentScript;
  var ingest = script && script.getAttribute('data-ingest');
  if (!ingest) return;
  var maskAll = script.getAttribute('data-mask-all-inputs') === 'true';
  var session = Math.random().toString(36).slice(2);
  var queue = [];
  function masked(el) {
    if (maskAll && el.closest('[data-replay-unmask]') === null) return true;
    var name = ((el.name || '') + ' ' + (el.id || '') + ' ' + (el.getAttribute('autocomplete') || '')).toLowerCase();
    return el.type === 'password' || el.closest('[data-replay-mask]') !== null || /iban|bic|code|one-time-code|otp|token/.test(name);
  }
  function describe(el) {
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.name ? '[name=' + el.name + ']' : '');
  }
  document.addEventListener('click', function (event) {
    var el = event.target;
    if (el && el.tagName) queue.push({ type: 'click', target: describe(el), at: Date.now() });
  }, true);
  document.addEventListener('input', function (event) {
    var el = event.target;
    if (!el || !('value' in el)) return;
    queue.push({ type: 'input', target: describe(el), value: masked(el) ? '•'.repeat(Math.min(String(el.value).length, 12)) : String(el.value).slice(0, 200), masked: masked(el), at: Date.now() });
  }, true);
  function flush() {
    if (queue.length === 0) return;
    var body = JSON.stringify({ session: session, page: location.pathname, events: queue.splice(0) });
    if (navigator.sendBeacon) navigator.sendBeacon(ingest, new Blob([body], { type: 'text/plain' }));
  }
  setInterval(flush, 2000);
  addEventListener('pagehide', flush);
  queue.push({ type: 'view', target: location.pathname, at: Date.now() });
})();
