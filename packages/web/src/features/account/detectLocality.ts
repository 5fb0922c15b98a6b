/** The member's place as 'city, country' from GET /geo/locate (IP-based), or null. */
import { api } from '../../api/client';

interface GeoLocate {
  locality: string | null;
  city?: string | null;
  country?: string | null;
}

export async function detectLocality(): Promise<string | null> {
  const res = await api<GeoLocate>('/geo/locate', { method: 'GET' });
  const geo = res.success ? res.data : undefined;
  if (!geo) return null;
  return geo.locality || [geo.city, geo.country].filter(Boolean).join(', ') || null;
}
