/**
 * Rows of migration 012 for the report tests (server and browser), and what the report must show
 * for them. The experiments are those of tests/fixtures/report/experiments.yaml.
 *
 * heroCopy: control 200 visitors, 20 with a trial or purchase; bold 200, 40; short none.
 * Around them, rows that must not count: a conversion of a visitor never exposed, one without a
 * visitor id, a second purchase of one visitor, a redemption (not a conversion of the rate).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { parse, stringify } from 'yaml';
import type { Database } from '../../src/server/db/types.ts';

export const REPORT_FIXTURE_DIR = path.resolve(import.meta.dirname, '../fixtures/report');

/**
 * A copy of the repository's funnels (the catalog a server imports) whose experiments are the
 * fixture's: the repository's flags stay (its funnels use them, and a server starts only on
 * funnels that pass the check), without their experiments, beside the fixture's flags.
 */
export function funnelsWithReportExperiments(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-funnels-'));
  cpSync(path.resolve(import.meta.dirname, '../../funnels'), dir, { recursive: true });
  type Flags = { flags: Record<string, { experiment?: unknown }> };
  const repository = parse(readFileSync(path.join(dir, 'experiments.yaml'), 'utf8')) as Flags;
  const fixture = parse(readFileSync(path.join(REPORT_FIXTURE_DIR, 'experiments.yaml'), 'utf8')) as Flags;
  for (const flag of Object.values(repository.flags)) delete flag.experiment;
  writeFileSync(path.join(dir, 'experiments.yaml'), stringify({ version: 1, flags: { ...repository.flags, ...fixture.flags } }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
let conversions = 0;
const conversion = (kind: 'signup' | 'trial' | 'purchase' | 'redemption', values: Record<string, unknown> = {}) => ({
  id: `seed-conversion-${++conversions}`,
  kind,
  visitor_id: null as string | null,
  partner: null as string | null,
  code_campaign: null as string | null,
  revenue_cents: 0,
  ...values,
});

export async function seedReportRows(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('experiment_exposures')
    .values([
      ...range(200).map((i) => ({ experiment: 'heroCopy', visitor_id: `c-${i}`, variant: 'control' })),
      ...range(200).map((i) => ({ experiment: 'heroCopy', visitor_id: `b-${i}`, variant: 'bold' })),
      // An experiment experiments.yaml no longer declares.
      ...range(3).map((i) => ({ experiment: 'retiredTest', visitor_id: `c-${i}`, variant: 'on' })),
    ])
    .execute();
  await db
    .insertInto('conversions')
    .values([
      // control: 30 sign-ups; 10 trials and 10 purchases (20 converted visitors).
      ...range(30).map((i) => conversion('signup', { visitor_id: `c-${i}` })),
      ...range(10).map((i) => conversion('trial', { visitor_id: `c-${i}` })),
      ...range(10).map((i) => conversion('purchase', { visitor_id: `c-${10 + i}`, revenue_cents: 7999 })),
      // bold: 50 sign-ups; 25 trials, 20 purchases, 5 visitors with both (40 converted visitors).
      ...range(50).map((i) => conversion('signup', { visitor_id: `b-${i}` })),
      ...range(25).map((i) => conversion('trial', { visitor_id: `b-${i}` })),
      ...range(20).map((i) => conversion('purchase', { visitor_id: `b-${20 + i}`, revenue_cents: 7999 })),
      // A second purchase of a bold visitor: still one converted visitor.
      conversion('purchase', { visitor_id: 'b-21', revenue_cents: 1500 }),
      // Not counted for any variant: never exposed, no visitor id, a redemption.
      conversion('purchase', { visitor_id: 'stranger', revenue_cents: 7999 }),
      conversion('purchase', { revenue_cents: 7999 }),
      conversion('redemption', { visitor_id: 'c-100' }),
      // Partners and code campaigns.
      conversion('signup', { partner: 'acme' }),
      conversion('signup', { partner: 'acme' }),
      conversion('trial', { partner: 'acme' }),
      conversion('purchase', { partner: 'acme', revenue_cents: 4999 }),
      conversion('purchase', { partner: 'zenith', revenue_cents: 12_345_67 }),
      ...range(3).map(() => conversion('redemption', { code_campaign: 'girl-scouts' })),
      conversion('purchase', { code_campaign: 'SAVE50', revenue_cents: 3999 }),
    ])
    .execute();
  await db
    .insertInto('funnel_step_views')
    .values([
      ...range(100).map((i) => ({ funnel: 'signup', screen: 'landing', visitor_id: `v-${i}`, step: 0 })),
      ...range(60).map((i) => ({ funnel: 'signup', screen: 'register', visitor_id: `v-${i}`, step: 1 })),
      ...range(45).map((i) => ({ funnel: 'signup', screen: 'payment', visitor_id: `v-${i}`, step: 2 })),
      ...range(8).map((i) => ({ funnel: 'gift', screen: 'gift-home', visitor_id: `v-${i}`, step: 0 })),
    ])
    .execute();
}

/** The tables the page and `npm run report` must show for these rows, by caption: rows of cells. */
export const EXPECTED_TABLES: Record<string, string[][]> = {
  'heroCopy (running, control: control)': [
    ['control', '200', '30', '10', '10', '10.0%', '6.6% – 14.9%', '—'],
    ['bold', '200', '50', '25', '20', '20.0%', '15.0% – 26.1%', '99.7%'],
    ['short', '0', '0', '0', '0', '—', '—', '—'],
  ],
  'oldTest (stopped, control: off)': [
    ['off', '0', '0', '0', '0', '—', '—', '—'],
    ['on', '0', '0', '0', '0', '—', '—', '—'],
  ],
  'retiredTest (no longer in experiments.yaml)': [['on', '3', '3', '3', '0', '100.0%', '43.9% – 100.0%', '—']],
  'Conversions per partner': [
    ['acme', '2', '1', '1', '0', '$49.99'],
    ['zenith', '0', '0', '1', '0', '$12,345.67'],
  ],
  'Conversions per code campaign': [
    ['girl-scouts', '0', '0', '0', '3', '$0.00'],
    ['SAVE50', '0', '0', '1', '0', '$39.99'],
  ],
  'Funnel gift': [['gift-home', '1', '8', '—']],
  'Funnel signup': [
    ['landing', '1', '100', '—'],
    ['register', '2', '60', '40.0%'],
    ['payment', '3', '45', '25.0%'],
  ],
};
