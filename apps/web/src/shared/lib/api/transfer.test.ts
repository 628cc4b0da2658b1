import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../test/render-app';
import { initI18n } from '../../i18n';
import { useAppStore } from '../app-store';
import { ApiError } from './api-error';
import { download, upload, type Progress } from './transfer';

const feedback = vi.hoisted(() => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn() }));
vi.mock('../../ui/feedback', () => feedback);

/** A scripted XMLHttpRequest: records what was sent, then plays progress and an answer. */
class FakeXhr {
  static last: FakeXhr;
  static answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: null };
  /** Progress events to play before answering (null: the server goes silent after them). */
  static script: { loaded: number; at: number }[] | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType = '';
  timeout = 0;
  status = 0;
  response: unknown = null;
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  private uploadListeners: Record<string, ((event: unknown) => void)[]> = {};
  upload = { addEventListener: (type: string, fn: (event: unknown) => void) => (this.uploadListeners[type] ??= []).push(fn) };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  getResponseHeader(name: string) {
    return FakeXhr.answer.headers?.[name] ?? null;
  }
  abort() {
    this.listeners.abort?.forEach((fn) => fn({}));
  }
  send(body: unknown) {
    this.body = body;
    if (FakeXhr.script) {
      const target = this.method === 'POST' ? this.uploadListeners : this.listeners;
      for (const step of FakeXhr.script)
        setTimeout(() => target.progress?.forEach((fn) => fn({ loaded: step.loaded, total: 100, lengthComputable: true })), step.at);
      return;
    }
    queueMicrotask(() => {
      const target = this.method === 'POST' ? this.uploadListeners : this.listeners;
      target.progress?.forEach((fn) => fn({ loaded: 50, total: 100, lengthComputable: true }));
      target.progress?.forEach((fn) => fn({ loaded: 100, total: 100, lengthComputable: true }));
      this.status = FakeXhr.answer.status;
      this.response = FakeXhr.answer.body;
      this.listeners.load?.forEach((fn) => fn({}));
    });
  }
}

beforeEach(async () => {
  await initI18n('zh-Hans');
  feedback.showToast.mockClear();
  FakeXhr.script = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('upload', () => {
  it('posts multipart with the auth headers, reports progress and returns the result', async () => {
    logIn();
    FakeXhr.answer = { status: 200, body: { code: 200, type: 'success', message: null, result: { url: '/uploads/a.png' }, extras: null, time: '' } };
    const progress: Progress[] = [];
    const result = await upload<{ url: string }>('/api/sysFile/uploadAvatar', [file('a.png')], {
      fields: { kind: 'avatar' },
      onProgress: (p) => progress.push(p),
    });
    expect(result.url).toBe('/uploads/a.png');
    expect(FakeXhr.last.method).toBe('POST');
    expect(FakeXhr.last.url).toBe('/api/sysFile/uploadAvatar');
    expect(FakeXhr.last.headers.Authorization).toMatch(/^Bearer /);
    expect(FakeXhr.last.headers['Content-Type']).toBeUndefined();
    const form = FakeXhr.last.body as FormData;
    expect(form.get('kind')).toBe('avatar');
    expect((form.get('file') as File).name).toBe('a.png');
    expect(progress.map((p) => p.percent)).toEqual([50, 100]);
    // Spec §8: the upload success message, on every upload.
    expect(feedback.showToast).toHaveBeenCalledWith('上传成功', 'success');
  });

  it('sends several files under `files`, and refuses more than 5 at a time', async () => {
    FakeXhr.answer = { status: 200, body: { code: 200, result: [] } };
    await upload('/api/x', [file('1'), file('2')]);
    expect((FakeXhr.last.body as FormData).getAll('files')).toHaveLength(2);
    const error = await upload('/api/x', Array.from({ length: 6 }, (_, i) => file(String(i)))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('一次最多上传 5 个文件');
  });

  it.each([
    [401, '登录已过期，请重新登录'],
    [404, '上传地址不存在'],
    [413, '服务器异常，上传失败'],
  ])('HTTP %i fails with the spec §8 upload message', async (status, message) => {
    logIn();
    FakeXhr.answer = { status, body: null };
    const error = (await upload('/api/x', [file('a')]).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(message);
    expect(feedback.showToast).toHaveBeenCalledWith(message, 'fail');
    if (status === 401) expect(useAppStore.getState().session).toBeNull();
  });
});

describe('download', () => {
  it('gets a blob with progress', async () => {
    const blob = new Blob(['video']);
    FakeXhr.answer = { status: 200, body: blob };
    const progress: (number | undefined)[] = [];
    const result = await download('/uploads/v.mp4', { onProgress: (p) => progress.push(p.percent) });
    expect(result).toBe(blob);
    expect(FakeXhr.last.method).toBe('GET');
    expect(FakeXhr.last.responseType).toBe('blob');
    expect(progress).toEqual([50, 100]);
  });

  it('a failed download says so', async () => {
    FakeXhr.answer = { status: 500, body: new Blob() };
    const error = (await download('/uploads/v.mp4').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('下载失败');
  });
});

describe('transfer timeout', () => {
  it('fails after 60000 ms without progress (spec §9 framework timeout), however long the transfer runs while it moves', async () => {
    vi.useFakeTimers();
    try {
      // Progress every 50 s for 200 s, then silence.
      FakeXhr.script = [50_000, 100_000, 150_000, 200_000].map((at, i) => ({ at, loaded: (i + 1) * 10 }));
      let settled: unknown;
      const started = upload('/api/x', [file('big.mp4')]).catch((e: unknown) => (settled = e));
      await vi.advanceTimersByTimeAsync(259_999);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await started;
      expect(settled).toBeInstanceOf(ApiError);
      expect((settled as ApiError).code).toBe(5);
      expect((settled as ApiError).message).toBe('请求超时');
    } finally {
      vi.useRealTimers();
    }
  });
});
