-- Backfill of the console dashboard's daily rollups (console_daily_metric) from the rows already there, with
-- the definitions of modules/console/rollup.service.ts (Asia/Shanghai days: UTC + 8 hours, no DST). Every
-- day of the last 60 gets its `new_users` marker (0 when nobody joined), so the dashboard finds them
-- computed; the recurring refresh then keeps yesterday and today current. One pass over each source table.
INSERT INTO "console_daily_metric" ("tenant_id", "day", "metric", "value", "refreshed_at")
SELECT "tenant_id", "day", "metric", sum("value"), now()
FROM (
  SELECT t."id" AS "tenant_id", to_char(d, 'YYYY-MM-DD') AS "day", 'new_users' AS "metric", 0::float8 AS "value"
  FROM "tenant" t,
    generate_series(((now() AT TIME ZONE 'UTC') + interval '8 hours')::date - 59,
                    ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date, interval '1 day') d
  UNION ALL
  SELECT "tenant_id", to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD'), 'new_users', count(*)
  FROM "app_user" GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", "day", 'active_users', count(DISTINCT "device_id") FROM "stat_event" GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", "day", 'page_views', count(*) FROM "stat_event" WHERE "kind" = 'page' GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", "day", "metric", "value"
  FROM (
    SELECT "tenant_id", to_char(("paid_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS "day",
      "pay_method", count(*) AS "orders", sum("amount_fen") AS "revenue", sum("gold") AS "gold"
    FROM "pay_order" WHERE "state" IN ('paid', 'refunded') AND "paid_at" IS NOT NULL
    GROUP BY 1, 2, 3
  ) o,
  LATERAL (VALUES ('paid_orders:' || o."pay_method", o."orders"::float8),
                  ('revenue_fen:' || o."pay_method", o."revenue"::float8),
                  ('gold_sold:' || o."pay_method", o."gold"::float8)) AS v("metric", "value")
  UNION ALL
  SELECT "tenant_id", to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD'), 'gold_spent', -sum("amount")
  FROM "account_ledger" WHERE "currency" = 'gold' AND "amount" < 0 AND "reason" <> 'refund_reverse' GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD'), 'chat_questions', count(*)
  FROM "chat_message" WHERE "role" = 'user' GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", "date", 'check_ins', count(*) FROM "activity_checkin" GROUP BY 1, 2
  UNION ALL
  SELECT "tenant_id", "day", "metric", "value"
  FROM (
    SELECT "tenant_id", to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS "day",
      "type", "state", count(*) AS "jobs",
      count(*) FILTER (WHERE "finished_at" IS NOT NULL AND "started_at" IS NOT NULL) AS "timed",
      coalesce(sum(extract(epoch from ("finished_at" - "started_at")))
        FILTER (WHERE "finished_at" IS NOT NULL AND "started_at" IS NOT NULL), 0) AS "seconds"
    FROM "job" GROUP BY 1, 2, 3, 4
  ) j,
  LATERAL (VALUES ('jobs:' || j."type" || ':' || j."state", j."jobs"::float8),
                  ('job_timed:' || j."type" || ':' || j."state", j."timed"::float8),
                  ('job_seconds:' || j."type" || ':' || j."state", j."seconds"::float8)) AS v("metric", "value")
) m
GROUP BY "tenant_id", "day", "metric"
ON CONFLICT ("tenant_id", "day", "metric") DO NOTHING;
