/**
 * The experiments report as data: the counts of repository.ts with their rates, intervals and
 * probabilities. JSON-safe, so the admin endpoint can hand it to `npm run report` as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { DeclaredExperiment } from './declaredExperiments.ts';
import { type AttributionCounts, countByAttribution, countFunnelSteps, countVariants, type VariantCounts } from './repository.ts';
import { type Interval, probabilityBeats, wilsonInterval } from './stats.ts';

export interface VariantReport {
  variant: string;
  isControl: boolean;
  visitors: number;
  signups: number;
  trials: number;
  purchases: number;
  converted: number;
  /** converted / visitors; null without visitors. */
  rate: number | null;
  interval: Interval | null;
  /** P(this variant's rate > the control's); null for the control, or without a control. */
  probabilityBeatsControl: number | null;
}

export interface ExperimentReport {
  name: string;
  description: string;
  /** `undeclared`: exposures recorded for an experiment experiments.yaml no longer has. */
  state: 'running' | 'stopped' | 'undeclared';
  control: string | null;
  variants: VariantReport[];
}

export interface FunnelStepReport {
  screen: string;
  step: number;
  visitors: number;
  /** The share of the previous step's visitors not seen on this one; null on the first step. */
  dropOff: number | null;
}

export interface Report {
  generatedAt: string;
  /** Counted on this release only; null: on every release. */
  release: number | null;
  experiments: ExperimentReport[];
  partners: AttributionCounts[];
  campaigns: AttributionCounts[];
  funnels: { funnel: string; steps: FunnelStepReport[] }[];
}

/** A release id as a query or body gives it (`?release=3`), or undefined when it names none. */
export function reportRelease(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : undefined;
}

/** `release`: what happened on that release only (exposures, screen views, conversions); without it, everything. */
export async function buildReport(
  db: Kysely<Database>,
  declared: DeclaredExperiment[],
  now = new Date(),
  release?: number,
): Promise<Report> {
  const [variantCounts, partners, campaigns, steps] = await Promise.all([
    countVariants(db, release),
    countByAttribution(db, 'partner', release),
    countByAttribution(db, 'code_campaign', release),
    countFunnelSteps(db, release),
  ]);
  const undeclared = [...new Set(variantCounts.map((c) => c.experiment))]
    .filter((name) => !declared.some((d) => d.name === name))
    .sort(byName);
  const experiments = [
    ...declared.map((d) => experimentReport(d, variantCounts)),
    ...undeclared.map((name) =>
      experimentReport({ name, description: '', state: 'undeclared', control: null, variants: [] }, variantCounts),
    ),
  ];
  return {
    generatedAt: now.toISOString(),
    release: release ?? null,
    experiments,
    partners: partners.sort(byKey),
    campaigns: campaigns.sort(byKey),
    funnels: funnelReports(steps).sort((a, b) => byName(a.funnel, b.funnel)),
  };
}

/** In the same order on every database, whatever its collation: case-insensitive, English. */
const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const byKey = (a: { key: string }, b: { key: string }) => byName(a.key, b.key);

type ExperimentShape = Omit<DeclaredExperiment, 'state' | 'control'> & { state: ExperimentReport['state']; control: string | null };

/** Every declared variant (with zero visitors if none came), then any variant only the exposures name. */
function experimentReport(experiment: ExperimentShape, all: VariantCounts[]): ExperimentReport {
  const counts = all.filter((c) => c.experiment === experiment.name);
  const others = counts.map((c) => c.variant).filter((v) => !experiment.variants.includes(v));
  const names = [...experiment.variants, ...others.sort(byName)];
  const countsOf = (variant: string) =>
    counts.find((c) => c.variant === variant) ?? { visitors: 0, signups: 0, trials: 0, purchases: 0, converted: 0 };
  const control = experiment.control ? countsOf(experiment.control) : null;
  const variants = names.map((variant): VariantReport => {
    const c = countsOf(variant);
    const isControl = variant === experiment.control;
    return {
      variant,
      isControl,
      visitors: c.visitors,
      signups: c.signups,
      trials: c.trials,
      purchases: c.purchases,
      converted: c.converted,
      rate: c.visitors > 0 ? c.converted / c.visitors : null,
      interval: wilsonInterval(c.converted, c.visitors),
      probabilityBeatsControl:
        isControl || !control || c.visitors === 0 || control.visitors === 0
          ? null
          : probabilityBeats(
              { conversions: c.converted, visitors: c.visitors },
              { conversions: control.converted, visitors: control.visitors },
            ),
    };
  });
  return { name: experiment.name, description: experiment.description, state: experiment.state, control: experiment.control, variants };
}

function funnelReports(steps: Awaited<ReturnType<typeof countFunnelSteps>>): Report['funnels'] {
  const funnels = new Map<string, FunnelStepReport[]>();
  for (const row of steps) {
    const list = funnels.get(row.funnel) ?? [];
    const previous = list.at(-1);
    list.push({
      screen: row.screen,
      step: row.step,
      visitors: row.visitors,
      dropOff: previous ? (previous.visitors > 0 ? 1 - row.visitors / previous.visitors : null) : null,
    });
    funnels.set(row.funnel, list);
  }
  return [...funnels].map(([funnel, list]) => ({ funnel, steps: list }));
}
