import type { FastifyInstance } from 'fastify';

/** The largest one-click body accepted: `List-Unsubscribe=One-Click` and a multipart boundary fit easily. */
const ONE_CLICK_BODY_MAX = 2048;

/**
 * Lets the routes of a plugin take the form bodies a mail client sends for a one-click unsubscribe. RFC 8058 says
 * the POST is sent as `multipart/form-data`, and many clients send `application/x-www-form-urlencoded`; the
 * routes need nothing from the body (the token in the address says who), so both are read as a short string and
 * kept only as text.
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_MAX }, (_request, body, done) =>
      done(null, { form: String(body) }),
    );
  }
}
