import { SLIDER } from '../config/app';

/** A range input on the app's one slider scale (`SLIDER`: 0–100 in steps of 1); callers map it to their unit. */
export function RangeSlider({
  value,
  onChange,
  testId,
  className,
  label,
}: {
  value: number;
  onChange(value: number): void;
  testId: string;
  className?: string;
  /** The accessible name when no visible label wraps the slider. */
  label?: string;
}) {
  return (
    <input
      type="range"
      className={className}
      data-testid={testId}
      aria-label={label}
      min={SLIDER.min}
      max={SLIDER.max}
      step={SLIDER.step}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
