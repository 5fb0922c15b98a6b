/**
 * French texts of /support (spec 2 "Support", §5, §8). Rule and server messages come word for
 * word from SUPPORT_MSG and the badges from SUPPORT_STATUSES in @app/shared.
 */
import { MSG, SUPPORT_DESCRIPTION_MAX, SUPPORT_DESCRIPTION_MIN, SUPPORT_MSG } from '@app/shared';

export const SUPPORT_TEXT = {
  ...SUPPORT_MSG,
  title: 'Support',
  back: 'Retour',
  myTickets: 'Mes tickets',
  newTicket: 'Nouveau ticket',
  seeTickets: 'Voir mes tickets',
  intro: 'Un problème ou une question ? Notre équipe vous répond par email.',
  reasonLabel: 'Raison',
  reasonPlaceholder: 'Sélectionnez une raison',
  descriptionLabel: 'Description',
  descriptionPlaceholder: 'Décrivez votre problème en détail...',
  counter: (n: number) =>
    `${n}/${SUPPORT_DESCRIPTION_MAX} caractères (minimum ${SUPPORT_DESCRIPTION_MIN})`,
  submit: 'Envoyer le ticket',
  submitting: 'Envoi...',
  ticket: (id: number) => `Ticket #${id}`,
  createdOn: (date: string) => `Créé le ${date}`,
  updatedOn: (date: string) => `Modifié le ${date}`,
  reply: 'Réponse du support',
  empty: 'Aucun ticket',
  emptyLead: "Vous n'avez encore ouvert aucun ticket.",
  create: 'Créer un ticket',
  more: 'Voir plus',
  loadingMore: 'Chargement...',
  retry: 'Réessayer',
  network: MSG.network,
} as const;

/** 'le 8 septembre 2025 à 14:05' style dates (spec 2 §9: dates in French format). */
export const frenchDateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
