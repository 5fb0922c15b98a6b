/**
 * The two demo cities and some of their neighbourhoods, with approximate centres, so a member
 * who lives in "Gounghin, Ouagadougou" sits roughly there on the map.
 */
import { BOBO_FAMILY_NAMES, OUAGA_FAMILY_NAMES, list } from './names.js';

interface Neighbourhood {
  name: string;
  lat: number;
  lng: number;
}

export interface DemoCity {
  name: string;
  lat: number;
  lng: number;
  /** Share of the demo members living here. */
  weight: number;
  neighbourhoods: readonly Neighbourhood[];
  familyNames: readonly string[];
}

export const OUAGADOUGOU: DemoCity = {
  name: 'Ouagadougou',
  lat: 12.3714,
  lng: -1.5197,
  weight: 2,
  familyNames: OUAGA_FAMILY_NAMES,
  neighbourhoods: [
    { name: 'Ouaga 2000', lat: 12.315, lng: -1.5 },
    { name: 'Gounghin', lat: 12.362, lng: -1.545 },
    { name: 'Dapoya', lat: 12.381, lng: -1.527 },
    { name: 'Tampouy', lat: 12.405, lng: -1.56 },
    { name: 'Pissy', lat: 12.338, lng: -1.575 },
    { name: 'Zogona', lat: 12.377, lng: -1.497 },
    { name: 'Wemtenga', lat: 12.375, lng: -1.47 },
    { name: "Patte d'Oie", lat: 12.333, lng: -1.52 },
    { name: 'Cissin', lat: 12.33, lng: -1.55 },
    { name: 'Karpala', lat: 12.33, lng: -1.45 },
    { name: 'Kossodo', lat: 12.43, lng: -1.48 },
    { name: 'Tanghin', lat: 12.4, lng: -1.515 },
    { name: 'Dassasgo', lat: 12.362, lng: -1.47 },
    { name: 'Koulouba', lat: 12.367, lng: -1.515 },
    { name: 'Zone du Bois', lat: 12.382, lng: -1.488 },
    { name: 'Somgandé', lat: 12.41, lng: -1.495 },
    { name: 'Bendogo', lat: 12.35, lng: -1.45 },
  ],
};

const BOBO_DIOULASSO: DemoCity = {
  name: 'Bobo-Dioulasso',
  lat: 11.1771,
  lng: -4.2979,
  weight: 1,
  familyNames: BOBO_FAMILY_NAMES,
  neighbourhoods: [
    { name: 'Sarfalao', lat: 11.155, lng: -4.32 },
    { name: 'Accart-Ville', lat: 11.18, lng: -4.29 },
    { name: 'Dogona', lat: 11.2, lng: -4.27 },
    { name: 'Koko', lat: 11.172, lng: -4.3 },
    { name: 'Belleville', lat: 11.19, lng: -4.32 },
    { name: 'Kuinima', lat: 11.16, lng: -4.28 },
    { name: 'Colsama', lat: 11.205, lng: -4.31 },
    { name: 'Lafiabougou', lat: 11.15, lng: -4.3 },
    { name: 'Bolomakoté', lat: 11.168, lng: -4.31 },
    { name: 'Tounouma', lat: 11.185, lng: -4.305 },
    { name: 'Kua', lat: 11.14, lng: -4.27 },
  ],
};

export const DEMO_CITIES: readonly DemoCity[] = [OUAGADOUGOU, BOBO_DIOULASSO];

/** Home towns mentioned in bios. */
export const HOME_TOWNS = list(`
  Koudougou, Ouahigouya, Banfora, Kaya, Fada N'Gourma, Tenkodogo, Dédougou, Ziniaré, Manga,
  Gaoua, Dori, Réo, Yako, Kombissiri, Pô, Koupéla
`);
