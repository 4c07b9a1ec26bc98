import { codeHeading, type DiagnosticCode, diagnosticCodes } from '../../compiler/diagnosticCodes.ts';

/**
 * docs/errors.md, written from the registry (src/compiler/diagnosticCodes.ts) by
 * scripts/errors-doc.ts; a unit test fails when the file is out of date.
 */
export function errorsDoc(): string {
  const codes = Object.keys(diagnosticCodes) as DiagnosticCode[];
  const families = [
    ['FL0', 'Files and YAML'],
    ['FL1', "A file's fields"],
    ['FL2', 'Templates'],
    ['FL3', 'Screens, paths, redirects and layouts'],
    ['FL4', 'Conditions, stored values, calls, forms and payments'],
    ['FL5', 'Copy'],
    ['FL6', 'The catalog'],
  ] as const;
  const index = families
    .map(([prefix, name]) => `- ${prefix}xx ${name}: ${codes.filter((c) => c.startsWith(prefix)).join(', ')}`)
    .join('\n');
  const sections = codes.map((code) => {
    const info: { what: string; why: string; fix: string; example?: string } = diagnosticCodes[code];
    const example = info.example === undefined ? '' : `\n\n\`\`\`yaml\n${info.example}\n\`\`\``;
    return `## ${codeHeading(code)}\n\n**What happened.** ${info.what}\n\n**Why.** ${info.why}\n\n**How to fix.** ${info.fix}${example}\n`;
  });
  return `# Config errors

<!-- Written by \`npx tsx scripts/errors-doc.ts\` from src/compiler/diagnosticCodes.ts: edit that file, not this one. -->

Every problem \`npm run check\` reports has a code, printed after \`error\` or \`warning\`, and a line
naming its section below:

\`\`\`text
funnels/signup.yaml:9:15: error FL104: Unknown block type 'hedaing'. Did you mean 'heading'?
   8 |         text: signup:title
>  9 |       - type: hedaing
     |               ^^^^^^^
  10 |         text: signup:subtitle
  see docs/errors.md#fl104-unknown-value
\`\`\`

A code keeps its meaning for good: a new kind of mistake gets a new code. Codes are numbered by family:

${index}

${sections.join('\n')}`;
}
