import type { CSSProperties } from 'react';
import type { VideoScene } from '@app/contract';

/** Colour cards offered for a scene: plain colours, then two-colour gradients (top to bottom). */
export const SCENE_CARDS: string[][] = [
  ['#1f2937'],
  ['#f8fafc'],
  ['#ef4444'],
  ['#2563eb'],
  ['#f59e0b', '#ef4444'],
  ['#06b6d4', '#3b82f6'],
  ['#a855f7', '#ec4899'],
  ['#10b981', '#0f766e'],
];

export const cardStyle = (colors: string[]): CSSProperties =>
  colors.length > 1
    ? { background: `linear-gradient(180deg, ${colors[0]}, ${colors[1]})` }
    : { background: colors[0] };

/** The picture of a scene as a thumbnail: its picture, its colour card, or a placeholder while it is made. */
export function ScenePicture({ scene, className }: { scene: VideoScene; className: string }) {
  if (scene.pictureUrl) return <img className={className} src={scene.pictureUrl} alt="" />;
  if (scene.colors) return <div className={className} style={cardStyle(scene.colors)} />;
  return <div className={`${className} storyboard-picture--pending`} />;
}
