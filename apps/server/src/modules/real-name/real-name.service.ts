import {
  RealNameStatus,
  type ResultOf,
  maskIdCard,
  maskPhone,
  type endpoints,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type RealNameDetail,
  type RealNameReviewItem,
} from '@app/contract';
import './real-name.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { checkedImageFile, type CheckedImage } from '../../platform/storage/image-upload.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { isMember, type Actor } from '../../platform/identity/actor.js';
import { authorSummariesOf, authorSummaryIn } from '../../platform/identity/author.js';
import { mapPage } from '../../platform/db/paged.js';
import { defaultNickName } from '../../platform/identity/users.repository.js';
import type { IdCardCipher } from './id-card-crypto.js';
import type { RealNameRepositories, RealNameRepository, RealNameRow as Row } from './real-name.repository.js';

type Status = 0 | 1 | 2 | 4;
type ConsoleRealNameItem = ResultOf<typeof endpoints.consoleRealNameApprove>;

/** What happens when an operator decides: the message centre tells the user. */
interface RealNameReviewedNotice {
  tenantId: number;
  userId: number;
  approved: boolean;
  reason: string | null;
}
/** Stores the user's notice with the review's transaction; answers its push, run after the commit. */
type NoticeRealNameReviewedInTx = (
  tx: DbOrTx,
  notice: RealNameReviewedNotice,
) => Promise<() => Promise<void>>;

export interface RealNameServiceDeps {
  /** For the platform's author summaries. */
  db: Db;
  store: RealNameRepositories;
  clock: Clock;
  cipher: IdCardCipher;
  /** Private files (local disk or the S3-compatible store); the photos are kept under `idcards/<uid>/`. */
  storage: FileStorage;
  /** App config `idCardEnable` of the tenant (spec §3). */
  idCardEnabled(tenantId: number): Promise<boolean>;
  /** Whether publishing needs an approved real name (publish-rule.ts); false when not given. */
  requiredToPublish?(tenantId: number): Promise<boolean>;
  noticeReviewedInTx: NoticeRealNameReviewedInTx;
}

const IMAGE_KEY_RE = /^(\d+)\/[0-9a-f-]{36}\.(jpg|png)$/;
/** The photos' storage keys are `idcards/<key>`, the key (`<uid>/<uuid>.<ext>`) being what the API answers. */
const storageKeyOf = (key: string) => `idcards/${key}`;

type RealNameParts = RealNameServiceDeps & { repo: RealNameRepository };

/** The user's side: the state, the submission and its photos. */
const createRealNameSubmission = ({
  clock,
  cipher,
  storage,
  idCardEnabled,
  requiredToPublish,
  repo,
}: RealNameParts) => {
  const rowOf = repo.of;
  const detailOf = (row: Row | undefined, enabled: boolean, requiredToPublish = false): RealNameDetail => ({
    status: (row?.status ?? RealNameStatus.None) as Status,
    realName: row?.realName ?? null,
    idCardNum: row?.idCardMasked ?? null,
    idCardImages: row?.idCardImages ?? [],
    idCardImageUrls: (row?.idCardImages ?? []).map((key) => storage.signedUrl(storageKeyOf(key))),
    rejectReason: row?.rejectReason ?? null,
    submitTime: row?.submittedAt.toISOString() ?? null,
    reviewTime: row?.reviewedAt?.toISOString() ?? null,
    enabled,
    requiredToPublish: enabled && requiredToPublish,
  });

  const checkImages = async (uid: number, keys: string[]) => {
    for (const key of keys) {
      const match = IMAGE_KEY_RE.exec(key);
      if (!match || Number(match[1]) !== uid) throw badRequest('id_card_image_invalid');
      const stored = await storage.read(storageKeyOf(key), 'private').catch(() => null);
      if (!stored) throw badRequest('id_card_image_invalid');
      stored.stream.destroy();
    }
  };

  return {
    /** Spec §4: Approved with no token (or a guest token) and when idCardEnable is off. */
    async status({ tenantId, uid, roles }: Actor): Promise<{ status: Status }> {
      if (!isMember({ uid, roles })) return { status: RealNameStatus.Approved };
      if (!(await idCardEnabled(tenantId))) return { status: RealNameStatus.Approved };
      const row = await rowOf(tenantId, uid);
      return { status: (row?.status ?? RealNameStatus.None) as Status };
    },

    async detail({ tenantId, uid }: Actor): Promise<RealNameDetail> {
      return detailOf(
        await rowOf(tenantId, uid),
        await idCardEnabled(tenantId),
        (await requiredToPublish?.(tenantId)) ?? false,
      );
    },

    async submit(
      { tenantId, uid }: Actor,
      mode: 'add' | 'update',
      body: ParsedBodyOf<typeof endpoints.realNameAdd>,
    ): Promise<RealNameDetail> {
      if (!(await idCardEnabled(tenantId))) throw conflict('real_name_disabled');
      const images = body.idCardImages ?? [];
      await checkImages(uid, images);
      const existing = await rowOf(tenantId, uid);
      if (existing?.status === RealNameStatus.Approved) throw conflict('real_name_approved');
      if (mode === 'add' && existing && existing.status !== RealNameStatus.Rejected)
        throw conflict('real_name_exists');
      if (mode === 'update' && !existing) throw notFound('real_name_not_found');
      const idCard = body.idCardNum.trim().toUpperCase();
      const values = {
        realName: body.realName.trim(),
        idCardCipher: cipher.encrypt(idCard, tenantId, uid),
        idCardMasked: maskIdCard(idCard),
        idCardImages: images,
        status: RealNameStatus.Pending,
        rejectReason: null,
        reviewerId: null,
        reviewedAt: null,
        submittedAt: clock.now(),
      };
      const row = await repo.save(tenantId, uid, values);
      return detailOf(row, true, (await requiredToPublish?.(tenantId)) ?? false);
    },

    async saveImages({ tenantId, uid }: Actor, images: CheckedImage[]): Promise<{ files: string[] }> {
      const files: string[] = [];
      for (const image of images) {
        const saved = await storage.save({
          tenantId,
          userId: uid,
          category: 'idcards',
          folder: storageKeyOf(String(uid)),
          visibility: 'private',
          ...checkedImageFile(image),
        });
        files.push(saved.key.slice(storageKeyOf('').length));
      }
      return { files };
    },
  };
};

/** Submissions as reviewers see them: the user, the masked number and signed photo addresses. */
const createReviewViews = ({ db, storage, repo }: RealNameParts) => {
  const reviewItems = async (rows: Row[]): Promise<RealNameReviewItem[]> => {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const people = await repo.people(ids);
    const byId = new Map(people.map((p) => [p.id, p]));
    return rows.map((row) => {
      const person = byId.get(row.userId);
      return {
        id: row.id,
        userId: row.userId,
        nickName: person?.nickName ?? defaultNickName(person?.phone ?? null),
        phone: person?.phone ? maskPhone(person.phone) : null,
        realName: row.realName,
        idCardNum: row.idCardMasked,
        idCardImages: row.idCardImages,
        idCardImageUrls: row.idCardImages.map((key) => storage.signedUrl(storageKeyOf(key))),
        status: row.status as Status,
        rejectReason: row.rejectReason,
        submitTime: row.submittedAt.toISOString(),
        reviewTime: row.reviewedAt?.toISOString() ?? null,
      };
    });
  };

  /** Review items as the console shows them: the user as a reference with the avatar. */
  const consoleItems = async (items: RealNameReviewItem[]): Promise<ConsoleRealNameItem[]> => {
    const people = await authorSummariesOf(
      db,
      items.map((i) => i.userId),
    );
    return items.map(({ userId, nickName, idCardImages: _keys, ...item }) => ({
      ...item,
      user: authorSummaryIn(people, userId, nickName),
    }));
  };

  return { reviewItems, consoleItems };
};

/** The operators' side: the review queue, decisions (audited, the user told) and revealing a number. */
const createRealNameReview = (parts: RealNameParts) => {
  const { store, clock, cipher, noticeReviewedInTx, repo } = parts;
  const { reviewItems, consoleItems } = createReviewViews(parts);
  /** An operator's decision and its audit row, in one transaction; the user is told afterwards. */
  const review = async (
    actor: Actor,
    id: number,
    decision: { status: 2 | 4; reason: string | null },
  ): Promise<RealNameReviewItem> => {
    const row = await store.transaction(async ({ realNames }, tx) => {
      const decided = await realNames.decide(
        actor.tenantId,
        id,
        {
          status: decision.status,
          rejectReason: decision.reason,
          reviewerId: actor.uid,
          reviewedAt: clock.now(),
        },
        RealNameStatus.Pending,
      );
      if (!decided) return null;
      await writeAudit(tx, actor, {
        action: decision.status === RealNameStatus.Approved ? 'real_name.approve' : 'real_name.reject',
        targetType: 'real_name',
        targetId: id,
        before: { status: RealNameStatus.Pending },
        after: { status: decision.status, rejectReason: decision.reason },
        reason: decision.reason,
      });
      const push = await noticeReviewedInTx(tx, {
        tenantId: decided.tenantId,
        userId: decided.userId,
        approved: decision.status === RealNameStatus.Approved,
        reason: decision.reason,
      });
      return { decided, push };
    });
    if (!row)
      throw (await repo.exists(actor.tenantId, id))
        ? conflict('real_name_not_pending')
        : notFound('real_name_not_found');
    await row.push();
    const [item] = await reviewItems([row.decided]);
    return item!;
  };

  return {
    page: async ({ tenantId }: Actor, q: ParsedQueryOf<typeof endpoints.realNameReviewPage>) =>
      mapPage(await repo.page(tenantId, q.status, q), reviewItems),

    approve: (actor: Actor, id: number) =>
      review(actor, id, { status: RealNameStatus.Approved, reason: null }),
    reject: (actor: Actor, id: number, reason: string) =>
      review(actor, id, { status: RealNameStatus.Rejected, reason }),

    /** Console table: submissions of any status, filtered and sorted in SQL, ID numbers masked. */
    consolePage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleRealNamePage>) =>
      mapPage(await repo.consolePage(tenantId, q), async (rows) =>
        consoleItems(await reviewItems(rows.map((r) => r.row))),
      ),

    /** One submission for the console (after a decision). */
    consoleItem: async (item: RealNameReviewItem) => (await consoleItems([item]))[0]!,

    /** The clear ID number of a submission for an operator; the reveal is audited. */
    async reveal(actor: Actor, id: number): Promise<{ id: number; idCardNum: string }> {
      return store.transaction(async ({ realNames }, tx) => {
        const row = await realNames.byId(actor.tenantId, id);
        if (!row) throw notFound('real_name_not_found');
        await writeAudit(tx, actor, {
          action: 'real_name.reveal',
          targetType: 'real_name',
          targetId: id,
          after: { userId: row.userId },
        });
        return { id, idCardNum: cipher.decrypt(row.idCardCipher, row.tenantId, row.userId) };
      });
    },

    /** For operators and tests: the clear ID number of the submission of `ownerId`. */
    async revealIdCard(tenantId: number, ownerId: number): Promise<string> {
      const row = await repo.of(tenantId, ownerId);
      if (!row) throw new AppError(404, 'real_name_not_found');
      return cipher.decrypt(row.idCardCipher, tenantId, ownerId);
    },
  };
};

/** Real-name verification: users submit their name and ID card, operators approve or reject. */
export const createRealNameService = (deps: RealNameServiceDeps) => {
  const parts = { ...deps, repo: deps.store.repos.realNames };
  return {
    ...createRealNameSubmission(parts),
    ...createRealNameReview(parts),
  };
};
export type RealNameService = ReturnType<typeof createRealNameService>;
