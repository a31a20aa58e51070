import { z } from 'zod';
import { NoContent } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

export const LOG_PROCESSES = ['Auth', 'Users', 'JotForms', 'Dashboard', 'Arena', 'Field Mapping', 'Logs'] as const;
export type LogProcess = (typeof LOG_PROCESSES)[number];
export const LOG_LABELS = ['success', 'error'] as const;
export type LogLabel = (typeof LOG_LABELS)[number];

/** One entry as carried inside `logs` (each a JSON string). */
export const LogEntry = z.object({ time: z.string(), label: z.string(), process: z.string(), description: z.string() });
export type LogEntry = z.infer<typeof LogEntry>;

export const logsApi = defineApi('logs', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/logs', tag: 'Logs', summary: 'System log, newest first; each entry a JSON string',
    access: { capability: 'logs' }, status: 200, response: z.object({ logs: z.array(z.string()) }),
  }),
  clear: defineEndpoint({
    method: 'DELETE', path: '/v1/logs', tag: 'Logs', summary: 'Clear the system log (the audit trail is kept)',
    access: { capability: 'logs' }, status: 204, response: NoContent,
  }),
});
