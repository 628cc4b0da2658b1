import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, type ListPosition } from './plaza-cursor.js';

describe('plaza list cursors', () => {
  it('round-trip every kind of position, microseconds kept', () => {
    const positions: [Parameters<typeof decodeCursor>[1], ListPosition][] = [
      ['newest', { kind: 'key', key: { order: 'newest', at: '2026-03-01 08:00:00.123456+00', id: 7 } }],
      ['hot', { kind: 'key', key: { order: 'hot', likes: 0, at: '2026-03-01 08:00:00+08', id: 9 } }],
      ['drafts', { kind: 'key', key: { order: 'drafts', at: '2026-03-01 08:00:00.5+05:30', id: 3 } }],
      ['newest', { kind: 'pinned', pinnedAt: '2026-03-01 08:00:00+00', id: 4 }],
    ];
    for (const [order, position] of positions) {
      const cursor = encodeCursor(order, position);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor, order)).toEqual(position);
    }
  });

  it('refuses anything else as cursor_invalid: another order, bad values, junk', () => {
    const newest = encodeCursor('newest', {
      kind: 'key',
      key: { order: 'newest', at: '2026-03-01 08:00:00+00', id: 7 },
    });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [cursor, order] of [
      [newest, 'hot'],
      ['%%%', 'newest'],
      [forged({ o: 'newest', k: ["2026-03-01'; DROP TABLE article; --", 7] }), 'newest'],
      [forged({ o: 'newest', k: ['2026-03-01 08:00:00+00', -1] }), 'newest'],
      [forged({ o: 'hot', k: [1.5, '2026-03-01 08:00:00+00', 7] }), 'hot'],
      [forged({ o: 'newest', k: ['2026-03-01 08:00:00+00', 7], p: ['2026-03-01 08:00:00+00', 7] }), 'newest'],
      [forged(null), 'newest'],
    ] as const) {
      let error: unknown;
      try {
        decodeCursor(cursor, order);
      } catch (e) {
        error = e;
      }
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).id).toBe('cursor_invalid');
    }
  });
});
