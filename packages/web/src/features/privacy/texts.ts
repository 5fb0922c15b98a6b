/**
 * French texts of « Confidentialité » (/privacy, issue 29). The labels are shared with the
 * server (PRIVACY_LABELS); the hints say what each setting does, as the server enforces it.
 */
import { PRIVACY_LABELS } from '@app/shared';

export const PRIVACY_TEXT = {
  ...PRIVACY_LABELS,
  back: 'Retour',
  lead: "Ces réglages sont gratuits. Ils s'appliquent partout dans l'appli, dès maintenant.",
  hints: {
    hide_distance: 'Les autres voient votre ville, jamais la distance qui vous sépare.',
    hide_online:
      "Personne ne voit si vous êtes en ligne ni quand vous l'étiez. Vous ne le voyez plus pour les autres non plus.",
    read_receipts:
      'Désactivées : vos « Lu » ne sont pas envoyés, et vous ne voyez plus ceux des autres.',
    hide_from_nearby:
      "Vous n'apparaissez plus sur la carte ni dans la liste « À proximité ». Vous restez visible dans les swipes.",
    verified_only_messages:
      'Un membre sans le badge « Profil vérifié » ne peut pas commencer une conversation avec vous.',
    receive_calls:
      'Désactivés : personne ne peut vous appeler. Les appels passent toujours par notre relais : ni votre numéro ni votre adresse ne sont partagés.',
    who_can_message:
      'Avec « Mes matchs uniquement », seuls vos matchs et les personnes à qui vous avez écrit peuvent vous écrire.',
  },
  saved: 'Enregistré',
  loadError: 'Impossible de charger vos paramètres de confidentialité.',
} as const;
