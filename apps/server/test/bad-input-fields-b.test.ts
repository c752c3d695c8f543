import { describe, it } from 'vitest';
import { sendOddValues, useCorpus } from './helpers/bad-input.ts';

/** The corpus, part three: odd values in every field, path and query of every odd-numbered endpoint. */
const corpus = useCorpus();

describe('the bad-input corpus: odd values, second half of the endpoints', () => {
  it('never answers 5xx to odd values in any field, path or query', () => sendOddValues(corpus, 1), 1_500_000);
});
