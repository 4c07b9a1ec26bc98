/**
 * Limits of the wire that the browser applies too, in a module without zod: importing them
 * does not bring the schemas into the landing's bundle.
 */

/** The longest UTM value a call carries (the browser cuts longer ones). */
export const UTM_VALUE_MAX_LENGTH = 500;
