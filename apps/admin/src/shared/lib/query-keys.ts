/** Every console query key starts with this, so one invalidation after an action refreshes counts and tables. */
export const CONSOLE_KEY = 'console';
