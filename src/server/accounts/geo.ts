/**
 * GetGeoIp: the visitor's country, from a header the load balancer or CDN sets
 * (GEO_COUNTRY_HEADER, e.g. `cf-ipcountry` behind Cloudflare). The header is only read when
 * the operator names it: without a trusted proxy in front, anyone could send it. No header
 * configured, none sent, or an unknown value ('XX', Tor's 'T1') → country null.
 *
 * requiresMarketingOptIn (saving the country sets the marketing opt-in for
 * countries that require it) is true for countries whose law asks for consent before marketing
 * email: the EU and EEA, the United Kingdom, Switzerland and Canada. An unknown country is
 * treated as requiring it, the careful default.
 */
import type { FastifyRequest } from 'fastify';

// prettier-ignore
export const MARKETING_OPT_IN_COUNTRIES: ReadonlySet<string> = new Set([
  // EU
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // EEA outside the EU
  'IS',
  'LI',
  'NO',
  // United Kingdom, Switzerland, Canada (CASL)
  'GB',
  'CH',
  'CA',
]);

export function countryFromRequest(request: FastifyRequest, header: string | null): string | null {
  if (!header) return null;
  const raw = request.headers[header.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || value === 'XX' || value === 'T1') return null;
  return value;
}

export function geoIp(request: FastifyRequest, header: string | null): { country: string | null; requiresMarketingOptIn: boolean } {
  const country = countryFromRequest(request, header);
  return { country, requiresMarketingOptIn: country === null || MARKETING_OPT_IN_COUNTRIES.has(country) };
}
