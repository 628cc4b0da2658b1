import { describe, expect, it } from 'vitest';
import { batchCodeAsTyped, newRedeemCode } from './redeem-code.js';

describe('console batch redeem codes', () => {
  it('are 12 characters of Crockford base 32, without look-alike letters', () => {
    const codes = Array.from({ length: 200 }, newRedeemCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are read as typed: O as 0, I and L as 1, group separators dropped', () => {
    expect(batchCodeAsTyped('AB0O-1IL2 XYZ9')).toBe('AB001112XYZ9');
    expect(batchCodeAsTyped('7K3M-QW9P-ZT4R')).toBe('7K3MQW9PZT4R');
    // A code already in the alphabet is read unchanged.
    const code = newRedeemCode();
    expect(batchCodeAsTyped(code)).toBe(code);
  });
});
