import { PLAZA_CATEGORIES } from '@app/contract';

/** The plaza's category and sort tabs, as `?category=` and `?sort=` name them (the first of each is the default). */
export const CATEGORY_TABS = PLAZA_CATEGORIES.map((c) => String(c.id));
export const SORT_TABS = ['newest', 'hot'] as const;
export type PlazaSort = (typeof SORT_TABS)[number];

const tabOf = <T extends string>(tabs: readonly T[], asked: string | null): T =>
  asked !== null && (tabs as readonly string[]).includes(asked) ? (asked as T) : tabs[0]!;

/** The list a plaza address opens on, read the way the page's tabs read it (an unknown tab is the first). */
export const plazaFilterOf = (search: URLSearchParams): { categoryId: number; sort: PlazaSort } => ({
  categoryId: Number(tabOf(CATEGORY_TABS, search.get('category'))),
  sort: tabOf(SORT_TABS, search.get('sort')),
});

/** The plaza's first covers (the top row of two columns): the largest paint, fetched first. */
export const FIRST_COVERS = 2;
