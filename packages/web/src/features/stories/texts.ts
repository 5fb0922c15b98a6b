/**
 * French texts of /histoires and /histoires/publier (spec 2 "Stories", "Publish a story",
 * §8). Server and rule messages come word for word from STORY_MSG in @app/shared.
 */
import { formatCount, MSG, STORY_MSG } from '@app/shared';

export const STORY_TEXT = {
  ...STORY_MSG,
  title: 'Histoires anonymes',
  lead: 'Des expériences vraies, partagées sans nom ni photo.',
  publishMine: 'Publier mon histoire',
  anonymous: 'Anonyme',
  tag: 'Histoire',
  seeMore: 'Voir plus',
  seeLess: 'Voir moins',
  views: (n: number) => `${formatCount(n)} ${n > 1 ? 'vues' : 'vue'}`,
  likes: (n: number) => `${formatCount(n)} J'aime`,
  liked: 'Vous aimez cette histoire',
  empty: 'Aucune histoire pour le moment. Soyez la première personne à raconter la vôtre !',
  retry: 'Réessayer',
  network: MSG.network,
  loadingMore: 'Chargement...',

  // /histoires/publier
  publishTitle: 'Publier mon histoire',
  back: 'Retour',
  notice:
    'Publication 100% anonyme : ni votre nom ni votre photo ne sont affichés. Les numéros de téléphone et les contacts ne sont pas autorisés.',
  placeholder: 'Racontez votre expérience...',
  label: 'Votre histoire',
  publish: 'Publier',
  publishing: 'Publication...',
  heldHint:
    'Votre texte semble contenir un numéro ou un contact : il sera vérifié par notre équipe avant publication.',
  counter: (n: number, max: number) => `${n}/${max}`,
} as const;

/** '8 septembre 2025' (spec 2 §9: dates in French format). */
export const frenchDate = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
