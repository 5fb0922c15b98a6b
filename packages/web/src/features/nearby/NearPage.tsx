/**
 * /near (spec 1 "Nearby map", §4 "Near"): the map centred on the member (device position with a
 * 10 s time-out and a 60 s cache, else Ouagadougou), own and members' markers, controls (filter,
 * zoom in/out clamped 1–20, recentre), the member's bottom sheet, the 'Filtres' modal, and a
 * plain list under the map that works when the map cannot. Members already shown stay under a
 * banner when a refresh fails. Tiles that fail to load are said under the map, over nothing; a
 * map that cannot start at all shows its panel in its place.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  DEFAULT_CITY,
  NEAR_DEFAULT_ZOOM,
  NEAR_LOCATION_CACHE_MS,
  NEAR_LOCATION_TIMEOUT_MS,
  NEAR_MSG,
  type TLatLng,
  type TNearbyUser,
} from '@app/shared';
import { useNearby, type NearbyFilters } from '../../api/useNearby';
import { devicePosition } from '../../lib/devicePosition';
import { DEFAULT_FILTERS, clampZoom } from './filters';
import { MapBoundary } from './MapBoundary';
import { NearbyList } from './NearbyList';
import { lazyPart } from '../../ui/lazyPart';
import './nearby.css';

// Opened by a tap, so downloaded then: the map's first load carries only the map and the list.
const FiltersModal = lazyPart(() => import('./FiltersModal'), { dismiss: (p) => p.onClose });
const NearbySheet = lazyPart(() => import('./NearbySheet'), { dismiss: (p) => p.onClose });
const NearbySafetySheet = lazyPart(() => import('./NearbySafetySheet'), {
  dismiss: (p) => p.onClose,
});

const NearMap = lazy(() => import('./NearMap'));

/**
 * The map controls' line icons, drawn here as one path each: the screen is at its JavaScript
 * budget, and an icon set's four components cost more than these four strings.
 */
const ICON_PATH = {
  filters: 'M3 6h18M3 12h18M3 18h18M8 4v4M16 10v4M11 16v4',
  zoomIn: 'M5 12h14M12 5v14',
  zoomOut: 'M5 12h14',
  recentre: 'M12 2v4M12 18v4M2 12h4M18 12h4M18 12a6 6 0 1 1-12 0a6 6 0 1 1 12 0',
};

function MapIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden
    >
      <path d={path} />
    </svg>
  );
}

const findDevice = () => devicePosition(NEAR_LOCATION_TIMEOUT_MS, NEAR_LOCATION_CACHE_MS);

/** The map's centre: the device, else the last known centre, else Ouagadougou. */
function useCentre() {
  const [centre, setCentre] = useState<TLatLng | null>(null);
  useEffect(() => {
    void findDevice().then((p) => setCentre(p ?? DEFAULT_CITY));
  }, []);
  const locate = () => findDevice().then((p) => setCentre((old) => p ?? old ?? DEFAULT_CITY));
  return { centre, locate };
}

function MapControls({
  zoom,
  onZoom,
  onFilters,
  onRecentre,
}: {
  zoom: number;
  onZoom: (z: number) => void;
  onFilters: () => void;
  onRecentre: () => void;
}) {
  return (
    <div className="near-controls">
      <button type="button" aria-label={NEAR_MSG.filters} onClick={onFilters}>
        <MapIcon path={ICON_PATH.filters} />
      </button>
      <button
        type="button"
        aria-label={NEAR_MSG.zoomIn}
        onClick={() => onZoom(clampZoom(zoom + 1))}
      >
        <MapIcon path={ICON_PATH.zoomIn} />
      </button>
      <button
        type="button"
        aria-label={NEAR_MSG.zoomOut}
        onClick={() => onZoom(clampZoom(zoom - 1))}
      >
        <MapIcon path={ICON_PATH.zoomOut} />
      </button>
      <button type="button" aria-label={NEAR_MSG.recentre} onClick={onRecentre}>
        <MapIcon path={ICON_PATH.recentre} />
      </button>
    </div>
  );
}

export default function NearPage() {
  const { centre, locate } = useCentre();
  const [filters, setFilters] = useState<NearbyFilters>(DEFAULT_FILTERS);
  const [zoom, setZoom] = useState(NEAR_DEFAULT_ZOOM);
  const [recentreSignal, setRecentreSignal] = useState(0);
  const [selected, setSelected] = useState<TNearbyUser | null>(null);
  // The row whose « ⋯ » was tapped (« Bloquer », « Signaler »).
  const [safetyOf, setSafetyOf] = useState<TNearbyUser | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Tiles that do not load leave the map and its markers in place, the notice under the map,
  // covering nothing; a map that cannot start at all leaves its panel and the list.
  const [tilesFailed, setTilesFailed] = useState(false);
  const [mapBroken, setMapBroken] = useState(false);
  const nearby = useNearby(centre, filters);
  // What was last shown stays shown when a refresh fails (spec 1 §8).
  const [shown, setShown] = useState<readonly TNearbyUser[]>([]);
  if (nearby.data && !nearby.isPlaceholderData && nearby.data !== shown) setShown(nearby.data);
  const searching = !centre || (nearby.isFetching && shown.length === 0);

  const handleRecentre = () => {
    setRecentreSignal((n) => n + 1);
    void locate();
  };

  return (
    <section className="near" aria-label={NEAR_MSG.title}>
      <div className="near-map-wrap">
        {centre && !mapBroken && (
          <MapBoundary onError={() => setMapBroken(true)}>
            <Suspense fallback={<div className="near-map near-map-loading" />}>
              <NearMap
                center={centre}
                users={shown}
                zoom={zoom}
                recentreSignal={recentreSignal}
                onZoom={(z) => setZoom(clampZoom(z))}
                onSelect={setSelected}
                onTilesFailed={() => setTilesFailed(true)}
              />
            </Suspense>
          </MapBoundary>
        )}
        {mapBroken && (
          <div className="near-map-failed" role="alert">
            <strong>{NEAR_MSG.mapBrokenTitle}</strong>
            <p>{NEAR_MSG.mapBrokenText}</p>
          </div>
        )}
        <MapControls
          zoom={zoom}
          onZoom={setZoom}
          onFilters={() => setFiltersOpen(true)}
          onRecentre={handleRecentre}
        />
        {searching && (
          <p className="near-status" role="status">
            {NEAR_MSG.searching}
          </p>
        )}
        {nearby.isError && (
          <p className="near-banner" role="alert">
            {NEAR_MSG.loadError}
          </p>
        )}
      </div>
      {tilesFailed && !mapBroken && (
        <p className="near-tiles-failed" role="status">
          {NEAR_MSG.mapTilesFailed}
        </p>
      )}
      {shown.length > 0 ? (
        <NearbyList users={shown} onSelect={setSelected} onSafety={setSafetyOf} />
      ) : (
        !searching && !nearby.isError && <p className="near-empty muted">{NEAR_MSG.empty}</p>
      )}
      {selected && <NearbySheet user={selected} onClose={() => setSelected(null)} />}
      {safetyOf && <NearbySafetySheet user={safetyOf} onClose={() => setSafetyOf(null)} />}
      {filtersOpen && (
        <FiltersModal
          filters={filters}
          onClose={() => setFiltersOpen(false)}
          onApply={(f) => {
            setFilters(f);
            setFiltersOpen(false);
          }}
        />
      )}
    </section>
  );
}
