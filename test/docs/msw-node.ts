/** `msw/node` as the docs examples import it: a server an example starts is closed after it. */
import { setupServer as setup } from 'msw/node';
import { cleanups } from './cleanups.js';

export * from 'msw/node';
export const setupServer: typeof setup = (...handlers) => {
  const server = setup(...handlers);
  const listen = server.listen.bind(server);
  server.listen = (options) => {
    listen(options);
    cleanups.push(() => server.close());
  };
  return server;
};
