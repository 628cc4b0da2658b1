import type WebSocket from 'ws';
import { SpeechProviderError } from './provider-errors.js';

/** Ends an exchange: with an error, or with its result. */
type FinishExchange<T> = (error: Error | null, result?: T) => void;

/**
 * One request to a speech provider over a WebSocket, settled once: by the protocol (`talk` calls `finish`), or
 * else by the caller's abort, the time limit, a socket error or the socket closing first, each a
 * SpeechProviderError naming the engine. The socket is closed whichever way it ends.
 */
export const socketExchange = <T>(
  engine: string,
  socket: WebSocket,
  limits: { timeoutMs: number; signal?: AbortSignal | undefined; closedEarly: string },
  talk: (finish: FinishExchange<T>) => void,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish: FinishExchange<T> = (error, result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      socket.close();
      if (error) reject(error);
      else resolve(result as T);
    };
    const onAbort = () => finish(new SpeechProviderError(`${engine}: aborted`));
    const timer = setTimeout(() => finish(new SpeechProviderError(`${engine}: timeout`)), limits.timeoutMs);
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    talk(finish);
    socket.on('error', (error) => finish(new SpeechProviderError(`${engine}: ${error.message}`)));
    socket.on('close', () => finish(new SpeechProviderError(`${engine}: ${limits.closedEarly}`)));
  });
