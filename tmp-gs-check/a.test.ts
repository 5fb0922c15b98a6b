import { it } from 'vitest'; it('ok', () => {});
