/** The few words the generic UI pieces (sheets, photo zoom) say themselves. */
export const UI_TEXT = {
  cancel: 'Annuler',
  close: 'Fermer',
  photoOf: (name: string) => `Photo de ${name}`,
} as const;
