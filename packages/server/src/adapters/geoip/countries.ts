/** French country names by ISO code: our markets spelled by hand, the rest from ICU. */
const KNOWN: Record<string, string> = {
  BF: 'Burkina Faso',
  CI: "Côte d'Ivoire",
  ML: 'Mali',
  SN: 'Sénégal',
  NE: 'Niger',
  TG: 'Togo',
  BJ: 'Bénin',
  GH: 'Ghana',
  GN: 'Guinée',
  CM: 'Cameroun',
  TD: 'Tchad',
  MR: 'Mauritanie',
  NG: 'Nigeria',
  MA: 'Maroc',
  FR: 'France',
  BE: 'Belgique',
  CA: 'Canada',
  US: 'États-Unis',
};

const displayNames = new Intl.DisplayNames(['fr'], { type: 'region', fallback: 'none' });

export function frenchCountryName(code: string): string | null {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  const known = KNOWN[upper];
  if (known) return known;
  try {
    return displayNames.of(upper) ?? null;
  } catch {
    return null;
  }
}
