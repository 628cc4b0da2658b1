import { OFFLINE_ANSWER_SIGNATURE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { OFFLINE_SIGNATURE } from './platform/ai/text/offline-composer.js';

/** The post editor drops the contract's signature line from a copy: it must be the line the engine writes. */
describe('the offline engine signature', () => {
  it('is the one the contract names', () => {
    expect(OFFLINE_SIGNATURE).toBe(OFFLINE_ANSWER_SIGNATURE);
  });
});
