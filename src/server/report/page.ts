/**
 * `GET /admin/report`: the report's tables as accessible HTML tables, and beside them the charts
 * report.js draws with Chart.js. The charts' numbers travel in a `<script type="application/json">`
 * element (data, never run), since the CSP allows no inline script.
 */
import { escapeHtml } from '../../domain/html.ts';
import { htmlPage } from '../adminPages/html.ts';
import type { Report } from './build.ts';
import { formatPercent } from './format.ts';
import { reportSections, type Table } from './tables.ts';

export interface ReportPageOptions {
  stylesheet: string;
  scripts: string[];
  operatorEmail: string;
  /** The session's CSRF token, for the logout form. */
  csrf: string;
}

/** What report.js draws: one chart per experiment (rate and interval per variant) and per funnel. */
export interface ChartData {
  experiments: { name: string; variants: { variant: string; rate: number | null; low: number | null; high: number | null }[] }[];
  funnels: { funnel: string; steps: { screen: string; visitors: number }[] }[];
}

export function chartData(report: Report): ChartData {
  return {
    experiments: report.experiments.map((e) => ({
      name: e.name,
      variants: e.variants.map((v) => ({ variant: v.variant, rate: v.rate, low: v.interval?.low ?? null, high: v.interval?.high ?? null })),
    })),
    funnels: report.funnels.map((f) => ({ funnel: f.funnel, steps: f.steps.map((s) => ({ screen: s.screen, visitors: s.visitors })) })),
  };
}

/** JSON inside a script element: `<` escaped, so no `</script>` in a name can end it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function reportPage(report: Report, o: ReportPageOptions): string {
  const [experiments, attribution, funnels] = reportSections(report);
  const experimentBlocks = report.experiments.map((e, i) => {
    const rates = e.variants.map((v) => `${v.variant} ${formatPercent(v.rate)}`).join(', ');
    return (
      `<section aria-labelledby="experiment-${i}"><h3 id="experiment-${i}">${escapeHtml(e.name)}</h3>` +
      (e.description ? `<p class="muted">${escapeHtml(e.description)}</p>` : '') +
      chart('experiment', i, `Conversion rate per variant of ${e.name}, with 95% intervals: ${rates}.`) +
      tableHtml(experiments!.tables[i]!) +
      '</section>'
    );
  });
  const funnelBlocks = report.funnels.map((f, i) => {
    const steps = f.steps.map((s) => `${s.screen} ${s.visitors}`).join(', ');
    return (
      `<section aria-labelledby="funnel-${i}"><h3 id="funnel-${i}">${escapeHtml(f.funnel)}</h3>` +
      chart('funnel', i, `Visitors per step of the ${f.funnel} funnel: ${steps}.`) +
      tableHtml(funnels!.tables[i]!) +
      '</section>'
    );
  });
  const main =
    '<h1>Experiments report</h1>' +
    releaseFilter(report.release) +
    `<p class="muted">Counted at ${escapeHtml(report.generatedAt)} (UTC). ` +
    'Conversion rate: exposed visitors with a trial or a purchase. ' +
    'P(beats control): the probability that the variant’s rate is above the control’s (Beta posteriors, uniform priors).</p>' +
    section('experiments', experiments!.heading, experimentBlocks.join('') || `<p>${escapeHtml(experiments!.empty)}</p>`) +
    section('attribution', attribution!.heading, attribution!.tables.map(tableHtml).join('')) +
    section('funnels', funnels!.heading, funnelBlocks.join('') || `<p>${escapeHtml(funnels!.empty)}</p>`) +
    `<script type="application/json" id="report-chart-data">${jsonForScript(chartData(report))}</script>`;
  return htmlPage({
    title: 'Experiments report',
    stylesheet: o.stylesheet,
    scripts: o.scripts,
    headerActions:
      '<form method="post" action="/admin/logout" class="logout">' +
      `<span class="muted">${escapeHtml(o.operatorEmail)}</span> ` +
      `<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">` +
      '<button type="submit" class="secondary">Log out</button></form>',
    main,
  });
}

/** Which release the report counts, and a form to count another (or all). */
const releaseFilter = (release: number | null) =>
  '<form method="get" action="/admin/report" class="release-filter">' +
  (release === null
    ? '<p>Counted on every release.</p>'
    : `<p>Counted on release ${release} only. <a href="/admin/report">Every release</a></p>`) +
  '<label>Release <input type="number" name="release" min="1" step="1" inputmode="numeric"' +
  `${release === null ? '' : ` value="${release}"`}></label> ` +
  '<button type="submit" class="secondary">Count on this release</button></form>';

const section = (id: string, heading: string, body: string) =>
  `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>${body}</section>`;

/** A canvas report.js draws on; the label says in words what it shows (the table beside it has every number). */
const chart = (kind: 'experiment' | 'funnel', index: number, label: string) =>
  `<div class="chart"><canvas data-chart="${kind}" data-index="${index}" role="img" aria-label="${escapeHtml(label)}"></canvas></div>`;

function tableHtml(table: Table): string {
  const cls = (i: number) => (table.columns[i]!.numeric ? ' class="num"' : '');
  const head = table.columns.map((c, i) => `<th scope="col"${cls(i)}>${escapeHtml(c.label)}</th>`).join('');
  const cell = (value: string, i: number) =>
    i === 0 ? `<th scope="row">${escapeHtml(value)}</th>` : `<td${cls(i)}>${escapeHtml(value)}</td>`;
  const body =
    table.rows.length === 0
      ? `<tr><td colspan="${table.columns.length}">${escapeHtml(table.empty)}</td></tr>`
      : table.rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('');
  return (
    `<div class="table-wrap"><table><caption>${escapeHtml(table.caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`
  );
}
