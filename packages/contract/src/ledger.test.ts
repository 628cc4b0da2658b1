import { describe, expect, it } from 'vitest';
import { appConfigSchema, DEFAULT_WELCOME_GIFT, welcomeGiftSchema } from './dictionary.js';
import { billTargetOf, HOLD_REASONS, LEDGER_REASONS, ledgerKindOf } from './ledger.js';

describe('ledger reasons, kinds and targets', () => {
  it('folds a hold’s capture and release into the hold’s kind, and every kind is itself a listed reason', () => {
    expect(ledgerKindOf('ai_draw_captured')).toBe('ai_draw');
    expect(ledgerKindOf('ai_video_released')).toBe('ai_video');
    expect(ledgerKindOf('check_in')).toBe('check_in');
    for (const reason of LEDGER_REASONS) expect(LEDGER_REASONS).toContain(ledgerKindOf(reason));
    for (const hold of HOLD_REASONS) expect(LEDGER_REASONS).toContain(`${hold}_released`);
  });

  it('maps the ledger’s ref types to what the pages link to; an unknown ref or a missing id has no link', () => {
    expect(billTargetOf('ai_draw', '7')).toEqual({ type: 'drawing_task', id: '7' });
    expect(billTargetOf('tts', '8')).toEqual({ type: 'dubbing_task', id: '8' });
    expect(billTargetOf('article_to_video', '9')).toEqual({ type: 'video_task', id: '9' });
    expect(billTargetOf('order', 'A1')).toEqual({ type: 'order', id: 'A1' });
    expect(billTargetOf('user', '3')).toBeNull();
    expect(billTargetOf('order', null)).toBeNull();
    expect(billTargetOf(null, '1')).toBeNull();
  });

  it('the welcome gift: non-negative integers, VIP days at most ten years; absent from an older config → the default', () => {
    expect(welcomeGiftSchema.safeParse({ gold: -1, points: 0, vipDays: 0 }).success).toBe(false);
    expect(welcomeGiftSchema.safeParse({ gold: 1.5, points: 0, vipDays: 0 }).success).toBe(false);
    expect(welcomeGiftSchema.safeParse({ gold: 0, points: 0, vipDays: 3651 }).success).toBe(false);
    expect(appConfigSchema.shape.welcomeGift.parse(undefined)).toEqual(DEFAULT_WELCOME_GIFT);
  });
});
