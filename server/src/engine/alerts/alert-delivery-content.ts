import type { AlertChannelType } from '@common/alerts.ts'
import type { AlertDelivery } from '../../integrations/alerts/alert-senders.ts'
import { type AlertPayload, alertText } from './alert-message.ts'
import { alertSlackText } from './slack-text.ts'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A link button of the email (inline styles: mail clients drop style sheets). */
function button(href: string, label: string, primary: boolean): string {
  const colors = primary
    ? 'background:#2563eb;color:#ffffff;'
    : 'background:#ffffff;color:#1f2937;border:1px solid #d1d5db;'
  return `<a href="${escapeHtml(href)}" style="${colors}display:inline-block;padding:10px 16px;margin:4px 8px 4px 0;border-radius:6px;text-decoration:none;font-weight:600;font-size:14px">${escapeHtml(label)}</a>`
}

/** The email's HTML part: readable on a phone (one column, max 560 px) and on a desktop. */
export function alertHtml(payload: AlertPayload): string {
  const links = [
    button(payload.openUrl, 'Open in LeadRelay', true),
    payload.yelpUrl ? button(payload.yelpUrl, 'Open in Yelp Leads Center', false) : '',
  ].join('')
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(payload.summary)}</title></head>
<body style="margin:0;padding:16px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:20px;border:1px solid #e5e7eb">
<p style="margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b7280">LeadRelay · ${escapeHtml(payload.type)}${payload.clientName ? ` · ${escapeHtml(payload.clientName)}` : ''}</p>
<h1 style="margin:0 0 12px;font-size:18px;line-height:1.4;overflow-wrap:anywhere">${escapeHtml(payload.summary)}</h1>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#374151">${escapeHtml(payload.action)}</p>
${links ? `<div>${links}</div>` : ''}
<p style="margin:16px 0 0;font-size:12px;color:#9ca3af">${escapeHtml(new Date(payload.occurredAt).toUTCString())}</p>
</div></body></html>`
}

/**
 * What a channel of `type` sends for this outbox row: Slack's text is escaped for Slack
 * (slack-text.ts), the email's text part is plain.
 */
export function deliveryOf(
  payload: AlertPayload & { detail?: unknown },
  deliveryId: string,
  type: AlertChannelType,
): AlertDelivery {
  // `detail`, the raw error text behind the event, stays in the hub (alert-port.ts).
  const { action, yelpUrl, openUrl, detail: _detail, ...contract } = payload
  return {
    deliveryId,
    subject: `[LeadRelay] ${payload.summary}`.slice(0, 200),
    text: type === 'slack' ? alertSlackText(payload) : alertText(payload),
    html: alertHtml(payload),
    // docs/spec/product.md §9.3's body; what to do and the Yelp link travel in `data`.
    body: { ...contract, data: { ...payload.data, action, openUrl, ...(yelpUrl ? { yelpUrl } : {}) } },
  }
}
