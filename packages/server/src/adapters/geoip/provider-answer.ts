/**
 * Reads the JSON of an IP-geolocation service whatever its field names: ipapi.co, ipwho.is,
 * ip-api.com, ipinfo.io, freeipapi.com, ipgeolocation.io and our test double all fit.
 */
export interface ProviderAnswer {
  city: string | null;
  /** A country name in whatever language the provider uses (we prefer ours by code). */
  country: string | null;
  countryCode: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstText(data: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The provider's answer, or null when it reports a failure or knows neither city nor country. */
export function readProviderAnswer(body: unknown): ProviderAnswer | null {
  if (!isRecord(body)) return null;
  if (body.success === false || body.status === 'fail' || body.error) return null;
  const data = isRecord(body.data) ? body.data : body;
  const city = firstText(data, ['city', 'city_name', 'cityName']);
  // `country` is a name for some services (ip-api.com) and a code for others (ipinfo.io).
  const countryField = firstText(data, ['country']);
  const isCode = (v: string | null) => v !== null && /^[A-Za-z]{2}$/.test(v);
  const countryCode =
    firstText(data, ['country_code', 'countryCode', 'country_code2', 'country_code_iso2']) ??
    (isCode(countryField) ? countryField : null);
  const country =
    firstText(data, ['country_name', 'countryName']) ??
    (isCode(countryField) ? null : countryField);
  if (!city && !country && !countryCode) return null;
  return { city, country, countryCode: isCode(countryCode) ? countryCode : null };
}
