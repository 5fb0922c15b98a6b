import { describe, expect, it } from 'vitest';
import { AUTH_MSG } from '@app/shared';
import {
  birthError,
  birthIso,
  buildProfileForm,
  initialWizardData,
  nameError,
  stepComplete,
  type WizardData,
} from './wizardState';

const complete: WizardData = {
  ...initialWizardData,
  photo: { blob: new Blob(['x'], { type: 'image/jpeg' }), url: 'blob:x' },
  gender: 'femme',
  name: 'Aminata',
  birth: { day: '5', month: '3', year: '1998' },
  traits: { height: 4 },
};

describe('wizard rules (spec 1 §4, §5)', () => {
  it('checks the name', () => {
    expect(nameError(' ')).toBe(AUTH_MSG.nameRequired);
    expect(nameError('A')).toBe(AUTH_MSG.nameTooShort);
    expect(nameError('Al')).toBeNull();
  });

  it('asks for the whole birth date and refuses minors', () => {
    expect(birthError({ day: '5', month: '', year: '1998' })).toBe(AUTH_MSG.birthPartial);
    expect(birthIso({ day: '5', month: '3', year: '1998' })).toBe('1998-03-05');
    expect(birthError({ day: '31', month: '2', year: '1998' })).toBe(AUTH_MSG.birthInvalid);
    const year = String(new Date().getUTCFullYear() - 10);
    expect(birthError({ day: '1', month: '1', year })).toBe(AUTH_MSG.tooYoung);
  });

  it('completes step 2 with a gender and a locality', () => {
    expect(stepComplete(2, complete, '  ')).toBe(false);
    expect(stepComplete(2, complete, 'Bobo-Dioulasso')).toBe(true);
    expect(stepComplete(1, initialWizardData, 'x')).toBe(false);
    expect(stepComplete(3, complete, 'x')).toBe(true);
  });

  it('sends only the traits that were set, with the photo as photo.jpg', () => {
    const form = buildProfileForm(complete, 'Ouagadougou, Burkina Faso');
    expect(form?.get('birth_date')).toBe('1998-03-05');
    expect(form?.get('gender')).toBe('femme');
    expect(JSON.parse(String(form?.get('details')))).toEqual({ height: 4 });
    const photo = form?.get('photo');
    expect(photo instanceof File && photo.name).toBe('photo.jpg');
    expect(form?.has('passions')).toBe(false);
  });

  it('sends the chosen passions as a JSON list of keys', () => {
    const form = buildProfileForm({ ...complete, passions: ['voyage', 'cinema'] }, 'Ouaga');
    expect(form?.get('passions')).toBe('["voyage","cinema"]');
  });
});
