/**
 * The mistakes planted in real files of funnels/ and copy/ for the editors' tests: yaml-language-server's
 * (./language-server.test.ts) and the studio editor's (./schema-editing.test.ts). Each mistake's line
 * carries the diagnostics it must get as a comment, `# ✗ <message>` (a message ending in `…` is matched
 * by its beginning); every other line must get none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../checker/helpers.ts';

export interface Planted {
  /** A file of the project, relative to its root: the schema its editor maps it to checks it. */
  file: string;
  /** Each mistake replaces lines of the file (found together exactly once) with as many lines. */
  mistakes: { what: string; replace: string[]; with: string[] }[];
}

const MARK = /\s+# ✗ (.*)$/;

export const planted: Planted[] = [
  {
    file: 'funnels/signup.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['      - type: heading', '        text: signup:choosePlan.heading'],
        with: [
          '      - type: heading  # ✗ Missing property "text".',
          '        txt: signup:choosePlan.heading  # ✗ Property txt is not allowed.',
        ],
      },
      {
        what: 'unknown block type',
        replace: ['      - type: text', '        text: signup:choosePlan.lead'],
        with: [
          '      - type: paragraph  # ✗ Value is not accepted. Valid values: "heading", "text", …',
          '        text: signup:choosePlan.lead',
        ],
      },
      {
        what: 'wrong value type',
        replace: ['    title: signup:choosePlan.title', '    step: 1'],
        with: ['    title: signup:choosePlan.title', '    step: first  # ✗ Incorrect type. Expected "integer".'],
      },
      {
        what: 'missing required field',
        replace: ['  - id: choosePlan', '    path: /choose-plan'],
        with: ['  - path: /choose-plan  # ✗ Missing property "id".', '    # (no id)'],
      },
    ],
  },
  {
    file: 'funnels/templates/partner.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['        - type: heading', '          text: ${id}:landing.heading'],
        with: [
          '        - type: heading  # ✗ Missing property "text".',
          '          txt: ${id}:landing.heading  # ✗ Property txt is not allowed.',
        ],
      },
      {
        what: 'unknown block type',
        replace: ['        - type: text', '          text: ${id}:landing.lead'],
        with: [
          '        - type: paragraph  # ✗ Value is not accepted. Valid values: "heading", "text", …',
          '          text: ${id}:landing.lead',
        ],
      },
      {
        what: 'wrong value type',
        replace: ['  annualPrice:', '    type: price', '    optional: true'],
        with: ['  annualPrice:', '    type: price', '    optional: maybe  # ✗ Incorrect type. Expected "boolean".'],
      },
      {
        what: 'missing required field',
        replace: ['  name:', '    type: text'],
        with: ['  name:  # ✗ Missing property "type".', '    # (no type)'],
      },
    ],
  },
  {
    file: 'funnels/app.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['  cookieDomain: codeling.example'],
        with: ['  cookieDomian: codeling.example  # ✗ Property cookieDomian is not allowed.'],
      },
      {
        what: 'unknown action',
        replace: ['        actions:', '          - do: logout'],
        with: ['        actions:', '          - do: signOut  # ✗ Value is not accepted. Valid values: …'],
      },
      {
        what: 'wrong value type',
        replace: ['  scrollToTopOnRouteChange: true'],
        with: ['  scrollToTopOnRouteChange: sometimes  # ✗ Incorrect type. Expected "boolean".'],
      },
      {
        what: 'missing required field',
        replace: ['      - label: common:header.myAccount', '        to: /my-account'],
        with: ['      - to: /my-account  # ✗ Missing property "label".', '        # (no label)'],
      },
    ],
  },
  {
    file: 'funnels/catalog.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['      offerSubtitle: $10 classes library plus $9.99 app'],
        with: ['      offerSubtitel: $10 classes library plus $9.99 app  # ✗ Property offerSubtitel is not allowed.'],
      },
      {
        what: 'unknown subscription type',
        replace: [
          '      planDataKey: ondemandMonthly',
          '      subscriptionDuration: monthly',
          '      price: 19.99',
          '      trialDurationDays: 7',
          '      subscriptionType: recurring',
        ],
        with: [
          '      planDataKey: ondemandMonthly',
          '      subscriptionDuration: monthly',
          '      price: 19.99',
          '      trialDurationDays: 7',
          '      subscriptionType: repeating  # ✗ Value is not accepted. Valid values: …',
        ],
      },
      {
        what: 'wrong value type',
        replace: [
          '    - id: monthly',
          '      planId: codeling_monthly_999',
          '      planName: Monthly Plan',
          '      planDataKey: monthly',
          '      subscriptionDuration: monthly',
          '      price: 9.99',
        ],
        with: [
          '    - id: monthly',
          '      planId: codeling_monthly_999',
          '      planName: Monthly Plan',
          '      planDataKey: monthly',
          '      subscriptionDuration: monthly',
          '      price: $9.99  # ✗ Incorrect type. Expected "number".',
        ],
      },
      {
        what: 'missing required field',
        replace: ['    - id: annual', '      planId: codeling_annual_7999'],
        with: ['    - planId: codeling_annual_7999  # ✗ Missing property "id".', '      # (no id)'],
      },
    ],
  },
  {
    file: 'funnels/experiments.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['  lifetimePlan:', '    description: No monthly plan; a lifetime plan instead (plan tag lifetime).'],
        with: [
          '  lifetimePlan:  # ✗ Missing property "description".',
          '    descripton: No monthly plan; a lifetime plan instead (plan tag lifetime).  # ✗ Property descripton is not allowed.',
        ],
      },
      {
        what: 'unknown experiment state',
        replace: ['    experiment:', '      state: running'],
        with: ['    experiment:', '      state: paused  # ✗ Value is not accepted. Valid values: "running", "stopped".'],
      },
      {
        what: 'wrong value type',
        replace: [
          '  quiz:',
          '    description: Quiz before plan selection (variant1, variant2) or on the homepage.',
          '    variants: [control, variant1, variant2, homepage]',
        ],
        with: [
          '  quiz:',
          '    description: Quiz before plan selection (variant1, variant2) or on the homepage.',
          '    variants: control  # ✗ Incorrect type. Expected "array".',
        ],
      },
      {
        what: 'missing required field',
        replace: [
          '  thirdPlan:',
          '    description: Monthly plus premium annual only (plan tag thirdPlan).',
          '    variants: [control, variant1]',
          '    default: control',
        ],
        with: [
          '  thirdPlan:  # ✗ Missing property "default".',
          '    description: Monthly plus premium annual only (plan tag thirdPlan).',
          '    variants: [control, variant1]',
          '    # (no default)',
        ],
      },
    ],
  },
  {
    file: 'copy/es/signup.yaml',
    mistakes: [
      {
        what: 'misspelt key',
        replace: ['choosePlan:', '  title: Elige un plan', '  heading: ¡Comienza hoy tu prueba gratis!'],
        with: [
          'choosePlan:  # ✗ Missing property "heading".',
          '  title: Elige un plan',
          '  heding: ¡Comienza hoy tu prueba gratis!  # ✗ Property heding is not allowed.',
        ],
      },
      {
        what: 'group where a text goes',
        replace: ['  accountSetup: Crear cuenta'],
        with: ['  accountSetup: { text: Crear cuenta }  # ✗ Incorrect type. Expected "string".'],
      },
      { what: 'wrong value type', replace: ['  title: Pago'], with: ['  title: [Pago]  # ✗ Incorrect type. Expected "string".'] },
      {
        what: 'missing text',
        replace: ['thankYou:', '  title: Gracias'],
        with: ['thankYou:  # ✗ Missing property "title".', '  # (no title)'],
      },
    ],
  },
];

export interface Row {
  file: string;
  line: number;
  expected: string;
  got: string;
  pass: boolean;
}

/** Plants the mistakes in the file's text; the lines keep their numbers. */
export function plant({ file, mistakes }: Planted): string {
  // Between newlines: a piece is whole lines.
  let text = `\n${readFileSync(join(projectRoot, file), 'utf8')}`;
  for (const m of mistakes) {
    const piece = m.replace.join('\n');
    const found = text.split(`\n${piece}\n`).length - 1;
    if (found !== 1) throw new Error(`${file} has ${found} times, not once, the lines to replace for "${m.what}":\n${piece}`);
    if (m.replace.length !== m.with.length) throw new Error(`"${m.what}" must keep the number of lines.`);
    text = text.replace(`\n${piece}\n`, `\n${m.with.join('\n')}\n`);
  }
  return text.slice(1);
}

/** `# ✗` marks: the diagnostics each line must get, 1-based lines. */
export function expectedOf(text: string): { line: number; message: string }[] {
  return text.split('\n').flatMap((content, i) => {
    const mark = MARK.exec(content);
    return mark ? mark[1]!.split(' ✗ ').map((message) => ({ line: i + 1, message })) : [];
  });
}

export const matches = (expected: string, message: string) =>
  expected.endsWith('…') ? message.startsWith(expected.slice(0, -1)) : message === expected;

/** Pairs the expected diagnostics with those received: one row each, and one per diagnostic nobody expected. */
export function compare(file: string, text: string, received: { line: number; message: string }[]): Row[] {
  const left = [...received];
  const rows: Row[] = expectedOf(text).map(({ line, message }) => {
    const exact = left.findIndex((d) => d.line === line && matches(message, d.message));
    const i = exact >= 0 ? exact : left.findIndex((d) => d.line === line);
    const got = i >= 0 ? left.splice(i, 1)[0]!.message : '(nothing)';
    return { file, line, expected: message, got, pass: exact >= 0 };
  });
  return [...rows, ...left.map((d) => ({ file, line: d.line, expected: '(nothing)', got: d.message, pass: false }))];
}

export function table(rows: Row[]): string {
  const cut = (s: string) => (s.length > 70 ? `${s.slice(0, 69)}…` : s);
  const lines = rows.map((r) => [`${r.file}:${r.line}`, cut(r.expected), cut(r.got), r.pass ? 'pass' : 'FAIL']);
  const head = ['line', 'message expected', 'message received', 'pass'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [row(head), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}
