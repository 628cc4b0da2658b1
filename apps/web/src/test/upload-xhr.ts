import { vi } from 'vitest';

/** One upload the page sent: where to and what. */
export interface SentUpload {
  url: string;
  body: FormData;
}

/**
 * Stands in for the XMLHttpRequest an upload goes through (uploads report progress, which fetch cannot): each
 * upload is answered with the envelope `{ code: 200, result: answer(upload) }` on the next microtask.
 * Returns the uploads sent so far.
 */
export const stubUploadXhr = (answer: (upload: SentUpload) => unknown): SentUpload[] => {
  const sent: SentUpload[] = [];
  class UploadXhr {
    status = 0;
    response: unknown = null;
    responseType = '';
    timeout = 0;
    upload = { addEventListener: () => undefined };
    private url = '';
    private listeners: Record<string, ((event: unknown) => void)[]> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {}
    addEventListener(type: string, fn: (event: unknown) => void) {
      (this.listeners[type] ??= []).push(fn);
    }
    send(body: FormData) {
      const upload = { url: this.url, body };
      sent.push(upload);
      queueMicrotask(() => {
        this.status = 200;
        this.response = { code: 200, type: 'success', message: null, result: answer(upload), extras: null };
        this.listeners.load?.forEach((fn) => fn({}));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
  return sent;
};
