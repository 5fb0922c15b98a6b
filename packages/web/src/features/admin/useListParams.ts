/**
 * A list's filters and page kept in the address (?status=open&page=2), so the back button,
 * a reload and the dashboard's links all land on the same view. Changing a filter goes back to
 * page 1; values equal to their default stay out of the address.
 */
import { useSearchParams } from '../../lib/router';

export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = { ...defaults };
  for (const k of Object.keys(defaults) as K[]) values[k] = params.get(k) ?? defaults[k];
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  function write(patch: Record<string, string>) {
    const next = new URLSearchParams(params);
    const fallback: Record<string, string> = { ...defaults, page: '1' };
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || fallback[k] === v) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  }

  return {
    values,
    page,
    /**
     * Changes filters and goes back to page 1 (unless `keepPage`, for a selection within the
     * page); '' or a default value leaves the address.
     */
    set: (patch: Partial<Record<K, string>>, opts: { keepPage?: boolean } = {}) => {
      const clean: Record<string, string> = opts.keepPage ? {} : { page: '1' };
      for (const [k, v] of Object.entries(patch)) if (typeof v === 'string') clean[k] = v;
      write(clean);
    },
    setPage: (p: number) => write({ page: String(p) }),
  };
}
