import { useCopy, useRuntime } from '../runtime/context.tsx';

/**
 * What a block shows while the data it asked the backend for is on its way ('Loading', the
 * app's loading text), or when it could not be had (the generic 'Sorry, something went wrong').
 */
export function LoadStatus({ failed = false }: { failed?: boolean }) {
  const t = useCopy();
  const rt = useRuntime();
  return failed ? (
    <p className="notice notice--error" role="alert">
      {t('common:somethingWentWrong')}
    </p>
  ) : (
    <p className="loading" role="status">
      {t(rt.config.app.loadingText)}
    </p>
  );
}
