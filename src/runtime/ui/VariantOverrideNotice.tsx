import { VARIANT_OVERRIDE_PARAM } from '../../browser/storageKeys.ts';
import { useCopy, useRuntime } from '../context.tsx';

/**
 * `?variantOverride=` (QA): which variants it forces, each pair it could not use (a misspelt
 * flag or variant, which would otherwise silently show the normal variant), and a link that
 * clears it (`?variantOverride=` with nothing removes the cookie that keeps it).
 */
export function VariantOverrideNotice() {
  const rt = useRuntime();
  const t = useCopy();
  const override = rt.variantOverride;
  if (!override || (override.problems.length === 0 && Object.keys(override.values).length === 0)) return null;
  const forced = Object.entries(override.values).map(([flag, variant]) => `${flag}: ${variant}`);
  const clearHref = `${rt.navigation.path}?${VARIANT_OVERRIDE_PARAM}=`;
  return (
    <aside className="variant-override" aria-label={t('common:variantOverride.label')}>
      {forced.length > 0 && <p>{t('common:variantOverride.active', { overrides: forced.join(', ') })}</p>}
      {override.problems.map((p) => (
        <p key={p.pair} className="variant-override__problem">
          {p.variants
            ? t('common:variantOverride.unknownVariant', { pair: p.pair, flag: p.flag, variants: p.variants.join(', ') })
            : t('common:variantOverride.unknownFlag', { pair: p.pair, flag: p.flag })}
        </p>
      ))}
      <p>
        {/* A full page load: the override is read when the page opens. */}
        <a href={clearHref} className="link">
          {t('common:variantOverride.clear')}
        </a>
      </p>
    </aside>
  );
}
