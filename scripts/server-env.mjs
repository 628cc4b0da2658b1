// The environment `npm start` and `npm run worker` give the server process.
//
// glibc's allocator keeps up to 8 arenas a core for a process's threads (libuv's pool, sharp's, tfjs
// workers) and a dynamic mmap threshold that rises after a big buffer is freed, so memory an upscale or a
// picture batch freed stays in the process: measured, a ×4 upscale left the server 247 MB above its rest.
// Two arenas, a fixed mmap threshold and a low trim threshold hand it back (the same run returned to +18 MB,
// and the server at rest was 88 MB smaller). A value the operator set wins.
export const MALLOC_DEFAULTS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** `env` with production as the default mode and the allocator settings above where unset. */
export const serverEnv = (env) => ({
  ...MALLOC_DEFAULTS,
  ...env,
  NODE_ENV: env.NODE_ENV || 'production',
});
