/**
 * The locality input with town suggestions and its locate button (spec 2 "Profile edit"): the
 * detected place shows as 'Position détectée : X' with 'Utiliser' when it differs from the
 * field; a failed detection is logged, and the field then says it could not guess the town.
 */
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../ui/toast';
import { TownInput } from '../../ui/TownInput';
import { detectLocality } from './detectLocality';
import { ACCOUNT_TEXT } from './texts';

export function LocalityField({
  id,
  value,
  maxLength,
  invalid,
  onChange,
}: {
  id: string;
  value: string;
  maxLength: number;
  invalid: boolean;
  onChange: (v: string) => void;
}) {
  const [detected, setDetected] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [guessFailed, setGuessFailed] = useState(false);

  async function handleLocate() {
    setLocating(true);
    const place = await detectLocality().catch((err: unknown) => {
      console.warn('localisation impossible', err);
      return null;
    });
    setLocating(false);
    setGuessFailed(!place);
    setDetected(place && place !== value.trim() ? place : null);
  }

  function handleUse() {
    if (!detected) return;
    onChange(detected);
    setDetected(null);
    toast.success(ACCOUNT_TEXT.locationUpdated);
  }

  return (
    <>
      <TownInput
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={ACCOUNT_TEXT.localityPlaceholder}
        onChange={onChange}
        invalid={invalid}
        guessFailed={guessFailed}
        trailing={
          <button
            type="button"
            className="icon-btn locate-btn"
            aria-label={locating ? ACCOUNT_TEXT.locating : ACCOUNT_TEXT.locate}
            onClick={() => void handleLocate()}
            disabled={locating}
          >
            <MapPin />
          </button>
        }
      />
      {detected && (
        <p className="locality-hint">
          {ACCOUNT_TEXT.detected(detected)}{' '}
          <button type="button" className="btn-link" onClick={handleUse}>
            {ACCOUNT_TEXT.use}
          </button>
        </p>
      )}
    </>
  );
}
