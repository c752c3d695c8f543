import { describe, expect, it } from 'vitest';
import { fill, ODD_VALUES, useCorpus } from './helpers/bad-input.ts';
import { registration } from './helpers/http.ts';

/**
 * The corpus, part one: malformed bodies of every kind to every endpoint that takes a body, and refused registrations.
 */
const corpus = useCorpus();

describe('the bad-input corpus: malformed bodies and registrations', () => {
  it('never answers 5xx to malformed bodies', async () => {
    for (const { method, path } of corpus.endpoints().filter((e) => e.method !== 'GET' && e.method !== 'HEAD')) {
      const url = fill(path, 'x');
      for (const [label, payload, type] of [
        ['broken json', '{"email": ', 'application/json'],
        ['array', '[1,2,3]', 'application/json'],
        ['string', '"hello"', 'application/json'],
        ['null', 'null', 'application/json'],
        ['number', '42', 'application/json'],
        ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
        ['text', 'just text', 'text/plain'],
        ['too large', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
      ] as const) {
        for (const withToken of [false, true]) {
          await corpus.expectRefusedCleanly(`${method} ${url} ${label}`, async () => {
            const response = await corpus.ctx.app.inject({
              method: method as 'POST',
              url,
              payload,
              remoteAddress: corpus.newAddress(),
              headers: { 'content-type': type, ...(withToken ? { authorization: `Bearer ${corpus.token()}` } : {}) },
            });
            let body: unknown = response.body;
            try {
              body = response.json();
            } catch {}
            return { status: response.statusCode, body };
          });
        }
      }
    }
  }, 1_500_000);

  it('answers every refused registration with the envelope and creates no account', async () => {
    const before = await corpus.counts();
    for (const value of ODD_VALUES) {
      for (const field of ['email', 'password', 'birth_date', 'lang', 'interest', 'username']) {
        const body = { ...registration(), [field]: value, email: field === 'email' ? value : 'not an email' };
        const reply = await corpus.http.post('/api/auth/register', body, { ip: corpus.newAddress() });
        expect(reply.status, `${field}=${String(value).slice(0, 20)}`).toBe(400);
      }
    }
    expect(await corpus.counts()).toEqual(before);
    expect(await corpus.counts(), 'the ledger still agrees with count(*)').toEqual(await corpus.realCounts());
  }, 120_000);
});
