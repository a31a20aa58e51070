import { type DateTimeOptions, dateTimeParts, formatDateTime, parseUtc } from '../lib/dates.ts';
import { cn } from '../lib/cn.ts';

/** A server time as every screen shows it: the viewer's zone, labelled (decision 031). */
export function DateTime({ value, seconds, timeZone, className }: { value: string | Date; className?: string } & DateTimeOptions) {
  const date = typeof value === 'string' ? parseUtc(value) : value;
  // An ISO time from the server is kept as it came; anything else is written out in UTC.
  const iso = Number.isNaN(date.getTime()) ? undefined : typeof value === 'string' && /T.*(?:Z|[+-]\d\d:?\d\d)$/.test(value) ? value : date.toISOString();
  const parts = dateTimeParts(value, { seconds, timeZone });
  // In a narrow column the line may break between the date and the time, never inside either.
  return (
    <time dateTime={iso} className={cn('tabular-nums', className)}>
      {parts ? (
        <>
          <span className="whitespace-nowrap">{parts.date}</span> <span className="whitespace-nowrap">{`${parts.time} ${parts.zone}`.trim()}</span>
        </>
      ) : (
        formatDateTime(value, { seconds, timeZone })
      )}
    </time>
  );
}
