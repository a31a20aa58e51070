import { REGISTER_HEADERS } from '#shared/contract/submissions';
import { EMPTY_CELL as EMPTY, csvLine } from '#shared/csv';
import { zonedDateTime } from '../../lib/time-zone.ts';
import type { RegisterDbRow } from './list.repo.ts';

const DECISION_TEXT = { reportable: 'Reportable', not_reportable: 'Not reportable' } as const;
const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? EMPTY : v);

/** A time as the register writes it: the zone's wall clock to the minute, then the zone's name. */
export const registerTime = (at: Date, timeZone: string) => `${zonedDateTime(at, timeZone).slice(0, 16)} ${timeZone}`;

export interface RegisterOptions {
  /** The JotForm account's time zone: every time is written on its wall clock, labelled with it. */
  timeZone: string;
  /** The term of an IMDRF code, if the shipped terminology has it. */
  termOf(code: string): string | undefined;
}

/** One register line's cells, in REGISTER_HEADERS' order. */
export function registerFields(r: RegisterDbRow, o: RegisterOptions): string[] {
  return [
    r.id,
    registerTime(r.submissionDate, o.timeZone),
    text(r.submitter),
    r.becomeAwareDate,
    r.submissionStatus,
    r.reportingDecision ? DECISION_TEXT[r.reportingDecision] : 'Undecided',
    text(r.reportingDue),
    text(r.ownerName),
    text(r.product),
    text(r.model),
    text(r.lot),
    text(r.udi),
    r.codes?.length ? r.codes.map((c) => `${c} ${o.termOf(c) ?? ''}`.trim()).join('; ') : EMPTY,
    r.releases?.length ? r.releases.join('; ') : EMPTY,
    r.closedAt ? 'Yes' : 'No',
    r.closedAt ? registerTime(r.closedAt, o.timeZone) : EMPTY,
    r.submissionStatus === 'Successful Transfer' ? text(r.chNumber) : EMPTY,
  ];
}

/** The whole register as chunks: the header, then one chunk per batch of rows. */
export async function* complaintRegisterCsv(batches: AsyncIterable<RegisterDbRow[]>, o: RegisterOptions): AsyncGenerator<string> {
  yield csvLine(REGISTER_HEADERS);
  for await (const rows of batches) {
    let chunk = '';
    for (const r of rows) chunk += csvLine(registerFields(r, o));
    yield chunk;
  }
}
