import { describe, expect, it } from 'vitest';
import { BODY_PATH_VALUES, fill, ODD_STRINGS, ODD_VALUES, useCorpus } from './helpers/bad-input.ts';

/** The corpus, part four: an administrator's odd values to the admin endpoints. */
const corpus = useCorpus();

describe('the bad-input corpus: the admin endpoints', () => {
  it('never answers 5xx to odd values sent by an administrator to the admin endpoints', async () => {
    for (const { method, path, fields } of corpus.endpoints().filter((e) => e.path.startsWith('/api/admin/'))) {
      const pathValues = path.includes('{') ? ['0', '-1', 'abc', '9'.repeat(300), '\u0000', '%', ' '] : ['x'];
      for (const pathValue of pathValues) {
        const url = fill(path, pathValue);
        if (method === 'GET') {
          for (const query of [
            '?page=0',
            '?limit=100000',
            '?sort=password_hash',
            '?order=sideways',
            '?format=xml',
            '?q=%00',
            `?q=${'x'.repeat(500)}`,
            '?from=2020-13-45',
            '?actor=abc',
            '?page[]=1',
          ]) {
            await corpus.expectRefusedCleanly(`admin ${method} ${url}${query}`, () =>
              corpus.http.call('GET', `${url}${query}`, undefined, { token: corpus.adminToken() }),
            );
          }
          continue;
        }
        await corpus.expectRefusedCleanly(`admin ${method} ${url} {}`, () =>
          corpus.http.call(method as 'POST', url, {}, { token: corpus.adminToken() }),
        );
        if (pathValues.length > 1 && !BODY_PATH_VALUES.includes(pathValue)) continue;
        for (const field of fields) {
          for (const value of ODD_VALUES) {
            await corpus.expectRefusedCleanly(
              `admin ${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
              () => corpus.http.call(method as 'POST', url, { [field]: value }, { token: corpus.adminToken() }),
            );
          }
        }
      }
    }
  }, 1_500_000);

  it('never answers 5xx to an otherwise good letter whose subject or text holds NUL, RLO or BOM', async () => {
    const letters = corpus.endpoints().filter((e) => e.method === 'POST' && e.path.startsWith('/api/admin/letters'));
    expect(letters.map((e) => e.path).sort()).toEqual(['/api/admin/letters', '/api/admin/letters/test']);
    const draft = { topic: 'product_news', lang: 'en', subject: 'News of the moon', body: 'A new reading is out.' };
    const odd = [...ODD_STRINGS, '\ufeff', '\ufeffNews', 'News\u202e', 'a\r\nBcc: someone@example.com'];
    for (const { path } of letters) {
      for (const field of ['subject', 'body', 'reason']) {
        if (field === 'reason' && path.endsWith('/test')) continue;
        for (const value of odd) {
          // The send asks for the audience the administrator confirmed: 1 is never this topic's, so nothing goes out.
          const letter = { ...draft, ...(path.endsWith('/test') ? {} : { audience: 1 }), [field]: value };
          await corpus.expectRefusedCleanly(`admin POST ${path} ${field}=${JSON.stringify(value).slice(0, 40)}`, () =>
            corpus.http.call('POST', path, letter, { token: corpus.adminToken() }),
          );
        }
      }
    }
  });
});
