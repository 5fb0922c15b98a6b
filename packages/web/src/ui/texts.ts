/** The few words the generic UI pieces (sheets, photo zoom, passion picker, town input, data-saving photos) say. */
import { PASSION_MAX } from '@app/shared';

export const UI_TEXT = {
  cancel: 'Annuler',
  close: 'Fermer',
  photoOf: (name: string) => `Photo de ${name}`,
  passionsTitle: 'Vos passions',
  passionsHint: `Facultatif : choisissez-en jusqu'à ${PASSION_MAX}.`,
  passionsFull: `Vous avez choisi ${PASSION_MAX} passions : retirez-en une pour en changer.`,
  passionsCount: (n: number, max: number) => `${n}/${max}`,
  townSuggestions: 'Villes et quartiers',
  showPhoto: 'Afficher la photo',
  photoStep: (n: number, total: number) => `Photo ${n} sur ${total}`,
  townNotGuessed: "Nous n'avons pas pu deviner votre ville : commencez à taper pour la choisir.",
} as const;
