import type { CapturedMail } from '../../mail/capture';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const STYLE = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  header { background: #1d2433; color: #fff; padding: 12px 20px; }
  header h1 { font-size: 17px; margin: 0; }
  header p { margin: 4px 0 0; font-size: 13px; opacity: .8; }
  main { max-width: 760px; margin: 20px auto; padding: 0 16px; }
  label { display: block; font-size: 13px; margin: 10px 0 4px; color: #4a5468; }
  select, input, textarea, button { font: inherit; }
  select, input, textarea { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #c5cad3; border-radius: 6px; background: #fff; }
  button { margin-top: 10px; padding: 8px 18px; border: 0; border-radius: 6px; background: #2157d6; color: #fff; cursor: pointer; }
  button:disabled { opacity: .5; cursor: default; }
  .thread { background: #fff; border: 1px solid #dde1e7; border-radius: 8px; padding: 12px; min-height: 200px; max-height: 420px; overflow-y: auto; margin-top: 16px; }
  .bubble { max-width: 75%; margin: 6px 0; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; word-wrap: break-word; }
  .in { background: #e9ecf1; margin-right: auto; }
  .out { background: #2157d6; color: #fff; margin-left: auto; }
  .meta { font-size: 11px; opacity: .7; margin-top: 2px; }
  .row { display: flex; flex-direction: column; }
  .empty { color: #8a93a5; text-align: center; padding: 40px 0; }
  .status { font-size: 13px; margin-top: 8px; min-height: 1.2em; }
  .mail { background: #fff; border: 1px solid #dde1e7; border-radius: 8px; margin: 12px 0; }
  .mail h2 { font-size: 16px; margin: 0; padding: 12px 14px 4px; }
  .mail dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; padding: 0 14px 10px; font-size: 13px; }
  .mail dt { color: #6b7487; }
  .mail dd { margin: 0; }
  .mail iframe { width: 100%; border: 0; border-top: 1px solid #eef0f3; min-height: 160px; background: #fff; }
`;

/**
 * The customer's phone: pick one of the store numbers the simulator serves, type the customer's
 * number and a message, send. The text goes through the carrier's inbound webhook like a real one;
 * the thread shows both sides of the conversation between the two numbers.
 */
export function phonePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer phone — carrier simulator</title><style>${STYLE}</style></head>
<body>
<header><h1>Customer phone</h1><p>Carrier simulator: texts sent here reach the store's inbox through the carrier webhook, signed like Twilio's.</p></header>
<main>
  <label for="store">Store number (texting to)</label>
  <select id="store"></select>
  <label for="phone">Customer phone (texting from)</label>
  <input id="phone" list="known" placeholder="+1 718 555 0142" autocomplete="off">
  <datalist id="known"></datalist>
  <div class="thread" id="thread"><div class="empty">Pick a store number and a customer phone.</div></div>
  <label for="body">Message</label>
  <textarea id="body" rows="3" placeholder="Type a message, e.g. Can I come in Tuesday?"></textarea>
  <button id="send">Send</button>
  <div class="status" id="status" role="status"></div>
</main>
<script>
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
async function loadNumbers() {
  const res = await fetch('numbers');
  const stores = await res.json();
  $('store').innerHTML = stores.map((s) => '<option value="' + esc(s.number) + '">' + esc(s.storeName + ' — ' + s.number) + '</option>').join('');
  await loadKnown();
}
async function loadKnown() {
  const store = $('store').value;
  if (!store) return;
  const res = await fetch('numbers/' + encodeURIComponent(store) + '/customers');
  const phones = await res.json();
  $('known').innerHTML = phones.map((p) => '<option value="' + esc(p) + '">').join('');
}
async function loadThread() {
  const store = $('store').value, phone = $('phone').value.trim();
  if (!store || !phone) return;
  const res = await fetch('phone/thread?store=' + encodeURIComponent(store) + '&phone=' + encodeURIComponent(phone));
  if (!res.ok) return;
  const msgs = await res.json();
  const el = $('thread');
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 30;
  el.innerHTML = msgs.length ? msgs.map((m) => '<div class="row"><div class="bubble ' + (m.fromCustomer ? 'out' : 'in') + '">' + esc(m.content) +
    '<div class="meta">' + esc(new Date(m.createdOn).toLocaleString()) + (m.fromCustomer ? '' : ' · ' + esc(m.status || '')) + '</div></div></div>').join('')
    : '<div class="empty">No messages between these numbers yet.</div>';
  if (atBottom) el.scrollTop = el.scrollHeight;
}
$('store').addEventListener('change', () => { loadKnown(); loadThread(); });
$('phone').addEventListener('change', loadThread);
$('send').addEventListener('click', async () => {
  const body = $('body').value;
  if (!body.trim()) { $('status').textContent = 'Type a message first.'; return; }
  $('send').disabled = true; $('status').textContent = 'Sending…';
  try {
    const res = await fetch('inbound', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: $('store').value, from: $('phone').value, body }) });
    const out = await res.json();
    if (!res.ok) { $('status').textContent = out.message || ('Failed: HTTP ' + res.status); return; }
    $('status').textContent = out.webhookStatus === 200 ? 'Delivered to the store (' + out.messageSid + ')' : 'The webhook answered HTTP ' + out.webhookStatus;
    $('body').value = '';
    await loadThread();
  } finally { $('send').disabled = false; }
});
loadNumbers().then(loadThread);
setInterval(loadThread, 2000);
</script>
</body></html>`;
}

/** The captured mailbox: every mail the product would have sent, newest first. */
export function mailboxPage(mails: CapturedMail[]): string {
  const items = mails
    .map(
      (m) => `<article class="mail">
  <h2>${escapeHtml(m.subject)}</h2>
  <dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>From</dt><dd>${escapeHtml(m.from)}</dd>
  <dt>Time</dt><dd><time datetime="${escapeHtml(m.createdOn)}">${escapeHtml(new Date(m.createdOn).toUTCString())}</time></dd></dl>
  <iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="15">
<title>Mailbox — captured mail</title><style>${STYLE}</style></head>
<body>
<header><h1>Captured mailbox</h1><p>No mail server is configured, so mail is kept here instead of being sent. Newest first; the page refreshes every 15 s.</p></header>
<main>${items || '<p class="empty">No mail yet.</p>'}</main>
</body></html>`;
}
