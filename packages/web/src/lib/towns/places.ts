/**
 * The places the locality field suggests, shipped with the app (no network): Burkina Faso's 13
 * regional capitals first, then its other main towns and communes, then the districts
 * (secteurs, quartiers) of Ouagadougou and Bobo-Dioulasso. Each gives the locality stored on
 * the profile, in the 'city, country' form of the IP lookup: 'Koudougou, Burkina Faso', and
 * 'Gounghin, Ouagadougou, Burkina Faso' for a district. Kept out of `@app/shared` (whose barrel
 * every screen imports) so that only the lazy screens with a locality field load it.
 */

const COUNTRY = 'Burkina Faso';

export interface Place {
  /** What the member reads first: the town or the district. */
  name: string;
  /** The town of a district; absent for a town. */
  town?: string;
  /** The profile's locality when this place is picked. */
  value: string;
}

/** The capitals of the 13 regions, the most populous first. */
const REGIONAL_CAPITALS = [
  'Ouagadougou',
  'Bobo-Dioulasso',
  'Koudougou',
  'Ouahigouya',
  'Banfora',
  'Kaya',
  'Dédougou',
  'Tenkodogo',
  "Fada N'Gourma",
  'Dori',
  'Gaoua',
  'Ziniaré',
  'Manga',
];

/** Province capitals and other main communes, roughly by region. */
const OTHER_TOWNS = [
  // Centre and Plateau-Central
  'Saaba',
  'Komsilga',
  'Koubri',
  'Loumbila',
  'Pabré',
  'Tanghin-Dassouri',
  'Zorgho',
  'Boussé',
  'Mogtédo',
  'Zitenga',
  // Hauts-Bassins and Cascades
  'Houndé',
  'Orodara',
  'Bama',
  'Toussiana',
  'Péni',
  'Karangasso-Vigué',
  'Niangoloko',
  'Sindou',
  'Sidéradougou',
  'Mangodara',
  // Boucle du Mouhoun
  'Nouna',
  'Tougan',
  'Boromo',
  'Solenzo',
  'Toma',
  'Safané',
  'Bondoukuy',
  // Centre-Ouest
  'Réo',
  'Léo',
  'Sapouy',
  'Kordié',
  'Ténado',
  'Sabou',
  'Kokologho',
  // Nord
  'Yako',
  'Gourcy',
  'Titao',
  'Séguénéga',
  'Thiou',
  // Centre-Nord
  'Kongoussi',
  'Boulsa',
  'Barsalogho',
  'Pissila',
  // Centre-Est
  'Koupéla',
  'Pouytenga',
  'Garango',
  'Zabré',
  'Bittou',
  'Ouargaye',
  'Bagré',
  // Centre-Sud
  'Kombissiri',
  'Pô',
  'Tiébélé',
  // Est
  'Diapaga',
  'Bogandé',
  'Gayéri',
  'Pama',
  'Kantchari',
  // Sahel
  'Djibo',
  'Gorom-Gorom',
  'Sebba',
  'Aribinda',
  // Sud-Ouest
  'Diébougou',
  'Dano',
  'Batié',
  'Kampti',
  'Loropéni',
];

const OUAGADOUGOU_DISTRICTS = [
  'Ouaga 2000',
  'Gounghin',
  'Dassasgho',
  'Pissy',
  'Tampouy',
  'Zogona',
  'Cissin',
  "Patte d'Oie",
  'Wemtenga',
  'Tanghin',
  'Kalgondé',
  'Dapoya',
  'Karpala',
  'Kossodo',
  'Koulouba',
  'Zone du Bois',
  'Somgandé',
  'Bendogo',
  'Larlé',
  'Kamsonghin',
  'Samandin',
  'Paspanga',
  'Hamdalaye',
  'Nonsin',
  'Rimkièta',
  'Kilwin',
  'Nioko',
  'Zagtouli',
  'Bissighin',
  'Boulmiougou',
  'Taabtenga',
  'Balkuy',
  'Yamtenga',
  'Nagrin',
  'Zongo',
  'Ouidi',
  'Dagnoën',
  'Zangouettin',
  'Saint-Léon',
  'Cité An III',
  '1200 Logements',
];

const BOBO_DIOULASSO_DISTRICTS = [
  'Accart-Ville',
  'Sarfalao',
  'Koko',
  'Dogona',
  'Belleville',
  'Colma',
  'Lafiabougou',
  'Kuinima',
  'Colsama',
  'Bolomakoté',
  'Tounouma',
  'Kua',
  'Dioulassoba',
  'Sikasso-Cira',
  'Hamdallaye',
  'Diarradougou',
  'Farakan',
  'Ouezzinville',
  'Kodéni',
  'Bindougousso',
  'Sakaby',
  'Yéguéré',
  'Niénéta',
];

const town = (name: string): Place => ({ name, value: `${name}, ${COUNTRY}` });
const district =
  (townName: string) =>
  (name: string): Place => ({ name, town: townName, value: `${name}, ${townName}, ${COUNTRY}` });

/** Every place, in the order the search breaks ties: towns by importance, then districts. */
export const PLACES: readonly Place[] = [
  ...REGIONAL_CAPITALS.map(town),
  ...OTHER_TOWNS.map(town),
  ...OUAGADOUGOU_DISTRICTS.map(district('Ouagadougou')),
  ...BOBO_DIOULASSO_DISTRICTS.map(district('Bobo-Dioulasso')),
];
