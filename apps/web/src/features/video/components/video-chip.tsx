import type { ComponentProps } from 'react';
import { Chip } from '../../../shared/ui/chip';

/**
 * One toggle of the video forms' rows of choices (mode, source, voice, music, pictures, subtitle style, the
 * batch's works and templates): the shared chip in the video pages' style (`video.css`).
 */
export function VideoChip(props: Omit<ComponentProps<typeof Chip>, 'className'>) {
  return <Chip {...props} className="video-chip" />;
}

/** A row of video chips of which one is chosen (a mode, a source, a voice, a style…). */
export function VideoChoice<V extends string>({
  value,
  options,
  onChange,
  testId,
}: {
  value: V | undefined;
  /** In their order: each its value, label and whether it cannot be chosen now. */
  options: readonly { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  /** Each chip's test id is `${testId}-${value}`. */
  testId: string;
}) {
  return (
    <div className="video-chips">
      {options.map((option) => (
        <VideoChip
          key={option.value}
          pressed={option.value === value}
          label={option.label}
          onClick={() => onChange(option.value)}
          testId={`${testId}-${option.value}`}
          disabled={option.disabled}
        />
      ))}
    </div>
  );
}
