// Loaded first into each docs block's process (NODE_OPTIONS=--import): its global fetch reaches
// the sandbox started for the block and nothing else, so no example depends on the network. (The
// variable stays set: tsx hands it on to the process that runs the block.)
const origin = process.env.DOCS_BLOCK_ORIGIN;
const real = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!URL.canParse(url) || new URL(url).origin !== origin)
    return Promise.reject(
      new TypeError(`a docs example fetched ${url}: only the started sandbox (${origin}) answers here`),
    );
  return real(input, init);
};
