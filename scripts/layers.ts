/**
 * `npm run layers`: the import rules of docs/layers.md (scripts/lib/layers.ts), type imports
 * counted. Reads every import of src/, scripts/ and tests/ (dpdm, without dropping `import type`),
 * then fails naming each import that points the wrong way, each import circle, and each file
 * outside a repository that writes SQL. Exit code 0 when all hold, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { parseDependencyTree } from 'dpdm';
import { layerProblems, layerRuleCount, ourFiles } from './lib/layers.ts';

const tree = await parseDependencyTree(['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'], {
  context: process.cwd(),
  transform: false,
});
const problems = layerProblems(tree, (file) => readFileSync(file, 'utf8'));
const files = ourFiles(tree).length;
if (problems.length === 0) {
  console.log(`✓ layers: ${layerRuleCount} import rules, no circle, SQL in repositories only (${files} files, type imports counted)`);
} else {
  console.log(problems.join('\n'));
  console.log(`${problems.length} broken layer rule${problems.length === 1 ? '' : 's'} in ${files} files (see docs/layers.md)`);
  process.exitCode = 1;
}
