/**
 * The `/admin` pages' static files: Chart.js's UMD build (from the installed package), the
 * report's own report.js and the stylesheet. Each address carries a hash of its content, so it
 * can be cached for a year: a new version is a new address. They are public (nothing in them is
 * secret); only the report page refers to the scripts, so no parent's page loads their code.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_ASSETS_PREFIX = '/admin/assets/';

export interface AdminAsset {
  /** `/admin/assets/<name>-<hash>.<ext>` */
  url: string;
  body: Buffer;
  contentType: string;
}

export interface AdminAssets {
  chart: AdminAsset;
  report: AdminAsset;
  stylesheet: AdminAsset;
  /** The asset at an address, or undefined. */
  at(url: string): AdminAsset | undefined;
}

/** chart.js exports no path to its UMD file: find the package by its main entry, then the file beside it. */
function chartJsUmdFile(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve('chart.js'))), 'chart.umd.min.js');
}

function asset(name: string, file: string, contentType: string): AdminAsset {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
  return { url: `${ADMIN_ASSETS_PREFIX}${name}-${hash}${path.extname(file)}`, body, contentType };
}

export function loadAdminAssets(): AdminAssets {
  const chart = asset('chart', chartJsUmdFile(), 'text/javascript; charset=utf-8');
  const report = asset('report', path.join(import.meta.dirname, '../report/report.js'), 'text/javascript; charset=utf-8');
  const stylesheet = asset('admin', path.join(import.meta.dirname, 'admin.css'), 'text/css; charset=utf-8');
  const byUrl = new Map([chart, report, stylesheet].map((a) => [a.url, a]));
  return { chart, report, stylesheet, at: (url) => byUrl.get(url) };
}
