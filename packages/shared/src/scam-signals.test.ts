/**
 * The scam-signal rule (issue 21): each signal family in several spellings, the phone rule
 * agreeing with the announcements' one, and ordinary first-conversation sentences that must not
 * be flagged. The rule's precision and recall are measured by `npm run bench:scam`.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { hasScamSignal, scamSignals, type TScamSignals } from './scam-signals.js';
import { hasPhoneNumber } from './announcements.js';

const only = (signal: keyof TScamSignals) => (text: string) => {
  expect(scamSignals(text)[signal], text).toBe(true);
  expect(hasScamSignal(text), text).toBe(true);
};

describe('money and credit requests', () => {
  it.each([
    'Stp envoie moi 5000f par orange money',
    'STP ENVOIE-MOI 5 000 FCFA',
    'envoi moi 5mil stp',
    'evoi moi 2000 de credit',
    'Envoies moi un peu d’argent chéri',
    'tu peux m’envoyer 10 mille pour le transport ?',
    'fais moi une recharge de 1000 stp',
    'mets moi des unités stp',
    'Prête moi 25.000 francs, je te rembourse',
    'il me faut cinq mille pour les médicaments',
    'aide moi avec 3 000 F stp',
    'un petit transfert de 7500 me sauverait',
    'envoie par Western Union',
    'passe par MoneyGram, c’est plus rapide',
    'Moov Money ou Orange Money, comme tu veux',
    'envoie sur mon OM',
    'fais moi un wave de 5000 stp',
    'stpppp envoiiie moi 2000',
  ])('finds « %s »', only('money'));

  it.each([
    'J’ai payé le pagne 3000f au marché',
    'le crédit de ma moto me fatigue',
    'Mon crédit immobilier à la banque est accepté',
    'mon téléphone est déchargé, je le recharge et je reviens',
    'j’ai envoyé mon CV à trois entreprises',
    'Le transfert de Bertrand Traoré m’a déçu',
    'Je travaille chez Orange comme technicien',
    'Ma tante tient une boutique Moov au grand marché',
    'Le loyer à Ouaga est cher, 40 000 pour deux pièces',
    'Tu peux m’envoyer le nom du film ?',
    'Aide moi à choisir un prénom pour mon chat',
    'On fait un barbecue à Ouaga 2000 samedi, tu viens stp ?',
  ])('does not take « %s » for a request', (text) => {
    expect(scamSignals(text).money).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    'Appelle moi au 70 12 34 56',
    'mon num 70.12.34.56',
    '76-54-32-10 ce soir',
    '+226 76 54 32 10',
    '0022670112233',
    'Voici mon num 7O 12 34 56',
    'sept zéro un deux trois quatre cinq six',
    'Soixante-dix, vingt-deux, trente-trois, quarante-quatre',
    '７０１２３４５６',
  ])('finds « %s »', only('phone'));

  it.each([
    'je suis à Ouaga depuis 5 ans',
    'on se voit à 18h30',
    'née le 14/03/1996',
    'les Étalons ont gagné 2-0, puis 3 à 1',
    'vingt et un ans, et toi ?',
  ])('leaves « %s » alone', (text) => {
    expect(scamSignals(text).phone).toBe(false);
  });

  const digit = fc.integer({ min: 0, max: 9 }).map(String);
  const separator = fc.constantFrom('', ' ', '.', '-', ' - ', '  ');
  const written = fc
    .array(fc.tuple(digit, separator), { minLength: 1, maxLength: 14 })
    .map((parts) => parts.map(([d, s], i) => (i === 0 ? d : s + d)).join(''));

  test.prop([written, fc.constantFrom('', 'mon numéro ', 'appelle ')])(
    'agrees with the announcements’ phone rule on digits',
    (number, before) => {
      const text = `${before}${number}`;
      expect(scamSignals(text).phone).toBe(hasPhoneNumber(text));
    },
  );
});

describe('invitations to leave the app', () => {
  it.each([
    'écris moi sur WhatsApp',
    'whats app stp',
    'viens sur watsap',
    'on continue sur whatsap',
    'tu as wasap ?',
    'wtsp moi bb',
    'tu es sur Telegram ?',
    'on continue sur télégram',
    'Tu as IMO ?',
    'wa.me/22670112233',
    'mon lien t.me/awa_bf',
  ])('finds « %s »', only('offApp'));

  it.each([
    'Je suis à la messe de 7h',
    'Il m’a envoyé un message pour mon anniversaire',
    'Le prof nous a donné un devoir',
    'tu es sur l’appli depuis longtemps ?',
  ])('leaves « %s » alone', (text) => {
    expect(scamSignals(text).offApp).toBe(false);
  });
});

describe('links', () => {
  it.each([
    'https://bit.ly/3xPhotos',
    'http://app-rencontre.xyz',
    'va sur www.love-afrique.com',
    'tinyurl.com/photobb',
    'mon site amour-vrai.org',
  ])('finds « %s »', only('link'));

  it.each(['ok.merci', 'oui.et toi ?', 'A 18h.on se voit', 'fin de mois...je suis fatigué'])(
    'does not take « %s » for a link',
    (text) => {
      expect(scamSignals(text).link).toBe(false);
    },
  );
});

describe('ordinary first conversations', () => {
  it.each([
    'Bonsoir, comment tu vas ? La journée était longue au bureau.',
    'Je suis à Ouaga depuis 5 ans, avant j’étais à Koudougou.',
    'On se voit au maquis à 18h, à côté du rond-point des Nations Unies ?',
    'J’ai envoyé mon CV, je croise les doigts',
    'Le crédit de ma moto, encore 8 mois à payer',
    'Les Étalons ont battu le Mali 2 à 0 !',
    'Je sors de la messe à la cathédrale',
    'Je fais la prière du vendredi à la grande mosquée de Bobo',
    'Je suis de Tanghin, vers le barrage. Et toi, Dassasgho ?',
    'Il fait 42 degrés, je reste sous le manguier',
    'J’écoute Floby et Alif Naaba en boucle',
    'Je suis né en 1993 à Ouahigouya, j’ai 31 ans',
    'On a payé la scolarité, 75 000 pour l’année',
    'Bonne nuit, à demain 🌙',
    '',
  ])('does not flag « %s »', (text) => {
    expect(hasScamSignal(text)).toBe(false);
    expect(scamSignals(text)).toEqual({ money: false, phone: false, offApp: false, link: false });
  });
});
