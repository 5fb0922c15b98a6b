import { z } from 'zod';

export const ZHealth = z.object({
  db: z.literal('ok'),
  redis: z.enum(['ok', 'absent']),
});
export type THealth = z.infer<typeof ZHealth>;
