/**
 * The import rules of docs/layers.md, checked on a dependency tree as dpdm reads it (file → its
 * imports, type imports included). scripts/layers.ts runs them on the project; tests/unit/layers.test.ts
 * on small trees that break each rule once.
 */
import { type DependencyTree, parseCircular } from 'dpdm';

interface Rule {
  name: string;
  /** What holds, as docs/layers.md states it. */
  says: string;
  from: RegExp;
  /** A module or package (its name) the files of `from` must not import. */
  forbidden: RegExp;
}

/**
 * A file inside a block's own folder (src/blocks/<block>/...). The runtime reaches the blocks
 * through the registry instead: the modules at the top of src/blocks/ (schemas.ts, components.ts,
 * types.ts...), which list every block. The compiler does not reach them at all: it is handed the registry.
 */
const insideABlock = /^src\/blocks\/[^/]+\//;

const rules: Rule[] = [
  {
    name: 'language-is-pure',
    says: 'src/language/ imports nothing of ours but src/contract/ and src/domain/, and no package but zod',
    from: /^src\/language\//,
    forbidden: /^(?!src\/(language|contract|domain)\/|zod$)/,
  },
  {
    name: 'blocks-below-the-compiler',
    says: 'the blocks never import the compiler, the generators, the Vite plugin, the server, scripts or tests',
    from: /^src\/blocks\//,
    forbidden: /^(src\/(compiler|generators|vitePlugin|server|ssr)\/|scripts\/|tests\/)/,
  },
  {
    name: 'blocks-read-through-the-data-layer',
    says: "the blocks reach the backend through the runtime's data layer (src/runtime/data/), never its client",
    from: /^src\/blocks\//,
    forbidden: /^src\/adapters\/backend\//,
  },
  {
    name: 'compiler-handed-the-registry',
    says: 'the compiler, the generators and the Vite plugin import nothing of src/blocks/, not a type either: they are handed the registry',
    from: /^src\/(compiler|generators|vitePlugin)\//,
    forbidden: /^src\/blocks\//,
  },
  {
    name: 'compiler-runs-anywhere',
    says: 'the compiler imports no Vite, React, generator, runtime or server module: any Node process can run it',
    from: /^src\/compiler\//,
    forbidden: /^(src\/(generators|vitePlugin|runtime|server|ssr|browser)\/|vite$|react$|react-dom$)/,
  },
  {
    name: 'runtime-through-the-registry',
    says: "the runtime reaches the blocks through the registry only (src/blocks/*.ts), not a block's folder",
    from: /^src\/runtime\//,
    forbidden: insideABlock,
  },
  {
    name: 'foundations-import-nothing-above',
    says: 'src/contract/, src/domain/ and src/browser/ import nothing of ours but each other',
    from: /^src\/(contract|domain|browser)\//,
    forbidden: /^src\/(?!(contract|domain|browser)\/)/,
  },
];

/** SQL is written in `repository.ts` files only, and in the database's setup (src/server/db/: migrations, the migrator). */
const sqlAllowed = /(^|\/)repository\.ts$|^src\/server\/db\//;
/** A Kysely query, the sql template tag, or sql imported from kysely. */
const sqlWritten = new RegExp(
  [
    String.raw`\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(`,
    String.raw`\bsql(<[^>\n]*>)?\``,
    String.raw`import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'`,
  ].join('|'),
);

/** A package import as its name (`zod`, `@noble/hashes`), a builtin as `node:fs`, one of our files as its path. */
function target(id: string): string {
  const inPackage = id.lastIndexOf('node_modules/');
  if (inPackage === -1) return id;
  const parts = id.slice(inPackage + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const ours = (file: string) => /^(src|scripts|tests)\//.test(file);

function brokenRules(tree: DependencyTree): string[] {
  const out: string[] = [];
  for (const rule of rules) {
    const found: string[] = [];
    for (const [file, deps] of Object.entries(tree)) {
      if (!rule.from.test(file) || !deps) continue;
      for (const dep of deps) {
        if (dep.id === null) continue;
        const to = target(dep.id);
        if (to === file || (!ours(to) && to.startsWith('.'))) continue;
        if (rule.forbidden.test(to)) found.push(`    ${file} → ${to}${dep.kind === 'StaticImport' ? '' : ` (${dep.kind})`}`);
      }
    }
    if (found.length > 0) out.push(`✗ ${rule.name}: ${rule.says} (docs/layers.md)\n${found.join('\n')}`);
  }
  return out;
}

function sqlOutsideRepositories(tree: DependencyTree, read: (file: string) => string): string[] {
  const found = Object.keys(tree)
    .filter((file) => /^(src|scripts)\//.test(file) && !sqlAllowed.test(file))
    .filter((file) => sqlWritten.test(read(file)))
    .map((file) => `    ${file}`);
  return found.length === 0
    ? []
    : [`✗ sql-in-repositories: SQL is written in repository.ts files only (docs/layers.md)\n${found.join('\n')}`];
}

const circleRule = '✗ no-circles: no import circle of any kind, type imports counted (docs/layers.md)';

/** Each broken rule with the imports (or files) that break it; empty when every rule holds. */
export function layerProblems(tree: DependencyTree, read: (file: string) => string): string[] {
  const circles = parseCircular(tree).map((circle) => `    ${[...circle, circle[0]].join(' → ')}`);
  return [
    ...brokenRules(tree),
    ...(circles.length > 0 ? [`${circleRule}\n${circles.join('\n')}`] : []),
    ...sqlOutsideRepositories(tree, read),
  ];
}

export const layerRuleCount = rules.length;
export const ourFiles = (tree: DependencyTree) => Object.keys(tree).filter(ours);
