/**
 * Demo seed step: about 150 announcements in French by demo members (not the demo account,
 * whose first announcement stays free to try), composed from fragments by a seeded generator,
 * spread over the last four weeks with believable view counts. Every text passes the same
 * rules as a member's (length, no phone number, no contact word).
 */
import {
  ANNOUNCEMENT_MAX_LENGTH,
  descriptionProblem,
  type TAnnouncementCategory,
} from '@app/shared';
import type { Param, Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { createRng, type Rng } from '../rng.js';
import { DEMO_ACCOUNT, genderize, type Gender } from '../demo-members.js';

const ANNOUNCEMENTS_SEED = 0x0a770bce;
const DEMO_ANNOUNCEMENT_COUNT = 150;
const SPREAD_DAYS = 28;
const HOUR_MS = 3_600_000;

const OPENINGS = [
  'Bonjour à tous !',
  'Salut la communauté !',
  'Bonsoir !',
  'Coucou !',
  'Bonjour !',
  'Hello !',
  'Bonjour tout le monde !',
  'Je me lance enfin.',
];

const ABOUT = [
  'Je suis {un homme|une femme} de {age} ans, {calme et posé|calme et posée}, {installé|installée} à {city}.',
  "J'ai {age} ans, je vis à {city} et je travaille dans le commerce.",
  '{Enseignant|Enseignante} de {age} ans à {city}, {passionné|passionnée} par mon métier.',
  "{Étudiant|Étudiante} en dernière année, {age} ans, j'habite {place}.",
  '{Age} ans, {souriant|souriante} et {travailleur|travailleuse}, je suis de {city}.',
  'Je suis {infirmier|infirmière} à {city}, {age} ans, toujours de bonne humeur.',
  "{Commerçant|Commerçante} au marché, {age} ans, j'aime la vie simple et les gens vrais.",
  "J'ai {age} ans et je suis fonctionnaire, {sérieux|sérieuse} mais pas ennuyeu{x|se}.",
  '{Développeur|Développeuse} informatique à {city}, {age} ans, {curieux|curieuse} de tout.',
  '{Couturier|Couturière} de {age} ans, je crée des tenues en Faso Dan Fani.',
  'Agronome de {age} ans, je passe la semaine entre {city} et les villages de la région.',
  "Croyant{e} et {attaché|attachée} aux valeurs de la famille, j'ai {age} ans.",
];

const SEEKS: Record<TAnnouncementCategory, readonly string[]> = {
  relation_serieuse: [
    'Je cherche une relation sérieuse et durable avec une personne sincère.',
    "Je souhaite rencontrer quelqu'un de respectueux pour construire une belle histoire.",
    'Je ne cherche pas à jouer : seulement une relation stable, basée sur la confiance.',
    'Après une longue période seul{e}, je suis prêt{e} à ouvrir mon cœur à la bonne personne.',
  ],
  mariage: [
    "Mon objectif est le mariage et la fondation d'une famille unie.",
    'Je cherche {une épouse|un époux} {attentionnée|attentionné}, avec qui avancer dans la foi et le respect.',
    "Je veux rencontrer une personne mûre, prête à s'engager pour la vie.",
  ],
  amitie: [
    'Nouve{au|lle} dans le quartier, je cherche des amis pour discuter et partager.',
    'Je cherche de nouvelles amitiés sincères, sans prise de tête.',
    "J'aimerais échanger avec des personnes ouvertes, pour parler de tout et de rien.",
    'Envie de nouvelles rencontres amicales pour sortir de la routine.',
  ],
  sorties: [
    "Qui veut m'accompagner au FESPACO ou à un concert ce week-end ?",
    'Je cherche des partenaires de sortie : maquis, grillades et bonne musique.',
    'Partant{e} pour des balades au barrage, du sport le matin ou un ciné le soir.',
    "J'aimerais découvrir les bons coins de {city} avec des gens sympas.",
  ],
};

const LIKES = [
  "J'aime la cuisine, surtout le riz gras et le tô sauce gombo.",
  'Fan de football, je ne rate aucun match des Étalons.',
  "J'adore danser le warba et le coupé-décalé.",
  'Le week-end, je vais au village voir la famille.',
  'Je lis beaucoup, surtout des romans africains.',
  'La musique burkinabè me suit partout.',
  "Le thé entre amis le soir, c'est sacré pour moi.",
  'Je fais du jogging tôt le matin, avant la chaleur.',
  'Je rêve de voyager : Dakar, Abidjan, puis plus loin.',
];

const CLOSINGS = [
  'Écris-moi si tu te reconnais dans ces mots.',
  "N'hésite pas à m'envoyer un message 😊",
  "Au plaisir d'échanger avec toi.",
  'Les personnes pas sérieuses, merci de passer votre chemin.',
  'À bientôt peut-être…',
  'Envoie-moi un message ici, je réponds à tout le monde.',
];

const CATEGORY_WEIGHTS: readonly (readonly [TAnnouncementCategory, number])[] = [
  ['relation_serieuse', 4],
  ['amitie', 3],
  ['sorties', 2],
  ['mariage', 2],
];

export interface DemoAuthor {
  id: number;
  gender: Gender;
  age: number;
  locality: string | null;
  createdAt: Date;
}

export interface DemoAnnouncement {
  userId: number;
  description: string;
  category: TAnnouncementCategory;
  views: number;
  createdAt: Date;
}

/** "Gounghin, Ouagadougou" → Ouagadougou; "Ouagadougou, Burkina Faso" → Ouagadougou. */
function cityOf(locality: string | null) {
  const [first = 'Ouagadougou', second] = (locality ?? '').split(', ');
  return !second || second === 'Burkina Faso' ? first : second;
}

function compose(rng: Rng, author: DemoAuthor, category: TAnnouncementCategory) {
  const city = cityOf(author.locality);
  const parts = [
    rng.chance(0.7) ? rng.pick(OPENINGS) : '',
    rng.pick(ABOUT),
    rng.pick(SEEKS[category]),
    rng.chance(0.6) ? rng.pick(LIKES) : '',
    rng.pick(CLOSINGS),
  ].filter(Boolean);
  const text = genderize(parts.join(' '), author.gender)
    .replace(/\{age\}/g, String(author.age))
    .replace(/\{Age\}/g, String(author.age))
    .replace(/\{city\}/g, city)
    .replace(/\{place\}/g, author.locality?.split(', ')[0] ?? city);
  return text.slice(0, ANNOUNCEMENT_MAX_LENGTH);
}

/** The demo announcements as plain data: same authors and clock, same announcements. */
export function generateDemoAnnouncements(
  rng: Rng,
  authors: readonly DemoAuthor[],
  now: Date,
  count = DEMO_ANNOUNCEMENT_COUNT,
): DemoAnnouncement[] {
  const out: DemoAnnouncement[] = [];
  // Most authors publish once, a few twice.
  const pool = rng.sample(authors, Math.min(authors.length, Math.ceil(count * 0.85)));
  for (let i = 0; out.length < count && i < count * 4; i += 1) {
    const author = pool[i % pool.length];
    if (!author) break;
    const category = rng.weighted(CATEGORY_WEIGHTS);
    const description = compose(rng, author, category);
    if (descriptionProblem(description)) continue;
    const earliest = Math.max(
      author.createdAt.getTime(),
      now.getTime() - SPREAD_DAYS * 24 * HOUR_MS,
    );
    const createdAt = new Date(earliest + rng.next() * (now.getTime() - earliest));
    const ageHours = (now.getTime() - createdAt.getTime()) / HOUR_MS;
    out.push({
      userId: author.id,
      description,
      category,
      views: Math.round(ageHours * rng.next() * 0.25),
      createdAt,
    });
  }
  return out;
}

const hasDemoAnnouncements = async (sql: Sql) =>
  (
    await sql.query(
      `SELECT 1 FROM announcements a JOIN users u ON u.id = a.user_id WHERE u.is_demo LIMIT 1`,
    )
  ).length > 0;

async function findAuthors(sql: Sql): Promise<DemoAuthor[]> {
  const rows = await sql.query<{
    id: number;
    gender: Gender;
    age: number;
    locality: string | null;
    created_at: Date;
  }>(
    `SELECT id, gender, date_part('year', age(birth_date))::int AS age, locality, created_at
       FROM users
      WHERE is_demo AND email <> $1 AND gender IS NOT NULL AND birth_date IS NOT NULL
      ORDER BY id`,
    [DEMO_ACCOUNT.email],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.created_at) }));
}

async function insertAnnouncements(tx: Sql, items: readonly DemoAnnouncement[]) {
  if (items.length === 0) return 0;
  const params: Param[] = [];
  const tuples = items.map((a) => {
    params.push(a.userId, a.description, a.category, a.views, a.createdAt.toISOString());
    const n = params.length;
    return `($${n - 4}::bigint, $${n - 3}, $${n - 2}, $${n - 1}::int, $${n}::timestamptz, $${n}::timestamptz)`;
  });
  const rows = await tx.query(
    `INSERT INTO announcements (user_id, description, category, views, created_at, updated_at)
     VALUES ${tuples.join(',\n')} RETURNING id`,
    params,
  );
  return rows.length;
}

export const announcementsStep: SeedStep = {
  name: 'annonces',
  isDone: hasDemoAnnouncements,
  async run(ctx: SeedContext) {
    const authors = await findAuthors(ctx.db);
    const items = generateDemoAnnouncements(createRng(ANNOUNCEMENTS_SEED), authors, ctx.now);
    return insertOnce(ctx.db, hasDemoAnnouncements, (tx) => insertAnnouncements(tx, items));
  },
};
