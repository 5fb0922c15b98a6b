/** Step 3 (spec 1 §2, §5): name (required, 2+ characters), birth date (18+), optional bio. */
import { useId, useState } from 'react';
import { Field } from '../../ui/Field';
import { BirthDateInput } from './BirthDateInput';
import { birthError, nameError, type WizardData } from './wizardState';
import { WIZARD_TEXT } from './texts';

const BIO_MAX_LENGTH = 500;

export function IdentityStep({
  data,
  onChange,
}: {
  data: WizardData;
  onChange: (patch: Partial<WizardData>) => void;
}) {
  const bioId = useId();
  const birthErrorId = useId();
  const [nameTouched, setNameTouched] = useState(false);
  const [birthTouched, setBirthTouched] = useState(false);
  const nameProblem = nameTouched ? nameError(data.name) : null;
  const birthFull = data.birth.day && data.birth.month && data.birth.year.length === 4;
  const birthProblem = birthTouched || birthFull ? birthError(data.birth) : null;

  return (
    <div className="wizard-fields">
      <Field
        label={WIZARD_TEXT.nameLabel}
        name="name"
        autoComplete="nickname"
        autoCapitalize="words"
        placeholder={WIZARD_TEXT.namePlaceholder}
        maxLength={60}
        value={data.name}
        onChange={(e) => onChange({ name: e.target.value })}
        onBlur={() => setNameTouched(true)}
        invalid={!!nameProblem}
        required
      />
      <div role="alert" className="field-error-slot">
        {nameProblem && <p className="field-error">{nameProblem}</p>}
      </div>

      <BirthDateInput
        value={data.birth}
        onChange={(birth) => onChange({ birth })}
        onDone={() => setBirthTouched(true)}
        invalid={!!birthProblem}
        describedBy={birthErrorId}
      />
      <div role="alert" className="field-error-slot" id={birthErrorId}>
        {birthProblem && <p className="field-error">{birthProblem}</p>}
      </div>

      <div className="field">
        <label htmlFor={bioId}>
          {WIZARD_TEXT.bioLabel} <span className="muted">{WIZARD_TEXT.bioOptional}</span>
        </label>
        <textarea
          id={bioId}
          name="bio"
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          placeholder={WIZARD_TEXT.bioPlaceholder}
          value={data.bio}
          onChange={(e) => onChange({ bio: e.target.value })}
        />
        <span className="field-hint field-count" aria-live="off">
          {data.bio.length}/{BIO_MAX_LENGTH}
        </span>
      </div>
    </div>
  );
}
