import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { authorSummaryColumns } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { drawLikes, drawTasks } from './drawing.table.js';

export type DrawTaskRow = typeof drawTasks.$inferSelect;

/** A task with what its card needs: the job's live state, the author, and whether the viewer liked it. */
export interface DrawTaskView extends DrawTaskRow {
  jobState: string | null;
  jobProgress: number | null;
  jobStage: string | null;
  jobError: string | null;
  author: {
    id: number;
    nickName: string | null;
    avatar: string | null;
    phone: string | null;
    deletedAt: Date | null;
  };
  liked: boolean;
}

const viewColumns = (viewerId: number | null) => ({
  task: drawTasks,
  jobState: jobs.state,
  jobProgress: jobs.progress,
  jobStage: jobs.stage,
  jobError: jobs.error,
  author: authorSummaryColumns,
  liked: viewerId
    ? sql<boolean>`exists (select 1 from ${drawLikes} where ${drawLikes.taskId} = ${drawTasks.id} and ${drawLikes.userId} = ${viewerId})`
    : sql<boolean>`false`,
});
type Selected = { task: DrawTaskRow } & Omit<DrawTaskView, keyof DrawTaskRow>;

/** A selected row as one flat view. */
export const flattenView = ({ task, ...rest }: Selected): DrawTaskView => ({
  ...task,
  ...rest,
  liked: !!rest.liked,
});

/** Tasks as cards for a viewer (their job, author and the viewer's like), filtered by `where`. */
export const selectViews = (db: DbOrTx, viewerId: number | null, where: SQL | undefined) =>
  db
    .select(viewColumns(viewerId))
    .from(drawTasks)
    .leftJoin(jobs, eq(jobs.id, drawTasks.jobId))
    .innerJoin(users, eq(users.id, drawTasks.userId))
    .where(where);
