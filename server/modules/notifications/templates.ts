import type { Language } from '../common/schema.ts';
import { callToAction, digestOfferText, percentText, unsubscribeText } from './messages.ts';
import type { NotificationKind } from './schema.ts';

/**
 * How a notification looks on each channel (pure functions, no I/O). Every message has a title, a body
 * and an app path; the email adds a list of offers when the message carries one (the digest) and the
 * footer with the one-click unsubscribe link; SMS is the body alone; a push is a small JSON document the
 * service worker (client/public/push-sw.js) and the Android wrapper read.
 */

export interface RenderableNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  data: Record<string, unknown>;
}

export interface DigestOffer {
  outletName: string;
  locality: string;
  percent: number;
  title: string | null;
  /** Until when it is live, e.g. "until 6:00 pm". */
  until: string | null;
  url: string;
}

export { istDay, istTime, percentText, rupees } from './messages.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface EmailContext {
  /** The public origin links start with, e.g. https://bachat.in. */
  publicUrl: string;
  /** The recipient's language (the title and body were written in it when the message was made). */
  language?: Language;
  /** The shopper's unsubscribe page for this message's setting (none for owners' transactional mail). */
  unsubscribe: { pageUrl: string; oneClickUrl: string; label: string } | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function offersOf(n: RenderableNotification): DigestOffer[] {
  return Array.isArray(n.data.offers) ? (n.data.offers as DigestOffer[]) : [];
}

export function renderEmail(n: RenderableNotification, ctx: EmailContext): RenderedEmail {
  const language = ctx.language ?? 'en';
  const link = `${ctx.publicUrl}${n.url}`;
  const offers = offersOf(n);
  const cta = callToAction(n.kind, language);
  const lines = (n.data.lines as string[] | undefined) ?? [];
  const footer = ctx.unsubscribe ? unsubscribeText(ctx.unsubscribe.label, language) : null;

  const text = [
    n.title,
    '',
    n.body,
    ...(lines.length ? ['', ...lines] : []),
    ...(offers.length
      ? ['', ...offers.map((o) => `• ${digestOfferText(o, language)}${o.until ? ` (${o.until})` : ''}: ${ctx.publicUrl}${o.url}`)]
      : []),
    '',
    `${cta}: ${link}`,
    ...(ctx.unsubscribe && footer ? ['', `${footer.why} ${footer.turnOff}: ${ctx.unsubscribe.pageUrl}`] : []),
  ].join('\n');

  const offerRows = offers
    .map((o) => {
      const pct = `<strong style="color:#f26b1d;font-size:18px">${escapeHtml(percentText(o.percent, language))}% ${language === 'hi' ? 'की छूट' : 'off'}</strong>`;
      const outlet = `<strong>${escapeHtml(o.outletName)}</strong>`;
      return `<tr><td style="padding:10px 0;border-bottom:1px solid #eee">
<a href="${escapeHtml(ctx.publicUrl + o.url)}" style="color:#1f2937;text-decoration:none">${language === 'hi' ? `${outlet} पर ${pct}` : `${pct}\nat ${outlet}`}<br><span style="color:#6b7280;font-size:13px">${escapeHtml(o.locality)}${o.title ? ` · ${escapeHtml(o.title)}` : ''}${o.until ? ` · ${escapeHtml(o.until)}` : ''}</span></a></td></tr>`;
    })
    .join('');

  const html = `<!doctype html><html lang="${language === 'hi' ? 'hi-IN' : 'en-IN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(n.title)}</title></head>
<body style="margin:0;background:#f7f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Devanagari',sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px;padding:24px">
<tr><td style="font-size:20px;font-weight:700;color:#f26b1d;padding-bottom:12px">₹ Bachat</td></tr>
<tr><td><h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(n.title)}</h1><p style="margin:0 0 16px;line-height:1.5">${escapeHtml(n.body)}</p>
${lines.length ? `<p style="margin:0 0 16px;line-height:1.6">${lines.map(escapeHtml).join('<br>')}</p>` : ''}</td></tr>
${offerRows ? `<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${offerRows}</table></td></tr>` : ''}
<tr><td style="padding-top:20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#f26b1d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(cta)}</a></td></tr>
</table>
${
  ctx.unsubscribe && footer
    ? `<p style="max-width:560px;color:#6b7280;font-size:12px;line-height:1.5;margin:16px auto 0">${escapeHtml(footer.why)}
<a href="${escapeHtml(ctx.unsubscribe.pageUrl)}" style="color:#6b7280">${escapeHtml(footer.link)}</a>.</p>`
    : ''
}
</td></tr></table></body></html>`;

  const headers: Record<string, string> = {};
  if (ctx.unsubscribe) {
    // RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs "List-Unsubscribe=One-Click".
    headers['List-Unsubscribe'] = `<${ctx.unsubscribe.oneClickUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject: n.title, text, html, headers };
}

/** An SMS: the body, prefixed with the brand so the shopper knows who writes. */
export function renderSms(n: RenderableNotification): string {
  return n.body.startsWith('Bachat:') ? n.body : `Bachat: ${n.body}`;
}

/** What the service worker and the Android wrapper receive (kept small: push services cap payloads at 4 KB). */
export interface PushPayload {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /**
   * A shopper's opens the inbox entry (which marks it read) and then the message's own page; an owner's
   * payment alert (no inbox) opens the outlet's counter.
   */
  url: string;
  /**
   * Same-kind messages replace each other on the lock screen; an owner's payment alert is tagged by its
   * order, so the account's devices and tabs (and a repeated push) show one notification per payment
   * while two payments stay two.
   */
  tag: string;
}

export function renderPush(n: RenderableNotification): PushPayload {
  if (n.kind === 'payment_alert') {
    return { id: n.id, kind: n.kind, title: n.title, body: n.body, url: n.url, tag: `bachat-payment-${String(n.data.orderId ?? n.id)}` };
  }
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    url: `/notifications?open=${n.id}`,
    tag: `bachat-${n.kind}`,
  };
}
