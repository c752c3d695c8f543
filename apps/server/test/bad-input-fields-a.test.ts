import { describe, it } from 'vitest';
import { sendOddValues, useCorpus } from './helpers/bad-input.ts';

/** The corpus, part two: odd values in every field, path and query of every even-numbered endpoint. */
const corpus = useCorpus();

describe('the bad-input corpus: odd values, first half of the endpoints', () => {
  it('never answers 5xx to odd values in any field, path or query', () => sendOddValues(corpus, 0), 1_500_000);
});
