import { z } from 'zod';

/** GET /api/health: 200 while the database answers (Redis down only degrades), 503 otherwise. */
export const ZHealth = z.object({
  db: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'absent']),
});
export type THealth = z.infer<typeof ZHealth>;
