/** First names and family names heard in Burkina Faso, for the demo members. */

/** A comma-separated block of names as a list (keeps long lists compact). */
export const list = (text: string): readonly string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const MALE_FIRST_NAMES = list(`
  Issouf, Boukary, Salif, Souleymane, Moussa, Abdoulaye, Ousmane, Adama, Idrissa, Hamidou, Karim,
  Rasmané, Arouna, Lassané, Noufou, Inoussa, Ibrahim, Oumarou, Dramane, Bassirou, Yacouba,
  Harouna, Seydou, Mahamadi, Alassane, Drissa, Sibiri, Tasséré, Jean-Baptiste, Paul, Serge,
  Armel, Hervé, Franck, Rodrigue, Ismaël, Éric, Yannick, Fabrice, Thierry, Patrice, Ghislain,
  Landry, Aristide, Blaise, Romuald, Wendpanga, Wendkouni, Boris, Cédric, Abdoul Aziz, Mamadou,
  Zakaria, Siaka, Bakary
`);

export const FEMALE_FIRST_NAMES = list(`
  Aminata, Mariam, Fatimata, Awa, Salimata, Rasmata, Alizéta, Zénabo, Safiatou, Aïssata, Bintou,
  Kadidia, Ramata, Adjaratou, Assétou, Maïmouna, Djeneba, Haoua, Nafissatou, Balkissa, Fatoumata,
  Mariétou, Korotimi, Abibata, Odile, Pélagie, Clarisse, Estelle, Nadège, Flora, Sandrine,
  Prisca, Carine, Laetitia, Raïssa, Inès, Ornella, Mireille, Sylvie, Pauline, Joséphine, Wendyam,
  Pengdwendé, Aïcha, Ruth, Christelle, Edwige, Grâce, Larissa, Nina, Rosine, Félicité
`);

/** Common across the country, heavier around Ouagadougou (Mossi plateau). */
export const OUAGA_FAMILY_NAMES = list(`
  Ouédraogo, Sawadogo, Compaoré, Kaboré, Zongo, Ilboudo, Kinda, Bationo, Zerbo, Yaméogo,
  Zoungrana, Nikiéma, Kiemdé, Tapsoba, Bamogo, Ouoba, Kafando, Kientega, Nana, Belem,
  Tiendrébéogo, Congo, Guiro, Sankara, Traoré, Diallo, Konaté, Ouattara, Somé, Dabiré, Sorgho,
  Yonli, Zida, Rouamba, Kouanda, Savadogo
`);

/** Heavier around Bobo-Dioulasso and the west. */
export const BOBO_FAMILY_NAMES = list(`
  Sanou, Traoré, Ouattara, Millogo, Konaté, Coulibaly, Sangaré, Dao, Diallo, Barry, Kambou, Hien,
  Da, Sidibé, Cissé, Sory, Palm, Bationo, Zerbo, Ouédraogo, Kaboré, Keita, Diabaté,
  Dembélé, Sawadogo, Somé, Bicaba
`);
