/** One run of an upscale: aborted on cancel or time limit; progress 0–100. */
export interface UpscaleRun {
  signal: AbortSignal;
  progress(percent: number, stage: string): Promise<void>;
}

/** An AI upscaler (高清放大): the offline ESRGAN model, or a provider's upscaler. */
export interface Upscaler {
  /** `esrgan-slim` (offline) or the provider's name (`sdwebui`). */
  readonly name: string;
  readonly offline: boolean;
  readonly timeoutMs: number;
  /** The picture (any format sharp reads) `scale` times larger, encoded (PNG). */
  upscale(image: Buffer, scale: number, run: UpscaleRun): Promise<Buffer>;
}
