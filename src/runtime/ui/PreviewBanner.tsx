import { PREVIEW_OFF, PREVIEW_PARAM } from '../../contract/releases.ts';
import { useCopy, useRuntime } from '../context.tsx';

/**
 * On every page of a draft's preview (src/server/releases/previews.ts): which draft it is, and a
 * link out. Leaving is a full page load: the server clears the preview cookie and serves live.
 */
export function PreviewBanner() {
  const rt = useRuntime();
  const t = useCopy();
  if (!rt.preview) return null;
  return (
    <aside className="preview-banner" aria-label={t('common:preview.label')}>
      <p role="status">
        {t('common:preview.banner', { id: String(rt.preview.draftId) })}{' '}
        <a href={`/?${PREVIEW_PARAM}=${PREVIEW_OFF}`} className="link">
          {t('common:preview.leave')}
        </a>
      </p>
    </aside>
  );
}
