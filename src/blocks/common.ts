import { identifier } from '../language/schema/common.ts';
import { condition } from '../language/schema/conditions.ts';

/** Keys every block may have besides its own props. */
export const blockBase = {
  when: condition.optional().describe('Shows the block only when this condition holds (an experiment variant, a logged-in parent...).'),
  id: identifier.optional().describe('An anchor for the block (#id in the address) and a stable name for tests.'),
};
