/**
 * One optional trait slider, 1 to 5 (spec 1 §5). Untouched means "not answered" and is not
 * sent; a tap anywhere on the track answers, 'Effacer' takes the answer back.
 */
import { X } from 'lucide-react';
import { useId, type CSSProperties } from 'react';
import type { TGender, TTraitKey } from '@app/shared';
import { TRAIT_MAX, TRAIT_MIN, traitEnds, traitLabel } from './traits';
import { WIZARD_TEXT } from './texts';

const MIDDLE = 3;

export function TraitSlider({
  trait,
  value,
  gender,
  onChange,
}: {
  trait: TTraitKey;
  value: number | undefined;
  gender: TGender | null;
  onChange: (value: number | undefined) => void;
}) {
  const id = useId();
  const [low, high] = traitEnds(trait, gender);
  const label = value === undefined ? WIZARD_TEXT.traitUnset : traitLabel(trait, value, gender);
  // The filled part of the track, drawn by CSS (native range tracks differ per browser).
  const fill = {
    '--fill': `${(((value ?? MIDDLE) - TRAIT_MIN) / (TRAIT_MAX - TRAIT_MIN)) * 100}%`,
  };
  return (
    <div className={value === undefined ? 'trait trait-unset' : 'trait'}>
      <div className="trait-head">
        <label htmlFor={id}>{WIZARD_TEXT.traitTitles[trait]}</label>
        <span className="trait-value" aria-hidden>
          {label}
        </span>
        <button
          type="button"
          className="trait-clear"
          onClick={() => onChange(undefined)}
          disabled={value === undefined}
          aria-label={`${WIZARD_TEXT.traitClear} : ${WIZARD_TEXT.traitTitles[trait]}`}
        >
          <X />
        </button>
      </div>
      <input
        id={id}
        type="range"
        min={TRAIT_MIN}
        max={TRAIT_MAX}
        step={1}
        value={value ?? MIDDLE}
        style={fill as CSSProperties}
        aria-valuetext={label}
        onChange={(e) => onChange(Number(e.target.value))}
        // A tap on the middle of an untouched slider fires no change: count it as an answer.
        onPointerUp={(e) => value === undefined && onChange(Number(e.currentTarget.value))}
      />
      <div className="trait-ends" aria-hidden>
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}
