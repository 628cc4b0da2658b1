-- A price per capability (issue 25): prices.goldPerWord priced both the video and the dubbing; each now has its own
-- key (goldPerVideoWord, goldPerDubWord) keeping the operator's price, and subtitles get goldPerSubtitleMinute
-- (0: free, as before). The seeded label lists the keys.
UPDATE "sys_dict_data"
SET "data" = ("data" - 'goldPerWord') || jsonb_build_object(
    'goldPerVideoWord', "data"->'goldPerWord',
    'goldPerDubWord', "data"->'goldPerWord',
    'goldPerSubtitleMinute', COALESCE("data"->'goldPerSubtitleMinute', '0'::jsonb)),
  "updated_at" = now()
WHERE "dict_name" = 'app_config' AND "value" = 'prices' AND jsonb_typeof("data") = 'object' AND "data" ? 'goldPerWord';
--> statement-breakpoint
UPDATE "sys_dict_data"
SET "label" = '价格（金币）：视频每字 goldPerVideoWord、配音每字 goldPerDubWord、字幕每分钟 goldPerSubtitleMinute（0 为免费）、绘画每张 goldPerImage、高清放大每次 goldPerUpscale；perSecondWord 为估算视频时长的每秒字数',
  "updated_at" = now()
WHERE "dict_name" = 'app_config' AND "value" = 'prices' AND "label" = '价格参数（每秒字数、配音每字金币、绘画每张金币）';
--> statement-breakpoint
UPDATE "sys_dict_type" SET "version" = "version" + 1, "updated_at" = now() WHERE "name" = 'app_config';
