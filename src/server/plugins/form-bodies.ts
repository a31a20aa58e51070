import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * JotForm posts webhooks as multipart/form-data (text parts only). The platform's own
 * Response.formData() parses them; URL-encoded bodies are accepted too.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['multipart/form-data', 'application/x-www-form-urlencoded'], { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, async (request: FastifyRequest, body: Buffer) => {
    const contentType = request.headers['content-type'] ?? '';
    const form = contentType.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(body.toString('utf8'))
      : await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    return fields;
  });
}
