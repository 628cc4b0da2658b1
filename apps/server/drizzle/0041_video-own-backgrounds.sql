-- Video templates stop being adverts for the app: each seeded template's background becomes a design of its own
-- (static/images/video-bg-<value>.svg) instead of the cropped home banner, and no template plays our intro or
-- outro clips by default (the user may still pick them in the form). Only rows still as seeded change.
UPDATE "sys_dict_data"
SET "data" = jsonb_set("data", '{cover}', to_jsonb('/static/images/video-bg-' || "value" || '.svg')), "updated_at" = now()
WHERE "dict_name" = 'video_template'
  AND "value" IN ('talk-vertical', 'knowledge', 'food', 'quote', 'landscape')
  AND "data"->>'cover' = '/static/images/banner-video.svg';
--> statement-breakpoint
UPDATE "sys_dict_data" SET "data" = "data" - 'inserts', "updated_at" = now()
WHERE "dict_name" = 'video_template'
  AND (("value" = 'talk-vertical' AND "data"->'inserts' = '["intro-brand", "outro-follow"]'::jsonb)
    OR ("value" = 'knowledge' AND "data"->'inserts' = '["outro-made-with"]'::jsonb));
--> statement-breakpoint
UPDATE "sys_dict_type" SET "version" = "version" + 1, "updated_at" = now() WHERE "name" = 'video_template';
