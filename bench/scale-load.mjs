// The volume of issue 26, loaded with SQL into the product's own tables (after `npm start` migrated and seeded
// the database), spread over a year. `scale` 1 is the full volume (3.9 GB on PostgreSQL 15): 200,000 users,
// 1,000,000 works (about 79 % listed), 4.95 M likes, 2.07 M comments, 1 M chat messages, 300,000 drawings,
// 200,000 dubbings, 100,000 videos with their 600,000 jobs, 2 M ledger rows, 1 M orders, 500,000 check-ins,
// 300,000 notices, 500,000 audit rows, 100,000 reports and feedback.
//
// The demo user 13800000000 is a heavy user at volume: a share of the likes, notices, ledger rows, drawings,
// chats and orders are theirs. Triggers (change notices, foreign keys) are off while loading
// (`session_replication_role = replica`, as pg_restore does); counters are then set from the rows.

/** Row counts at scale 1. */
export const FULL_VOLUME = {
  users: 200_000,
  articles: 1_000_000,
  likes: 4_947_863,
  comments: 2_067_781,
  conversations: 100_000,
  chatMessages: 1_000_000,
  drawings: 300_000,
  dubbings: 200_000,
  videos: 100_000,
  ledger: 2_000_000,
  orders: 1_000_000,
  checkIns: 500_000,
  notices: 300_000,
  audit: 500_000,
  reports: 50_000,
  feedback: 50_000,
};

/** One in DEMO_SHARE rows of the per-user tables belongs to the demo user. */
const DEMO_SHARE = 50;

const volumeAt = (scale) =>
  Object.fromEntries(Object.entries(FULL_VOLUME).map(([k, v]) => [k, Math.max(10, Math.round(v * scale))]));

/** A random time within the last year, as SQL. */
const withinYear = `now() - random() * interval '365 days'`;

/**
 * Loads the volume into a migrated, seeded database. `client` is a connected pg.Client (a superuser, for
 * `session_replication_role`). Returns the counts loaded and the seconds each step took.
 */
export const loadVolume = async (client, scale, log = console.log) => {
  const n = volumeAt(scale);
  const steps = [];
  const step = async (name, sql) => {
    const started = Date.now();
    const result = await client.query(sql);
    const seconds = (Date.now() - started) / 1000;
    steps.push({ name, rows: result.rowCount ?? 0, seconds });
    log(`  ${name}: ${result.rowCount ?? 0} rows in ${seconds.toFixed(1)} s`);
  };
  const one = async (sql) => (await client.query(sql)).rows[0];

  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SELECT setseed(0.26)`);
  const demo = (await one(`SELECT id FROM app_user WHERE phone = '13800000000'`)).id;
  const admin = (await one(`SELECT id FROM app_user WHERE account = 'admin'`)).id;
  const categories = (await one(`SELECT array_agg(DISTINCT category_id) AS ids FROM article`)).ids ?? [1];
  const packages = (await one(`SELECT array_agg(id) AS ids FROM gold_package`)).ids ?? [1];

  // Users: phones 150xxxxxxxx, nicknames with a common word so a fragment search has matches.
  const u0 = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM app_user`)).id;
  await step(
    'users',
    `INSERT INTO app_user (id, tenant_id, account, phone, nick_name, avatar, introduction, roles, gold, points, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT ${u0} + g - 1, 1, 'u' || (15000000000 + g), (15000000000 + g)::text,
            (ARRAY['小明','晴天','创作家','画师','旅行者','阿青','星河','木子'])[1 + g % 8] || g,
            '/static/avatar/default.png', '', ARRAY['user'], 1000, 100, ${withinYear}, now()
     FROM generate_series(1, ${n.users}) g`,
  );
  const user = (g) =>
    `CASE WHEN ${g} % ${DEMO_SHARE} = 0 THEN ${demo} ELSE ${u0} + (${g}::bigint * 7919) % ${n.users} END`;

  // Works: 79 % listed, the rest drafts or taken down; a share deleted.
  const a0 = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM article`)).id;
  await step(
    'articles',
    `INSERT INTO article (id, tenant_id, user_id, category_id, title, content, summary, cover, images, status,
                          read_count, published_at, created_at, updated_at, deleted_at)
     OVERRIDING SYSTEM VALUE
     SELECT ${a0} + g - 1, 1, ${u0} + (g::bigint * 104729) % ${n.users},
            (ARRAY[${categories.join(',')}])[1 + g % ${categories.length}],
            '作品 ' || g || '：用 AI 记录生活', '## 第 ' || g || ' 篇' || E'\\n\\n' || '今天用 AI 写了一段文案，又画了一张图。',
            '今天用 AI 写了一段文案', '/static/plaza/tea.png', '["/static/plaza/tea.png"]'::jsonb,
            CASE WHEN g % 100 < 80 THEN 'published' WHEN g % 100 < 95 THEN 'draft' ELSE 'taken_down' END,
            (g * 37) % 5000, t, t, t, CASE WHEN g % 100 = 1 THEN t END
     FROM (SELECT g, ${withinYear} AS t FROM generate_series(1, ${n.articles}) g) s`,
  );
  const article = (g) => `${a0} + (${g}) % ${n.articles}`;

  // Likes: about five per work from distinct users, plus the demo user's own.
  await step(
    'likes',
    `INSERT INTO article_like (tenant_id, article_id, user_id, created_at)
     SELECT 1, ${article('g')}, ${u0} + ((g / ${n.articles}) * 104729 + (g % ${n.articles}) * 31) % ${n.users}, ${withinYear}
     FROM generate_series(0, ${n.likes - 1}) g
     ON CONFLICT DO NOTHING`,
  );
  await step(
    'likes of the demo user',
    `INSERT INTO article_like (tenant_id, article_id, user_id, created_at)
     SELECT 1, ${article('g * 13')}, ${demo}, ${withinYear}
     FROM generate_series(1, ${Math.round(n.likes / 250)}) g
     ON CONFLICT DO NOTHING`,
  );
  await step(
    'comments',
    `INSERT INTO article_comment (tenant_id, article_id, user_id, content, created_at)
     SELECT 1, ${article('g * 7')}, ${u0} + (g * 131) % ${n.users}, '写得真好，学到了 ' || g, ${withinYear}
     FROM generate_series(1, ${n.comments}) g`,
  );
  await step(
    'work counters',
    `UPDATE article a SET like_count = coalesce(l.c, 0), comment_count = coalesce(c.c, 0)
     FROM article a2
     LEFT JOIN (SELECT article_id, count(*) c FROM article_like GROUP BY 1) l ON l.article_id = a2.id
     LEFT JOIN (SELECT article_id, count(*) c FROM article_comment WHERE deleted_at IS NULL GROUP BY 1) c ON c.article_id = a2.id
     WHERE a.id = a2.id AND a.id >= ${a0}`,
  );

  // Chats: conversations with the robot, questions and answers (a few left streaming by a crash).
  const c0 = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM chat_conversation`)).id;
  await step(
    'conversations',
    `INSERT INTO chat_conversation (id, tenant_id, user_id, robot_id, title, last_message, message_count, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT ${c0} + g - 1, 1, ${user('g')}, 999, '对话 ' || g, '好的', ${Math.round(n.chatMessages / n.conversations)}, ${withinYear}, now()
     FROM generate_series(1, ${n.conversations}) g`,
  );
  await step(
    'chat messages',
    `INSERT INTO chat_message (tenant_id, conversation_id, user_id, robot_id, role, content, status, created_at, updated_at)
     SELECT 1, c.id, c.user_id, 999, CASE WHEN g % 2 = 0 THEN 'user' ELSE 'assistant' END,
            '帮我写一段关于春天的文案 ' || g,
            CASE WHEN g % 100000 = 1 THEN 'streaming' ELSE 'done' END, t, t
     FROM (SELECT g, ${c0} + g % ${n.conversations} AS cid, ${withinYear} AS t FROM generate_series(1, ${n.chatMessages}) g) s
     JOIN chat_conversation c ON c.id = s.cid`,
  );

  // AI tasks and their jobs, one each (600,000 at scale 1); one in 23 failed, its gold given back (cost 0, as
  // the product leaves a failed task), uncorrelated with which rows are the demo user's.
  const j0 = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM job`)).id;
  const tasks = n.drawings + n.dubbings + n.videos;
  const jobCount = tasks;
  await step(
    'jobs',
    `INSERT INTO job (id, tenant_id, user_id, type, payload, state, progress, attempts, max_attempts, timeout_ms,
                      run_at, created_at, started_at, finished_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT ${j0} + g - 1, 1, ${user('g')},
            CASE WHEN g <= ${n.drawings} THEN 'ai_draw' WHEN g <= ${n.drawings + n.dubbings} THEN 'text_to_speech'
                 ELSE 'article_to_video' END,
            '{}'::jsonb, CASE WHEN g % 23 = 0 THEN 'failed' ELSE 'succeeded' END, 100, 1, 3, 600000, t, t, t, t, t
     FROM (SELECT g, ${withinYear} AS t FROM generate_series(1, ${jobCount}) g) s`,
  );
  await step(
    'drawings',
    `INSERT INTO ai_draw_task (tenant_id, user_id, job_id, prompt, style, ratio, count, seed, engine, offline, images,
                               cost, status, title, published_at, likes, created_at, updated_at)
     SELECT 1, j.user_id, j.id, '江南水乡的清晨，小桥流水 ' || g, 'watercolor', '1:1', 1, g, 'offline', true,
            '[]'::jsonb, CASE WHEN j.state = 'failed' THEN 0 ELSE 30 END, CASE WHEN j.state = 'failed' THEN 'failed' ELSE 'succeeded' END,
            '水乡 ' || g, CASE WHEN g % 100 < 38 AND j.state <> 'failed' THEN j.created_at END, g % 50, j.created_at, j.created_at
     FROM generate_series(1, ${n.drawings}) g JOIN job j ON j.id = ${j0} + g - 1`,
  );
  await step(
    'dubbings',
    `INSERT INTO voice_task (tenant_id, user_id, kind, job_id, text, voice, voice_label, speed, cost, engine, offline, duration, created_at)
     SELECT 1, j.user_id, CASE WHEN g % 4 = 0 THEN 'asr' ELSE 'tts' END, j.id, '春眠不觉晓，处处闻啼鸟 ' || g,
            'espeak-zh', '离线女声', 100, CASE WHEN j.state = 'failed' THEN 0 ELSE 20 END, 'espeak-ng', true, 3.5, j.created_at
     FROM generate_series(1, ${n.dubbings}) g JOIN job j ON j.id = ${j0 + n.drawings} + g - 1`,
  );
  await step(
    'videos',
    `INSERT INTO video_task (tenant_id, user_id, job_id, title, text, template_id, template_label, voice, speed,
                             subtitle_anchor, image_source, estimate_words, estimate_seconds, cost, width, height,
                             duration, engine, offline, created_at, expire_at)
     SELECT 1, j.user_id, j.id, '视频 ' || g, '一段文字', 'simple', '简约', 'espeak-zh', 100, 2, 'template', 120, 30,
            CASE WHEN j.state = 'failed' THEN 0 ELSE 60 END, 1080, 1920, 30, 'offline', true, j.created_at, j.created_at + interval '30 days'
     FROM generate_series(1, ${n.videos}) g JOIN job j ON j.id = ${j0 + n.drawings + n.dubbings} + g - 1`,
  );

  // Money and points.
  await step(
    'ledger',
    `INSERT INTO account_ledger (tenant_id, user_id, currency, amount, balance_after, reason, ref_type, ref_id, created_at)
     SELECT 1, ${user('g')}, CASE WHEN g % 3 = 0 THEN 'points' ELSE 'gold' END,
            CASE WHEN g % 5 = 0 THEN 100 ELSE -30 END, 1000,
            (ARRAY['ai_draw','ai_draw_captured','check_in','text_to_speech','article_to_video','order_paid'])[1 + g % 6],
            'job', g::text, ${withinYear}
     FROM generate_series(1, ${n.ledger}) g`,
  );
  await step(
    'orders',
    `INSERT INTO pay_order (tenant_id, order_no, user_id, package_id, package_name, gold, vip_days, vip_level,
                            pay_method, state, original_fen, discount_fen, amount_fen, expires_at, paid_at, created_at)
     SELECT 1, 'S' || lpad(g::text, 12, '0'), ${user('g')}, (ARRAY[${packages.join(',')}])[1 + g % ${packages.length}],
            '金币套餐', 1000, 0, 0, (ARRAY[0, 1, 100, 103])[1 + g % 4],
            CASE WHEN g % 10 < 7 THEN 'paid' WHEN g % 10 < 9 THEN 'expired' ELSE 'pending' END,
            990, 0, 990, t + interval '30 minutes', CASE WHEN g % 10 < 7 THEN t END, t
     FROM (SELECT g, ${withinYear} AS t FROM generate_series(1, ${n.orders}) g) s`,
  );
  await step(
    'check-ins',
    `INSERT INTO activity_checkin (tenant_id, user_id, date, streak, points, created_at)
     SELECT 1, ${u0} + g % ${n.users}, to_char(d, 'YYYY-MM-DD'), 1, 10, d
     FROM (SELECT g, (now() - ((g / ${n.users}) * 3 + g % 3) * interval '1 day') AS d
           FROM generate_series(0, ${n.checkIns - 1}) g) s
     ON CONFLICT DO NOTHING`,
  );
  await step(
    'notices',
    `INSERT INTO im_message (tenant_id, user_id, type, title, content, sender_id, peer_id, checked, receive_time)
     SELECT 1, CASE WHEN g % 20 = 0 THEN ${demo} ELSE ${u0} + (g * 17) % ${n.users} END,
            (ARRAY['comment','like','job','system','service'])[1 + g % 5], '通知 ' || g, '你的作品收到了新的互动',
            NULL, NULL, g % 3 = 0, ${withinYear}
     FROM generate_series(1, ${n.notices}) g`,
  );
  await step(
    'audit rows',
    `INSERT INTO audit_log (tenant_id, operator_id, action, target_type, target_id, reason, ip, created_at)
     SELECT 1, ${admin}, (ARRAY['user.ban','content.take_down','order.confirm_offline','config.update'])[1 + g % 4],
            'user', (${u0} + g % ${n.users})::text, '压测', '127.0.0.1', ${withinYear}
     FROM generate_series(1, ${n.audit}) g`,
  );
  await step(
    'reports',
    `INSERT INTO content_report (tenant_id, reporter_id, target_type, target_id, reason, status, created_at)
     SELECT 1, ${u0} + g % ${n.users}, 'article', ${article('g * 11')}, 'spam',
            CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'resolved' END, ${withinYear}
     FROM generate_series(1, ${n.reports}) g`,
  );
  await step(
    'feedback',
    `INSERT INTO user_feedback (tenant_id, user_id, type, content, status, created_at)
     SELECT 1, ${u0} + g % ${n.users}, 'suggestion', '希望增加更多模板 ' || g,
            CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'handled' END, ${withinYear}
     FROM generate_series(1, ${n.feedback}) g`,
  );
  await client.query(`SET session_replication_role = origin`);
  // Identity columns given explicit values move on past them.
  for (const table of ['app_user', 'article', 'chat_conversation', 'job']) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
    );
  }
  // VACUUM as well as ANALYZE: right after a bulk load autovacuum would otherwise work through the new tables
  // while the reads are measured (a live database has long been vacuumed).
  await step('vacuum and analyze', 'VACUUM (ANALYZE)');
  // And the dirty pages of the load and the vacuum written out now, not by the checkpointer during the reads.
  await step('checkpoint', 'CHECKPOINT');
  return { volume: n, steps, demo, admin };
};

/**
 * Gives the demo user of a freshly seeded database one full page (`rows` rows) in each per-user list and the
 * works hall, in the same shape as `loadVolume` writes them. The demo seed leaves those lists empty, so without
 * this the demo side of a comparison answers an empty list and the big side a full page: the ratio would
 * measure the page's fill, not the table's growth.
 */
export const fillDemoPages = async (client, rows = 21) => {
  const one = async (sql) => (await client.query(sql)).rows[0];
  const demo = (await one(`SELECT id FROM app_user WHERE phone = '13800000000'`)).id;
  const recent = `now() - g * interval '1 hour'`;
  await client.query('BEGIN');
  try {
    const j0 = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM job`)).id;
    const kinds = [
      ['ai_draw', 0],
      ['text_to_speech', rows],
      ['audio_to_srt', 2 * rows],
      ['article_to_video', 3 * rows],
    ];
    for (const [type, offset] of kinds) {
      await client.query(
        `INSERT INTO job (id, tenant_id, user_id, type, payload, state, progress, attempts, max_attempts, timeout_ms,
                          run_at, created_at, started_at, finished_at, updated_at)
         OVERRIDING SYSTEM VALUE
         SELECT ${j0 + offset} + g - 1, 1, ${demo}, '${type}', '{}'::jsonb, 'succeeded', 100, 1, 3, 600000,
                ${recent}, ${recent}, ${recent}, ${recent}, ${recent}
         FROM generate_series(1, ${rows}) g`,
      );
    }
    await client.query(`SELECT setval(pg_get_serial_sequence('job', 'id'), (SELECT max(id) FROM job))`);
    await client.query(
      `INSERT INTO ai_draw_task (tenant_id, user_id, job_id, prompt, style, ratio, count, seed, engine, offline, images,
                                 cost, status, title, published_at, likes, created_at, updated_at)
       SELECT 1, ${demo}, ${j0} + g - 1, '江南水乡的清晨，小桥流水 ' || g, 'watercolor', '1:1', 1, g, 'offline', true,
              '[]'::jsonb, 30, 'succeeded', '水乡 ' || g, ${recent}, g % 50, ${recent}, ${recent}
       FROM generate_series(1, ${rows}) g`,
    );
    await client.query(
      `INSERT INTO voice_task (tenant_id, user_id, kind, job_id, text, voice, voice_label, speed, cost, engine, offline, duration, created_at)
       SELECT 1, ${demo}, k.kind, ${j0} + k.offset + g - 1, '春眠不觉晓，处处闻啼鸟 ' || g, 'espeak-zh', '离线女声', 100,
              CASE WHEN k.kind = 'tts' THEN 20 ELSE 0 END, 'espeak-ng', true, 3.5, ${recent}
       FROM generate_series(1, ${rows}) g, (VALUES ('tts', ${rows}), ('asr', ${2 * rows})) AS k(kind, "offset")`,
    );
    await client.query(
      `INSERT INTO video_task (tenant_id, user_id, job_id, title, text, template_id, template_label, voice, speed,
                               subtitle_anchor, image_source, estimate_words, estimate_seconds, cost, width, height,
                               duration, engine, offline, created_at, expire_at)
       SELECT 1, ${demo}, ${j0 + 3 * rows} + g - 1, '视频 ' || g, '一段文字', 'simple', '简约', 'espeak-zh', 100, 2,
              'template', 120, 30, 60, 1080, 1920, 30, 'offline', true, ${recent}, ${recent} + interval '30 days'
       FROM generate_series(1, ${rows}) g`,
    );
    await client.query(
      `INSERT INTO account_ledger (tenant_id, user_id, currency, amount, balance_after, reason, ref_type, ref_id, created_at)
       SELECT 1, ${demo}, 'gold', -30, 1000, 'ai_draw_captured', 'job', g::text, ${recent}
       FROM generate_series(1, ${rows}) g`,
    );
    await client.query(
      `INSERT INTO im_message (tenant_id, user_id, type, title, content, sender_id, peer_id, checked, receive_time)
       SELECT 1, ${demo}, (ARRAY['comment','like','job','system','service'])[1 + g % 5], '通知 ' || g,
              '你的作品收到了新的互动', NULL, NULL, g % 3 = 0, ${recent}
       FROM generate_series(1, ${rows}) g`,
    );
    const conversation = (
      await one(
        `INSERT INTO chat_conversation (tenant_id, user_id, robot_id, title, last_message, message_count, created_at, updated_at)
         VALUES (1, ${demo}, 999, '对话', '好的', ${rows}, now(), now()) RETURNING id`,
      )
    ).id;
    await client.query(
      `INSERT INTO chat_message (tenant_id, conversation_id, user_id, robot_id, role, content, status, created_at, updated_at)
       SELECT 1, ${conversation}, ${demo}, 999, CASE WHEN g % 2 = 0 THEN 'user' ELSE 'assistant' END,
              '帮我写一段关于春天的文案 ' || g, 'done', ${recent}, ${recent}
       FROM generate_series(1, ${rows}) g`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  await client.query('ANALYZE');
};
