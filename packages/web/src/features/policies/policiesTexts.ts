/**
 * The terms of use of Rencontre, in the nine sections of spec 2 (§2, Policies), in order.
 * Kept apart from the page so the wording can be reviewed without touching the component.
 */
import { SUPPORT_EMAIL, VERIFICATION_MSG } from '@app/shared';

export const POLICIES_TITLE = "Politiques & Conditions d'utilisation";
export const POLICIES_UPDATED_LABEL = 'Dernière mise à jour :';
export const POLICIES_TOC_TITLE = 'Sommaire';
export const POLICIES_TOC_BACK = 'Retour au sommaire';
export const POLICIES_BACK_LABEL = 'Retour';
export const POLICIES_INTRO =
  "Ces conditions s'appliquent à toute utilisation de Rencontre. Lisez-les avant de créer votre compte : elles disent ce que vous pouvez attendre de nous et ce que nous attendons de vous.";

export type PolicyBlock =
  { kind: 'p'; text: string; lead?: string } | { kind: 'list'; items: readonly string[] };

export interface PolicySection {
  id: string;
  title: string;
  blocks: readonly PolicyBlock[];
}

/**
 * French typography: non-breaking spaces keep « », :, ;, ? and ! on the word's line, and a
 * non-breaking hyphen and space keep « e-mail » and « Burkina Faso » whole on a narrow screen.
 */
const fr = (s: string) =>
  s
    .replace(/ ([:;?!»])/g, '\u00a0$1')
    .replace(/« /g, '«\u00a0')
    .replace(/e-mail/g, 'e\u2011mail')
    .replace(/Burkina Faso/g, 'Burkina\u00a0Faso');
const p = (text: string, lead?: string): PolicyBlock => ({
  kind: 'p',
  text: fr(text),
  lead: lead && fr(lead),
});
const list = (...items: string[]): PolicyBlock => ({ kind: 'list', items: items.map(fr) });

export const POLICY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'editeur',
    title: 'Éditeur du service',
    blocks: [
      p(
        "Le service « Rencontre », accessible depuis un navigateur web et installable sur l'écran d'accueil d'un téléphone, est édité par Rencontre SARL, dont le siège est à Ouagadougou, Burkina Faso.",
      ),
      p(`Adresse de contact : ${SUPPORT_EMAIL}.`),
      p(
        'Dans ce document, « nous » désigne Rencontre SARL, et « vous » ou « le membre » désigne toute personne qui utilise le service.',
      ),
    ],
  },
  {
    id: 'objet',
    title: 'Objet et acceptation',
    blocks: [
      p(
        'Rencontre aide des adultes à se rencontrer, en amitié ou en amour : publier des annonces, découvrir des profils, trouver des membres proches de chez soi, discuter en privé et partager des histoires de manière anonyme.',
      ),
      p(
        "Ces conditions fixent les règles d'utilisation du service et expliquent comment nous traitons vos données. En créant un compte ou en utilisant le service, vous déclarez les avoir lues et les accepter. Si vous ne les acceptez pas, n'utilisez pas le service.",
      ),
      p(
        "Nous pouvons les modifier pour suivre l'évolution du service ou de la loi. La date de la dernière mise à jour figure en haut de cette page ; en cas de changement important, nous vous prévenons dans l'application ou par e-mail avant qu'il ne s'applique. Continuer à utiliser le service ensuite vaut acceptation de la nouvelle version.",
      ),
    ],
  },
  {
    id: 'compte',
    title: 'Compte et sécurité',
    blocks: [
      p('Pour utiliser Rencontre, vous vous engagez à :'),
      list(
        "avoir 18 ans au moins. Nous pouvons demander une preuve d'âge et nous fermons tout compte ouvert par une personne mineure ;",
        "n'ouvrir qu'un seul compte : un compte par personne, et un seul compte par appareil (téléphone, tablette ou ordinateur) ;",
        "donner des informations exactes et les tenir à jour (âge, nom, ville, photo), sans vous faire passer pour quelqu'un d'autre ;",
        "garder votre mot de passe pour vous. Ne le confiez à personne, pas même à quelqu'un qui se dit de notre équipe : nous ne vous le demanderons jamais.",
      ),
      p(
        "Ce qui est fait depuis votre compte relève de votre responsabilité. Si vous pensez qu'une autre personne l'utilise, changez votre mot de passe et prévenez le support sans attendre.",
      ),
      p(
        "Nous pouvons suspendre ou bloquer un compte, pour un temps ou définitivement, en particulier en cas de comptes multiples, d'informations fausses, d'activité qui menace la sécurité du compte ou des autres membres, ou de manquement à ces conditions. Le membre concerné peut écrire au support pour demander le réexamen de sa situation.",
      ),
    ],
  },
  {
    id: 'contenus',
    title: 'Contenus autorisés et interdits',
    blocks: [
      p(
        'Vous êtes responsable de ce que vous publiez et envoyez : profil, photos, annonces, messages et histoires. Ces contenus doivent rester respectueux des autres et conformes à la loi. Il est interdit :',
      ),
      list(
        "d'indiquer un numéro de téléphone ou un autre moyen de contact (WhatsApp, réseaux sociaux, adresse e-mail…) dans une annonce ou une histoire : ces publications sont refusées ou retenues pour vérification ;",
        "de harceler, menacer, insulter ou humilier un membre, ou de continuer à lui écrire quand il vous a demandé d'arrêter ;",
        "de publier ou d'envoyer de la nudité ou des contenus à caractère sexuel, violents, haineux ou discriminatoires ;",
        "d'escroquer ou de tenter d'escroquer un membre : demande d'argent, de crédit ou de transfert mobile money, faux profil, chantage, promesse de voyage ou de mariage contre paiement ;",
        'de publier des photos ou des contenus mettant en scène un mineur, ou de chercher à entrer en contact avec un mineur ;',
        "de faire de la publicité, de proposer des services sexuels tarifés, de vendre quoi que ce soit ou d'envoyer des messages en masse ;",
        "de publier la photo ou les informations d'une autre personne sans son accord.",
      ),
      p(
        "des contrôles automatiques et notre équipe peuvent refuser, retenir ou retirer un contenu, et suspendre ou bloquer le compte qui l'a publié. Victime ou témoin d'un abus ? Signalez-le au support, chaque signalement est examiné. En cas d'infraction grave, nous pouvons transmettre les informations utiles aux autorités compétentes.",
        'Modération :',
      ),
    ],
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    blocks: [
      p('Nous ne recueillons que ce dont le service a besoin :'),
      list(
        'vos données de compte : adresse e-mail et mot de passe, enregistré sous une forme transformée que personne, pas même nous, ne peut relire ; ou les informations transmises par Google si vous vous connectez avec Google ;',
        "les informations de profil que vous choisissez de donner : nom, âge, genre, ville, biographie, photo et centres d'intérêt ;",
        'votre position approximative, si vous autorisez la localisation, pour vous montrer des membres proches ;',
        'vos publications et échanges : annonces, histoires, messages privés (texte, photo, vocal) et demandes au support ;',
        "les données de vos achats : montant, nombre de pièces, moyen de paiement et numéro utilisé pour le mobile money. Votre code secret et les données de votre carte restent chez l'opérateur de paiement : nous ne les recevons jamais ;",
        "des données techniques : un identifiant de votre appareil, qui sert à appliquer la règle d'un compte par appareil et à lutter contre la fraude, et votre adresse IP, qui sert à estimer votre pays (donc les moyens de paiement proposés) et à protéger le service.",
      ),
      p(
        "nous n'enregistrons qu'une position arrondie à environ un kilomètre. Les autres membres voient seulement une distance arrondie au kilomètre (« À 3 km de vous »), jamais votre position exacte, et le repère affiché sur la carte est volontairement décalé.",
        'Localisation :',
      ),
      p(
        "vos conversations ne sont visibles que par leurs participants. Nous n'y accédons que si un signalement, la sécurité des membres ou une obligation légale l'exige. Les histoires sont publiées sans votre nom ni votre profil.",
        'Messages privés :',
      ),
      p(VERIFICATION_MSG.policy, 'Vérification du profil :'),
      p(
        "les appels vocaux ne sont jamais enregistrés, ni par nous ni par personne d'autre : ils passent par notre relais, qui ne garde ni le son ni votre numéro, et l'autre membre ne voit jamais votre adresse. Seuls restent la date, la durée et l'issue de l'appel, affichées dans la discussion.",
        'Appels vocaux :',
      ),
      p(
        "nous ne vendons pas vos données. Elles ne sont confiées qu'aux prestataires indispensables au service (hébergement, envoi d'e-mails, opérateurs de paiement, Google si vous l'utilisez pour vous connecter), chacun pour sa seule mission, ou aux autorités quand la loi l'impose.",
        'Partage :',
      ),
      p(
        'vous pouvez accéder à vos données, les faire rectifier ou demander leur suppression, et vous opposer à certains traitements. Votre profil se corrige directement depuis « Modifier mon profil » ; pour le reste, écrivez au support. Nous pouvons vous demander de prouver votre identité avant de répondre.',
        'Vos droits :',
      ),
      p(
        'vous pouvez supprimer votre compte depuis le menu de votre compte (« Supprimer mon compte ») ou en écrivant au support. La suppression est définitive : profil, photos, annonces, discussions et pièces restantes sont perdus. Vos données sont alors effacées ou rendues anonymes, sauf celles que la loi nous oblige à garder, comme les justificatifs de paiement.',
        'Suppression du compte :',
      ),
      p(
        "ces traitements respectent la loi n°001-2021/AN portant protection des personnes à l'égard du traitement des données à caractère personnel au Burkina Faso. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la Commission de l'informatique et des libertés (CIL), l'autorité de protection des données du Burkina Faso.",
        'Cadre légal :',
      ),
    ],
  },
  {
    id: 'pieces',
    title: 'Achat de pièces et remboursements',
    blocks: [
      p(
        "Les pièces sont une monnaie virtuelle propre à Rencontre. Elles servent uniquement dans l'application, par exemple pour déverrouiller une discussion ou publier une annonce. Elles n'ont aucune valeur monétaire : elles ne s'échangent pas contre de l'argent, ne se transfèrent pas à un autre membre et ne se revendent pas.",
      ),
      p(
        "Les prix des packs sont indiqués en francs CFA (FCFA) et affichés avant toute confirmation. Le paiement se fait par Orange Money, par Moov Money ou par carte bancaire, auprès de l'opérateur ou du prestataire choisi ; les frais qu'il prélève éventuellement restent à votre charge.",
      ),
      p(
        "Les pièces sont créditées une seule fois, quand l'opérateur nous a confirmé le paiement, ce qui peut prendre quelques minutes. Un paiement échoué, refusé ou annulé ne crédite aucune pièce. Si votre compte a été débité sans que les pièces arrivent, écrivez au support avec la date, le montant et le numéro de l'achat (visible dans « Mes achats ») : nous vérifions auprès de l'opérateur, puis créditons les pièces ou faisons rembourser la somme.",
      ),
      p(
        "Les pièces achetées ne sont ni remboursables ni reprises, sauf lorsque la loi l'impose. Celles qui ont été dépensées ne sont pas restituées, et celles d'un compte fermé pour manquement à ces conditions sont perdues, sous la même réserve. Les pièces offertes (bonus quotidien, parrainage, réseaux sociaux) suivent les mêmes règles ; ces offres peuvent changer à tout moment.",
      ),
    ],
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle',
    blocks: [
      p(
        "Le nom et le logo Rencontre, l'application, son code, sa présentation et ses textes appartiennent à Rencontre SARL ou lui sont concédés. Les copier, les reproduire ou les réutiliser sans notre accord écrit est interdit, tout comme collecter automatiquement les profils ou les contenus du service.",
      ),
      p(
        "Vous restez propriétaire de ce que vous publiez et garantissez en détenir les droits, notamment sur vos photos. Vous nous autorisez seulement, gratuitement et sans exclusivité, à l'héberger, à l'adapter techniquement (par exemple réduire une photo) et à l'afficher aux autres membres dans le cadre du service, aussi longtemps qu'il y est publié.",
      ),
    ],
  },
  {
    id: 'responsabilites',
    title: 'Responsabilités',
    blocks: [
      p(
        "Nous faisons le nécessaire pour que le service soit disponible et sûr, sans pouvoir garantir qu'il fonctionne sans interruption : maintenance, coupure du réseau mobile ou d'électricité, panne d'un opérateur de paiement peuvent le rendre momentanément indisponible.",
      ),
      p(
        "Nous ne vérifions pas l'identité de chaque membre et ne garantissons pas l'exactitude de ce qu'il déclare. Chacun répond de ses propos, de ses publications et de son comportement, en ligne comme lors d'une rencontre.",
      ),
      p(
        "n'envoyez jamais d'argent ni de code à une personne connue sur l'application, gardez vos informations personnelles pour vous au début d'un échange et, pour un premier rendez-vous, choisissez un lieu public et prévenez un proche.",
        'Pour votre sécurité :',
      ),
      p(
        'Notre responsabilité ne peut être engagée que pour un dommage direct dû à un manquement de notre part, dans les limites prévues par la loi. Vous répondez envers nous et envers les autres membres de toute utilisation du service contraire à ces conditions ou à la loi.',
      ),
      p(
        "Ces conditions sont régies par le droit burkinabè. En cas de désaccord, écrivez-nous d'abord : nous cherchons toujours une solution amiable. À défaut, les juridictions compétentes de Ouagadougou pourront être saisies, sous réserve des règles impératives qui vous protègent.",
      ),
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [
      p(
        `Une question, un signalement, une demande sur vos données ou sur un achat ? Écrivez-nous à ${SUPPORT_EMAIL} ou ouvrez un ticket depuis la page « Support » de votre compte. Nous répondons par e-mail, dans les meilleurs délais.`,
      ),
      p('Rencontre SARL, Ouagadougou, Burkina Faso.'),
    ],
  },
];
