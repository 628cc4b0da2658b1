import { AI_LABEL_TEXT } from '@app/contract';
import { assTime } from './subtitles.js';

/** The opening label stays this long (GB 45438-2025 asks for at least 2 s at the start of a video). */
export const OPENING_LABEL_SECONDS = 2.5;

/** Where this clip sits in the video, and whether the operator keeps the corner mark (app_config aiLabels). */
export interface ClipMarks {
  width: number;
  height: number;
  /** Seconds from the video's start to this clip's first frame. */
  clipStart: number;
  clipSeconds: number;
  corner: boolean;
}

/**
 * A clip's ASS with the AI labels burned in with it: a large boxed "AI生成" over the opening seconds of the video
 * (text ≥ 5 % of the shorter side; never turned off) and a small corner mark, top right, throughout.
 */
export const withAiMarks = (ass: string, marks: ClipMarks): string => {
  const short = Math.min(marks.width, marks.height);
  const big = Math.round(short * 0.085);
  const small = Math.max(14, Math.round(short * 0.035));
  const style = (name: string, size: number, box: boolean) =>
    `Style: ${name},WenQuanYi Micro Hei,${size},&H00FFFFFF,&H00FFFFFF,&H99000000,&H99000000,-1,0,0,0,100,100,0,0,${box ? 3 : 1},${Math.max(2, Math.round(size * 0.18))},0,5,0,0,0,1`;
  const events: string[] = [];
  const opening = Math.min(marks.clipSeconds, OPENING_LABEL_SECONDS - marks.clipStart);
  if (opening > 0)
    events.push(
      // Below a top title (titlePosition 1–3), above a centred caption or subtitle block.
      `Dialogue: 9,${assTime(0)},${assTime(opening)},AiOpening,,0,0,0,,{\\an8\\pos(${Math.round(marks.width / 2)},${Math.round(marks.height * 0.28)})}${AI_LABEL_TEXT}`,
    );
  if (marks.corner)
    events.push(
      `Dialogue: 8,${assTime(0)},${assTime(marks.clipSeconds)},AiCorner,,0,0,0,,{\\an9\\pos(${marks.width - small},${small})}${AI_LABEL_TEXT}`,
    );
  const styles = [style('AiOpening', big, true), style('AiCorner', small, false)].join('\n');
  const withStyles = ass.replace(/^(Format: Name,.*)$/m, (line) => `${line}\n${styles}`);
  return `${withStyles.replace(/\n*$/, '')}\n${events.join('\n')}\n`;
};
