import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { OrderService } from './order.service.js';
import type { PayGateways } from '../../../platform/pay/gateways.js';

export const WECHAT_NOTIFY_PATH = '/api/sysPay/notify/wechat';
export const ALIPAY_NOTIFY_PATH = '/api/sysPay/notify/alipay';

/**
 * Asynchronous payment notifications. They speak the providers' protocols, not our envelope:
 * - WeChat Pay v3: JSON signed over the raw body → 204 once recorded; 4xx/5xx with `{ code: 'FAIL', message }`
 *   makes WeChat Pay retry.
 * - Alipay: a form post → plain text `success` once recorded, anything else makes Alipay retry.
 * The routes live in an encapsulated plugin whose content-type parser keeps the raw body text (signature
 * checks need the exact bytes); the rest of the API keeps Fastify's JSON parser.
 */
export const registerPayNotifyRoutes = (
  app: FastifyInstance,
  deps: { gateways: PayGateways; orders: OrderService; log: FastifyBaseLogger },
) => {
  const { gateways, orders, log } = deps;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(WECHAT_NOTIFY_PATH, async (req, reply) => {
      const fail = (status: number, message: string) => reply.status(status).send({ code: 'FAIL', message });
      if (!gateways.wechat) return fail(404, 'pay_method_unavailable');
      let notification;
      try {
        notification = gateways.wechat.parseNotification({
          headers: req.headers,
          body: typeof req.body === 'string' ? req.body : '',
        });
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'WeChat Pay notification refused');
        return fail(401, 'verification failed');
      }
      const { event, resource } = notification;
      if (event.event_type !== 'TRANSACTION.SUCCESS' || resource.trade_state !== 'SUCCESS') {
        return reply.status(204).send();
      }
      const amount = resource.amount as { total?: unknown; payer_total?: unknown } | undefined;
      const outcome = await orders.onPaid({
        orderNo: String(resource.out_trade_no ?? ''),
        tradeNo: String(resource.transaction_id ?? ''),
        totalFen: Number(amount?.total),
        provider: 'wechat',
      });
      if (outcome === 'credited' || outcome === 'duplicate') return reply.status(204).send();
      return fail(outcome === 'unknown_order' ? 404 : 400, outcome);
    });

    scope.post(ALIPAY_NOTIFY_PATH, async (req, reply) => {
      const text = (value: string) => reply.type('text/plain; charset=utf-8').send(value);
      if (!gateways.alipay) return text('fail');
      const params = Object.fromEntries(
        new URLSearchParams(typeof req.body === 'string' ? req.body : '').entries(),
      );
      let notification;
      try {
        notification = gateways.alipay.parseNotification(params);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'Alipay notification refused');
        return text('fail');
      }
      if (notification.tradeStatus !== 'TRADE_SUCCESS' && notification.tradeStatus !== 'TRADE_FINISHED') {
        return text('success');
      }
      const outcome = await orders.onPaid({
        orderNo: notification.outTradeNo,
        tradeNo: notification.tradeNo,
        totalFen: notification.totalFen,
        provider: 'alipay',
      });
      return text(outcome === 'credited' || outcome === 'duplicate' ? 'success' : 'fail');
    });
  });
};
