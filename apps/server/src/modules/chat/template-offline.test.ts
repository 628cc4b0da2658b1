import { describe, expect, it } from 'vitest';
import { composeOffline, OFFLINE_KINDS } from '../../platform/ai/text/offline-composer.js';
import { repeatedSentences } from '../../test/text-checks.js';
import { SEED_TEMPLATES } from './template.seed.js';

// The seeded templates must run offline too: the platform's composer answers each of them.
describe('seeded prompt templates on the offline engine', () => {
  it('has a composer for every seeded template, which uses its required fields', () => {
    for (const t of SEED_TEMPLATES) {
      expect(OFFLINE_KINDS).toContain(t.kind);
      const fields = Object.fromEntries(t.fields.map((f) => [f.name, f.options?.[0] ?? `测试${f.label}`]));
      const text = composeOffline({
        question: '',
        template: { code: t.code, kind: t.kind, title: t.title },
        fields,
      });
      expect(text.length, t.code).toBeGreaterThan(80);
      expect(repeatedSentences(text), t.code).toEqual([]);
      expect(text.split('离线引擎').length - 1, t.code).toBe(1);
      const firstRequired = t.fields.find((f) => f.required && f.type !== 'select');
      if (firstRequired) expect(text, t.code).toContain(fields[firstRequired.name]!.split(/[、，]/)[0]);
    }
  });
});
