import type { FastifyInstance } from 'fastify';
import { GUID_PATTERN, invalidGuid } from './failures.ts';
import { NUMBER_FORMAT_GUID, OWNERS, TEMPLATE } from './fixtures.ts';
import { type EmulatorContext, type Query, isTrue, queryValue } from './request.ts';
import { definitionsView, numberFormatView, templateView } from './views.ts';

type GuidRoute = { Params: { guid: string }; Querystring: Query };

/** GET /settings/qualityprocesses/… (quality-process settings): the template, number format, owners, step attributes. */
export function settingsRoutes(app: FastifyInstance, { state, variant }: EmulatorContext): void {
  const base = '/settings/qualityprocesses';

  app.get<{ Querystring: Query }>(`${base}/templates`, async (req) => {
    const name = queryValue(req.query, 'name');
    const active = queryValue(req.query, 'active');
    const matches =
      (name === undefined || matchesPattern(TEMPLATE.name, name)) && (active === undefined || active.toLowerCase() === 'true');
    const results = matches ? [templateView(state, variant)] : [];
    return { count: results.length, results };
  });

  app.get<GuidRoute>(`${base}/templates/:guid`, async (req) => {
    if (req.params.guid !== TEMPLATE.guid) throw invalidGuid(req.params.guid);
    return templateView(state, variant);
  });

  app.get(`${base}/numberformats`, async () => ({ count: 1, results: [numberFormatView(state)] }));

  app.get<GuidRoute>(`${base}/numberformats/:guid`, async (req) => {
    if (req.params.guid !== NUMBER_FORMAT_GUID) throw invalidGuid(req.params.guid);
    return numberFormatView(state);
  });

  // One list: "GET Quality Process Owners" documents no paging, so offset and limit are not read.
  app.get(`${base}/owners`, async () => {
    const results = OWNERS.map((o) => ({ guid: o.guid, fullName: o.fullName, emailAddress: o.email }));
    return { count: results.length, results };
  });

  app.get<{ Querystring: Query }>(`${base}/steps/attributes`, async (req) => definitionsView(isTrue(req.query, 'includePossibleValues')));

  app.get<GuidRoute>(`${base}/steps/attributes/:guid`, async (req) => {
    const view = definitionsView(isTrue(req.query, 'includePossibleValues')).results.find((d) => d.guid === req.params.guid);
    if (!view || !GUID_PATTERN.test(req.params.guid)) throw invalidGuid(req.params.guid);
    return view;
  });
}

/**
 * Arena search matching: exact unless a trailing `*` asks for a prefix; case-insensitive. A leading
 * `!` negates only where `negatable` (the process search documents it for `status` alone, "GET
 * Quality Processes Search"); elsewhere it is part of the text searched for.
 */
export function matchesPattern(actual: string | null, pattern: string, negatable = false): boolean {
  const negate = negatable && pattern.startsWith('!');
  const p = (negate ? pattern.slice(1) : pattern).toLowerCase();
  const a = (actual ?? '').toLowerCase();
  const hit = p.endsWith('*') ? a.startsWith(p.slice(0, -1)) : a === p;
  return negate ? !hit : hit;
}
