/**
 * "Je veux rencontrer : des femmes / des hommes / tout le monde" (issue 18), as the wizard's
 * gender choice looks. The choice is kept on this device only and applied at once to the feed,
 * the swipe deck and the map; the hint says so, since it is nobody else's business.
 */
import { SEEKING_CHOICES, SEEKING_LABELS, SEEKING_TITLE, type TSeekingChoice } from '@app/shared';
import { saveSeeking, useSeeking } from '../lib/seeking/seeking';

const SEEKING_HINT =
  "Gardé sur ce téléphone seulement : il filtre les annonces, les profils et la carte, et n'est jamais enregistré sur nos serveurs.";

export function SeekingChoice() {
  const value = useSeeking();
  return (
    <fieldset className="choice-group" aria-describedby="seeking-hint">
      <legend>{SEEKING_TITLE}</legend>
      <div className="choice-row three">
        {SEEKING_CHOICES.map((c: TSeekingChoice) => (
          <label key={c} className={value === c ? 'choice checked' : 'choice'}>
            <input
              type="radio"
              name="seeking"
              value={c}
              checked={value === c}
              onChange={() => saveSeeking(c)}
            />
            <span>{SEEKING_LABELS[c]}</span>
          </label>
        ))}
      </div>
      <p id="seeking-hint" className="field-hint">
        {SEEKING_HINT}
      </p>
    </fieldset>
  );
}
