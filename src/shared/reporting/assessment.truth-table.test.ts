import { describe, expect, it } from 'vitest';
import { CURRENT_QUESTION_VERSION, assessOutcomes } from './assessment.ts';
import type { Regime } from './clocks.ts';

/**
 * Every combination of answers of each regime's questions, with the outcome written by hand from
 * the regulation (not from the rules under test). Awareness on Friday 2026-11-20, so the due dates
 * are: 30 calendar days 2026-12-20; 5 work days 2026-11-30 (Thanksgiving on the 26th is skipped);
 * 10 work days 2026-12-07; EU 2 days 2026-11-22, 10 days 2026-11-30, 15 days 2026-12-05.
 *
 * Each row: the answers in the set's question order (1 yes, 0 no; an answer to a question that is
 * not asked is given anyway and must not matter), then "-" for not reportable, or the category,
 * the due date and who receives the report.
 */
const AWARE = '2026-11-20';
const CATEGORY: Record<string, string> = { std: 'standard', dsd: 'death_or_serious_deterioration', pht: 'public_health_threat', rem: 'remedial_action' };
const TO: Record<string, string[]> = {
  fda: ['FDA'],
  mfr: ['The manufacturer'],
  'fda+mfr': ['FDA', 'The manufacturer'],
  ca: ['The competent authority of the Member State where the incident occurred (through EUDAMED)'],
};

/**
 * US manufacturer: death (803.50(a)(1)), serious injury (803.50(a)(1), 803.3), malfunction likely
 * to cause or contribute to either if it recurred (803.50(a)(2)); a reportable event needing
 * remedial action, or one FDA asked 5-day reports for, is due in 5 work days (803.53), otherwise in
 * 30 calendar days. Remedial action or an FDA request without a reportable event is no MDR report.
 *   death injury malfunction remedial fda-request
 */
const US_MANUFACTURER = `
  0 0 0 0 0  -
  0 0 0 0 1  -
  0 0 0 1 0  -
  0 0 0 1 1  -
  0 0 1 0 0  std 2026-12-20 fda
  0 0 1 0 1  rem 2026-11-30 fda
  0 0 1 1 0  rem 2026-11-30 fda
  0 0 1 1 1  rem 2026-11-30 fda
  0 1 0 0 0  dsd 2026-12-20 fda
  0 1 0 0 1  rem 2026-11-30 fda
  0 1 0 1 0  rem 2026-11-30 fda
  0 1 0 1 1  rem 2026-11-30 fda
  0 1 1 0 0  dsd 2026-12-20 fda
  0 1 1 0 1  rem 2026-11-30 fda
  0 1 1 1 0  rem 2026-11-30 fda
  0 1 1 1 1  rem 2026-11-30 fda
  1 0 0 0 0  dsd 2026-12-20 fda
  1 0 0 0 1  rem 2026-11-30 fda
  1 0 0 1 0  rem 2026-11-30 fda
  1 0 0 1 1  rem 2026-11-30 fda
  1 0 1 0 0  dsd 2026-12-20 fda
  1 0 1 0 1  rem 2026-11-30 fda
  1 0 1 1 0  rem 2026-11-30 fda
  1 0 1 1 1  rem 2026-11-30 fda
  1 1 0 0 0  dsd 2026-12-20 fda
  1 1 0 0 1  rem 2026-11-30 fda
  1 1 0 1 0  rem 2026-11-30 fda
  1 1 0 1 1  rem 2026-11-30 fda
  1 1 1 0 0  dsd 2026-12-20 fda
  1 1 1 0 1  rem 2026-11-30 fda
  1 1 1 1 0  rem 2026-11-30 fda
  1 1 1 1 1  rem 2026-11-30 fda
`;

/**
 * US user facility (803.30): a death within 10 work days to FDA and to the manufacturer if known;
 * a serious injury within 10 work days to the manufacturer, or to FDA when it is not known.
 * Malfunctions alone are not a user facility's report.
 *   death injury manufacturer-known
 */
const US_USER_FACILITY = `
  0 0 0  -
  0 0 1  -
  0 1 0  dsd 2026-12-07 fda
  0 1 1  dsd 2026-12-07 mfr
  1 0 0  dsd 2026-12-07 fda
  1 0 1  dsd 2026-12-07 fda+mfr
  1 1 0  dsd 2026-12-07 fda
  1 1 1  dsd 2026-12-07 fda+mfr
`;

/**
 * EU MDR: a serious incident (Art. 2(65): led, might have led or might lead to a death, a serious
 * deterioration of health, or a serious public health threat) is reported when a causal relationship
 * with the device is established or reasonably possible (Art. 87(3)), unless it is an expected,
 * documented, quantified side-effect under trend reporting (Art. 87(1)(a)). Due: a serious public
 * health threat 2 days (87(4)); a death or an unanticipated serious deterioration 10 days (87(5));
 * any other 15 days (87(3)).
 *   death deterioration unanticipated public-health-threat causal expected-side-effect
 */
const EU_MDR = `
  0 0 0 0 0 0  -
  0 0 0 0 0 1  -
  0 0 0 0 1 0  -
  0 0 0 0 1 1  -
  0 0 0 1 0 0  -
  0 0 0 1 0 1  -
  0 0 0 1 1 0  pht 2026-11-22 ca
  0 0 0 1 1 1  -
  0 0 1 0 0 0  -
  0 0 1 0 0 1  -
  0 0 1 0 1 0  -
  0 0 1 0 1 1  -
  0 0 1 1 0 0  -
  0 0 1 1 0 1  -
  0 0 1 1 1 0  pht 2026-11-22 ca
  0 0 1 1 1 1  -
  0 1 0 0 0 0  -
  0 1 0 0 0 1  -
  0 1 0 0 1 0  std 2026-12-05 ca
  0 1 0 0 1 1  -
  0 1 0 1 0 0  -
  0 1 0 1 0 1  -
  0 1 0 1 1 0  pht 2026-11-22 ca
  0 1 0 1 1 1  -
  0 1 1 0 0 0  -
  0 1 1 0 0 1  -
  0 1 1 0 1 0  dsd 2026-11-30 ca
  0 1 1 0 1 1  -
  0 1 1 1 0 0  -
  0 1 1 1 0 1  -
  0 1 1 1 1 0  pht 2026-11-22 ca
  0 1 1 1 1 1  -
  1 0 0 0 0 0  -
  1 0 0 0 0 1  -
  1 0 0 0 1 0  dsd 2026-11-30 ca
  1 0 0 0 1 1  -
  1 0 0 1 0 0  -
  1 0 0 1 0 1  -
  1 0 0 1 1 0  pht 2026-11-22 ca
  1 0 0 1 1 1  -
  1 0 1 0 0 0  -
  1 0 1 0 0 1  -
  1 0 1 0 1 0  dsd 2026-11-30 ca
  1 0 1 0 1 1  -
  1 0 1 1 0 0  -
  1 0 1 1 0 1  -
  1 0 1 1 1 0  pht 2026-11-22 ca
  1 0 1 1 1 1  -
  1 1 0 0 0 0  -
  1 1 0 0 0 1  -
  1 1 0 0 1 0  dsd 2026-11-30 ca
  1 1 0 0 1 1  -
  1 1 0 1 0 0  -
  1 1 0 1 0 1  -
  1 1 0 1 1 0  pht 2026-11-22 ca
  1 1 0 1 1 1  -
  1 1 1 0 0 0  -
  1 1 1 0 0 1  -
  1 1 1 0 1 0  dsd 2026-11-30 ca
  1 1 1 0 1 1  -
  1 1 1 1 0 0  -
  1 1 1 1 0 1  -
  1 1 1 1 1 0  pht 2026-11-22 ca
  1 1 1 1 1 1  -
`;

interface Expected {
  reportable: boolean;
  category: string | null;
  due: string | null;
  recipients: string[];
}

function parse(table: string, width: number): Map<string, Expected> {
  const rows = new Map<string, Expected>();
  for (const line of table.trim().split('\n')) {
    const cells = line.trim().split(/\s+/);
    const bits = cells.slice(0, width).join('');
    const [category, due, to] = cells.slice(width);
    if (rows.has(bits)) throw new Error(`row ${bits} is written twice`);
    rows.set(bits, category === '-' ? { reportable: false, category: null, due: null, recipients: [] } : { reportable: true, category: CATEGORY[category!]!, due: due!, recipients: TO[to!]! });
  }
  return rows;
}

const TABLES: [Regime, string][] = [
  ['US_MDR', US_MANUFACTURER],
  ['US_USER_FACILITY', US_USER_FACILITY],
  ['EU_MDR', EU_MDR],
];

describe.each(TABLES)('the %s questions, every combination of answers', (regime, table) => {
  const set = CURRENT_QUESTION_VERSION.sets.find((s) => s.regime === regime)!;
  const ids = set.questions.map((q) => q.id);
  const expected = parse(table, ids.length);

  it('has one hand-written row for each of the 2^n combinations', () => {
    expect(expected.size).toBe(2 ** ids.length);
  });

  it.each([...expected.keys()])('answers %s give the outcome written by hand', (bits) => {
    const answers = Object.fromEntries(ids.map((id, i) => [id, bits[i] === '1']));
    const [outcome] = assessOutcomes([set], answers, AWARE);
    expect({ reportable: outcome!.reportable, category: outcome!.category, due: outcome!.due, recipients: outcome!.recipients }).toEqual(expected.get(bits));
  });
});
