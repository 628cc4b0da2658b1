/** Payload of an `ai_draw` job: the task, and the source picture of a picture-to-picture request. */
export interface DrawJobPayload {
  taskId: number;
  /** A storage key of the owner's, checked when the task was accepted (it travels with the job, not the task). */
  sourceKey?: string;
}

/** Payload of an `ai_draw_upscale` job: the version, named `taskId` (the key the unqueued check looks jobs up by). */
export interface UpscaleJobPayload {
  taskId: number;
}
