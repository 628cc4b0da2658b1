import type { ComponentProps } from 'react';
import { Chip } from '../../../shared/ui/chip';

/**
 * One toggle of the video forms' rows of choices (mode, source, voice, music, pictures, subtitle style, the
 * batch's works and templates): the shared chip in the video pages' style (`video.css`).
 */
export function VideoChip(props: Omit<ComponentProps<typeof Chip>, 'className'>) {
  return <Chip {...props} className="video-chip" />;
}
