/**
 * The refusal of a string (or any value not an object) where a method takes an object: its
 * message shows the call to write, read from the endpoint table (`skus.shopProducts takes an
 * object: api.skus.shopProducts(452, { shop_uid: "abc" })`). Node only: package.json `browser`
 * swaps in takes-an-object-browser.ts, since the table's names would outgrow the browser bundle:
 * there the message names the endpoint and its first query name instead of the method.
 */
import { describe } from '../core/call/describe.js';
import { InvalidRequestError, isRecord } from '../core/errors.js';
import { METHODS, type MethodName } from '../endpoints/methods.js';
import type { EndpointCall, EndpointRow, QueryParam } from '../endpoints/row.js';
import { ENDPOINTS } from '../endpoints/table.js';

/** Throws for the first of `values` (the method's object arguments) given and not an object. */
export function objectsOnly(call: EndpointCall, ids: readonly unknown[], ...values: unknown[]): void {
  for (const given of values) if (given != null && !isRecord(given)) throw takesAnObject(call, ids, given);
}

/** The error for `given` in the object slot of the method whose literal is `call`. */
function takesAnObject(call: EndpointCall, ids: readonly unknown[], given: unknown): InvalidRequestError {
  const name = (Object.keys(METHODS) as MethodName[]).find((key) => METHODS[key] === call) as MethodName;
  const row: EndpointRow = ENDPOINTS[name];
  const slot = row.args.includes('input') ? 'input' : 'params';
  const fields = row.input?.slice(0, 1).map((field) => `${field}: …`) ?? queryExample(row.query, given);
  const args = [
    ...row.pathParams.map(({ name: param }, at) =>
      /^-?[1-9][0-9]*$/.test(String(ids[at])) ? ids[at] : param,
    ),
    fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}',
  ];
  return new InvalidRequestError(
    `${name} takes an object: api.${name}(${args.join(', ')})`,
    'InvalidParam',
    slot,
  );
}

/** The required names (a string given goes in the first), else the first name the endpoint takes. */
function queryExample(query: readonly QueryParam[], given: unknown): string[] {
  const required = query.filter((param) => param.required);
  return (required.length > 0 ? required : query.slice(0, 1)).map(
    ({ name, kind, required: must, values }, at) => {
      if (values?.[0] !== undefined) return `${name}: ${JSON.stringify(values[0])}`;
      if (kind === 'string' && must && at === 0 && typeof given === 'string')
        return `${name}: ${describe(given).slice(7)}`;
      return `${name}: ${kind === 'integer' ? 1 : '…'}`;
    },
  );
}
