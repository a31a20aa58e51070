import { accountTimeToDate, dateTimeParts, formatDateTime } from '../../lib/dates.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { HoverNote } from '../../ui/hover-note.tsx';

/**
 * A JotForm time on the account's own clock, labelled with the account's zone ("2026-11-23 09:02
 * EST"). Without the zone (the form not loaded yet) JotForm's text is shown to the minute.
 */
export function accountTimeText(instant: Date | null, written: string, accountTimeZone: string | undefined): string {
  if (instant && accountTimeZone) return formatDateTime(instant, { timeZone: accountTimeZone });
  return written.trim().slice(0, 16);
}

/** Wraps, if it must (a narrow column on a phone), between the label and the time, never inside the time. */
const accountNote = (account: string) => (
  <>
    JotForm account time: <span className="whitespace-nowrap">{account}</span>
  </>
);

/**
 * The list's Submission Date cell: local date over local time with its zone; the account's time as
 * a note, written in full in the same format (decision 031).
 */
export function SubmissionDateCell({ submissionDate, createdAt, accountTimeZone }: { submissionDate: string; createdAt: string; accountTimeZone: string | undefined }) {
  const parts = dateTimeParts(submissionDate);
  if (!parts) return <span>{createdAt}</span>;
  const account = accountTimeText(new Date(submissionDate), createdAt, accountTimeZone);
  return (
    <HoverNote row="tr" note={accountNote(account)}>
      <time dateTime={submissionDate} className="whitespace-nowrap">
        {parts.date} <span className="block text-xs text-slate-600">{`${parts.time} ${parts.zone}`}</span>
      </time>
    </HoverNote>
  );
}

/**
 * A JotForm time on the details page: local and labelled, with the account's time as a visible
 * second line (a page read closely, on any device). `instant` is the moment when the server gave
 * it (submissionDate); else it is read from JotForm's text with the account's zone.
 */
export function AccountTime({ written, instant, accountTimeZone }: { written: string; instant?: string; accountTimeZone: string | undefined }) {
  const moment = instant ? new Date(instant) : accountTimeZone ? accountTimeToDate(written, accountTimeZone) : null;
  if (!moment || Number.isNaN(moment.getTime())) return <span className="tabular-nums">{written}</span>;
  return (
    <span className="flex flex-col">
      <DateTime value={moment} />
      <span className="text-xs text-slate-600 tabular-nums">{accountNote(accountTimeText(moment, written, accountTimeZone))}</span>
    </span>
  );
}
