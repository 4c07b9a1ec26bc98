/**
 * The report's tables, cell by cell, once: the page renders them as HTML tables and
 * `npm run report` as text, so both show the same numbers in the same words.
 */

import type { ExperimentReport, Report } from './build.ts';
import { formatCount, formatDollars, formatInterval, formatPercent, NONE } from './format.ts';
import type { AttributionCounts } from './repository.ts';

export interface Table {
  caption: string;
  /** `numeric` columns are right-aligned; the first column heads its row. */
  columns: { label: string; numeric: boolean }[];
  rows: string[][];
  /** Said instead of rows when there are none. */
  empty: string;
}

export interface ReportSection {
  heading: string;
  tables: Table[];
  /** Said instead of tables when there are none. */
  empty: string;
}

const text = (label: string) => ({ label, numeric: false });
const number = (label: string) => ({ label, numeric: true });

const STATE_WORDS: Record<ExperimentReport['state'], string> = {
  running: 'running',
  stopped: 'stopped',
  undeclared: 'no longer in experiments.yaml',
};

export function experimentTable(experiment: ExperimentReport): Table {
  const control = experiment.control ? `, control: ${experiment.control}` : '';
  return {
    caption: `${experiment.name} (${STATE_WORDS[experiment.state]}${control})`,
    columns: [
      text('Variant'),
      number('Visitors'),
      number('Sign-ups'),
      number('Trials'),
      number('Purchases'),
      number('Conversion rate'),
      number('95% interval'),
      number('P(beats control)'),
    ],
    rows: experiment.variants.map((v) => [
      v.variant,
      formatCount(v.visitors),
      formatCount(v.signups),
      formatCount(v.trials),
      formatCount(v.purchases),
      formatPercent(v.rate),
      formatInterval(v.interval),
      v.isControl ? NONE : formatPercent(v.probabilityBeatsControl),
    ]),
    empty: 'This experiment has no variants.',
  };
}

function attributionTable(caption: string, keyLabel: string, rows: AttributionCounts[], empty: string): Table {
  return {
    caption,
    columns: [text(keyLabel), number('Sign-ups'), number('Trials'), number('Purchases'), number('Redemptions'), number('Revenue')],
    rows: rows.map((r) => [
      r.key,
      formatCount(r.signups),
      formatCount(r.trials),
      formatCount(r.purchases),
      formatCount(r.redemptions),
      formatDollars(r.revenueCents),
    ]),
    empty,
  };
}

export function funnelTable(funnel: Report['funnels'][number]): Table {
  return {
    caption: `Funnel ${funnel.funnel}`,
    columns: [text('Screen'), number('Step'), number('Visitors'), number('Drop-off')],
    // Steps count from 1 here; the table column counts from 0.
    rows: funnel.steps.map((s) => [s.screen, String(s.step + 1), formatCount(s.visitors), formatPercent(s.dropOff)]),
    empty: 'No views yet.',
  };
}

export function reportSections(report: Report): ReportSection[] {
  return [
    {
      heading: 'Experiments',
      tables: report.experiments.map(experimentTable),
      empty: 'No experiment is declared in experiments.yaml, and no visitor was exposed to one.',
    },
    {
      heading: 'Partners and code campaigns',
      tables: [
        attributionTable('Conversions per partner', 'Partner', report.partners, 'No conversion came through a partner yet.'),
        attributionTable('Conversions per code campaign', 'Code campaign', report.campaigns, 'No conversion used a code yet.'),
      ],
      empty: '',
    },
    { heading: 'Funnels', tables: report.funnels.map(funnelTable), empty: 'No funnel screen was viewed yet.' },
  ];
}
