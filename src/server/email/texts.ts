/**
 * The texts of the emails the server sends, read from the live release (`emailTextsOfRelease`) or
 * a copy folder (`loadEmailTexts`, COPY_DIR): for every
 * language, copy/<locale>/emails.yaml and the namespaces its texts nest (`$t(common:productName)`),
 * rendered with i18next as the app renders its copy (`{placeholders}`, nesting; plain text, no
 * escaping). A text a language lacks is the default language's (app.yaml's `defaultLocale`), as in
 * the app. The default language must have every text (src/compiler/emailTexts.ts): `npm run check`
 * says so (FL506), and the server does not start without them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { parse } from 'yaml';
import { EMAILS_NAMESPACE, type EmailName, emailTextKey, emailTexts } from '../../compiler/emailTexts.ts';
import { ConfigError } from '../config.ts';

export interface RenderedText {
  /** The language it is written in. */
  locale: string;
  subject: string;
  text: string;
}

export interface EmailTexts {
  defaultLocale: string;
  /** Every language of the copy folder, the default first. */
  locales: readonly string[];
  /** `email` in `locale` (null or a language the copy lacks: the default), its placeholders filled with `values`. */
  render(email: EmailName, locale: string | null, values: Record<string, string>): RenderedText;
}

const LOCALE_FOLDER = /^[a-z]{2}(-[A-Z]{2})?$/;
const NESTED_NAMESPACE = /\$t\(\s*([A-Za-z0-9-]+):/g;

type Flat = Record<string, string>;

function flatten(tree: unknown, prefix = '', into: Flat = {}): Flat {
  if (tree === null || typeof tree !== 'object') return into;
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') into[at] = value;
    else flatten(value, at, into);
  }
  return into;
}

/** app.yaml's `defaultLocale` in its text (en when there is none). */
function defaultLocaleIn(appYaml: string | undefined): string {
  if (appYaml === undefined) return 'en';
  const data = parse(appYaml) as { app?: { defaultLocale?: unknown } } | null;
  return typeof data?.app?.defaultLocale === 'string' ? data.app.defaultLocale : 'en';
}

/** Where the texts are read from: a copy folder on disk, or a release's files. */
interface CopyReader {
  appYaml(): string | undefined;
  /** The languages' folder names. */
  folders(): string[];
  /** A namespace's YAML text in a language, if there is one. */
  read(locale: string, namespace: string): string | undefined;
  /** How a message names the file. */
  name(locale: string, namespace: string): string;
}

/** A locale's emails.yaml and every namespace it nests, transitively: namespace → flat texts, and the files looked at. */
function readLocale(reader: CopyReader, locale: string): { namespaces: Record<string, Flat>; files: string[] } {
  const namespaces: Record<string, Flat> = {};
  const files: string[] = [];
  const queue = [EMAILS_NAMESPACE];
  while (queue.length > 0) {
    const namespace = queue.shift()!;
    if (namespace in namespaces) continue;
    const text = reader.read(locale, namespace);
    namespaces[namespace] = text === undefined ? {} : flatten(parse(text));
    files.push(reader.name(locale, namespace));
    for (const value of Object.values(namespaces[namespace]!))
      for (const [, nested] of value.matchAll(NESTED_NAMESPACE)) queue.push(nested!);
  }
  return { namespaces, files };
}

function load(reader: CopyReader): { texts: EmailTexts; files: string[] } {
  const defaultLocale = defaultLocaleIn(reader.appYaml());
  const folders = reader.folders().filter((name) => LOCALE_FOLDER.test(name));
  const locales = [defaultLocale, ...folders.filter((l) => l !== defaultLocale).sort()];
  const resources: Record<string, Record<string, Flat>> = {};
  const files: string[] = [];
  for (const locale of locales) {
    const read = readLocale(reader, locale);
    resources[locale] = read.namespaces;
    files.push(...read.files);
  }
  const missing = Object.keys(emailTexts).filter((key) => {
    const [namespace, name] = key.split(':') as [string, string];
    return resources[defaultLocale]?.[namespace]?.[name] === undefined;
  });
  if (missing.length > 0)
    throw new ConfigError(
      `The emails the server sends lack texts in ${reader.name(defaultLocale, EMAILS_NAMESPACE)}: ` +
        `${missing.join(', ')}. \`npm run check\` lists what is missing.`,
    );

  const i18n: I18n = i18next.createInstance();
  void i18n.init({
    resources,
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: locales,
    ns: Object.keys(resources[defaultLocale] ?? {}),
    defaultNS: EMAILS_NAMESPACE,
    keySeparator: false,
    nsSeparator: ':',
    initAsync: false,
    returnNull: false,
    // Plain text: nothing to escape; a value is never read as a placeholder or a nesting (skipOnVariables, i18next's default).
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  const texts: EmailTexts = {
    defaultLocale,
    locales,
    render(email, locale, values) {
      const language = locale !== null && locales.includes(locale) ? locale : defaultLocale;
      const t = i18n.getFixedT(language);
      return {
        locale: language,
        subject: t(emailTextKey(email, 'subject'), values) as string,
        text: t(emailTextKey(email, 'body'), values) as string,
      };
    },
  };
  return { texts, files };
}

/** The folders on disk. */
function folderReader(copyDir: string, funnelsDir: string): CopyReader {
  const readIf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const file = (locale: string, namespace: string) => path.join(copyDir, locale, `${namespace}.yaml`);
  return {
    appYaml: () => readIf(path.join(funnelsDir, 'app.yaml')),
    folders: () => (existsSync(copyDir) ? readdirSync(copyDir).filter((name) => statSync(path.join(copyDir, name)).isDirectory()) : []),
    read: (locale, namespace) => readIf(file(locale, namespace)),
    name: file,
  };
}

/**
 * A release's texts (its files by release name: `funnels/app.yaml`, `copy/en/emails.yaml`;
 * src/server/releases/source.ts). Throws a ConfigError when the default language lacks one.
 */
export function emailTextsOfRelease(files: Readonly<Record<string, string>>): EmailTexts {
  const name = (locale: string, namespace: string) => `copy/${locale}/${namespace}.yaml`;
  const folders = new Set(Object.keys(files).flatMap((f) => /^copy\/([^/]+)\/[^/]+\.yaml$/.exec(f)?.[1] ?? []));
  return load({
    appYaml: () => files['funnels/app.yaml'],
    folders: () => [...folders],
    read: (locale, namespace) => files[name(locale, namespace)],
    name,
  }).texts;
}

const loaded = new Map<string, { files: string[]; stamp: string; texts: EmailTexts }>();

/** What the files were when read: the languages' folders and each file's time (a missing one: 0). */
const stampOf = (copyDir: string, files: string[]) =>
  [existsSync(copyDir) ? readdirSync(copyDir).join() : '', ...files.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0))].join();

/** The folders' email texts, read again only when a file they came from (or the list of languages) changed. */
export function loadEmailTexts(o: { copyDir: string; funnelsDir: string }): EmailTexts {
  const copyDir = path.resolve(o.copyDir);
  const funnelsDir = path.resolve(o.funnelsDir);
  const id = `${copyDir}\n${funnelsDir}`;
  const known = loaded.get(id);
  if (known && stampOf(copyDir, known.files) === known.stamp) return known.texts;
  const { texts, files } = load(folderReader(copyDir, funnelsDir));
  const read = [path.join(funnelsDir, 'app.yaml'), ...files];
  loaded.set(id, { files: read, stamp: stampOf(copyDir, read), texts });
  return texts;
}
