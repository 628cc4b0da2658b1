import { desc, eq } from 'drizzle-orm';
import { PayMethod, type OfflinePayOrder, type OfflinePaySettings, type Order } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { auditLog } from '../../../platform/audit/audit.table.js';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { tokenFor } from '../../../test/tokens.js';
import { api, newUser, packageId } from '../../../test/commerce.js';
import { multipart, png } from '../../../test/uploads.js';
import { commerceSettings, payOrders } from '../commerce.table.js';

const START = '2026-03-02T02:00:00.000Z';
const INITIAL = '请联系客服完成转账，备注订单号（测试）';
const SETTINGS = {
  payeeName: '杭州某某科技有限公司',
  bank: '招商银行杭州分行',
  account: '6214 8300 0000 1234',
  qrFileId: null,
  serviceUrl: 'https://work.weixin.qq.com/kfid/kf_test',
  instructions: '转账时请备注订单号，客服确认后自动到账',
};

describe('offline payment: the payee operators configure and the transfer screenshot', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let admin: string;
  let month: number;
  beforeAll(async () => {
    app = await createTestApp({ OFFLINE_PAY_INSTRUCTIONS: INITIAL }, { clock });
    admin = await tokenFor(app, 'admin');
    month = await packageId(app, 'vip_month');
  });
  afterAll(() => app.close());

  const uploadImage = async (token: string, visibility: 'public' | 'private') => {
    const form = multipart([{ field: 'file', name: 'shot.png', type: 'image/png', data: await png(120, 240) }]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/sysCommonInfo/UploadAttachments?visibility=${visibility}`,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    return (JSON.parse(res.body) as { result: { files: { id: number }[] } }).result.files[0]!.id;
  };
  const update = (body: Record<string, unknown>, token = admin) =>
    api<OfflinePaySettings>(app, 'POST', '/api/console/offline-pay', token, body);
  const audits = () =>
    app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'offline_pay.update'))
      .orderBy(desc(auditLog.id));
  const buyOffline = async (token: string) => {
    const res = await api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', token, {
      packageId: month,
      payMethod: PayMethod.Offline,
    });
    expect(res.status).toBe(200);
    return res.result;
  };
  const proof = (token: string, id: number, fileId: number) =>
    api<OfflinePayOrder>(app, 'POST', '/api/sysOrder/transferProof', token, { id, fileId });
  const orderRow = async (id: number) =>
    (await app.platform.db.select().from(payOrders).where(eq(payOrders.id, id)))[0]!;

  it('starts from the environment text; an operator change is validated, saved and audited', async () => {
    const initial = await api<OfflinePaySettings>(app, 'GET', '/api/console/offline-pay', admin);
    expect(initial.result).toMatchObject({ instructions: INITIAL, payeeName: '', qrUrl: null, updateTime: null });
    const u = await newUser(app);
    expect((await buyOffline(u.token)).payParams).toEqual({ kind: 'offline', instructions: INITIAL });
    // Only operators; bad fields are refused with their names and nothing is stored or audited.
    expect((await update(SETTINGS, u.token)).status).toBe(403);
    const badLink = await update({ ...SETTINGS, serviceUrl: 'javascript:alert(1)' });
    expect([badLink.status, badLink.error]).toEqual([400, 'validation_failed']);
    expect(JSON.stringify(badLink.body.message)).toContain('serviceUrl');
    expect((await update({ ...SETTINGS, instructions: '   ' })).status).toBe(400);
    expect((await update({ ...SETTINGS, account: '1'.repeat(65) })).status).toBe(400);
    // A QR picture must be the operator's own upload.
    const othersImage = await uploadImage(u.token, 'public');
    const stolen = await update({ ...SETTINGS, qrFileId: othersImage });
    expect([stolen.status, stolen.error]).toEqual([400, 'offline_pay_qr_invalid']);
    expect(await app.platform.db.select().from(commerceSettings)).toEqual([]);
    expect(await audits()).toEqual([]);

    const qr = await uploadImage(admin, 'public');
    const saved = await update({ ...SETTINGS, qrFileId: qr });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ ...SETTINGS, qrFileId: qr, updateTime: START });
    expect(saved.result.qrUrl).toMatch(/^\/(uploads|files)\//);
    const [row] = await audits();
    expect(row).toMatchObject({
      targetType: 'commerce_setting',
      targetId: 'offline_pay',
      before: null,
      after: { ...SETTINGS, qrFileId: qr },
    });
    // A second change records what it replaced.
    await update({ ...SETTINGS, qrFileId: qr, payeeName: '张三' });
    const [second] = await audits();
    expect(second).toMatchObject({ before: { payeeName: SETTINGS.payeeName }, after: { payeeName: '张三' } });
    await update({ ...SETTINGS, qrFileId: qr });

    // A new offline order carries the operator's instructions; its payer reads the payee.
    const order = await buyOffline(u.token);
    expect(order.payParams).toEqual({ kind: 'offline', instructions: SETTINGS.instructions });
    const view = await api<OfflinePayOrder>(app, 'GET', `/api/sysOrder/offlinePay?id=${order.id}`, u.token);
    expect(view.result).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      amountFen: order.amountFen,
      state: 'pending',
      payee: { payeeName: SETTINGS.payeeName, account: SETTINGS.account, serviceUrl: SETTINGS.serviceUrl },
      transferProofUrl: null,
    });
    expect(view.result.payee.qrUrl).toBe(saved.result.qrUrl);
  });

  it('only the owner attaches a screenshot, only while pending; bad input changes nothing', async () => {
    const owner = await newUser(app);
    const other = await newUser(app);
    const order = await buyOffline(owner.token);
    const shot = await uploadImage(owner.token, 'private');
    const othersShot = await uploadImage(other.token, 'private');

    // Another user: the order is not theirs (not found), with their own picture or the owner's.
    const stranger = await proof(other.token, order.id, othersShot);
    expect([stranger.status, stranger.error]).toEqual([404, 'order_not_found']);
    expect((await api(app, 'GET', `/api/sysOrder/offlinePay?id=${order.id}`, other.token)).status).toBe(404);
    // The owner with someone else's file, or a malformed body: refused.
    const notMine = await proof(owner.token, order.id, othersShot);
    expect([notMine.status, notMine.error]).toEqual([400, 'screenshot_not_image']);
    expect((await proof(owner.token, order.id, 0)).status).toBe(400);
    expect((await orderRow(order.id)).transferFileId).toBeNull();

    const sent = await proof(owner.token, order.id, shot);
    expect(sent.status).toBe(200);
    expect(sent.result).toMatchObject({ orderId: order.id, transferProofTime: START });
    expect(sent.result.transferProofUrl).toMatch(/^\/files\/private\//);
    // Replaceable while pending.
    const second = await uploadImage(owner.token, 'private');
    expect((await proof(owner.token, order.id, second)).status).toBe(200);
    expect((await orderRow(order.id)).transferFileId).toBe(second);

    // The console's queue shows it beside the order.
    const queue = await api<{ items: { id: number; transferProofUrl: string | null }[] }>(
      app,
      'POST',
      '/api/console/orders/page',
      admin,
      { state: 'pending', payMethod: PayMethod.Offline, pageSize: 50 },
    );
    expect(queue.result.items.find((o) => o.id === order.id)?.transferProofUrl).toMatch(/^\/files\/private\//);

    // Once confirmed, it can no longer be replaced.
    const confirmed = await api(app, 'POST', '/api/console/orders/confirm-offline', admin, { id: order.id });
    expect(confirmed.status).toBe(200);
    const late = await proof(owner.token, order.id, shot);
    expect([late.status, late.error]).toEqual([409, 'order_not_pending']);
    expect((await orderRow(order.id)).transferFileId).toBe(second);

  });
});
