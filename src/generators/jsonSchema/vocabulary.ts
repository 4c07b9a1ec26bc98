import { CopyIndex } from '../../compiler/checks/copyIndex.ts';
import { errorFields } from '../../compiler/checks/facts.ts';
import type { ConfigFile, CopyFile } from '../../compiler/load.ts';
import { callNames } from '../../contract/calls.ts';
import { contract } from '../../contract/definitions.ts';
import { clientStateKeys } from '../../domain/clientState.ts';
import { sessionStorageKeys } from '../../domain/sessionKeys.ts';
import { factFamilyRegistry, fixedFactRegistry } from '../../language/factRegistry.ts';
import type { CopyTree } from '../../language/schema/copy.ts';
import type { ProjectNames } from '../../language/schema/roles.ts';
import type { TemplateParam } from '../../language/schema/template.ts';
import { paymentValueNames } from '../../language/schema/values.ts';

/**
 * The names a project defines — copy keys, screen paths, flags, templates, offers... — read
 * from its files as they are, each with the words an editor shows beside it. The editors'
 * JSON Schemas list them where a value refers to one (./generate.ts). Files that do not
 * validate still give what can be read of them.
 */

/** One name, and what hover and completion show for it. */
export interface Name {
  value: string;
  description: string;
}

/** Names with a free part, like `query.<name>`, or `/class/abc` for the route `/class/:id`. */
export interface NamePattern {
  pattern: string;
  description: string;
}

export interface NameList {
  /** What the value is, in plain words. */
  description: string;
  names: Name[];
  patterns?: NamePattern[];
  /** Other values are allowed too: the checker does not hold them to the list, so it only suggests. */
  open?: boolean;
}

export type ListName = ProjectNames | 'copyKey' | 'copyGroup';

export interface ProjectVocabulary {
  lists: Record<ListName, NameList>;
  /** Each flag's variants, for `{ fact: flag.<name>, equals: <variant> }`. */
  variants: { flag: string; variants: string[] }[];
  /** Each template's parameters, for the `with:` of a funnel that uses it. */
  templates: { name: string; params: Record<string, TemplateParam> }[];
  /** Every copy namespace of any language, with the texts of the source language. */
  copy: { namespace: string; texts: CopyTree }[];
  /** The language the copy keys' texts are shown in. */
  sourceLocale: string;
}

type Data = Record<string, unknown>;
const isRecord = (v: unknown): v is Data => v !== null && typeof v === 'object' && !Array.isArray(v);
const records = (v: unknown): Data[] => (Array.isArray(v) ? v.filter(isRecord) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const sentence = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;

/** The first of each value wins: a name defined twice is the checker's to report. */
function unique(names: Name[]): Name[] {
  const seen = new Set<string>();
  return names.filter((n) => !seen.has(n.value) && seen.add(n.value));
}

/** `key` or `key.<anything>`: names checked by their first segment only (`state.webOffer.id`). */
const withSubPaths = (prefix: string, keys: readonly string[], what: string): NamePattern => ({
  pattern: `^${prefix.replaceAll('.', '\\.')}(${keys.join('|')})\\..+$`,
  description: `A field inside a ${what}.`,
});

export function projectVocabulary(files: { configFiles: readonly ConfigFile[]; copyFiles: readonly CopyFile[] }): ProjectVocabulary {
  const ofKind = (kind: ConfigFile['kind']) => files.configFiles.filter((f) => f.kind === kind && isRecord(f.data));
  const app =
    ofKind('app')
      .map((f) => (f.data as Data).app)
      .find(isRecord) ?? {};
  const flags =
    ofKind('experiments')
      .map((f) => (f.data as Data).flags)
      .find(isRecord) ?? {};
  const catalog =
    ofKind('catalog')
      .map((f) => (f.data as Data).catalog)
      .find(isRecord) ?? {};
  const funnels = ofKind('funnel').map((f) => ({ file: f.relPath, data: f.data as Data }));
  const templates = ofKind('template').map((f) => f.data as Data);
  const copy = new CopyIndex([...files.copyFiles], text(app.defaultLocale) ?? 'en');
  const copyText = (key: unknown) => (typeof key === 'string' ? copy.get(copy.source, key)?.text : undefined);

  const screens = funnels.flatMap(({ file, data }) => records(data.screens).map((screen) => ({ file, screen })));
  const offers = [
    ...records(catalog.offers),
    ...records(catalog.classOffers),
    ...funnels.flatMap(({ data }) => records(data.offers)),
  ].filter((o) => typeof o.id === 'string');
  const flagEntries = Object.entries(flags).filter((e): e is [string, Data] => isRecord(e[1]));
  const flagName = ([name, flag]: [string, Data]): Name => ({
    value: name,
    description: `${sentence(text(flag.description) ?? 'a flag')} Variants: ${texts(flag.variants).join(', ')}.`,
  });

  const routes = [
    ...screens.flatMap(({ file, screen }) =>
      typeof screen.path === 'string' ? [{ path: screen.path, description: screenWords(screen, file, copyText(screen.title)) }] : [],
    ),
    ...records(app.routeRules).flatMap((rule) =>
      texts(rule.paths).map((path) => ({ path, description: `A path of the route table: ${text(rule.name) ?? 'a route rule'}.` })),
    ),
  ];

  const lists: Record<ListName, NameList> = {
    copyKey: {
      description: `A copy key, namespace:key: a text of copy/${copy.source}/<namespace>.yaml.`,
      names: copy.entriesOf(copy.source).flatMap((e) => (e.text === undefined ? [] : [{ value: e.key, description: e.text }])),
    },
    copyGroup: {
      description: `A copy group, namespace:group: a group of texts of copy/${copy.source}/<namespace>.yaml.`,
      names: copyGroups(copy),
    },
    route: {
      description: 'A path of the app: a screen, or a path of the route table.',
      names: unique(routes.filter((r) => !r.path.includes(':')).map((r) => ({ value: r.path, description: r.description }))),
      patterns: unique(routes.filter((r) => r.path.includes(':')).map((r) => ({ value: r.path, description: r.description }))).map((r) => ({
        pattern: `^${r.value.replace(/:[A-Za-z]+/g, '[^/]+')}$`,
        description: `${r.value}: ${r.description}`,
      })),
    },
    fact: factNames(flagEntries.map(flagName)),
    flag: { description: 'A flag of funnels/experiments.yaml.', names: flagEntries.map(flagName) },
    stateKey: {
      description: 'A client-state key (src/domain/clientState.ts), or a field inside one: webOffer.id.',
      names: clientStateKeys.map((k) => ({ value: k, description: 'A client-state key.' })),
      patterns: [withSubPaths('', clientStateKeys, 'client-state key')],
    },
    storageKey: {
      description: 'A session-storage key (src/domain/sessionKeys.ts), or a field inside one.',
      names: sessionStorageKeys.map((k) => ({ value: k, description: 'A session-storage key.' })),
      patterns: [withSubPaths('', sessionStorageKeys, 'session-storage key')],
    },
    paymentValue: {
      description: "What a payment block's actions know of the payment just made, or a field inside it: offer.id.",
      names: paymentValueNames.map((k) => ({ value: k, description: "A field of a payment block's payment." })),
      patterns: [withSubPaths('', paymentValueNames, 'payment value')],
    },
    call: {
      description: 'A backend call (src/contract/calls.ts).',
      names: callNames.map((name) => ({ value: name, description: callWords(name) })),
    },
    layout: {
      description: 'A layout of funnels/app.yaml (its header and footer).',
      names: Object.entries(isRecord(app.layouts) ? app.layouts : {}).map(([name, layout]) => ({
        value: name,
        description: isRecord(layout) ? `Header ${String(layout.header)}, footer ${String(layout.footer)}.` : 'A layout.',
      })),
    },
    link: {
      description: "An address outside the app, named under funnels/app.yaml 'links:'.",
      names: Object.entries(isRecord(app.links) ? app.links : {}).map(([name, url]) => ({ value: name, description: String(url) })),
    },
    screen: {
      description: 'The id of a screen.',
      names: unique(
        screens.flatMap(({ file, screen }) =>
          typeof screen.id === 'string' ? [{ value: screen.id, description: screenWords(screen, file, copyText(screen.title)) }] : [],
        ),
      ),
    },
    template: {
      description: 'A funnel template of funnels/templates/.',
      names: templates.flatMap((t) =>
        typeof t.template === 'string' ? [{ value: t.template, description: text(t.description) ?? 'A funnel template.' }] : [],
      ),
    },
    offer: {
      description: 'The id of an offer of the catalog (funnels/catalog.yaml) or of a partner funnel.',
      names: unique(offers.map((o) => ({ value: String(o.id), description: offerWords(o) }))),
      open: true,
    },
    planTag: {
      description: 'A plan tag: the plan selector lists the offers that have it.',
      names: [...new Set(offers.flatMap((o) => texts(o.tags)))].map((tag) => ({
        value: tag,
        description: `Offers ${offers
          .filter((o) => texts(o.tags).includes(tag))
          .map((o) => String(o.id))
          .join(', ')}.`,
      })),
      open: true,
    },
  };

  return {
    lists,
    variants: flagEntries.map(([flag, data]) => ({ flag, variants: texts(data.variants) })),
    templates: templates.flatMap((t) =>
      typeof t.template === 'string' && isRecord(t.params)
        ? [
            {
              name: t.template,
              params: Object.fromEntries(Object.entries(t.params).filter(([, p]) => isRecord(p))) as Record<string, TemplateParam>,
            },
          ]
        : [],
    ),
    copy: copyNamespaces(files.copyFiles, copy.source),
    sourceLocale: copy.source,
  };
}

function screenWords(screen: Data, file: string, title: string | undefined): string {
  const named = `The screen ${String(screen.id ?? '')} at ${String(screen.path ?? '')} (${file})`;
  return title === undefined ? `${named}.` : `${named}: ${title}`;
}

function offerWords(offer: Data): string {
  const price = typeof offer.price === 'number' ? `$${offer.price.toFixed(2)}` : '';
  return [text(offer.planName), text(offer.subscriptionDuration), price].filter(Boolean).join(', ');
}

/** "Input: username, password. For anyone." */
function callWords(name: (typeof callNames)[number]): string {
  const definition = contract[name];
  const shape = (definition.input as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
  const input = shape && Object.keys(shape).length > 0 ? `Input: ${Object.keys(shape).join(', ')}.` : 'No input.';
  return `${input} ${definition.auth === 'session' ? 'Needs a logged-in parent.' : 'For anyone.'}`;
}

/** Every group of texts (`payment:declines`) of the source language, with the keys it holds. */
function copyGroups(copy: CopyIndex): Name[] {
  const groups = new Map<string, string[]>();
  for (const { key } of copy.entriesOf(copy.source)) {
    const [namespace, path] = key.split(':') as [string, string];
    const parts = path.split('.');
    for (let i = 1; i < parts.length; i++) {
      const group = `${namespace}:${parts.slice(0, i).join('.')}`;
      groups.set(group, [...(groups.get(group) ?? []), parts.slice(i).join('.')]);
    }
  }
  return [...groups].map(([group, keys]) => ({
    value: group,
    description: `${keys.length} text${keys.length === 1 ? '' : 's'}: ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? '…' : ''}`,
  }));
}

/** A condition's `fact:`: the fixed facts, the names of the checked families, free names of the others. */
function factNames(flags: Name[]): NameList {
  const family = (name: keyof typeof factFamilyRegistry) => sentence(factFamilyRegistry[name].name);
  const names: Name[] = [
    ...Object.entries(fixedFactRegistry).map(([value, words]) => ({ value, description: sentence(words) })),
    ...flags.map((f) => ({ value: `flag.${f.value}`, description: f.description })),
    ...clientStateKeys.map((k) => ({ value: `state.${k}`, description: family('state') })),
    ...sessionStorageKeys.map((k) => ({ value: `storage.${k}`, description: family('storage') })),
    ...errorFields.map((k) => ({ value: `error.${k}`, description: family('error') })),
    ...paymentValueNames.map((k) => ({ value: `payment.${k}`, description: family('payment') })),
  ];
  const free = (['query', 'cookie', 'form', 'result'] as const).map((f) => ({
    pattern: `^${f}\\..+$`,
    description: `${f}.<name>: ${family(f).toLowerCase()}`,
  }));
  return {
    description: 'What a condition tests: a fact of src/language/factRegistry.ts, or family.<name>.',
    names,
    patterns: [
      withSubPaths('state.', clientStateKeys, 'client-state key'),
      withSubPaths('storage.', sessionStorageKeys, 'session-storage key'),
      withSubPaths('payment.', paymentValueNames, 'payment value'),
      ...free,
    ],
  };
}

function copyNamespaces(copyFiles: readonly CopyFile[], source: string): { namespace: string; texts: CopyTree }[] {
  const namespaces = [...new Set(copyFiles.map((f) => f.namespace))].sort();
  return namespaces.map((namespace) => {
    const file = copyFiles.find((f) => f.locale === source && f.namespace === namespace);
    return { namespace, texts: file?.parsed && isRecord(file.data) ? (file.data as CopyTree) : {} };
  });
}
