/**
 * Step 2 (spec 1 §2, §4, §5): gender (required), locality (required, pre-filled, with town
 * suggestions), five traits, and up to 5 passions (optional).
 */
import { useState } from 'react';
import { GENDERS, TRAIT_KEYS, type TGender, type TTraitKey } from '@app/shared';
import { TownInput } from '../../ui/TownInput';
import { PassionPicker } from '../../ui/PassionPicker';
import { SeekingChoice } from '../../ui/SeekingChoice';
import { TraitSlider } from './TraitSlider';
import type { WizardData } from './wizardState';
import { WIZARD_TEXT } from './texts';

export function AboutStep({
  data,
  locality,
  locating,
  locateFailed,
  onChange,
}: {
  data: WizardData;
  locality: string;
  locating: boolean;
  /** The IP lookup failed or found no town (the field then says so). */
  locateFailed: boolean;
  onChange: (patch: Partial<WizardData>) => void;
}) {
  const [localityTouched, setLocalityTouched] = useState(false);
  const localityMissing = localityTouched && !locality.trim();

  const setTrait = (key: TTraitKey, value: number | undefined) => {
    const traits = { ...data.traits };
    if (value === undefined) delete traits[key];
    else traits[key] = value;
    onChange({ traits });
  };

  return (
    <div className="wizard-fields">
      <fieldset className="choice-group">
        <legend>{WIZARD_TEXT.genderLabel}</legend>
        <div className="choice-row">
          {GENDERS.map((g: TGender) => (
            <label key={g} className={data.gender === g ? 'choice checked' : 'choice'}>
              <input
                type="radio"
                name="gender"
                value={g}
                checked={data.gender === g}
                onChange={() => onChange({ gender: g })}
                required
              />
              <span>{WIZARD_TEXT.genders[g]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <SeekingChoice />

      <div className="field">
        <label htmlFor="wizard-locality">{WIZARD_TEXT.localityLabel}</label>
        <TownInput
          id="wizard-locality"
          placeholder={WIZARD_TEXT.localityPlaceholder}
          value={locality}
          onChange={(v) => onChange({ locality: v })}
          onBlur={() => setLocalityTouched(true)}
          invalid={localityMissing}
          required
          maxLength={120}
          hint={locating && !locality ? WIZARD_TEXT.localityLocating : undefined}
          guessFailed={locateFailed}
        />
      </div>
      <div role="alert" className="field-error-slot">
        {localityMissing && <p className="field-error">{WIZARD_TEXT.localityRequired}</p>}
      </div>

      <section className="traits" aria-labelledby="traits-title">
        <h3 id="traits-title">{WIZARD_TEXT.traitsTitle}</h3>
        <p className="muted">{WIZARD_TEXT.traitsIntro}</p>
        {TRAIT_KEYS.map((key) => (
          <TraitSlider
            key={key}
            trait={key}
            value={data.traits[key]}
            gender={data.gender}
            onChange={(v) => setTrait(key, v)}
          />
        ))}
      </section>

      <PassionPicker value={data.passions} onChange={(passions) => onChange({ passions })} />
    </div>
  );
}
