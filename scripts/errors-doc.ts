/**
 * Writes docs/errors.md from src/compiler/diagnosticCodes.ts: run it after adding or editing a code.
 *
 *   npx tsx scripts/errors-doc.ts
 */

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorsDoc } from '../src/generators/errorsDoc/errorsDoc.ts';

writeFileSync(fileURLToPath(new URL('../docs/errors.md', import.meta.url)), errorsDoc());
process.stdout.write('Wrote docs/errors.md.\n');
