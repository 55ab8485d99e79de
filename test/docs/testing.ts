/** `price-catalog/testing` as the docs examples import it: the source entry; servers are closed after each example. */
import { createSandbox as create } from '../../src/sandbox/index.js';
import { cleanups } from './cleanups.js';

export * from '../../src/sandbox/index.js';
export const createSandbox: typeof create = (options) => {
  const sandbox = create(options);
  const listen = sandbox.listen.bind(sandbox);
  sandbox.listen = async (listenOptions) => {
    const server = await listen(listenOptions);
    cleanups.push(() => server.close());
    return server;
  };
  return sandbox;
};
