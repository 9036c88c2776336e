/** HTML of the sandbox's buyer-facing pages. No inline script: the site's CSP applies here too. */

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
  body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%}
  h1{font-size:20px;margin:0 0 4px;color:#003087} .note{color:#666;font-size:13px;margin:0 0 20px}
  .amount{font-size:28px;font-weight:700;margin:16px 0} form{margin:0} .row{display:flex;flex-direction:column;gap:10px}
  button{font-size:16px;padding:12px;border-radius:24px;border:0;cursor:pointer;width:100%}
  .approve{background:#ffc439;color:#111} .pending{background:#fff3cd;color:#111} .decline{background:#eee;color:#333} .cancel{background:none;color:#0070ba;text-decoration:underline}
`;

export function approvalPage(order: { id: string; amount: string; currency: string; description: string | null; status: string }): string {
  const payable = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
  const action = (a: string) => `/sandbox/paypal/checkoutnow/${encodeURIComponent(order.id)}/${a}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PayPal sandbox: approve payment</title><style>${STYLE}</style></head><body><main>
<h1>PayPal (sandbox)</h1>
<p class="note">Local provider sandbox: no real money moves.</p>
<p>${esc(order.description ?? 'Workshop registration')}</p>
<p class="amount">${esc(order.amount)} ${esc(order.currency)}</p>
${
  payable
    ? `<div class="row">
<form method="post" action="${action('approve')}"><button class="approve" type="submit" data-testid="sandbox-paypal-approve">Approve payment</button></form>
<form method="post" action="${action('approve-pending')}"><button class="pending" type="submit" data-testid="sandbox-paypal-approve-pending">Approve; PayPal holds the payment for review</button></form>
<form method="post" action="${action('decline')}"><button class="decline" type="submit" data-testid="sandbox-paypal-decline">Pay with a card that gets declined</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit" data-testid="sandbox-paypal-cancel">Cancel and return to the site</button></form>
</div>`
    : `<p data-testid="sandbox-paypal-done">This order is ${esc(order.status.toLowerCase())}.</p>`
}
</main></body></html>`;
}
