/**
 * Nearby members (spec 1 §4 "Near", §7): on a position or filter change the server location is
 * updated, then /location/nearby is asked. The previous answer stays on screen while a new one
 * loads or when it fails (spec 1 §8: users already shown stay on the map under a banner).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MSG, roundPosition, seekingFilter, type TLatLng, type TSeeking } from '@app/shared';
import { useSeeking } from '../lib/seeking/seeking';
import { useVerifiedOnly } from '../lib/verifiedOnly';
import { ApiError, firstError } from './client';
import { call } from './call';

export interface NearbyFilters {
  radius: number;
  min_age: number;
  max_age: number;
}

const nearbyKey = ['nearby'] as const;

async function loadNearby(
  spot: TLatLng,
  filters: NearbyFilters & { seeking?: TSeeking; verified_only?: true },
  signal: AbortSignal,
) {
  const position = { latitude: spot.lat, longitude: spot.lng };
  const update = await call('nearby.update', position, { signal });
  if (!update.success && update.httpStatus === 0) throw new ApiError(MSG.network, update);
  const res = await call('nearby.search', { ...position, ...filters }, { signal });
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return Array.isArray(res.data) ? res.data : [];
}

export function useNearby(at: TLatLng | null, filters: NearbyFilters) {
  // Only about 1 km of precision ever leaves the phone, and GPS jitter inside it asks nothing.
  const spot = at ? roundPosition(at) : null;
  // Whom the member wants to meet: a filter of each request, kept on the device only.
  const seeking = seekingFilter(useSeeking());
  // « Profils vérifiés uniquement », kept on the device too.
  const verifiedOnly = useVerifiedOnly();
  return useQuery({
    queryKey: [
      ...nearbyKey,
      spot?.lat,
      spot?.lng,
      filters.radius,
      filters.min_age,
      filters.max_age,
      seeking ?? null,
      verifiedOnly,
    ],
    enabled: spot !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      spot
        ? loadNearby(
            spot,
            {
              ...filters,
              ...(seeking && { seeking }),
              ...(verifiedOnly && { verified_only: true }),
            },
            signal,
          )
        : Promise.resolve([]),
  });
}
