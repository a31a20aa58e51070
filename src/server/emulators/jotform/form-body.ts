/**
 * JotForm's POST bodies use PHP bracket keys (`submission[3][first]=Jane`, `submission[7][]=a`).
 * @fastify/formbody gives us the flat keys; this rebuilds the nested values.
 */
export type FormValue = string | string[] | FormTree;
export interface FormTree {
  [key: string]: FormValue;
}

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const path = [key.slice(0, first)];
  for (const m of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(m[1] ?? '');
  return path;
}

function assign(tree: FormTree, path: string[], value: string | string[]): void {
  let node = tree;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] ?? '';
    const next = path[i + 1];
    if (next === '') {
      // `a[]=x`: a list; repeated keys arrive already grouped as an array.
      const prev = node[key];
      const list = Array.isArray(prev) ? prev : typeof prev === 'string' ? [prev] : [];
      node[key] = list.concat(value);
      return;
    }
    const child = node[key];
    if (!child || typeof child === 'string' || Array.isArray(child)) node[key] = {};
    node = node[key] as FormTree;
  }
  node[path[path.length - 1] ?? ''] = value;
}

export function parseBracketBody(body: unknown): FormTree {
  const tree: FormTree = {};
  if (!body || typeof body !== 'object') return tree;
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.map(String) : String(raw ?? '');
    assign(tree, keyPath(key), value);
  }
  return tree;
}

/** The `prefix[...]` part of a body as a tree; `{}` when absent. */
export function bracketField(body: unknown, prefix: string): FormTree {
  const value = parseBracketBody(body)[prefix];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** Flattens one level: string props only (question edits). */
export function stringProps(tree: FormTree): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.join('|');
  }
  return out;
}
