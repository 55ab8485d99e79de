#!/usr/bin/env node
// Reads the fields each resource documents from the API spec's "Resources and their fields"
// section, its endpoint tables and the minors of its "Contract changes", and writes them as JSON, the copy the tests walk (the tests may not read outside the
// repository): `node scripts/spec-fields.mjs <api-v3-spec.md> [out.json]`
// (default out: test/fixtures/spec-fields.json). Run it again when the spec changes.
import { readFileSync, writeFileSync } from 'node:fs';

const [specPath, outPath = 'test/fixtures/spec-fields.json'] = process.argv.slice(2);
if (!specPath) {
  console.error('usage: node scripts/spec-fields.mjs <api-v3-spec.md> [out.json]');
  process.exit(2);
}

/** A type as the spec writes it: N, S, B, A, O, "A of S", or a bare `?` (untyped). */
const TYPE =
  /^:?\s*\(?(?:all\s+)?(?:is\s+|are\s+)?(A of (?:[A-Z][a-z]+(?: [a-z]+)*|[NSBO])|[NSBAO])(\?)?(?=[\s,.;:)=]|$)|^\s*(\?)(?=[\s,.;)]|$)/;
/** What may stand between two names that share the type written after the last: `a`, `b` and `c`. */
const SAME_TYPE = /^\s*(?:,|and|or|,\s*and)\s*$/;

/** `{a S, b A of {c N}}`: the fields inside, with `prefix` (`x[].` or `x.`) before each name. */
function braceFields(text, prefix) {
  const out = [];
  let depth = 0;
  let part = '';
  const parts = [];
  for (const ch of text.slice(1, -1)) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += ch;
  }
  parts.push(part);
  for (const item of parts) {
    const m = /^\s*(\w+) (A of \{.*\}|A of \w+|[NSBAO])(\?)?/.exec(item);
    if (!m) continue;
    const nested = m[2].startsWith('A of {');
    out.push({ name: `${prefix}${m[1]}`, type: nested ? 'A of O' : m[2], optional: Boolean(m[3]) });
    if (nested) out.push(...braceFields(m[2].slice(5), `${prefix}${m[1]}[].`));
  }
  return out;
}

/**
 * Fields named in a run of text: each backticked name takes the first type written after it
 * (`a` N, `b`, `c` are B). A backticked `{x S, y N}` after a name holds the fields of that name's
 * object (`O`) or items (`A of`). Names with no type after them are left out unless `untyped` is
 * set; `prefix` goes before every name.
 */
function fieldsIn(text, { untyped = false, prefix = '' } = {}) {
  const out = [];
  let pending = [];
  let last;
  const assign = (type, nullable) => {
    for (const name of pending) out.push({ name: `${prefix}${name}`, type, optional: nullable });
    last = { name: pending.at(-1), type };
    pending = [];
  };
  for (const segment of text.split(';')) {
    const parts = segment.split(/`/);
    for (let i = 1; i < parts.length; i += 2) {
      const token = parts[i];
      const after = parts[i + 1] ?? '';
      if (token.startsWith('{') && last?.name !== undefined) {
        const joint = last.type === 'O' ? '.' : '[].';
        out.push(...braceFields(token, `${prefix}${last.name}${joint}`));
        if (last.type === 'A' || last.type === 'A of') {
          const entry = out.find((f) => f.name === `${prefix}${last.name}`);
          if (entry) entry.type = 'A of O';
        }
        continue;
      }
      if (!/^[a-z_][a-z0-9_.]*$/.test(token)) continue;
      pending.push(token);
      const type = TYPE.exec(after);
      const resource = /^\s*\((A of )?([A-Z][a-z]+)\)/.exec(after);
      if (type) assign(type[1] ?? '?', Boolean(type[2]) || Boolean(type[3]));
      else if (resource) assign(resource[1] ? `A of ${resource[2]}` : 'O', false);
      else if (/^\s*\(null in the responses\)/.test(after)) assign('?', true);
      else if (/^\s*:?\s*A of\s*$/.test(after)) assign('A of', false);
      else if (!SAME_TYPE.test(after)) {
        if (untyped) assign(null, false);
        pending = [];
      }
    }
    if (untyped && pending.length > 0) assign(null, false);
    pending = [];
  }
  return out;
}

/** `sometimes absent`, `absent in`: the notes say the field is not always there. */
const absentNote = (notes) =>
  /sometimes absent|absent in|only on|present (?:with|when|in)|appears in/.test(notes);

function parseSection(title, body, extra) {
  const fields = [];
  const lines = body.split('\n');
  const tableRows = lines.filter((l) => /^\|\s*[a-z_]+\s*\|/.test(l));
  if (tableRows.length > 0 && lines.some((l) => /^\|\s*Field\s*\|/.test(l))) {
    for (const row of tableRows) {
      const [, name, rawType, notes = ''] = row.split('|').map((c) => c.trim());
      const optional = rawType.endsWith('?');
      const type = rawType.replace(/\?$/, '');
      fields.push({ name, type, optional, notes });
      if (type === 'O' || type.startsWith('A of O')) {
        const joint = type === 'O' ? '.' : '[].';
        const brace = /`(\{[^`]*\})`/.exec(notes);
        if (brace) fields.push(...braceFields(brace[1], `${name}${joint}`));
        else {
          for (const segment of notes.split(';')) {
            for (const sub of fieldsIn(segment, { untyped: true, prefix: `${name}${joint}` })) {
              fields.push({ ...sub, optional: sub.optional || absentNote(segment) });
            }
          }
        }
      }
    }
  } else {
    // Prose: sentences that name fields. A later sentence that starts "Group:" or "A line item
    // has" describes another object (`<title>: Group`); sentences that name no type ("Known
    // reasons: `spam`") list values, not fields.
    const sentences = body.replace(/\n- /g, '\n').split(/(?<=\.)\s+(?=[A-Z])/);
    for (const [index, sentence] of sentences.entries()) {
      const other = index > 0 ? /^([A-Z][\w ]*?)(?::| has) /.exec(sentence.trim()) : null;
      const target = other ? `${title}: ${other[1]}` : title;
      const found = fieldsIn(sentence).map((sub) => ({ ...sub, notes: '' }));
      if (!other) fields.push(...found);
      else if (found.length > 0) extra[target] = [...(extra[target] ?? []), ...found];
    }
  }
  return { title, fields };
}

const spec = readFileSync(specPath, 'utf8');
const start = spec.indexOf('## Resources and their fields');
const end = spec.indexOf('\n## ', start + 3);
const sections = spec
  .slice(start, end)
  .split(/\n### /)
  .slice(1);
const resources = {};
for (const section of sections) {
  const [title, ...rest] = section.split('\n');
  const extra = {};
  const parsed = parseSection(title.trim(), rest.join('\n'), extra);
  // "Further attributes exposed: a, b, c (note). Types … not shown.": fields of no known type.
  const further = /Further attributes exposed: (.*?)\. Types/.exec(rest.join(' '));
  for (const item of further?.[1].split(/, (?![^(]*\))/) ?? []) {
    const m = /^(\w+)(?: \((.*)\))?$/.exec(item.trim());
    if (m) parsed.fields.push({ name: m[1], type: null, optional: false, notes: m[2] ?? '', further: true });
  }
  if (parsed.fields.length > 0) resources[parsed.title] = parsed.fields;
  Object.assign(resources, extra);
}

// Common conventions: "The body carries `meta.pagination` with `total_results`, …".
const pagination = /`meta\.pagination` with (.*)\./.exec(spec);
if (pagination) {
  resources.Pagination = [...pagination[1].matchAll(/`(\w+)`/g)].map((m) => ({
    name: m[1],
    type: 'N',
    optional: false,
    notes: '',
  }));
}

/**
 * The top-level keys a response names (`{categories, meta}`, `{favorite_lists: [{id, name}], meta}`,
 * `{specifications}` plus `groups` when included: the last is conditional, so left out).
 */
function responseKeys(text) {
  const brace = /`(\{.*?\})`/.exec(text);
  if (!brace) return [];
  const keys = [];
  let depth = 0;
  let part = '';
  for (const ch of `${brace[1].slice(1, -1)},`) {
    if ('{['.includes(ch)) depth++;
    if ('}]'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      const name = /^\s*(\w+)/.exec(part);
      if (name) keys.push(name[1]);
      part = '';
    } else part += ch;
  }
  return keys;
}

// "## Endpoints": every row of the endpoint tables, and the endpoints the prose names with a shape
// "not shown" (their answers cannot be checked beyond a success).
const endpointsStart = spec.indexOf('\n## Endpoints');
const endpointsText = spec.slice(endpointsStart, spec.indexOf('\n## ', endpointsStart + 3));
const endpoints = [];
let group = '';
for (const line of endpointsText.split('\n')) {
  const heading = /^### (.*)$/.exec(line);
  if (heading) group = heading[1].trim();
  const row = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/\S*)\s*\|(.*)\|(.*)\|\s*$/.exec(line);
  if (row) {
    const [, method, path, request, response] = row;
    const status = Number(/^\s*(\d{3})/.exec(response)?.[1] ?? (method === 'DELETE' ? 204 : 200));
    const resource = /^\s*\d{3} ([A-Z][a-z]+(?: [a-z]+)*)/.exec(response)?.[1];
    endpoints.push({
      group,
      method,
      path,
      request: request.trim(),
      response: response.trim(),
      status,
      keys: responseKeys(response),
      ...(resource ? { resource } : {}),
      shown: true,
    });
  }
  for (const m of line.matchAll(/\((GET|POST|PUT|PATCH|DELETE) (\/[^\s,)]+)/g)) {
    if (!/not shown/.test(line) || endpoints.some((e) => e.method === m[1] && e.path === m[2])) continue;
    endpoints.push({
      group,
      method: m[1],
      path: m[2],
      request: '',
      response: '',
      status: 200,
      keys: [],
      shown: false,
    });
  }
}

// The versions the spec names in its "Contract changes" table; a client asks for a minor (the
// patch is ignored: the latest patch of the minor is served), so the minors are what can differ.
const versionsText = spec.slice(spec.indexOf('Contract changes seen'));
const versions = [...new Set([...versionsText.matchAll(/^\| (\d+\.\d+)\.\d+/gm)].map((m) => m[1]))].sort(
  (a, b) => a.localeCompare(b, 'en', { numeric: true }),
);

const json = {
  note: 'Generated by scripts/spec-fields.mjs from the API v3 spec, "Resources and their fields", "Endpoints" and "Versioning". Do not edit by hand: run the script again.',
  resources,
  endpoints,
  versions,
};
writeFileSync(outPath, `${JSON.stringify(json, null, 2)}\n`);
console.log(
  `${outPath}: ${Object.keys(resources).length} resources, ${Object.values(resources).flat().length} fields, ${endpoints.length} endpoints, versions ${versions.join(' ')}`,
);
