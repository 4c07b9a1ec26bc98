import type { Diagnostic } from '../diagnostic.ts';
import type { LoadedProject } from '../load.ts';
import { checkCallNames } from './calls.ts';
import { checkCatalogParts } from './catalogParts.ts';
import { buildContext, type Check } from './context.ts';
import { checkCopyGroups } from './copyGroups.ts';
import { checkCopyKeysExist, checkDefaultLocale, checkRuntimeCopyKeys } from './copyKeys.ts';
import { checkFacts, checkStoreNames } from './facts.ts';
import { checkFileKinds } from './files.ts';
import { checkFormFields } from './forms.ts';
import { checkExternalLinks, checkLayouts } from './layouts.ts';
import { checkOutcomes } from './outcomes.ts';
import { checkParams } from './params.ts';
import { checkChargeCalls, checkPaymentValues } from './payments.ts';
import { checkPlaceholders } from './placeholders.ts';
import { checkRedirectLoops } from './redirectLoops.ts';
import { checkLayoutGroupPaths, checkRouteTargets } from './routes.ts';
import { checkDuplicates, checkNotFound, checkSteps } from './screens.ts';
import { checkUnusedCopy } from './unusedCopy.ts';

/** Every cross-file check, each a small pure function of the loaded project. */
export const checks: Check[] = [
  checkFileKinds,
  checkCatalogParts,
  checkDuplicates,
  checkNotFound,
  checkSteps,
  checkRouteTargets,
  checkLayoutGroupPaths,
  checkRedirectLoops,
  checkLayouts,
  checkExternalLinks,
  checkFacts,
  checkStoreNames,
  checkCallNames,
  checkChargeCalls,
  checkOutcomes,
  checkPaymentValues,
  checkFormFields,
  checkDefaultLocale,
  checkCopyKeysExist,
  checkCopyGroups,
  checkRuntimeCopyKeys,
  checkPlaceholders,
  checkParams,
  checkUnusedCopy,
];

export function runChecks(project: LoadedProject, runtimeCopyKeys?: readonly string[]): Diagnostic[] {
  const ctx = buildContext(project, runtimeCopyKeys);
  return checks.flatMap((check) => check(ctx));
}
