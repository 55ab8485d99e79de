import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RequestContext, toNodeHandler } from '../../src/server/index.js';
import { CookieJar, MOUNT, PHONE, setup, signIn } from './setup.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<{ base: string; port: number }> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, port };
}

/** Sends `head` as written on a raw socket; resolves the text of the answer once the server closes. */
function raw(port: number, head: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head + (body ?? '')));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Writes `total` bytes of body as fast as the server takes them; resolves the answer's first bytes and what was sent. */
function upload(
  port: number,
  head: string,
  total: number,
): Promise<{ answer: string; sent: number; closed: boolean }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    let answer = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, sent, closed });
    };
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    setTimeout(() => finish(false), 8000).unref();
  });
}

describe('toNodeHandler on the open internet', () => {
  it('a chunked write over maxBodyBytes from a signed-in visitor: 413, and the server lives on', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      const { handler, sandbox } = setup({ maxBodyBytes: 1000 });
      const jar = new CookieJar();
      await signIn(sandbox, handler, jar);
      const { base, port } = await listen(createServer(toNodeHandler(handler)));
      const head =
        `POST ${MOUNT}/favorites HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\n` +
        `Cookie: ${jar.header()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      // The body comes in pieces, the later ones after the handler has given up on it.
      const piece = `${(600).toString(16)}\r\n${'x'.repeat(600)}\r\n`;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', async () => {
          socket.write(head + piece + piece);
          for (let i = 0; i < 6 && !socket.destroyed; i++) {
            await new Promise((r) => setTimeout(r, 20));
            socket.write(piece);
          }
          if (!socket.destroyed) socket.end('0\r\n\r\n');
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.on('timeout', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).not.toHaveBeenCalled();
      expect((await fetch(`${base}${MOUNT}/skus/${PHONE}`)).status).toBe(200);
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });

  it('a 64 MB upload to a refused path: answered 404 at once, the connection closed, a bounded part read', async () => {
    const { handler } = setup();
    const server = createServer(toNodeHandler(handler));
    let bytesRead = 0;
    server.on('connection', (socket) => socket.on('close', () => (bytesRead += socket.bytesRead)));
    const { port } = await listen(server);
    const total = 64 * 1024 * 1024;
    const head = `POST ${MOUNT}/nothing/here HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${total}\r\n\r\n`;
    const { answer, sent, closed } = await upload(port, head, total);
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(total);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What the server took off the socket: the drain's bound and the socket buffers, not the upload.
    expect(bytesRead).toBeLessThan(8 * 1024 * 1024);
  });

  it('a body the handler never reads (a write refused before reading it) does not keep the connection', async () => {
    const { handler } = setup();
    const { port } = await listen(createServer(toNodeHandler(handler)));
    const total = 4 * 1024 * 1024;
    // A cross-site write is refused before its body is read.
    const head =
      `POST ${MOUNT}/favorites HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: https://evil.test\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`;
    const { answer, closed } = await upload(port, head, total);
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(closed).toBe(true);
  });

  it('TRACE and other methods no route takes: 405 with Allow, not 500; the server answers the next request', async () => {
    const { handler } = setup();
    const { base, port } = await listen(createServer(toNodeHandler(handler)));
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await raw(
        port,
        `${method} ${MOUNT}/skus/${PHONE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    }
    expect((await fetch(`${base}${MOUNT}/skus/${PHONE}`)).status).toBe(200);
  });

  it('HEAD of a documented GET: its status and headers, no body; OPTIONS: 204 with Allow; cross-site OPTIONS: 403, no CORS', async () => {
    const { handler, sandbox } = setup();
    const { base } = await listen(createServer(toNodeHandler(handler)));
    const head = await fetch(`${base}${MOUNT}/skus/${PHONE}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/json/);
    expect(await head.text()).toBe('');
    const options = await fetch(`${base}${MOUNT}/favorites`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(options.headers.get('access-control-allow-origin')).toBeNull();
    const cross = await fetch(`${base}${MOUNT}/favorites`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
    const put = await fetch(`${base}${MOUNT}/skus/${PHONE}`, { method: 'PUT', headers: { origin: base } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const calls = sandbox.stats.apiCalls;
    await fetch(`${base}${MOUNT}/auth/session`, { method: 'HEAD' });
    expect(sandbox.stats.apiCalls).toBe(calls);
  });

  it('behind a proxy (trustProxy): the sign-in redirect URI is https:// and the forwarded host; without it the headers are ignored', async () => {
    const { handler } = setup({ origin: undefined });
    const trusted = await listen(createServer(toNodeHandler(handler, { trustProxy: true })));
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
    const login = await fetch(`${trusted.base}${MOUNT}/auth/login`, {
      redirect: 'manual',
      headers: forwarded,
    });
    const uri = new URL(login.headers.get('location') as string).searchParams.get('redirect_uri');
    expect(uri).toBe(`https://shop.example${MOUNT}/auth/callback`);

    const direct = await listen(createServer(toNodeHandler(handler)));
    const plain = await fetch(`${direct.base}${MOUNT}/auth/login`, {
      redirect: 'manual',
      headers: forwarded,
    });
    const plainUri = new URL(plain.headers.get('location') as string).searchParams.get('redirect_uri');
    expect(plainUri).toBe(`${direct.base}${MOUNT}/auth/callback`);
  });

  it("the client's address: the socket's, or X-Forwarded-For read as many hops from the right as trustProxy says", async () => {
    const seen: (string | undefined)[] = [];
    const echo = async (_request: Request, context?: RequestContext) => {
      seen.push(context?.clientAddress);
      return new Response(null, { status: 204 });
    };
    const spoof = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' };
    const direct = await listen(createServer(toNodeHandler(echo)));
    await fetch(`${direct.base}/x`, { headers: spoof });
    const oneProxy = await listen(createServer(toNodeHandler(echo, { trustProxy: 1 })));
    await fetch(`${oneProxy.base}/x`, { headers: spoof });
    const garbage = await listen(createServer(toNodeHandler(echo, { trustProxy: 1 })));
    await fetch(`${garbage.base}/x`, { headers: { 'x-forwarded-for': '<script>' } });
    expect(seen).toEqual(['127.0.0.1', '203.0.113.7', '127.0.0.1']);
  });

  it('a client that goes away in the middle of its body: no uncaught error, the server answers the next one', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      const { handler, sandbox } = setup();
      const jar = new CookieJar();
      await signIn(sandbox, handler, jar);
      const { base, port } = await listen(createServer(toNodeHandler(handler)));
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${MOUNT}/favorites HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nCookie: ${jar.header()}\r\n` +
              'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"favorite":',
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50);
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).not.toHaveBeenCalled();
      expect((await fetch(`${base}${MOUNT}/skus/${PHONE}`)).status).toBe(200);
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });
});
