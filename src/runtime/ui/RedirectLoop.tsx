import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCopy, useRuntime } from '../context.tsx';

/**
 * Shown instead of a page when redirects kept sending the browser on (a loop `npm run check`
 * could not see, such as one through a client-state target): what happened, and a way home.
 */
export function RedirectLoop() {
  const rt = useRuntime();
  const t = useCopy();
  const title = t('common:documentTitle', { title: t('common:redirectLoop.title'), product: t(rt.config.app.productName) });
  useEffect(() => {
    document.title = title;
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="screen screen--redirect-loop">
      <h1 className="heading" tabIndex={-1}>
        {t('common:redirectLoop.heading')}
      </h1>
      <p className="text text--body">{t('common:redirectLoop.body')}</p>
      <p className="link-block">
        <Link to="/" className="button button--primary">
          {t('common:redirectLoop.home')}
        </Link>
      </p>
    </div>
  );
}
