/** French texts of « Vérifier mon profil » (issue 28); the server's words come from shared. */
import { VERIFICATION_MSG } from '@app/shared';

export const VERIFY_TEXT = {
  ...VERIFICATION_MSG,
  title: VERIFICATION_MSG.menuEntry,
  back: 'Retour',
  intro:
    'Prenez deux selfies en faisant les poses demandées : un modérateur les compare à vos photos. Vos selfies ne sont jamais montrés aux autres membres et sont effacés dès la décision.',
  poseN: (n: number) => `Pose ${n} sur 2`,
  takeSelfie: 'Prendre le selfie',
  retake: 'Reprendre',
  send: 'Envoyer mes selfies',
  sending: 'Envoi...',
  start: 'Commencer',
  newTry: 'Nouvel essai',
  pendingText: 'Un modérateur examine vos selfies. Vous verrez le résultat ici.',
  verifiedText: 'Le badge « Profil vérifié » apparaît sur votre profil.',
  refusedReason: (r: string) => `Raison : ${r}`,
  triesLeft: (n: number) => `Essais restants aujourd'hui : ${n}`,
  noTriesLeft: 'Vous avez utilisé vos 3 essais du jour. Réessayez demain.',
  cameraDenied:
    "Impossible d'ouvrir la caméra frontale. Autorisez la caméra pour ce site, puis réessayez.",
  loadError: 'Impossible de charger la vérification : ',
  retry: 'Réessayer',
} as const;
