import { useEffect, useRef, useState } from 'react';

/**
 * A form folded behind a button (the account page's 'Edit') until the parent unfolds it; then
 * focus goes to `firstControlId`, the form's first control (the button is gone).
 */
export function useFolding(folded: boolean, firstControlId: string) {
  const [expanded, setExpanded] = useState(!folded);
  const focusOnShow = useRef(false);
  useEffect(() => {
    if (!expanded || !focusOnShow.current) return;
    focusOnShow.current = false;
    document.getElementById(firstControlId)?.focus();
  }, [expanded, firstControlId]);

  const unfold = () => {
    focusOnShow.current = true;
    setExpanded(true);
  };
  return { expanded, unfold };
}
