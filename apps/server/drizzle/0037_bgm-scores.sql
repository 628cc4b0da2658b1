-- The video music plays the project's own pieces (modules/video/music/scores.ts, rendered by fluidsynth with
-- General MIDI instruments) instead of sine chords: the five seeded tracks name their score (their synth stays
-- as what plays without fluidsynth), three new moods join them, and clients refetch the dictionary.
UPDATE "sys_dict_data" SET "data" = "data" || jsonb_build_object('score', substr("value", 5)), "updated_at" = now()
WHERE "dict_name" = 'app_bgm' AND "value" IN ('bgm-morning', 'bgm-afternoon', 'bgm-tech', 'bgm-night', 'bgm-festival')
  AND NOT ("data" ? 'score');
--> statement-breakpoint
WITH t AS (SELECT DISTINCT "tenant_id" FROM "sys_dict_data" WHERE "dict_name" = 'app_bgm')
INSERT INTO "sys_dict_data" ("tenant_id", "dict_name", "label", "value", "data", "sort", "created_at", "updated_at")
  SELECT t."tenant_id", 'app_bgm', '古风雅韵', 'bgm-guofeng', '{"mood": "古风", "duration": 75, "url": null, "score": "guofeng", "lavfi": "aevalsrc=''(0.12*sin(2*PI*329.63*t)+0.10*sin(2*PI*392*t)+0.08*sin(2*PI*493.88*t))*(0.75+0.25*sin(2*PI*0.5*t))'':s=44100:d=75"}'::jsonb, 10, now(), now() FROM t
  UNION ALL
  SELECT t."tenant_id", 'app_bgm', '励志前行', 'bgm-inspire', '{"mood": "励志", "duration": 60, "url": null, "score": "inspire", "lavfi": "aevalsrc=''(0.12*sin(2*PI*233.08*t)+0.10*sin(2*PI*293.66*t)+0.08*sin(2*PI*349.23*t))*(0.75+0.25*sin(2*PI*1*t))'':s=44100:d=60"}'::jsonb, 11, now(), now() FROM t
  UNION ALL
  SELECT t."tenant_id", 'app_bgm', '治愈日常', 'bgm-healing', '{"mood": "治愈", "duration": 60, "url": null, "score": "healing", "lavfi": "aevalsrc=''(0.12*sin(2*PI*196*t)+0.10*sin(2*PI*246.94*t)+0.08*sin(2*PI*293.66*t))*(0.75+0.25*sin(2*PI*1.5*t))'':s=44100:d=60"}'::jsonb, 12, now(), now() FROM t
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "sys_dict_type" SET "version" = "version" + 1, "updated_at" = now() WHERE "name" = 'app_bgm';
