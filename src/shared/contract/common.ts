/** Building blocks shared by the per-domain contract files. */
import { z } from 'zod';

export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });
/** Renderer-generated id so a call can be cancelled and its progress events routed. */
export const CallId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);
