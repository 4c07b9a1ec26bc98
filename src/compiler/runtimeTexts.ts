import { copyKey, placeholderName } from '../language/schema/common.ts';
import { validationRules } from '../language/validationRules.ts';
import type { BlockRegistry } from './configSchemas.ts';
import { emailTexts, type TextFills } from './emailTexts.ts';

export type { TextFills } from './emailTexts.ts';

/**
 * The texts the app shell's components show by themselves (not named by any funnel), each with
 * the placeholders the component fills. funnels/app.yaml declares them under `shellTexts:`, for
 * translators and marketers to see; `npm run check` wants each of these there with exactly these
 * placeholders (FL513), and its text in the source language like any copy key. A component that
 * needs a new text: add it here and to app.yaml's `shellTexts:` (tests/unit/runtime/copy-keys.test.ts
 * finds keys a component names that are in neither).
 */
export const requiredShellTexts: TextFills = {
  /** 'STEP {n} OF {m}' */
  'common:stepProgress': ['n', 'm'],
  /** Labelled stepper: 'Step {n} of {m}: {label}' read by screen readers. */
  'common:stepperLabel': ['n', 'm', 'label'],
  /** The footer's language switcher (src/runtime/ui/Chrome.tsx). */
  'common:language.label': [],
  /** Header landmark names and the skip link. */
  'common:skipToContent': [],
  'common:mainNavigation': [],
  /** The browser tab title of a screen with a title: '{title} | {product}'. */
  'common:documentTitle': ['title', 'product'],
  /** An action failed and the YAML has no catch: for it (the generic wording). */
  'common:somethingWentWrong': [],
  /** Redirects that kept going (src/runtime/ui/RedirectLoop.tsx). */
  'common:redirectLoop.title': [],
  'common:redirectLoop.heading': [],
  'common:redirectLoop.body': [],
  'common:redirectLoop.home': [],
  /** `?variantOverride=`: the notice QA sees (src/runtime/ui/VariantOverrideNotice.tsx). */
  'common:variantOverride.label': [],
  'common:variantOverride.active': ['overrides'],
  'common:variantOverride.unknownFlag': ['pair', 'flag'],
  'common:variantOverride.unknownVariant': ['pair', 'flag', 'variants'],
  'common:variantOverride.clear': [],
  /** A draft's preview link: the banner on each of its pages (src/runtime/ui/PreviewBanner.tsx). */
  'common:preview.label': [],
  'common:preview.banner': ['id'],
  'common:preview.leave': [],
};

/**
 * Texts that blocks and validation rules show by themselves, derived from their code rather than
 * declared in YAML: their use is already visible in YAML (a `plans` block, a form's `rule:`).
 * `npm run check` wants them in the source language like any copy key, and says so in terms of
 * copy files (FL506), never of this file.
 */
export function derivedTexts(blocks: BlockRegistry): TextFills {
  return {
    /** What blocks show by themselves (their definitions' `texts`: the plan cards' texts and plan names, say). */
    ...Object.assign({}, ...blocks.map((b) => b.texts ?? {})),
    /** Validation messages: these travel with the screens whose forms use the rule (without their own `message:`). */
    ...Object.fromEntries(Object.values(validationRules).map((rule) => [rule.message, rule.fills])),
  };
}

/** What the code knows of the texts it shows by itself (tests give a smaller set for their fixtures). */
export interface RuntimeTexts {
  /** Texts app.yaml's `shellTexts:` must declare. */
  requiredShell: TextFills;
  /** Texts derived from blocks and rules. */
  derived: TextFills;
  /** Texts of the emails the server sends (src/compiler/emailTexts.ts). */
  emails: TextFills;
}

/** What the code knows of the texts it shows by itself, its blocks being `blocks` (the registry the compiler is handed). */
export const runtimeTextsOf = (blocks: BlockRegistry): RuntimeTexts => ({
  requiredShell: requiredShellTexts,
  derived: derivedTexts(blocks),
  emails: emailTexts,
});

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The well-formed entries of an app's `shellTexts:` (its `app:` data, parsed or validated): key →
 * placeholders. Malformed entries (a key that is not `namespace:key`, placeholders that are not a
 * list of names) are left out: the schema reports them.
 */
export function shellTextsOf(app: unknown): TextFills {
  const texts = isRecord(app) && isRecord(app.shellTexts) ? app.shellTexts : {};
  const out: Record<string, readonly string[]> = {};
  for (const [key, fills] of Object.entries(texts))
    if (copyKey.safeParse(key).success && Array.isArray(fills) && fills.every((f) => placeholderName.safeParse(f).success))
      out[key] = fills as string[];
  return out;
}
