/**
 * The wizard's answers and its rules (spec 1 §4 Wizard, §5): when each step is complete, the
 * field checks, and the multipart body of POST /complete-profile (passions as a JSON list).
 */
import {
  birthDateError,
  NAME_MIN_LENGTH,
  TRAIT_KEYS,
  type TGender,
  type TTraitKey,
} from '@app/shared';
import { WIZARD_TEXT } from './texts';

export const STEP_COUNT = 3;
export type Step = 1 | 2 | 3;

export interface CroppedPhoto {
  blob: Blob;
  url: string;
}

export interface BirthParts {
  day: string;
  month: string;
  year: string;
}

export interface WizardData {
  photo: CroppedPhoto | null;
  gender: TGender | null;
  /** null until the member types: the IP-based suggestion shows meanwhile. */
  locality: string | null;
  traits: Partial<Record<TTraitKey, number>>;
  name: string;
  birth: BirthParts;
  bio: string;
  /** Catalogue keys (optional, at most 5: the picker stops there). */
  passions: string[];
}

export const initialWizardData: WizardData = {
  photo: null,
  gender: null,
  locality: null,
  traits: {},
  name: '',
  birth: { day: '', month: '', year: '' },
  bio: '',
  passions: [],
};

export function nameError(name: string): string | null {
  const clean = name.trim();
  if (!clean) return WIZARD_TEXT.nameRequired;
  if (clean.length < NAME_MIN_LENGTH) return WIZARD_TEXT.nameTooShort;
  return null;
}

/** 'YYYY-MM-DD', or null while a part is missing. */
export function birthIso({ day, month, year }: BirthParts): string | null {
  if (!day || !month || !year) return null;
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export function birthError(parts: BirthParts): string | null {
  const iso = birthIso(parts);
  return iso ? birthDateError(iso, new Date()) : WIZARD_TEXT.birthPartial;
}

export function stepComplete(step: Step, data: WizardData, locality: string): boolean {
  if (step === 1) return data.photo !== null;
  if (step === 2) return data.gender !== null && locality.trim() !== '';
  return nameError(data.name) === null && birthError(data.birth) === null;
}

/** Which step holds a field the server refused, so the wizard can go back to it. */
export function stepOfField(field: string): Step {
  if (field === 'photo') return 1;
  if (field === 'name' || field === 'birth_date' || field === 'bio') return 3;
  return 2;
}

export function buildProfileForm(data: WizardData, locality: string): FormData | null {
  const birth = birthIso(data.birth);
  if (!data.photo || !data.gender || !birth) return null;
  const form = new FormData();
  form.set('name', data.name.trim());
  form.set('gender', data.gender);
  form.set('birth_date', birth);
  form.set('locality', locality.trim());
  form.set('photo', new File([data.photo.blob], 'photo.jpg', { type: 'image/jpeg' }));
  const details: Record<string, string | number> = {};
  if (data.bio.trim()) details.bio = data.bio.trim();
  for (const key of TRAIT_KEYS) {
    const value = data.traits[key];
    if (value !== undefined) details[key] = value;
  }
  if (Object.keys(details).length) form.set('details', JSON.stringify(details));
  if (data.passions.length) form.set('passions', JSON.stringify(data.passions));
  return form;
}
