/**
 * Every console query key starts with this, so one invalidation after an action refreshes counts and tables.
 * An action's mutation hook (in its feature's api/) returns that invalidation from `onSuccess`, so the mutation
 * settles only once every console query (tables, counts, queue badges) has the new rows, and what the page does
 * next (close a drawer, a dialog) already sees them.
 */
export const CONSOLE_KEY = 'console';
