import { identifier } from '../config/schema/common.ts';
import { condition } from '../config/schema/conditions.ts';

/** Keys every block may have besides its own props. */
export const blockBase = {
  /** Shown only when this holds (experiments, session...). */
  when: condition.optional(),
  /** Optional anchor id, and a stable name for tests. */
  id: identifier.optional(),
};
