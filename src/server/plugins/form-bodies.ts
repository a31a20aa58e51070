import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A body that does not parse as its content type says: the client's fault, replied 400. */
class MalformedBody extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_MALFORMED_FORM';
}

/**
 * JotForm posts webhooks as multipart/form-data (text parts only). The platform's own
 * Response.formData() parses them; URL-encoded bodies are accepted too.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['multipart/form-data', 'application/x-www-form-urlencoded'], { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, async (request: FastifyRequest, body: Buffer) => {
    const contentType = request.headers['content-type'] ?? '';
    let form: URLSearchParams | FormData;
    try {
      form = contentType.startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(body.toString('utf8'))
        : await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new MalformedBody(`The request body is not valid ${contentType.split(';')[0]?.trim() || 'form data'}.`);
    }
    // Own properties only (fromEntries defines, never assigns): a field named __proto__ stays a field.
    const fields: [string, string][] = [];
    form.forEach((value, key) => {
      if (typeof value === 'string') fields.push([key, value]);
    });
    return Object.fromEntries(fields);
  });
}
