/**
 * The 'city, country' suggestion for step 2 (spec 1 §4 Wizard), from GET /geo/locate: '' when
 * the lookup failed (offline, server error) or placed no town.
 */
import { useQuery } from '@tanstack/react-query';
import { locate } from '../../api/memberCalls';

export function useGeoLocality() {
  return useQuery({
    queryKey: ['geo-locate'],
    staleTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }): Promise<string> => {
      const res = await locate(signal);
      const geo = res.success ? res.data : undefined;
      if (!geo) return '';
      return geo.locality || [geo.city, geo.country].filter(Boolean).join(', ');
    },
  });
}
