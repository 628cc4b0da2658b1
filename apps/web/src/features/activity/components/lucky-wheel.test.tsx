import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Prize } from '@app/contract';
import { landingAngle, LuckyWheel, slotAtPointer, SPIN_TURNS } from './lucky-wheel';

describe('lucky wheel landing angle', () => {
  it('brings the centre of the server’s slot under the top pointer after the full turns', () => {
    // 8 slots of 45°: slot 0 spans 0–45° clockwise from the top, its centre at 22.5°.
    expect(landingAngle(0, 8)).toBe(SPIN_TURNS * 360 + 337.5);
    expect(landingAngle(2, 8)).toBe(SPIN_TURNS * 360 + 247.5);
    expect(landingAngle(7, 8)).toBe(SPIN_TURNS * 360 + 22.5);
    for (const count of [2, 6, 8, 12]) {
      for (let slot = 0; slot < count; slot += 1) {
        expect(slotAtPointer(landingAngle(slot, count), count)).toBe(slot);
      }
    }
  });

  it('keeps turning forward from where the last spin stopped', () => {
    const first = landingAngle(3, 8);
    const second = landingAngle(5, 8, first);
    expect(second - first).toBeGreaterThanOrEqual((SPIN_TURNS - 1) * 360);
    expect(slotAtPointer(second, 8)).toBe(5);
    // Landing on the same slot again still spins whole turns.
    expect(landingAngle(3, 8, first) - first).toBe(SPIN_TURNS * 360);
  });

  it('draws one sector per slot and turns the disc by the rotation', () => {
    const prizes: Prize[] = Array.from({ length: 6 }, (_, slot) => ({
      id: slot + 1,
      slot,
      name: `P${slot}`,
      image: '/static/p.svg',
      kind: slot === 0 ? 'none' : 'points',
      amount: slot * 10,
    }));
    const { container } = render(<LuckyWheel prizes={prizes} rotation={landingAngle(4, 6)} spinning />);
    expect(container.querySelectorAll('[data-slot]')).toHaveLength(6);
    const disc = screen.getByTestId('lucky-wheel-disc');
    expect(disc.style.transform).toBe(`rotate(${SPIN_TURNS * 360 + 90}deg)`);
    expect(disc.style.transition).toContain('transform');
  });
});
