import { describe, expect, it } from 'vitest';
import { PREPROCESSING_FUNCTION_NAMES } from '#shared/contract/field-mapping';
import { PREPROCESSING_FUNCTIONS, isPreprocessingFunction } from './preprocessing.ts';

describe('preprocessing registry and the shared contract', () => {
  it('names exactly the functions the contract accepts, in the same order', () => {
    expect(PREPROCESSING_FUNCTIONS.map((f) => f.name)).toEqual([...PREPROCESSING_FUNCTION_NAMES]);
    for (const name of PREPROCESSING_FUNCTION_NAMES) expect(isPreprocessingFunction(name)).toBe(true);
  });
});
