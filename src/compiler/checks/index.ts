import type { Diagnostic } from '../diagnostic.ts';
import type { DiagnosticCode } from '../diagnosticCodes.ts';
import type { LoadedProject } from '../load.ts';
import type { RuntimeTexts } from '../runtimeTexts.ts';
import { checkCallInputs } from './callInputs.ts';
import { checkCallResults } from './callResults.ts';
import { checkCallNames } from './calls.ts';
import { checkCatalogParts } from './catalogParts.ts';
import { buildContext, type Check } from './context.ts';
import { checkCopyGroups } from './copyGroups.ts';
import { checkCopyKeysExist, checkDefaultLocale, checkRuntimeCopyKeys, checkShellTexts } from './copyKeys.ts';
import { checkAudiences } from './experiments.ts';
import { checkFacts, checkStoreNames } from './facts.ts';
import { checkFileKinds } from './files.ts';
import { checkFormFields } from './forms.ts';
import { checkIndentSlips } from './indentSlips.ts';
import { checkExternalLinks, checkLayouts } from './layouts.ts';
import { checkOutcomes } from './outcomes.ts';
import { checkParams } from './params.ts';
import { checkChargeCalls, checkScopedValues } from './payments.ts';
import { checkPlaceholders } from './placeholders.ts';
import { checkRedirectLoops } from './redirectLoops.ts';
import { checkLayoutGroupPaths, checkRouteTargets } from './routes.ts';
import { checkDuplicates, checkNotFound, checkSteps } from './screens.ts';
import { checkPluralForms, checkUnknownTranslations, checkUntranslated } from './translations.ts';
import { checkUnusedCopy } from './unusedCopy.ts';

/**
 * Every cross-file check, each a small pure function of the loaded project, with the code
 * (src/compiler/diagnosticCodes.ts) of what it reports. A check that reports more than one kind
 * of mistake sets the code itself on the others.
 */
export const checks: readonly { check: Check; code: DiagnosticCode }[] = [
  { check: checkFileKinds, code: 'FL022' },
  { check: checkCatalogParts, code: 'FL601' },
  { check: checkDuplicates, code: 'FL301' },
  { check: checkNotFound, code: 'FL302' },
  { check: checkSteps, code: 'FL303' },
  { check: checkRouteTargets, code: 'FL304' },
  { check: checkLayoutGroupPaths, code: 'FL305' },
  { check: checkRedirectLoops, code: 'FL306' },
  { check: checkLayouts, code: 'FL307' },
  { check: checkExternalLinks, code: 'FL309' },
  { check: checkFacts, code: 'FL401' },
  { check: checkStoreNames, code: 'FL403' },
  { check: checkCallNames, code: 'FL404' },
  { check: checkCallInputs, code: 'FL409' },
  { check: checkCallResults, code: 'FL410' },
  { check: checkIndentSlips, code: 'FL411' },
  { check: checkAudiences, code: 'FL412' },
  { check: checkChargeCalls, code: 'FL405' },
  { check: checkOutcomes, code: 'FL408' },
  { check: checkScopedValues, code: 'FL406' },
  { check: checkFormFields, code: 'FL407' },
  { check: checkDefaultLocale, code: 'FL501' },
  { check: checkCopyKeysExist, code: 'FL502' },
  { check: checkCopyGroups, code: 'FL504' },
  { check: checkRuntimeCopyKeys, code: 'FL506' },
  { check: checkShellTexts, code: 'FL513' },
  { check: checkPlaceholders, code: 'FL507' },
  { check: checkParams, code: 'FL508' },
  { check: checkUnusedCopy, code: 'FL509' },
  { check: checkUntranslated, code: 'FL510' },
  { check: checkUnknownTranslations, code: 'FL511' },
  { check: checkPluralForms, code: 'FL512' },
];

/** `code`: what the code knows of the texts it shows by itself (src/compiler/runtimeTexts.ts unless a test says otherwise). */
export function runChecks(project: LoadedProject, code?: RuntimeTexts): Diagnostic[] {
  const ctx = buildContext(project, code);
  return checks.flatMap(({ check, code }) => check(ctx).map((d) => (d.code === undefined ? { ...d, code } : d)));
}
