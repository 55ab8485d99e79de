/** `npm run demo`: starts the sandbox on a free loopback port and runs compare-prices against it. */
import { createSandbox } from 'price-catalog/testing';
import { comparePrices } from './compare-prices.js';

const sandbox = createSandbox();
const server = await sandbox.listen({ port: 0 });
console.log(`Sandbox API listening on ${server.baseUrl}\n`);
try {
  await comparePrices({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    term: process.argv[2] ?? 'Κινητά',
  });
} finally {
  await server.close();
}
