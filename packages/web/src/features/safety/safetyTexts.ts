/**
 * « Sécurité » (/safety, issue 29): how to meet safely, money and credit, blocking and
 * reporting, and Burkina Faso's emergency numbers. Our own wording.
 */
export interface EmergencyNumber {
  label: string;
  detail: string;
  number: string;
}

export const SAFETY_PAGE = {
  title: 'Sécurité',
  back: 'Retour',
  intro:
    "Faire de belles rencontres, c'est aussi rester prudent. Voici l'essentiel à garder en tête, avant et après un premier rendez-vous.",
  meetTitle: 'Se rencontrer en sécurité',
  meet: [
    'Pour un premier rendez-vous, choisissez un lieu public et fréquenté : un maquis animé, un café, un restaurant, de préférence en journée.',
    'Prévenez un ami ou un proche : dites-lui où vous allez, avec qui et à quelle heure vous pensez rentrer. Écrivez-lui en arrivant et en repartant.',
    'Venez et repartez par vos propres moyens. Ne donnez pas votre adresse et ne vous faites pas raccompagner chez vous la première fois.',
    'Gardez votre téléphone chargé, avec du crédit, et ne quittez pas votre verre des yeux.',
    "Si quelque chose vous met mal à l'aise, partez. Vous ne devez rien à personne.",
  ],
  moneyTitle: 'Argent et crédit',
  money: [
    "N'envoyez jamais d'argent, de crédit, de transfert Orange Money ou Moov Money à quelqu'un que vous n'avez jamais rencontré en personne.",
    "Méfiez-vous des histoires pressantes : maladie, accident, billet de transport, colis bloqué, affaire « sûre ». C'est la méthode habituelle des arnaqueurs.",
    "Ne communiquez jamais un code reçu par SMS ou par e-mail, ni votre mot de passe, même à quelqu'un qui dit travailler pour nous.",
    "Quelqu'un qui veut très vite continuer la discussion ailleurs que dans l'appli doit vous mettre en alerte.",
  ],
  blockTitle: 'Bloquer et signaler',
  block: [
    'Bloquer : la personne ne peut plus vous voir ni vous écrire, et vous ne la voyez plus. Vous la retrouvez dans « Membres bloqués », où vous pouvez la débloquer.',
    "Signaler : notre équipe de modération examine chaque signalement. Depuis une discussion, les derniers messages sont joints pour qu'elle puisse en juger. La personne signalée ne sait pas qui l'a signalée.",
    "Vous trouvez « Bloquer » et « Signaler » partout où un membre apparaît : sa carte dans les swipes, sa fiche à proximité, son annonce, l'écran d'un match et le menu d'une discussion. Dans une discussion, « Ne plus voir ce profil » la fait disparaître de votre côté.",
    'Dans « Confidentialité », vous pouvez aussi masquer votre distance et votre statut en ligne, et choisir qui peut vous écrire.',
  ],
  privacyLink: 'Ouvrir « Confidentialité »',
  emergencyTitle: "Numéros d'urgence au Burkina Faso",
  emergencyLead:
    "En cas de danger, appelez d'abord les secours, puis signalez le membre dans l'appli. Ces numéros courts sont joignables depuis tout téléphone.",
  emergency: [
    { label: 'Police nationale', detail: 'Agression, menace, vol', number: '17' },
    { label: 'Gendarmerie nationale', detail: 'Hors des villes, sur la route', number: '16' },
    { label: 'Sapeurs-pompiers', detail: 'Blessure, accident, incendie', number: '18' },
  ] satisfies EmergencyNumber[],
  call: (label: string, number: string) => `Appeler ${label} au ${number}`,
} as const;
