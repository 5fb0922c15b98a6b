/** The 'Filtres' modal: distance slider 1–100 km, minimum and maximum age, 'Appliquer'. */
import { useState, type FormEvent } from 'react';
import { NEAR_MSG, NEAR_RADIUS_MAX_KM, NEAR_RADIUS_MIN_KM } from '@app/shared';
import type { NearbyFilters } from '../../api/useNearby';
import { useDialog } from '../notifications/useDialog';
import { parseFilters } from './filters';

export function FiltersModal({
  filters,
  onApply,
  onClose,
}: {
  filters: NearbyFilters;
  onApply: (f: NearbyFilters) => void;
  onClose: () => void;
}) {
  const [radius, setRadius] = useState(filters.radius);
  const [minAge, setMinAge] = useState(String(filters.min_age));
  const [maxAge, setMaxAge] = useState(String(filters.max_age));
  const ref = useDialog<HTMLFormElement>(onClose);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onApply(parseFilters(radius, minAge, maxAge, filters));
  };

  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <form
        ref={ref}
        className="sheet near-filters"
        role="dialog"
        aria-modal="true"
        aria-labelledby="near-filters-title"
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
        onSubmit={handleSubmit}
      >
        <div className="near-filters-head">
          <h2 id="near-filters-title">{NEAR_MSG.filters}</h2>
          <button type="button" className="icon-btn" aria-label={NEAR_MSG.close} onClick={onClose}>
            ✕
          </button>
        </div>
        <label className="field">
          <span>
            {NEAR_MSG.radius} : <strong>{radius} km</strong>
          </span>
          <input
            type="range"
            min={NEAR_RADIUS_MIN_KM}
            max={NEAR_RADIUS_MAX_KM}
            step={1}
            value={radius}
            onChange={(e) => setRadius(Number(e.target.value))}
          />
        </label>
        <div className="near-ages">
          <label className="field">
            <span>{NEAR_MSG.minAge}</span>
            <input type="number" inputMode="numeric" value={minAge} onChange={(e) => setMinAge(e.target.value)} />
          </label>
          <label className="field">
            <span>{NEAR_MSG.maxAge}</span>
            <input type="number" inputMode="numeric" value={maxAge} onChange={(e) => setMaxAge(e.target.value)} />
          </label>
        </div>
        <button type="submit" className="btn btn-primary btn-block">
          {NEAR_MSG.apply}
        </button>
      </form>
    </div>
  );
}
