/**
 * The small page a browser tab lands on after an OAuth round trip, or when a start link
 * cannot be followed. No script (the CSP allows none inline); plain, branded, self-contained.
 * Anyone holding the link sees it, so it carries our own words only, never a provider's.
 */
export function resultPage(options: { ok: boolean; title: string; message: string }): string {
  const colour = options.ok ? '#15803d' : '#b91c1c'
  const icon = options.ok ? '✓' : '!'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · LeadRelay</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fb;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  main { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 32px; max-width: 440px;
    margin: 16px; box-shadow: 0 1px 3px rgba(15, 23, 42, 0.08); text-align: center; }
  .icon { width: 48px; height: 48px; border-radius: 999px; margin: 0 auto 16px; display: grid; place-items: center;
    color: #fff; font-weight: 700; font-size: 24px; background: ${colour}; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { color: #475569; line-height: 1.5; margin: 8px 0 0; }
  .brand { margin-top: 24px; font-size: 12px; color: #94a3b8; }
</style>
</head>
<body>
<main>
  <div class="icon" aria-hidden="true">${icon}</div>
  <h1>${escapeHtml(options.title)}</h1>
  <p>${escapeHtml(options.message)}</p>
  <p class="brand">LeadRelay · Yelp ↔ GoHighLevel</p>
</main>
</body>
</html>`
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}
