import { LOG_PROCESSES, type LogEntry, type LogProcess } from '#shared/contract/logs';
import { formatDateTime } from '../../lib/dates.ts';
import { toCsv } from '#shared/csv';

/** Logs: a tooltip per known process; any other process is miscellaneous. */
const PROCESS_TOOLTIPS: Record<LogProcess, string> = {
  Auth: 'Auth: sign-in, sign-out and session events',
  Users: 'Users: accounts created, updated or restricted',
  JotForms: 'JotForms: form submissions and questions',
  Dashboard: 'Dashboard: summary statistics',
  Arena: 'Arena: quality processes in Arena QMS',
  'Field Mapping': 'Field Mapping: Arena field mappings',
  Logs: 'Logs: system log maintenance',
};

export function processTooltip(process: string): string {
  return (LOG_PROCESSES as readonly string[]).includes(process) ? PROCESS_TOOLTIPS[process as LogProcess] : 'Miscellaneous';
}

/** A label equal to 'success' is green, any other label red. */
export const isSuccessLabel = (label: string): boolean => label === 'success';

export const LOGS_CSV_FILENAME = 'logs.csv';
export const LOGS_CSV_HEADERS = ['Timestamp', 'Label', 'Process', 'Description'] as const;

/** Logs CSV: the four columns, times in local time as on screen. */
export function buildLogsCsv(entries: readonly LogEntry[]): string {
  return toCsv(
    LOGS_CSV_HEADERS,
    entries.map((e) => [formatDateTime(e.time, { seconds: true }), e.label, e.process, e.description]),
  );
}
