import type { DrawStyle, DrawTask } from '@app/contract';

/** Query keys of AI drawing (spec §7 AI: aiDraw/*, aiDrawProject/uploadRoleImages). */
export const drawKeys = {
  all: ['drawing'] as const,
  options: ['drawing', 'options'] as const,
  mine: (published?: boolean) => ['drawing', 'mine', published ?? 'all'] as const,
  hall: (sort: 'newest' | 'hottest', userId?: number, style?: DrawStyle) =>
    ['drawing', 'hall', sort, userId ?? 0, style ?? 'all'] as const,
  remixes: (id: number) => ['drawing', 'remixes', id] as const,
  weekly: ['drawing', 'weekly'] as const,
  task: (id: number) => ['drawing', 'task', id] as const,
  roles: ['drawing', 'roles'] as const,
  myArticles: ['drawing', 'my-articles'] as const,
};

/** A task still being drawn is polled as well (the hub's JobProgress refreshes it sooner). */
export const POLL_MS = 1500;
export const isDrawing = (task: Pick<DrawTask, 'status'> | undefined) =>
  task?.status === 'queued' || task?.status === 'running';
