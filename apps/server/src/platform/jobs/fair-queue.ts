import type { Redis } from 'ioredis';

/**
 * Round robin by user in front of BullMQ (whose open-source edition has no groups). Jobs wait in Redis in a
 * list per user; a dispatcher hands BullMQ at most one job of each user at a time (`out`), taking the user
 * served longest ago first, so a newcomer's job waits behind at most one job of each other user. Once a
 * worker starts the user's job, the user's turn comes back (at the end of the round) and the dispatcher
 * hands over the next.
 *
 * Every step is one Lua script, so any number of API and worker processes can push and dispatch at once.
 * A process that dies between taking a user's turn and adding the job to BullMQ leaves `out` pointing at a
 * job BullMQ never got: `stale` finds it after a while and the runner adds it again (BullMQ ignores an
 * add of a job id it holds).
 *
 * Keys (under the runner's prefix): `fair:users` (zset: users with waiting jobs and no job out, scored by
 * the turn they were last served, 0 when new), `fair:w:<user>` (zset: the user's waiting messages, scored
 * by the time they are due), `fair:out` (hash: user → the message handed to BullMQ and not yet started),
 * `fair:outAt` (zset: user → when it was handed), `fair:served` (hash: user → last turn), `fair:turn`.
 * A message is `<jobId>:<attempt>:<priority>`; user 0 stands for jobs without an owner.
 */

/** A job as it waits for its turn. */
export interface FairMessage {
  jobId: number;
  attempt: number;
  /** 0–1000, higher first among one user's due jobs and between users at the same turn. */
  priority: number;
}

const PUSH = `
local wkey = ARGV[4] .. ARGV[1]
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then return 0 end
if redis.call('ZSCORE', wkey, ARGV[2]) then return 0 end
redis.call('ZADD', wkey, ARGV[3], ARGV[2])
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then
  redis.call('ZADD', KEYS[1], 'NX', redis.call('HGET', KEYS[3], ARGV[1]) or '0', ARGV[1])
end
return 1
`;

// Picks, among users with a due job and no job out, the least recently served (ties: the higher priority,
// then the earlier due), takes that user's best due job (priority, then due time) and marks it out.
const DISPATCH = `
local now = tonumber(ARGV[1])
local entries = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[3]) - 1, 'WITHSCORES')
local bestUser, bestMsg, bestScore, bestPrio, bestDue
for i = 1, #entries, 2 do
  local user, score = entries[i], tonumber(entries[i + 1])
  if bestScore and score > bestScore then break end
  local wkey = ARGV[2] .. user
  local due = redis.call('ZRANGEBYSCORE', wkey, '-inf', now, 'WITHSCORES', 'LIMIT', 0, 200)
  if #due == 0 and redis.call('ZCARD', wkey) == 0 then redis.call('ZREM', KEYS[1], user) end
  for j = 1, #due, 2 do
    local msg, at = due[j], tonumber(due[j + 1])
    local prio = tonumber(string.match(msg, ':(%d+)$'))
    if not bestMsg or prio > bestPrio or (prio == bestPrio and at < bestDue) then
      bestUser, bestMsg, bestScore, bestPrio, bestDue = user, msg, score, prio, at
    end
  end
end
if not bestMsg then return nil end
redis.call('ZREM', ARGV[2] .. bestUser, bestMsg)
redis.call('ZREM', KEYS[1], bestUser)
redis.call('HSET', KEYS[2], bestUser, bestMsg)
redis.call('ZADD', KEYS[3], now, bestUser)
redis.call('HSET', KEYS[4], bestUser, redis.call('INCR', KEYS[5]))
return { bestUser, bestMsg }
`;

// A worker started the user's job: the user's turn comes back (when more jobs wait) behind those served since.
const STARTED = `
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if redis.call('ZCARD', ARGV[3] .. ARGV[1]) > 0 then
  redis.call('ZADD', KEYS[1], redis.call('HGET', KEYS[4], ARGV[1]) or '0', ARGV[1])
else
  redis.call('HDEL', KEYS[4], ARGV[1])
end
return 1
`;

const encode = (m: FairMessage) => `${m.jobId}:${m.attempt}:${m.priority}`;
export const decodeFairMessage = (text: string): FairMessage => {
  const [jobId, attempt, priority] = text.split(':').map(Number);
  return { jobId: jobId!, attempt: attempt!, priority: priority! };
};

/** `client` answers the connection once it is ready (commands fail fast, not queued, while Redis is away). */
export const createFairQueue = (client: () => Promise<Redis>, prefix: string) => {
  const key = (name: string) => `${prefix}fair:${name}`;
  const waitPrefix = key('w:');
  const userKey = (userId: number | null) => String(userId ?? 0);
  const keys = {
    users: key('users'),
    out: key('out'),
    outAt: key('outAt'),
    served: key('served'),
    turn: key('turn'),
  };

  return {
    /** Waits a job for its owner's turn, due at `dueAt`; a message already waiting or out is not added twice. */
    async push(userId: number | null, message: FairMessage, dueAt: Date): Promise<boolean> {
      const added = await (
        await client()
      ).eval(
        PUSH,
        3,
        keys.users,
        keys.out,
        keys.served,
        userKey(userId),
        encode(message),
        String(dueAt.getTime()),
        waitPrefix,
      );
      return added === 1;
    },

    /** Takes the next user's turn: their best due job, now out to BullMQ. Null when no user has one due. */
    async next(now: Date): Promise<{ user: string; message: string } | null> {
      const picked = (await (
        await client()
      ).eval(
        DISPATCH,
        5,
        keys.users,
        keys.out,
        keys.outAt,
        keys.served,
        keys.turn,
        String(now.getTime()),
        waitPrefix,
        '1000',
      )) as [string, string] | null;
      return picked ? { user: picked[0], message: picked[1] } : null;
    },

    /** A worker started the job out for this user: their turn comes back. False when it was not theirs out. */
    async started(user: string, message: string): Promise<boolean> {
      const done = await (
        await client()
      ).eval(STARTED, 4, keys.users, keys.out, keys.outAt, keys.served, user, message, waitPrefix);
      return done === 1;
    },

    /** Users whose job went out before `before` and has not started: BullMQ may never have got it. */
    async stale(before: Date): Promise<{ user: string; message: string }[]> {
      const redis = await client();
      const users = await redis.zrangebyscore(keys.outAt, '-inf', before.getTime(), 'LIMIT', 0, 100);
      const found: { user: string; message: string }[] = [];
      for (const user of users) {
        const message = await redis.hget(keys.out, user);
        if (message) found.push({ user, message });
        else await redis.zrem(keys.outAt, user);
      }
      return found;
    },

    /** Looks at a stale hand-over again later. */
    async touch(user: string, now: Date): Promise<void> {
      await (await client()).zadd(keys.outAt, 'XX', now.getTime(), user);
    },
  };
};
