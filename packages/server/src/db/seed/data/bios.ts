/**
 * Fragments the demo bios are composed from, in French. `{a|b}` is the masculine and feminine
 * form, `{e}` a shorthand for `{|e}`; `{town}` and `{city}` are filled in by the generator.
 */

export const BIO_INTROS = [
  'Simple et souriant{e}.',
  "Je suis quelqu'un de calme et posé{e}.",
  'Originaire de {town}, installé{e} à {city} depuis quelques années.',
  'Toujours de bonne humeur !',
  'Timide au début, mais très {bavard|bavarde} une fois en confiance.',
  '{Respectueux|Respectueuse}, {travailleur|travailleuse} et {attentionné|attentionnée}.',
  "Né{e} à {city}, je n'ai jamais voulu vivre ailleurs.",
  'Enfant de {town}, le cœur à {city}.',
  "J'aime rire et faire rire.",
  '{Curieux|Curieuse} de tout, jamais {ennuyé|ennuyée}.',
  'Sérieu{x|se} dans le travail, {détendu|détendue} le week-end.',
  'Famille, foi et amitié : voilà ce qui compte pour moi.',
];

export const BIO_JOBS = [
  "Étudiant{e} en médecine à l'université Joseph Ki-Zerbo.",
  'Commerçant{e} au grand marché, je connais tout le monde.',
  'Je travaille dans une banque du centre-ville.',
  'Enseignant{e} au lycée, passionné{e} par la transmission.',
  "{Infirmier|Infirmière} au CHU, j'aime prendre soin des autres.",
  '{Développeur|Développeuse} web, toujours sur un nouveau projet.',
  'Je tiens un maquis avec ma famille.',
  '{Couturier|Couturière}, je crée mes modèles en Faso Dan Fani.',
  'Agronome, je travaille avec des coopératives de la région.',
  'Comptable le jour, {musicien|musicienne} le soir.',
  'Étudiant{e} en droit, je rêve de devenir {avocat|avocate}.',
  '{Entrepreneur|Entrepreneuse} dans la transformation du karité.',
  'Journaliste à la radio, je parle beaucoup… et j\'écoute aussi !',
  'Photographe de mariages et de baptêmes.',
  'Fonctionnaire, {engagé|engagée} pour mon pays.',
  '{Mécanicien|Mécanicienne}, les motos n\'ont aucun secret pour moi.',
];

export const BIO_LIKES = [
  "J'aime le riz gras du dimanche et le thé entre amis.",
  'Fan de football, je ne rate aucun match des Étalons.',
  "Le FESPACO, c'est ma semaine préférée de l'année.",
  "J'adore danser, surtout le warba et le coupé-décalé.",
  'Le week-end, je vais au barrage ou au village.',
  '{Grand lecteur|Grande lectrice}, surtout de romans africains.',
  'Je cuisine très bien le tô sauce gombo.',
  'Les expositions et le SIAO me passionnent.',
  "J'écoute beaucoup de musique burkinabè et un peu de zouk.",
  'Mon sport : le jogging au petit matin, avant la chaleur.',
  'Je rêve de voyager : Dakar, Abidjan, puis plus loin.',
  'Le bissap bien frais et les grillades du soir, mon petit bonheur.',
  'Toujours avec mon appareil photo à la main.',
  'Je connais toutes les séries ivoiriennes par cœur.',
  'Les balades à moto au coucher du soleil, rien de mieux.',
  'Je passe mes soirées à coder ou à regarder des documentaires.',
];

export const BIO_SEEKS = [
  'Je cherche une relation sérieuse.',
  'Ici pour de belles rencontres et de nouvelles amitiés.',
  "À la recherche de quelqu'un de sincère, le reste viendra.",
  'Je cherche une personne respectueuse et drôle.',
  'Pas de prise de tête, juste des discussions sympas.',
  'Je veux fonder une famille avec la bonne personne.',
  "L'amitié d'abord, on verra ensuite.",
  "Si tu aimes rire et partager, on va s'entendre.",
];

export const BIO_CLOSINGS = [
  'Écris-moi !',
  "N'hésite pas à m'écrire 😊",
  "Au plaisir d'échanger.",
  'Bonne journée à toi !',
  'À bientôt peut-être…',
];
