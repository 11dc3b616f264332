/**
 * Query strings with bracket keys as the API's clients send them: `filter[grade]=5&filter[active]=true` becomes
 * `{filter: {grade: '5', active: 'true'}}` and `ids[]=a&ids[]=b` becomes `{ids: ['a', 'b']}`. Keys that could reach an
 * object's prototype are dropped.
 */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses a raw query string into plain values, nested one level for bracket keys. */
export function parseQuery(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([A-Za-z0-9_]+)\[([A-Za-z0-9_]*)\]$/.exec(key);
    if (!match) {
      if (UNSAFE.has(key)) continue;
      const prev = out[key];
      out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      continue;
    }
    const [, name = '', sub = ''] = match;
    if (UNSAFE.has(name) || UNSAFE.has(sub)) continue;
    if (sub === '') {
      const prev = out[name];
      out[name] = Array.isArray(prev) ? [...prev, value] : [value];
    } else {
      const prev = out[name];
      const obj =
        typeof prev === 'object' && prev !== null && !Array.isArray(prev) ? (prev as Record<string, string>) : {};
      obj[sub] = value;
      out[name] = obj;
    }
  }
  return out;
}
