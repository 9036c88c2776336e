/**
 * A stand-in for https://checkout.razorpay.com/v1/checkout.js with the same API shape:
 * `new Razorpay({key, amount, currency, order_id, name, description, prefill, handler,
 * modal: {ondismiss}}).open()`, plus `.on('payment.failed', fn)`. It shows a small card
 * form whose Pay button asks the sandbox to take the payment.
 */
export function checkoutScript(): string {
  return `(function () {
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  function money(amount, currency) {
    try { return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency }).format(amount / 100); }
    catch (e) { return (amount / 100).toFixed(2) + ' ' + currency; }
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: key is required');
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) { (this.listeners[event] = this.listeners[event] || []).push(fn); return this; };
  Razorpay.prototype.close = function () { if (this.overlay) { this.overlay.remove(); this.overlay = null; } };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options, prefill = o.prefill || {};
    var overlay = el('div', { 'data-testid': 'sandbox-razorpay-modal', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Razorpay sandbox checkout',
      style: 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483647;font-family:system-ui,sans-serif' });
    var box = el('div', { style: 'background:#fff;border-radius:10px;padding:24px;width:340px;max-width:92vw;box-shadow:0 8px 32px rgba(0,0,0,.3)' });
    box.appendChild(el('div', { style: 'font-weight:700;color:#072654;font-size:18px' }, o.name || 'Checkout'));
    box.appendChild(el('div', { style: 'color:#555;font-size:13px;margin:4px 0 12px' }, (o.description || '') + ' \\u00b7 Razorpay sandbox, no real money'));
    box.appendChild(el('div', { style: 'font-size:26px;font-weight:700;margin-bottom:12px' }, money(o.amount, o.currency || 'USD')));
    box.appendChild(el('input', { value: '4111 1111 1111 1111', 'aria-label': 'Card number', readonly: 'readonly', style: 'width:100%;box-sizing:border-box;padding:8px;margin-bottom:8px' }));
    box.appendChild(el('div', { style: 'font-size:12px;color:#777;margin-bottom:12px' }, (prefill.email || '') + ' ' + (prefill.contact || '')));
    var status = el('div', { role: 'status', style: 'color:#c00;font-size:13px;min-height:18px;margin-bottom:8px' });
    box.appendChild(status);
    var pay = el('button', { type: 'button', 'data-testid': 'sandbox-razorpay-pay', style: 'width:100%;padding:12px;background:#3395ff;color:#fff;border:0;border-radius:6px;font-size:16px;cursor:pointer' }, 'Pay ' + money(o.amount, o.currency || 'USD'));
    var decline = el('button', { type: 'button', 'data-testid': 'sandbox-razorpay-decline', style: 'width:100%;padding:8px;margin-top:8px;background:#eee;border:0;border-radius:6px;cursor:pointer' }, 'Pay with a card that gets declined');
    var cancel = el('button', { type: 'button', 'data-testid': 'sandbox-razorpay-cancel', style: 'width:100%;padding:8px;margin-top:8px;background:none;border:0;color:#3395ff;cursor:pointer;text-decoration:underline' }, 'Cancel');
    box.appendChild(pay); box.appendChild(decline); box.appendChild(cancel);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    function submit(outcome) {
      pay.disabled = decline.disabled = true; status.textContent = '';
      fetch(origin + '/sandbox/razorpay/pay', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: o.key, order_id: o.order_id, email: prefill.email, contact: prefill.contact, outcome: outcome }) })
        .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
        .then(function (res) {
          if (res.ok) { self.close(); if (typeof o.handler === 'function') o.handler(res.body); return; }
          pay.disabled = decline.disabled = false;
          status.textContent = (res.body.error && res.body.error.description) || 'Payment failed';
          (self.listeners['payment.failed'] || []).forEach(function (fn) { fn({ error: res.body.error }); });
        })
        .catch(function () { pay.disabled = decline.disabled = false; status.textContent = 'Network error, try again'; });
    }
    pay.addEventListener('click', function () { submit('success'); });
    decline.addEventListener('click', function () { submit('fail'); });
    cancel.addEventListener('click', function () { self.close(); if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss(); });
  };
  window.Razorpay = Razorpay;
})();
`;
}
