/**
 * The longest main-thread tasks of a page load, and what runs in them (docs/performance.md).
 *
 *   npx tsx scripts/trace-tasks.ts <trace.json>             a saved trace (BENCH_LIGHTHOUSE_SAVE=<dir> npm run bench -- lighthouse)
 *   npx tsx scripts/trace-tasks.ts --record <url> [out]     Chromium's trace of <url> at 4x CPU slowdown, phone-sized,
 *                                                            with the V8 sampling profiler (function names), saved to [out]
 *
 * For each of the longest tasks: its start (ms after the navigation), its length, the trace events inside it
 * (script evaluation by file, function calls, timers, layout, garbage collection) and, when the trace has the
 * profiler's samples, the functions that took the most time of their own (file:line).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}

const TOP_TASKS = 10;
const TOP_INSIDE = 6;

/** Lighthouse's phone (its default mobile emulation), so that the server guesses the device as it does for Lighthouse. */
const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

async function record(url: string): Promise<{ traceEvents: TraceEvent[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent: MOBILE_USER_AGENT,
    });
    // As under Lighthouse (chrome-launcher's Chromium is not automated): a parent's page, not a robot's.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('#root[data-ready]', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(3000);
    const buffer = await browser.stopTracing();
    return JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  } finally {
    await browser.close();
  }
}

const short = (url: unknown) => (typeof url === 'string' && url ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : '');

/** What an event inside a task was, in a few words; null for events not worth naming. */
function label(e: TraceEvent): string | null {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compileModule':
    case 'v8.compile':
      return `${e.name} ${short(d.url ?? (e.args as { fileName?: string })?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${String(d.functionName || '(anonymous)')} ${short(d.url)}`.trim();
    case 'TimerFire':
    case 'FireIdleCallback':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'ParseHTML':
    case 'Layout':
    case 'UpdateLayoutTree':
    case 'Paint':
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'ParseAuthorStyleSheet':
      return e.name;
    case 'EventDispatch':
      return `EventDispatch ${String(d.type ?? '')}`;
    case 'ResourceReceivedData':
      return null;
    default:
      return null;
  }
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { pid: 0, tid: 0, total: -1 };
  for (const n of names) {
    const total = events
      .filter((e) => e.pid === n.pid && e.tid === n.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (total > best.total) best = { pid: n.pid, tid: n.tid, total };
  }
  return best;
}

interface Sample {
  ts: number;
  frame: string;
}

/** The V8 profiler's samples of one thread, each as the function it was in (name file:line). */
function samples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const out: Sample[] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  for (const profile of profiles) {
    let ts = Number((profile.args?.data as { startTime?: number })?.startTime ?? profile.ts);
    const nodes = new Map<number, string>();
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === pid)) {
      const data = chunk.args?.data as {
        cpuProfile?: {
          nodes?: { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[];
          samples?: number[];
        };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? []) {
        const f = node.callFrame;
        const where = f.url ? ` ${short(f.url)}:${(f.lineNumber ?? 0) + 1}` : '';
        nodes.set(node.id, `${f.functionName || '(anonymous)'}${where}`);
      }
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      ids.forEach((id, i) => {
        ts += deltas[i] ?? 0;
        out.push({ ts, frame: nodes.get(id) ?? `node ${id}` });
      });
    }
  }
  void tid;
  return out.filter((s) => !/^\((idle|program|garbage collector|root)\)/.test(s.frame));
}

function analyse(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): string {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === pid) ?? events.find((e) => e.name === 'navigationStart');
  const zero = nav?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= zero).sort((a, b) => b.dur! - a.dur!);
  const profile = samples(events, pid, tid);
  const all = onMain.filter((e) => e.name === 'RunTask' && e.ts >= zero);
  const totalMs = all.reduce((sum, e) => sum + e.dur!, 0) / 1000;
  const longMs = all.filter((e) => e.dur! > 50_000).reduce((sum, e) => sum + e.dur! - 50_000, 0) / 1000;
  const lines = [
    `main thread: ${all.length} tasks, ${totalMs.toFixed(0)} ms in all; blocking time over 50 ms (whole load): ${longMs.toFixed(0)} ms;` +
      ` ${profile.length ? `${profile.length} profiler samples` : 'no profiler samples'}`,
  ];
  for (const task of tasks.slice(0, TOP_TASKS)) {
    const end = task.ts + task.dur!;
    lines.push(`- ${((task.ts - zero) / 1000).toFixed(0)} ms: a task of ${(task.dur! / 1000).toFixed(1)} ms`);
    // Outermost events of each label inside the task.
    const byLabel = new Map<string, { ms: number; until: number }>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + e.dur! > end) continue;
      const l = label(e);
      if (!l) continue;
      const seen = byLabel.get(l) ?? { ms: 0, until: 0 };
      if (e.ts >= seen.until) {
        seen.ms += e.dur! / 1000;
        seen.until = e.ts + e.dur!;
      }
      byLabel.set(l, seen);
    }
    const inside = [...byLabel].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP_INSIDE);
    for (const [l, { ms }] of inside) if (ms >= 1) lines.push(`    ${ms.toFixed(1).padStart(7)} ms  ${l}`);
    const self = new Map<string, number>();
    const inTask = profile.filter((s) => s.ts >= task.ts && s.ts <= end);
    for (let i = 0; i < inTask.length; i++) {
      const next = inTask[i + 1]?.ts ?? end;
      self.set(inTask[i]!.frame, (self.get(inTask[i]!.frame) ?? 0) + Math.min(next - inTask[i]!.ts, 5000) / 1000);
    }
    const hot = [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP_INSIDE);
    if (hot.length) lines.push(`    self time: ${hot.map(([f, ms]) => `${f} ${ms.toFixed(1)} ms`).join('; ')}`);
  }
  return lines.join('\n');
}

const args = process.argv.slice(2);
if (args[0] === '--record' && args[1]) {
  const trace = await record(args[1]);
  if (args[2]) writeFileSync(args[2], JSON.stringify(trace));
  console.log(analyse(trace));
} else if (args[0]) {
  console.log(analyse(JSON.parse(readFileSync(args[0], 'utf8')) as { traceEvents: TraceEvent[] }));
} else {
  console.error('usage: npx tsx scripts/trace-tasks.ts <trace.json> | --record <url> [out.json]');
  process.exit(2);
}
