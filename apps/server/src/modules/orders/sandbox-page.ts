import type { SandboxTicket } from '../../adapters/payments/sandbox-payment-provider';
import { escapeHtml } from '../../lib/escape-html';

/**
 * The sandbox provider's checkout page: our own stand-in for a gateway's page, with no script
 * (the site's CSP allows none inline). Each button posts the signed ticket back with an action.
 */
export function sandboxCheckoutPage(
  ticket: SandboxTicket,
  encoded: string,
  signature: string,
): string {
  const amount = (ticket.amountFen / 100).toFixed(2);
  const expires = new Date(ticket.expiresAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' });
  const button = (action: string, label: string, tone: string) =>
    `<button type="submit" name="action" value="${action}" class="${tone}">${label}</button>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>模拟支付 - Ninety PTE</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329}
main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}
.note{color:#5c6370;font-size:14px;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
dt{color:#5c6370}dd{margin:0;font-weight:600}
.amount{font-size:28px;color:#c41d1d}
form{display:grid;gap:10px}
button{font:inherit;padding:12px;border-radius:8px;border:1px solid #c9cdd4;background:#fff;cursor:pointer}
button.primary{background:#1554ad;border-color:#1554ad;color:#fff}
button.danger{color:#a8071a;border-color:#e8a3a3}
</style>
</head>
<body>
<main>
<h1>模拟支付</h1>
<p class="note">这是测试环境的模拟收银台，不会产生真实扣款。</p>
<dl>
<dt>商品</dt><dd>${escapeHtml(ticket.titleZh)}</dd>
<dt>订单号</dt><dd>${escapeHtml(ticket.orderNo)}</dd>
<dt>金额</dt><dd class="amount">￥${amount}</dd>
<dt>支付截止</dt><dd>${escapeHtml(expires)}</dd>
</dl>
<form method="post" action="/api/payments/sandbox/checkout">
<input type="hidden" name="ticket" value="${escapeHtml(encoded)}">
<input type="hidden" name="sig" value="${escapeHtml(signature)}">
${button('pay', '确认支付', 'primary')}
${button('late', '支付成功，但通知延迟送达', '')}
${button('fail', '模拟支付失败', 'danger')}
${button('cancel', '取消支付', '')}
</form>
</main>
</body>
</html>`;
}
