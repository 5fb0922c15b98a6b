/** The 'city, country' suggestion for step 2 (spec 1 §4 Wizard), from GET /geo/locate. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

interface GeoLocate {
  locality: string | null;
  city?: string | null;
  country?: string | null;
}

export function useGeoLocality() {
  return useQuery({
    queryKey: ['geo-locate'],
    staleTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }): Promise<string> => {
      const res = await api<GeoLocate>('/geo/locate', { method: 'GET', signal });
      const geo = res.success ? res.data : undefined;
      if (!geo) return '';
      return geo.locality || [geo.city, geo.country].filter(Boolean).join(', ');
    },
  });
}
