import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type Check, isRecord, lineOf } from './context.ts';

interface Declared {
  file: ConfigFile;
  path: YamlPath;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The partner and offers a funnel file declares join the catalog when it is imported
 * (src/server/catalog/read.ts): their ids must not clash with the catalog's or another
 * funnel's, and an offer's partner must be declared somewhere.
 */
export const checkCatalogParts: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const partners = new Map<string, Declared>();
  const offers = new Map<string, Declared>();
  const catalogFile = ctx.files.find((f) => f.kind === 'catalog');
  const catalog = isRecord(catalogFile?.data) && isRecord(catalogFile.data.catalog) ? catalogFile.data.catalog : undefined;
  if (catalogFile && catalog) {
    list(catalog.partners).forEach((p, i) => {
      if (isRecord(p) && typeof p.id === 'string') partners.set(p.id, { file: catalogFile, path: ['catalog', 'partners', i, 'id'] });
    });
    for (const section of ['offers', 'classOffers'] as const)
      list(catalog[section]).forEach((o, i) => {
        if (isRecord(o) && typeof o.id === 'string') offers.set(o.id, { file: catalogFile, path: ['catalog', section, i, 'id'] });
      });
  }
  const clash = (what: string, id: string, first: Declared, file: ConfigFile, path: YamlPath) =>
    error(file.relPath, path, `There is already ${what} '${id}' (${lineOf(first.file, first.path)}). Choose another id.`);

  const funnelOffers: { file: ConfigFile; path: YamlPath; partner: string }[] = [];
  for (const { file, data } of ctx.funnels) {
    if (isRecord(data.partner) && typeof data.partner.id === 'string') {
      const first = partners.get(data.partner.id);
      if (first) out.push(clash('a partner', data.partner.id, first, file, ['partner', 'id']));
      else partners.set(data.partner.id, { file, path: ['partner', 'id'] });
    }
    list(data.offers).forEach((offer, i) => {
      if (!isRecord(offer) || typeof offer.id !== 'string') return;
      const first = offers.get(offer.id);
      if (first) out.push(clash('an offer', offer.id, first, file, ['offers', i, 'id']));
      else offers.set(offer.id, { file, path: ['offers', i, 'id'] });
      if (typeof offer.partner === 'string') funnelOffers.push({ file, path: ['offers', i, 'partner'], partner: offer.partner });
    });
  }
  for (const { file, path, partner } of funnelOffers) {
    if (partners.has(partner)) continue;
    out.push(
      error(file.relPath, path, `Unknown partner '${partner}': declare it with 'partner:' in this funnel, or in the catalog.`, {
        suggestion: closest(partner, partners.keys()),
        code: 'FL602',
      }),
    );
  }
  return out;
};
