import type { ConsentRequest } from './consents.js';

/** What each scope lets the application do, in the words the page shows. */
const SCOPE_TEXT: Readonly<Record<string, string>> = {
  public: 'Read the catalog for you',
  favorites: 'See and change your favorites',
  notifications: 'Read your notifications',
  publish_sku_review_actions: 'Vote on and flag reviews as you',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f4f6;color:#111827;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{box-sizing:border-box;background:#fff;max-width:26rem;width:calc(100% - 2rem);padding:2rem;border-radius:12px;overflow-wrap:anywhere;
box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.5rem 0;color:#374151}
.who{font-size:.9rem;color:#6b7280}ul{padding-left:1.2rem;margin:.75rem 0 1.5rem}
.actions{display:flex;gap:.75rem}button{flex:1;font:inherit;padding:.6rem 1rem;border-radius:8px;
cursor:pointer;border:1px solid #d1d5db;background:#fff}
button[value=approve]{background:#2563eb;border-color:#2563eb;color:#fff}
.note{font-size:.8rem;color:#9ca3af;margin-top:1.25rem}`;

/**
 * The page of `GET /oauth2/authorizations/new` when `setAuthorization({ page: true })`: who is
 * asking, for what, as whom; Approve and Deny post the single-use `consent` id back.
 */
export function authorizationPage(
  request: ConsentRequest,
  user: { username: string; email: string },
  consent: string,
): string {
  const target = new URL(request.redirectUri);
  const scopes = request.scopes.map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Authorize ${escapeHtml(request.clientId)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Authorize ${escapeHtml(request.clientId)}</h1>
<p class="who">Signed in to the sandbox as <strong>${escapeHtml(user.username)}</strong> (${escapeHtml(user.email)})</p>
<p><strong>${escapeHtml(target.host)}</strong> asks to:</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth2/authorizations/new">
<input type="hidden" name="consent" value="${escapeHtml(consent)}">
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="approve">Approve</button></div>
</form>
<p class="note">The price-catalog sandbox: no password, the buttons decide.</p>
</main></body></html>`;
}

/** No framing, no scripts, and the form may only go here and on to the client's redirect URI. */
export function authorizationPageHeaders(request: ConsentRequest): Record<string, string> {
  const target = new URL(request.redirectUri).origin;
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${target}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
  };
}
