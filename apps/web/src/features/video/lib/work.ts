/** One of my works a video can be made from (my articles, published or drafts). */
export interface Work {
  id: number;
  title: string;
  summary: string;
}

/** How a work is named in the pickers: its title, or the start of its text. */
export const workName = (work: Work) => work.title || work.summary.slice(0, 20);
