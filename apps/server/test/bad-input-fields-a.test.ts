import { describe, it } from 'vitest';
import { BODY_PATH_VALUES, fill, ODD_VALUES, useCorpus } from './helpers/bad-input.ts';

/** The corpus, part two: odd values in every field, path and query of every even-numbered endpoint. */
const corpus = useCorpus();
const PART = 0;

describe('the bad-input corpus: odd values, first half of the endpoints', () => {
  it('never answers 5xx to odd values in any field, path or query', async () => {
    for (const { method, path, fields } of corpus.endpoints().filter((_, index) => index % 2 === PART)) {
      const pathValues = path.includes('{')
        ? ['0', '-1', '1.5', 'abc', '9'.repeat(300), '\u0000', '%', '..', ' ']
        : ['x'];
      for (const pathValue of pathValues) {
        const url = fill(path, pathValue);
        if (method === 'GET' || method === 'HEAD') {
          for (const query of ['?lang=xx', '?lang[]=ru', `?_t=${'x'.repeat(500)}`, '?unknown=1', '?version=abc']) {
            await corpus.expectRefusedCleanly(`${method} ${url}${query}`, () =>
              corpus.http.call(method as 'GET', `${url}${query}`, undefined, { token: corpus.token() }),
            );
          }
          continue;
        }
        await corpus.expectRefusedCleanly(`${method} ${url} {}`, () =>
          corpus.http.call(method as 'POST', url, {}, { token: corpus.token() }),
        );
        await corpus.expectRefusedCleanly(`${method} ${url} unknown field`, () =>
          corpus.http.call(
            method as 'POST',
            url,
            { unexpected: 'field', __proto__: { admin: true } },
            { token: corpus.token() },
          ),
        );
        if (pathValues.length > 1 && !BODY_PATH_VALUES.includes(pathValue)) continue;
        for (const field of fields) {
          for (const value of ODD_VALUES) {
            await corpus.expectRefusedCleanly(`${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, () =>
              corpus.http.call(
                method as 'POST',
                url,
                { [field]: value },
                { token: corpus.token(), ip: corpus.newAddress() },
              ),
            );
          }
        }
      }
    }
  }, 1_500_000);
});
