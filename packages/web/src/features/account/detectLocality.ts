/** The member's place as 'city, country' from GET /geo/locate (IP-based), or null. */
import { locate } from '../../api/memberCalls';

export async function detectLocality(): Promise<string | null> {
  const res = await locate();
  const geo = res.success ? res.data : undefined;
  if (!geo) return null;
  return geo.locality || [geo.city, geo.country].filter(Boolean).join(', ') || null;
}
