import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REPLIED } from './contract.ts';

/**
 * Sends a CSV export: as a `fileName` download streamed row by row, or as `{results}` (the whole
 * text) to a client that asks for JSON and not CSV.
 */
export async function sendCsv(csv: AsyncIterable<string>, fileName: string, request: FastifyRequest, reply: FastifyReply): Promise<{ results: string } | typeof REPLIED> {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json') && !accept.includes('text/csv')) {
    let results = '';
    for await (const chunk of csv) results += chunk;
    return { results };
  }
  reply
    .code(200)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv));
  return REPLIED;
}
