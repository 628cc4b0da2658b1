import type { Prize } from '@app/contract';
import './activity.css';

const COLORS = ['#FFE7A8', '#FFF6E0', '#FFD0C7', '#FFF1EE', '#E3D4FF', '#F3EBFF'];
/** Full turns the wheel makes before it stops. */
export const SPIN_TURNS = 5;
export const SPIN_MS = 4000;

const normalize = (deg: number): number => ((deg % 360) + 360) % 360;

/**
 * The wheel's rotation (degrees, clockwise) that brings the centre of `slot` under the pointer at the top,
 * at least `turns` full turns after `from`. Slots are numbered 0… clockwise from the top.
 */
export const landingAngle = (slot: number, slotCount: number, from = 0, turns = SPIN_TURNS): number => {
  const size = 360 / slotCount;
  const target = normalize(360 - (slot + 0.5) * size);
  return from - normalize(from) + turns * 360 + target;
};

/** Which slot lies under the top pointer when the wheel is turned by `rotation` degrees. */
export const slotAtPointer = (rotation: number, slotCount: number): number => {
  const size = 360 / slotCount;
  return Math.floor(normalize(360 - normalize(rotation)) / size) % slotCount;
};

const point = (angle: number, r: number) => {
  const rad = ((angle - 90) * Math.PI) / 180;
  return [100 + r * Math.cos(rad), 100 + r * Math.sin(rad)] as const;
};

interface LuckyWheelProps {
  prizes: readonly Prize[];
  rotation: number;
  spinning: boolean;
  onSettled?: () => void;
}

/** An SVG wheel: one sector per slot (0 at the top, clockwise), turned by `rotation`. */
export function LuckyWheel({ prizes, rotation, spinning, onSettled }: LuckyWheelProps) {
  const slotCount = Math.max(1, ...prizes.map((p) => p.slot + 1));
  const size = 360 / slotCount;
  const bySlot = new Map(prizes.map((p) => [p.slot, p]));
  return (
    <div className="lucky-wheel" data-testid="lucky-wheel">
      <svg
        viewBox="0 0 200 200"
        className="lucky-wheel__disc"
        data-testid="lucky-wheel-disc"
        data-rotation={rotation}
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.17, 0.67, 0.21, 1)` : 'none',
        }}
        onTransitionEnd={onSettled}
        aria-hidden="true"
      >
        {Array.from({ length: slotCount }, (_, slot) => {
          const [x1, y1] = point(slot * size, 96);
          const [x2, y2] = point((slot + 1) * size, 96);
          const [tx, ty] = point((slot + 0.5) * size, 64);
          const prize = bySlot.get(slot);
          return (
            <g key={slot} data-slot={slot}>
              <path
                d={`M100 100 L${x1} ${y1} A96 96 0 ${size > 180 ? 1 : 0} 1 ${x2} ${y2} Z`}
                fill={COLORS[slot % COLORS.length]}
                stroke="#fff"
                strokeWidth="1"
              />
              <text
                x={tx}
                y={ty}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize="9"
                fill="#7a4a00"
                transform={`rotate(${(slot + 0.5) * size} ${tx} ${ty})`}
              >
                {prize?.name ?? ''}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="97" fill="none" stroke="#F5A300" strokeWidth="4" />
      </svg>
      <div className="lucky-wheel__pointer" aria-hidden="true" />
    </div>
  );
}
