// The text censor every module calls through the platform; the censor module implements it over the
// operator-edited word list.
/** The outcome other modules act on: `ok` false means the text holds the listed `words`. */
export interface CensorResult {
  ok: boolean;
  words: string[];
}

export interface CensorService {
  /** Checks a text against the tenant's live list (filler-skipping, width/case folding). */
  censorText(text: string, tenantId?: number): Promise<CensorResult>;
  /** The list for the web app's local check. */
  list(tenantId: number): Promise<{ version: string; words: string[]; allowed: string[] }>;
  /** Forget the cached matcher of a tenant (after an edit). */
  invalidate(tenantId: number): void;
}
