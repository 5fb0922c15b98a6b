/**
 * The 53 teaser messages of the local reminders (spec 1 §9: "53 canned teaser messages exist",
 * texts not shown, so written here). Warm and respectful, no invented facts about the member
 * (nobody "is waiting"), no pressure, and none tied to a time of day, since any may show at
 * 8h or at 20h.
 */
import type { Random } from './reminderSchedule';

export const TEASERS: readonly string[] = [
  'De nouveaux profils rejoignent Rencontre régulièrement. Jetez un œil à ceux près de chez vous.',
  "Envie de faire une belle rencontre ? Faites un tour dans l'onglet À proximité.",
  'De nouvelles histoires ont peut-être été publiées. Prenez un moment pour les lire.',
  'Chaque jour de connexion vous rapporte un petit bonus de pièces.',
  'Un sourire sur votre photo de profil met les gens en confiance.',
  'Faites un tour dans Swipes : de nouveaux profils y apparaissent régulièrement.',
  "Parcourez les annonces du moment : l'une d'elles vous parlera peut-être.",
  'Quelques lignes dans votre bio aident les autres à mieux vous connaître.',
  'Prenez un café et découvrez qui est inscrit près de chez vous.',
  "Rencontrer quelqu'un, c'est parfois simplement oser dire bonjour.",
  'Vous aimez la musique, le sport ou la cuisine ? Parlez-en dans votre profil.',
  'Aucune pression : découvrez les profils à votre rythme.',
  'Une bonne conversation commence souvent par une question simple.',
  'Pour un premier rendez-vous, choisissez un lieu public et prévenez un proche.',
  'Les Histoires anonymes sont pleines de moments touchants. Venez les lire.',
  'Vous avez une histoire à raconter ? Partagez-la anonymement dans Histoires.',
  "Publier une annonce, c'est dire simplement ce que vous cherchez.",
  "L'amitié aussi commence par une rencontre. Découvrez les membres près de vous.",
  'Quelques minutes sur Rencontre pour souffler un peu ?',
  "Un J'aime, c'est une façon discrète de montrer votre intérêt.",
  'Une photo nette et lumineuse vous met en valeur.',
  'Respect et bienveillance font les plus belles rencontres.',
  "Et si c'était le bon moment pour une nouvelle amitié ?",
  'Découvrez qui est inscrit dans votre ville.',
  'Ne partagez jamais vos codes Mobile Money ou vos informations bancaires avec un inconnu.',
  "Un petit message sincère vaut mieux qu'un long discours.",
  'Vos pièces servent à publier des annonces et à débloquer des discussions.',
  'Ajoutez vos passions pour trouver des personnes qui vous ressemblent.',
  'Un moment de libre ? Parfait pour parcourir quelques profils.',
  'Curieux de savoir qui est à proximité ? La carte est là pour ça.',
  'Chaque rencontre commence par un premier pas, à votre rythme.',
  "Retrouvez vos conversations dans l'onglet Chats.",
  "Partagez votre code d'invitation avec vos amis : le parrainage peut vous rapporter des pièces.",
  'Envie de lire des témoignages vrais ? Faites un tour dans Histoires.',
  "Soyez vous-même : c'est ce qui fait les meilleures rencontres.",
  'Un compliment sincère fait toujours plaisir.',
  'De nouvelles annonces sont peut-être en ligne depuis votre dernière visite.',
  'Discuter tranquillement, faire connaissance : Rencontre est là quand vous le souhaitez.',
  'Complétez votre profil en quelques minutes : vous serez plus facile à découvrir.',
  "Ajustez la distance et l'âge dans les filtres de À proximité.",
  'En cas de comportement déplacé, notre support est là pour vous aider.',
  'Prenez votre temps : les belles rencontres ne se pressent pas.',
  'Un peu de bonne humeur ? Découvrez les profils du jour.',
  'Qui sait ? Une personne qui partage vos passions est peut-être tout près.',
  'Une conversation peut commencer par un simple « Bonjour, comment allez-vous ? ».',
  'Une bio sincère invite à des échanges sincères.',
  "Rencontre, c'est aussi un lieu pour se faire des amis.",
  "Nouvelle journée, nouvelles découvertes : qui sera près de chez vous aujourd'hui ?",
  'Votre profil vous ressemble-t-il toujours ? Un petit coup de neuf, peut-être ?',
  'Partagez un moment de votre vie dans Histoires, en toute discrétion.',
  'Merci de faire partie de Rencontre. Prenez soin de vous !',
  "Un match, c'est quand l'intérêt est réciproque : swipez avec sincérité.",
  'Signalez tout profil suspect : ensemble, gardons Rencontre accueillant.',
];

/** How many recently shown teasers are not repeated. */
export const TEASER_RECENT_MAX = 20;

/** Picks a teaser's index, avoiding the recently shown ones. */
export function pickTeaser(
  random: Random,
  recent: readonly number[],
  count = TEASERS.length,
): number {
  const avoid = new Set(recent.slice(-TEASER_RECENT_MAX));
  const all = Array.from({ length: count }, (_, i) => i);
  const fresh = all.filter((i) => !avoid.has(i));
  const pool = fresh.length > 0 ? fresh : all;
  return pool[Math.floor(random() * pool.length)] ?? 0;
}
