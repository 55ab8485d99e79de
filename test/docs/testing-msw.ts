/** `price-catalog/testing/msw` as the docs examples import it: the source entry. */
export * from '../../src/sandbox/msw.js';
