/**
 * Join Now: enabled once the adapter's card fields are there (a failure to load says so, and
 * asks for a refresh); busy while a payment is under way, with a spinner in the class funnels.
 */
export function SubmitButton({ label, busy, ready, spinner }: { label: string; busy: boolean; ready: boolean; spinner: boolean }) {
  return (
    <p className="form__actions">
      <button type="submit" className="button button--primary payment__submit" disabled={busy || !ready} aria-busy={busy || undefined}>
        {spinner && busy && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    </p>
  );
}
