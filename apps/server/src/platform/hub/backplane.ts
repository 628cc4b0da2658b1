import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** What one process tells every process (itself included) about pushes to users. */
export type BackplaneMessage =
  | { kind: 'send'; uid: number; event: string; payload: unknown }
  | { kind: 'offline'; uid: number; reason: string; exceptSessionId?: string };

/**
 * Delivers pushes to the processes that hold the user's connections and keeps who is online.
 * In-process by default; Redis pub/sub (and presence sets) when several processes share users.
 */
export interface Backplane {
  readonly kind: 'local' | 'redis';
  publish(message: BackplaneMessage): Promise<void>;
  onMessage(listener: (message: BackplaneMessage) => void): void;
  /** This process's set of online user ids changed. */
  setOnline(uids: Iterable<number>): Promise<void>;
  /** Distinct online users over every live process. */
  onlineCount(localUids: Set<number>): Promise<number>;
  close(): Promise<void>;
}

export const createLocalBackplane = (): Backplane => {
  const listeners: Array<(message: BackplaneMessage) => void> = [];
  return {
    kind: 'local',
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async setOnline() {},
    async onlineCount(localUids) {
      return localUids.size;
    },
    async close() {},
  };
};

/** A process counts as live while it refreshed its presence within this window. */
const PRESENCE_TTL_MS = 45_000;

export const createRedisBackplane = (options: {
  url: string;
  prefix: string;
  onError?: (error: unknown) => void;
}): Backplane => {
  const processId = randomUUID();
  const channel = `${options.prefix}hub:push`;
  const processesKey = `${options.prefix}hub:processes`;
  const usersKey = (id: string) => `${options.prefix}hub:users:${id}`;
  const redisOptions = { lazyConnect: false, maxRetriesPerRequest: 3 };
  const pub = new Redis(options.url, redisOptions);
  const sub = new Redis(options.url, redisOptions);
  const onError = options.onError ?? (() => undefined);
  pub.on('error', onError);
  sub.on('error', onError);
  const listeners: Array<(message: BackplaneMessage) => void> = [];
  const subscribed = sub.subscribe(channel);
  sub.on('message', (_channel: string, text: string) => {
    let message: BackplaneMessage;
    try {
      message = JSON.parse(text) as BackplaneMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });
  let online: number[] = [];
  const writePresence = async () => {
    const key = usersKey(processId);
    const multi = pub.multi().del(key);
    if (online.length) multi.sadd(key, ...online.map(String)).pexpire(key, PRESENCE_TTL_MS);
    multi.zadd(processesKey, Date.now(), processId);
    await multi.exec();
  };
  const refresh = setInterval(() => {
    writePresence().catch(onError);
  }, PRESENCE_TTL_MS / 3);
  refresh.unref();

  return {
    kind: 'redis',
    async publish(message) {
      await subscribed;
      await pub.publish(channel, JSON.stringify(message));
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async setOnline(uids) {
      online = [...uids];
      await writePresence();
    },
    async onlineCount() {
      const since = Date.now() - PRESENCE_TTL_MS;
      await pub.zremrangebyscore(processesKey, '-inf', since);
      const processes = await pub.zrangebyscore(processesKey, since, '+inf');
      if (!processes.length) return 0;
      const members = await pub.sunion(...processes.map(usersKey));
      return members.length;
    },
    async close() {
      clearInterval(refresh);
      try {
        await pub.multi().del(usersKey(processId)).zrem(processesKey, processId).exec();
      } catch {
        // Redis gone already: the presence entries expire by themselves.
      }
      sub.disconnect();
      pub.disconnect();
    },
  };
};
