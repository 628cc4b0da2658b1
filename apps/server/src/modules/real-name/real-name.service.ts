import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  RealNameStatus,
  maskIdCard,
  maskPhone,
  type RealNameDetail,
  type RealNameReviewItem,
} from '@app/contract';
import './real-name.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/auth/session.service.js';
import { saveImage, type CheckedImage } from '../../platform/storage/image-upload.js';
import { users } from '../../platform/identity/identity.table.js';
import { defaultNickName } from '../../platform/identity/users.repository.js';
import type { IdCardCipher } from './id-card-crypto.js';
import { realNames } from './real-name.table.js';

type Status = 0 | 1 | 2 | 4;
type Row = typeof realNames.$inferSelect;

/** What happens when an operator decides: the message centre tells the user. */
export interface RealNameReviewedNotice {
  tenantId: number;
  userId: number;
  approved: boolean;
  reason: string | null;
}
export type NotifyRealNameReviewed = (notice: RealNameReviewedNotice) => Promise<void>;

export interface RealNameServiceDeps {
  db: Db;
  clock: Clock;
  cipher: IdCardCipher;
  /** DATA_DIR/private/idcards: never served publicly. */
  imagesDir: string;
  /** A signed link (600 s) to a stored ID card photo (a key answered by uploadIdCardImageList). */
  imageUrl: (key: string) => string;
  /** App config `idCardEnable` of the tenant (spec §3). */
  idCardEnabled(tenantId: number): Promise<boolean>;
  notifyReviewed: NotifyRealNameReviewed;
}

const IMAGE_KEY_RE = /^(\d+)\/[0-9a-f-]{36}\.(jpg|png)$/;

/** Real-name verification (issue 4 point 6). */
export const createRealNameService = (deps: RealNameServiceDeps) => {
  const { db, clock } = deps;

  const rowOf = async (tenantId: number, userId: number): Promise<Row | undefined> => {
    const [row] = await db
      .select()
      .from(realNames)
      .where(and(eq(realNames.tenantId, tenantId), eq(realNames.userId, userId)))
      .limit(1);
    return row;
  };

  const detailOf = (row: Row | undefined, enabled: boolean): RealNameDetail => ({
    status: (row?.status ?? RealNameStatus.None) as Status,
    realName: row?.realName ?? null,
    idCardNum: row?.idCardMasked ?? null,
    idCardImages: row?.idCardImages ?? [],
    idCardImageUrls: (row?.idCardImages ?? []).map(deps.imageUrl),
    rejectReason: row?.rejectReason ?? null,
    submitTime: row?.submittedAt.toISOString() ?? null,
    reviewTime: row?.reviewedAt?.toISOString() ?? null,
    enabled,
  });

  const checkImages = async (uid: number, keys: string[]) => {
    for (const key of keys) {
      const match = IMAGE_KEY_RE.exec(key);
      if (!match || Number(match[1]) !== uid) throw badRequest('id_card_image_invalid');
      try {
        await access(path.join(deps.imagesDir, key));
      } catch {
        throw badRequest('id_card_image_invalid');
      }
    }
  };

  const reviewItems = async (rows: Row[]): Promise<RealNameReviewItem[]> => {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const people = ids.length
      ? await db
          .select({ id: users.id, nickName: users.nickName, phone: users.phone })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
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
        idCardImageUrls: row.idCardImages.map(deps.imageUrl),
        status: row.status as Status,
        rejectReason: row.rejectReason,
        submitTime: row.submittedAt.toISOString(),
        reviewTime: row.reviewedAt?.toISOString() ?? null,
      };
    });
  };

  const review = async (
    admin: AuthContext,
    id: number,
    decision: { status: 2 | 4; reason: string | null },
  ): Promise<RealNameReviewItem> => {
    const [row] = await db
      .update(realNames)
      .set({
        status: decision.status,
        rejectReason: decision.reason,
        reviewerId: admin.uid,
        reviewedAt: clock.now(),
      })
      .where(
        and(
          eq(realNames.tenantId, admin.tenantId),
          eq(realNames.id, id),
          eq(realNames.status, RealNameStatus.Pending),
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await db
        .select({ id: realNames.id })
        .from(realNames)
        .where(and(eq(realNames.tenantId, admin.tenantId), eq(realNames.id, id)));
      throw exists ? conflict('real_name_not_pending') : notFound('real_name_not_found');
    }
    await deps.notifyReviewed({
      tenantId: row.tenantId,
      userId: row.userId,
      approved: decision.status === RealNameStatus.Approved,
      reason: decision.reason,
    });
    const [item] = await reviewItems([row]);
    return item!;
  };

  return {
    /** Spec §4: Approved with no token (or a guest token) and when idCardEnable is off. */
    async status(auth: AuthContext | null, tenantId: number): Promise<{ status: Status }> {
      if (!auth || auth.isGuest || !auth.uid) return { status: RealNameStatus.Approved };
      if (!(await deps.idCardEnabled(tenantId))) return { status: RealNameStatus.Approved };
      const row = await rowOf(auth.tenantId, auth.uid);
      return { status: (row?.status ?? RealNameStatus.None) as Status };
    },

    async detail(auth: AuthContext): Promise<RealNameDetail> {
      return detailOf(await rowOf(auth.tenantId, auth.uid), await deps.idCardEnabled(auth.tenantId));
    },

    async submit(
      auth: AuthContext,
      mode: 'add' | 'update',
      body: { realName: string; idCardNum: string; idCardImages?: string[] | undefined },
    ): Promise<RealNameDetail> {
      if (!(await deps.idCardEnabled(auth.tenantId))) throw conflict('real_name_disabled');
      const images = body.idCardImages ?? [];
      await checkImages(auth.uid, images);
      const existing = await rowOf(auth.tenantId, auth.uid);
      if (existing?.status === RealNameStatus.Approved) throw conflict('real_name_approved');
      if (mode === 'add' && existing && existing.status !== RealNameStatus.Rejected)
        throw conflict('real_name_exists');
      if (mode === 'update' && !existing) throw notFound('real_name_not_found');
      const idCard = body.idCardNum.trim().toUpperCase();
      const values = {
        realName: body.realName.trim(),
        idCardCipher: deps.cipher.encrypt(idCard, auth.tenantId, auth.uid),
        idCardMasked: maskIdCard(idCard),
        idCardImages: images,
        status: RealNameStatus.Pending,
        rejectReason: null,
        reviewerId: null,
        reviewedAt: null,
        submittedAt: clock.now(),
      };
      const [row] = await db
        .insert(realNames)
        .values({ tenantId: auth.tenantId, userId: auth.uid, ...values })
        .onConflictDoUpdate({ target: realNames.userId, set: values })
        .returning();
      return detailOf(row, true);
    },

    async saveImages(auth: AuthContext, images: CheckedImage[]): Promise<{ files: string[] }> {
      const files: string[] = [];
      for (const image of images) files.push(await saveImage(deps.imagesDir, String(auth.uid), image));
      return { files };
    },

    async page(tenantId: number, status: Status, page: number, pageSize: number) {
      const where = and(eq(realNames.tenantId, tenantId), eq(realNames.status, status));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(realNames)
          .where(where)
          .orderBy(asc(realNames.submittedAt), asc(realNames.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(realNames).where(where),
      ]);
      return { items: await reviewItems(rows), total: total?.n ?? 0, page, pageSize };
    },

    approve: (admin: AuthContext, id: number) =>
      review(admin, id, { status: RealNameStatus.Approved, reason: null }),
    reject: (admin: AuthContext, id: number, reason: string) =>
      review(admin, id, { status: RealNameStatus.Rejected, reason }),

    /** For operators and tests: the clear ID number of a submission. */
    async revealIdCard(tenantId: number, userId: number): Promise<string> {
      const row = await rowOf(tenantId, userId);
      if (!row) throw new AppError(404, 'real_name_not_found');
      return deps.cipher.decrypt(row.idCardCipher, tenantId, userId);
    },
  };
};
export type RealNameService = ReturnType<typeof createRealNameService>;
