import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy relayed: the absolute URL it was asked for and the headers it carried. */
export interface RelayedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  relayed: RelayedRequest[];
  close(): Promise<void>;
}

/**
 * A forward HTTP proxy on loopback for tests: takes absolute-form requests
 * (`GET http://host:port/path`), records them and relays them to their origin. No CONNECT: the
 * targets are plain http on loopback.
 */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const relayed: RelayedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = new URL(req.url ?? '/');
      relayed.push({
        method: req.method ?? 'GET',
        url: target.href,
        headers: req.headers,
        body: body.toString(),
      });
      const headers = { ...req.headers, host: target.host };
      delete (headers as Record<string, unknown>)['proxy-connection'];
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: req.method,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('proxy: upstream failed');
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    relayed,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
