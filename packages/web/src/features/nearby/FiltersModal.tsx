/** The 'Filtres' modal: distance slider 1–100 km, minimum and maximum age, 'Appliquer'. */
import { VERIFIED_ONLY_LABEL, readVerifiedOnly, saveVerifiedOnly } from '../../lib/verifiedOnly';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { NEAR_MSG, NEAR_RADIUS_MAX_KM, NEAR_RADIUS_MIN_KM } from '@app/shared';
import type { NearbyFilters } from '../../api/useNearby';
import { Sheet } from '../../ui/Sheet';
import { parseFilters } from './filters';

function AgeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export default function FiltersModal({
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
  const [verifiedOnly, setVerifiedOnly] = useState(readVerifiedOnly);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Kept on the device, shared with the swipe deck: the map's query follows it.
    saveVerifiedOnly(verifiedOnly);
    onApply(parseFilters(radius, minAge, maxAge, filters));
  };

  return (
    <Sheet look="page" labelledBy="near-filters-title" className="near-filters" onClose={onClose}>
      <form onSubmit={handleSubmit}>
        <div className="near-filters-head">
          <h2 id="near-filters-title">{NEAR_MSG.filters}</h2>
          <button type="button" className="icon-btn" aria-label={NEAR_MSG.close} onClick={onClose}>
            <X />
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
          <AgeField label={NEAR_MSG.minAge} value={minAge} onChange={setMinAge} />
          <AgeField label={NEAR_MSG.maxAge} value={maxAge} onChange={setMaxAge} />
        </div>
        <label className="near-filter">
          <input
            type="checkbox"
            checked={verifiedOnly}
            onChange={(e) => setVerifiedOnly(e.target.checked)}
          />
          {VERIFIED_ONLY_LABEL}
        </label>
        <button type="submit" className="btn btn-primary btn-block">
          {NEAR_MSG.apply}
        </button>
      </form>
    </Sheet>
  );
}
