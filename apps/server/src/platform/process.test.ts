import { describe, expect, it } from 'vitest';
import { runProcess } from './process.js';

describe('runProcess', () => {
  it('answers stdout from the input it was given, and the tail of stderr', async () => {
    const { stdout, log } = await runProcess('sh', ['-c', 'tr a-z A-Z; echo warned >&2'], {
      input: 'voice',
      stdout: true,
    });
    expect(stdout.toString()).toBe('VOICE');
    expect(log).toBe('warned\n');
  });

  it('keeps only the tail of a long log, and rejects with it on a failure', async () => {
    const failing = runProcess('sh', ['-c', 'for i in $(seq 1 500); do echo line$i >&2; done; exit 3'], {
      logLimit: 100,
    });
    await expect(failing).rejects.toThrow(/^sh exited with 3: .*line500$/s);
    await expect(failing).rejects.not.toThrow(/line1\n/);
  });

  it('kills the program when its signal aborts', async () => {
    const controller = new AbortController();
    const sleeping = runProcess('sleep', ['30'], { signal: controller.signal });
    controller.abort();
    await expect(sleeping).rejects.toThrow(/abort/i);
  });
});
