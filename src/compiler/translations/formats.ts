import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { splitKey } from '../checks/copyIndex.ts';
import type { TextState } from './status.ts';

/** One text as it travels to a translator and back. */
export interface Unit {
  /** `account:fields.email` */
  key: string;
  /** The source text it was translated from (in the file); missing when the file has none. */
  source?: string | undefined;
  target: string;
  state?: TextState | undefined;
  /** Where it is in the file, for messages: a CSV line, or the XLIFF unit. */
  where: string;
}

export type Format = 'xliff' | 'csv';

export const formatOfFile = (file: string, text: string): Format =>
  /\.csv$/i.test(file) ? 'csv' : /\.(xlf|xliff|xml)$/i.test(file) || text.trimStart().startsWith('<') ? 'xliff' : 'csv';

// ── XLIFF 2.0 (OASIS): one <file> per copy namespace, one <unit> per text ────────────────────────

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

export function toXliff(units: readonly Omit<Unit, 'where'>[], o: { sourceLocale: string; targetLocale: string; copyDir: string }): string {
  const byNamespace = new Map<string, Omit<Unit, 'where'>[]>();
  for (const unit of units) {
    const { namespace } = splitKey(unit.key);
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), unit]);
  }
  const files = [...byNamespace].map(([namespace, list]) => ({
    '@_id': namespace,
    '@_original': `${o.copyDir}/${o.sourceLocale}/${namespace}.yaml`,
    unit: list.map((u) => ({
      '@_id': splitKey(u.key).name,
      ...(u.state === 'stale'
        ? { notes: { note: { '@_category': 'state', '#text': 'The English text changed since this was translated.' } } }
        : {}),
      segment: {
        '@_state': u.target ? 'translated' : 'initial',
        source: u.source ?? '',
        target: u.target,
      },
    })),
  }));
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: false,
  });
  const body = builder.build({
    xliff: { '@_xmlns': XLIFF_NS, '@_version': '2.0', '@_srcLang': o.sourceLocale, '@_trgLang': o.targetLocale, file: files },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

type XmlNode = Record<string, unknown>;
const asList = (v: unknown): XmlNode[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as XmlNode[];
/** The text of an element (an element with only text parses to a string; with attributes, to `#text`). */
const textOf = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as XmlNode)['#text'] === 'string'
      ? ((v as XmlNode)['#text'] as string)
      : v && typeof v === 'object' && Object.keys(v).every((k) => k.startsWith('@_'))
        ? ''
        : undefined;

export class FormatError extends Error {}

export function fromXliff(xml: string): { targetLocale: string | undefined; units: Unit[] } {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => ['file', 'unit', 'segment'].includes(name),
  });
  let doc: XmlNode;
  try {
    doc = parser.parse(xml, true) as XmlNode;
  } catch (e) {
    throw new FormatError(`This is not well-formed XML: ${(e as Error).message}`);
  }
  const xliff = doc.xliff as XmlNode | undefined;
  if (xliff?.['@_version'] !== '2.0') throw new FormatError('This is not an XLIFF 2.0 file (<xliff version="2.0">).');
  const units: Unit[] = [];
  for (const file of asList(xliff.file)) {
    const namespace = String(file['@_id'] ?? '');
    for (const unit of asList(file.unit)) {
      const id = String(unit['@_id'] ?? '');
      const where = `unit '${id}' of file '${namespace}'`;
      const segments = asList(unit.segment);
      const target = segments.map((s) => textOf(s.target));
      const source = segments.map((s) => textOf(s.source));
      if (target.some((t) => t === undefined))
        throw new FormatError(`${where}: its <target> has markup this import cannot read; keep the text as it was exported.`);
      units.push({
        key: `${namespace}:${id}`,
        source: source.every((s) => s !== undefined) ? source.join('') : undefined,
        target: target.join(''),
        where,
      });
    }
  }
  return { targetLocale: typeof xliff['@_trgLang'] === 'string' ? xliff['@_trgLang'] : undefined, units };
}

// ── CSV (RFC 4180, UTF-8): key, source, target, state ───────────────────────────────────────────

const COLUMNS = ['key', 'source', 'target', 'state'] as const;

export function toCsv(units: readonly Omit<Unit, 'where'>[]): string {
  return stringifyCsv(
    units.map((u) => [u.key, u.source ?? '', u.target, u.state ?? '']),
    { header: true, columns: [...COLUMNS], record_delimiter: 'unix' },
  );
}

export function fromCsv(csv: string): Unit[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(csv, { columns: true, info: true, bom: true, skip_empty_lines: true }) as typeof records;
  } catch (e) {
    throw new FormatError(`This is not a CSV file this import can read: ${(e as Error).message}`);
  }
  const first = records[0]?.record;
  if (first && (!('key' in first) || !('target' in first)))
    throw new FormatError("The CSV's first line must name its columns: key,source,target,state.");
  return records.map(({ record, info }) => ({
    key: record.key ?? '',
    source: record.source,
    target: record.target ?? '',
    where: `line ${info.lines}`,
  }));
}
