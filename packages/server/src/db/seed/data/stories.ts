/**
 * Fragments the demo stories are composed from, in French: anonymous first-person accounts of
 * meetings, heartbreaks and second chances, in Ouagadougou and Bobo-Dioulasso. A story is one
 * opening, one event, one turn and one ending; `{city}` is filled in by the generator. No
 * fragment carries a phone number or a contact word (the feed would hold the story back).
 */

export const STORY_OPENINGS = [
  "Il y a deux ans, je venais d'arriver à {city} pour mes études et je ne connaissais personne.",
  "Je n'ai jamais raconté cette histoire à mes amis, alors je la partage ici.",
  'Tout a commencé un samedi soir, dans un maquis de {city}, pendant un match des Étalons.',
  "J'avais décidé de ne plus croire à l'amour après un mariage arrangé qui n'a pas tenu.",
  "Ma tante répétait sans cesse qu'à trente ans il était temps de me marier.",
  'Nous étions voisins depuis des années sans jamais vraiment nous parler.',
  "Pendant le FESPACO, j'ai fait la queue trois heures pour un film que je n'ai finalement pas vu.",
  'Au grand marché, je passais tous les jours devant le même étal de pagnes.',
  "À l'université, nous étions dans le même groupe de travail, et nous nous disputions sans arrêt.",
  'Je pensais que les rencontres en ligne, ce n\'était pas pour les gens sérieux.',
  "Un soir de coupure d'électricité, tout le quartier était dehors à prendre le frais.",
  "Mon cousin m'a invité{e} à un baptême où je ne connaissais que lui.",
];

export const STORY_EVENTS = [
  "Une personne m'a aidé{e} à porter mes sacs sous la pluie, et nous avons parlé jusqu'à la nuit.",
  "Nous avons échangé quelques messages ici, d'abord timides, puis de plus en plus longs.",
  'Un simple « bonsoir » est devenu une habitude, puis un rendez-vous chaque dimanche au barrage.',
  "Nous avons partagé un plat de riz gras et ri de tout, comme si nous nous connaissions depuis l'enfance.",
  "J'ai osé dire ce que je ressentais, les mains tremblantes, au milieu d'une fête de famille.",
  'Nous avons découvert que nos mères venaient du même village près de Koudougou.',
  'Pendant des semaines, nous avons parlé de nos rêves : ouvrir un commerce, voyager, fonder une famille.',
  'Un malentendu nous a séparés pendant presque un an, chacun trop fier pour faire le premier pas.',
  "J'ai appris qu'on m'avait menti sur des choses importantes, et cela m'a brisé le cœur.",
  'Nous avons fait le trajet jusqu\'à Bobo-Dioulasso ensemble, huit heures de bus à refaire le monde.',
  'Nos familles n\'étaient pas d\'accord au début, à cause de nos religions différentes.',
  "Une amie m'a convaincu{e} de répondre à un message que j'allais ignorer.",
];

export const STORY_TURNS = [
  "Aujourd'hui, nous préparons notre mariage pour la saison sèche.",
  "Nous ne sommes pas restés ensemble, mais je garde de cette histoire une grande tendresse.",
  'Après de longues discussions, nos parents ont fini par se rencontrer et tout s\'est bien passé.',
  "J'ai compris que la patience et le respect valent plus que les beaux discours.",
  'Nous avons pris le temps de nous connaître, sans nous presser, et cela a tout changé.',
  'Il a fallu du courage pour tourner la page, mais je me sens enfin libre.',
  'Nous sommes devenus les meilleurs amis du monde, et cela me va très bien ainsi.',
  "Un an plus tard, nous avons accueilli notre premier enfant, une petite fille au sourire immense.",
  "Je me suis rendu compte que je cherchais quelqu'un pour combler un vide, pas pour partager ma vie.",
  'Nous avons recommencé à zéro, plus honnêtes et plus attentifs l\'un à l\'autre.',
];

export const STORY_ENDINGS = [
  "À ceux qui doutent encore : l'amour arrive souvent quand on ne l'attend plus.",
  'Si vous hésitez à faire le premier pas, faites-le. Le pire, c\'est de ne jamais savoir.',
  "Prenez soin de vous et ne vous contentez jamais de moins que ce que vous méritez.",
  'Merci de m\'avoir lu{e}, cela fait du bien de partager.',
  'Et vous, avez-vous déjà vécu une histoire pareille ?',
  'Soyez sincères dès le début : on gagne tous du temps.',
  'Je crois de nouveau aux belles rencontres, et je vous en souhaite une.',
  'La vie réserve de belles surprises à ceux qui gardent le cœur ouvert.',
  '',
  '',
];
