import { describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';
import { authorize, REDIRECT_URI, requestToken } from './helpers.js';

type Sandbox = ReturnType<typeof createSandbox>;

/** The authorization page's form id, from its HTML. */
function consentOf(html: string): string {
  const consent = /name="consent" value="([0-9a-f]+)"/.exec(html)?.[1];
  if (!consent) throw new Error(`no consent id in ${html.slice(0, 200)}`);
  return consent;
}

/** A press of a button of the page, as the browser sends the form from the page's origin. */
function press(sandbox: Sandbox, consent: string, decision: string, origin: string | null = sandbox.authUrl) {
  return sandbox.fetch(`${sandbox.authUrl}/oauth2/authorizations/new`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin === null ? {} : { origin: new URL(origin).origin }),
    },
    body: new URLSearchParams({ consent, decision }).toString(),
  });
}

async function showPage(sandbox: Sandbox, overrides: Record<string, string | undefined> = {}) {
  const response = await authorize(sandbox, overrides);
  expect(response.status).toBe(200);
  return { response, html: await response.text() };
}

describe('the sandbox authorization page (setAuthorization({ page: true }))', () => {
  it('shows who asks, for what and as whom, with Approve and Deny, and cannot be framed', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true, userId: SANDBOX_USERS.bob });
    const { response, html } = await showPage(sandbox);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain(`Authorize ${sandbox.clientId}`);
    expect(html).toContain('app.sandbox.test');
    expect(html).toContain('See and change your favorites');
    expect(html).toContain('Read your notifications');
    expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).not.toContain('<script');
    // Nothing decided yet: no code issued.
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('Approve redirects (303) with a code for the user the sandbox signs in, and the state', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true, userId: SANDBOX_USERS.carol });
    const { html } = await showPage(sandbox, { state: 'st 9' });
    const answer = await press(sandbox, consentOf(html), 'approve');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('st 9');
    const code = location.searchParams.get('code') ?? '';
    const token = await requestToken(sandbox, {
      grant_type: 'authorization_code',
      scope: undefined,
      code,
      redirect_uri: REDIRECT_URI,
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const me = await sandbox.fetch(`${sandbox.baseUrl}/user`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(SANDBOX_USERS.carol);
  });

  it('Deny redirects with error=access_denied and the state (RFC 6749 §4.1.2.1)', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
    const { html } = await showPage(sandbox, { state: 's-2' });
    const answer = await press(sandbox, consentOf(html), 'deny');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${REDIRECT_URI}?error=access_denied&state=s-2`);
  });

  it('a form counts once, only from the page’s origin, and only for a page it showed', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
    const consent = consentOf((await showPage(sandbox)).html);
    // Another site posting the form (a forged approval) is refused and spends nothing.
    expect((await press(sandbox, consent, 'approve', 'https://evil.example')).status).toBe(403);
    const crossSite = await sandbox.fetch(`${sandbox.authUrl}/oauth2/authorizations/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ consent, decision: 'approve' }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect((await press(sandbox, consent, 'maybe')).status).toBe(400);
    expect((await press(sandbox, 'f'.repeat(48), 'approve')).status).toBe(400);
    expect((await press(sandbox, consent, 'approve')).status).toBe(303);
    const again = await press(sandbox, consent, 'approve');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('escapes what the request brings into the page', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
    const { html } = await showPage(sandbox, {
      redirect_uri: 'https://x.test/cb?a="><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>');
  });

  it('problems with the request itself are still told to the caller, without a page', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
    expect((await authorize(sandbox, { client_id: 'someone-else' })).status).toBe(401);
    expect((await authorize(sandbox, { redirect_uri: undefined })).status).toBe(400);
    const scope = await authorize(sandbox, { scope: 'public admin' });
    expect(scope.status).toBe(302);
    expect(scope.headers.get('location')).toContain('error=invalid_scope');
  });

  it('is off by default and after reset(): the sandbox approves at once', async () => {
    const sandbox = createSandbox();
    expect((await authorize(sandbox)).status).toBe(302);
    sandbox.setAuthorization({ page: true });
    sandbox.reset();
    expect((await authorize(sandbox)).status).toBe(302);
    // Without the page, the endpoint takes GET only.
    expect((await press(sandbox, 'x', 'approve')).status).toBe(405);
  });
});
