import { z } from 'zod';
import { pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';

/** Common info: banners, notices and help articles shown on home and in the help centre. */
export const CommonInfoCategory = { Banner: 1, Notice: 2, Help: 3, Wallpaper: 4 } as const;

export const commonInfoSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  content: z.string(),
  cover: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
  createTime: z.string(),
});
export type CommonInfo = z.infer<typeof commonInfoSchema>;

export const commonInfoPageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  categoryId: z.number().int().min(1).optional(),
  title: z.string().trim().max(100).optional(),
});

export const commonInfoEndpoints = {
  commonInfoPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysCommonInfo/page',
    auth: 'public',
    tag: 'content',
    summary: 'Banners, notices and help articles, paged (filters: category, title contains)',
    body: commonInfoPageBodySchema,
    result: pagedSchema(commonInfoSchema),
  }),
};
