import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/identity/actor.js';

export type StopReason = 'stop' | 'disconnect' | 'censor';

interface Running {
  tenantId: number;
  userId: number;
  controller: AbortController;
}

/**
 * The answers this process is streaming, so `stop` can abort the provider request. With Redis, stop
 * requests are also published so the process that holds the stream (maybe another one) aborts it.
 */
export interface GenerationRegistry {
  add(messageId: number, entry: Running): void;
  remove(messageId: number): void;
  /** Aborts a local generation of this user; true when it was running here. */
  stopLocal(messageId: number, tenantId: number, userId: number, reason: StopReason): boolean;
  /** Asks every process (Redis) to stop it; resolves once published. No-op without Redis. */
  broadcastStop(messageId: number, tenantId: number, userId: number): Promise<boolean>;
  /** How many answers the caller has streaming in this process. */
  runningFor(caller: Pick<Actor, 'tenantId' | 'uid'>): number;
  close(): Promise<void>;
}

export const createGenerationRegistry = (options: {
  redisUrl?: string;
  prefix: string;
  log: FastifyBaseLogger;
}): GenerationRegistry => {
  const running = new Map<number, Running>();
  const channel = `${options.prefix}chat:stop`;

  const stopLocal = (messageId: number, tenantId: number, userId: number, reason: StopReason) => {
    const entry = running.get(messageId);
    if (!entry || entry.tenantId !== tenantId || entry.userId !== userId) return false;
    entry.controller.abort(reason);
    return true;
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (options.redisUrl) {
    const redisOptions = { lazyConnect: false, maxRetriesPerRequest: 2 };
    publisher = new Redis(options.redisUrl, redisOptions);
    subscriber = new Redis(options.redisUrl, redisOptions);
    for (const client of [publisher, subscriber]) {
      client.on('error', (err: Error) => options.log.warn({ err }, 'chat stop channel: redis error'));
    }
    void subscriber
      .subscribe(channel)
      .catch((err: unknown) => options.log.warn({ err }, 'chat stop channel: subscribe failed'));
    subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const { messageId, tenantId, userId } = JSON.parse(raw) as Record<string, number>;
        if (messageId && tenantId && userId) stopLocal(messageId, tenantId, userId, 'stop');
      } catch {
        // Not ours; ignore.
      }
    });
  }

  return {
    add: (messageId, entry) => running.set(messageId, entry),
    remove: (messageId) => running.delete(messageId),
    stopLocal,
    async broadcastStop(messageId, tenantId, userId) {
      if (!publisher) return false;
      await publisher.publish(channel, JSON.stringify({ messageId, tenantId, userId }));
      return true;
    },
    runningFor: ({ tenantId, uid }) => {
      let n = 0;
      for (const entry of running.values()) if (entry.tenantId === tenantId && entry.userId === uid) n += 1;
      return n;
    },
    async close() {
      for (const entry of running.values()) entry.controller.abort('disconnect');
      await Promise.all([
        publisher?.quit().catch(() => undefined),
        subscriber?.quit().catch(() => undefined),
      ]);
    },
  };
};
