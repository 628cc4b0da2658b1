/**
 * Private media (videos, dubbing audio, uploaded audio) come as signed links that stop working 600 s after
 * the server signed them. A list or detail showing such links is read again this often while open (and, being
 * stale at once, on every visit and when the window regains focus), so a link is never used expired.
 */
export const SIGNED_LINK_REFRESH_MS = 5 * 60_000;
