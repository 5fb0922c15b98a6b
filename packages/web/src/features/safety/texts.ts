/** French texts of the safety screens (ours, beyond the spec): the blocked members list. */
export const SAFETY_TEXT = {
  title: 'Membres bloqués',
  back: 'Retour',
  lead: 'Les membres bloqués ne peuvent ni vous voir ni vous écrire, et vous ne les voyez plus.',
  emptyTitle: 'Aucun membre bloqué',
  emptyHint: 'Les membres que vous bloquez depuis une discussion apparaissent ici.',
  member: 'Membre',
  blockedOn: (date: string) => `Bloqué le ${date}`,
  unblock: 'Débloquer',
  unblockOf: (name: string) => `Débloquer ${name}`,
  confirmTitle: (name: string) => `Débloquer ${name} ?`,
  confirmDetail:
    'Vous pourrez de nouveau vous voir et échanger des messages. Vos discussions réapparaîtront.',
  cancel: 'Annuler',
  unblocked: 'Membre débloqué.',
  more: 'Voir plus',
  loadingMore: 'Chargement...',
  listError: 'Erreur lors du chargement des membres bloqués',
  listNetworkError: 'Erreur de connexion lors du chargement des membres bloqués',
  unblockError: "Le membre n'a pas pu être débloqué. Veuillez réessayer.",
  unblockNetworkError: "Erreur de connexion : le membre n'a pas été débloqué.",
} as const;
