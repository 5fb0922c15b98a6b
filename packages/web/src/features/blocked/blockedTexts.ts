/** French texts of /blocked (spec 2 §2, Blocked). */
import { SUPPORT_EMAIL } from '@app/shared';

export const BLOCKED_TEXTS = {
  title: 'Compte bloqué',
  lead: "Votre compte est temporairement bloqué, pour des raisons de sécurité ou à la suite d'un manquement aux conditions d'utilisation.",
  detail:
    "Pendant ce blocage, vous ne pouvez plus utiliser l'application. Si vous pensez qu'il s'agit d'une erreur, notre équipe peut réexaminer votre situation.",
  adviceTitle: 'Que faire\u00a0?',
  advice: [
    "Contactez le support en expliquant votre situation, de préférence depuis l'adresse e\u2011mail de votre compte.",
    'Attendez notre réponse par e\u2011mail\u00a0: chaque demande est examinée, inutile de la renvoyer plusieurs fois.',
    "Respectez les conditions d'utilisation\u00a0: un seul compte par personne et par appareil, aucun numéro de téléphone dans les annonces, aucun comportement abusif.",
  ],
  policiesLink: "Lire les conditions d'utilisation",
  contact: 'Contacter le support',
  backToLogin: 'Retour à la connexion',
  supportAddress: 'Adresse du support\u00a0:',
} as const;

const SUBJECT = 'Compte bloqué : demande de réexamen';
const BODY = [
  'Bonjour,',
  '',
  'Mon compte Rencontre est bloqué et je souhaite que ma situation soit réexaminée.',
  'Adresse e-mail de mon compte : ',
  '',
  'Merci.',
].join('\r\n');

/** The support mail with its subject (and a short body to fill in), URL-encoded. */
export const BLOCKED_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(SUBJECT)}&body=${encodeURIComponent(BODY)}`;
