/**
 * The demo account's conversations, in French. `me` is the demo account, `them` the other
 * member. `{name}` is the first name of the one addressed, `{city}` the demo account's city;
 * `{e}` and `{a|b}` agree with the speaker (see genderize).
 */
export interface ScriptLine {
  from: 'me' | 'them';
  text: string;
}

/** A match that took off; the member's last two messages wait unread. */
export const LIVELY_MATCH: readonly ScriptLine[] = [
  { from: 'them', text: 'Salut {name} ! On a matché, ça me fait vraiment plaisir 😊' },
  { from: 'me', text: 'Bonsoir ! Moi aussi. Ta photo m\'a fait sourire.' },
  { from: 'them', text: 'Merci ! Tu vis à {city} depuis longtemps ?' },
  { from: 'me', text: 'Depuis toujours, je connais chaque rue. Et toi ?' },
  { from: 'them', text: 'Depuis cinq ans, pour le travail. Tu aimes sortir le week-end ?' },
  { from: 'me', text: 'Oui, surtout les concerts et les grillades entre amis.' },
  { from: 'them', text: 'Il y a un concert samedi soir au CENASA, ça te dirait ?' },
  { from: 'them', text: 'On pourrait se retrouver avant pour un jus de bissap 🙂' },
];

/** A calm match: everything read, the demo account wrote last. */
export const CALM_MATCH: readonly ScriptLine[] = [
  { from: 'me', text: 'Bonjour {name}, comment se passe ta journée ?' },
  { from: 'them', text: 'Bonjour ! Très chargée au travail, mais ça va. Et toi ?' },
  { from: 'me', text: 'Tranquille. Je rentre du marché, il faisait une chaleur !' },
  { from: 'them', text: 'C\'est la saison… Bois beaucoup d\'eau 😄' },
  { from: 'me', text: 'Promis ! Tu fais quoi ce week-end ?' },
];

/** A new match: the member wrote first, not read yet. */
export const NEW_MATCH: readonly ScriptLine[] = [
  {
    from: 'them',
    text: 'Coucou {name} ! Content{e} qu\'on ait matché. Tu cherches quelque chose de sérieux ici ?',
  },
];

/** A member who found the demo account on the map and wrote the free first message. */
export const CONTACT_INTRODUCTION: readonly ScriptLine[] = [
  {
    from: 'them',
    text: 'Bonsoir {name}, ton profil est apparu près de chez moi et ta description m\'a touché{e}. J\'aimerais beaucoup faire ta connaissance.',
  },
];

/** The demo account wrote first to someone, who answered (which lifts the lock for free). */
export const CONTACT_ANSWERED: readonly ScriptLine[] = [
  { from: 'me', text: 'Bonjour {name} ! Ton profil m\'a plu, on discute un peu ?' },
  { from: 'them', text: 'Bonjour ! Avec plaisir, merci pour ton message 😊' },
  { from: 'me', text: 'Tu fais quoi dans la vie ?' },
  { from: 'them', text: 'Je suis enseignant{e} au lycée. Et toi ?' },
  { from: 'me', text: 'Je travaille dans une banque du centre-ville.' },
  { from: 'them', text: 'Alors tu connais les bons maquis du centre ? Je peux te faire découvrir les miens 😉' },
];
