/** A provider's message stays this long unless the block says otherwise (payment errors: 8000 ms). */
export const DEFAULT_ERROR_MS = 8000;
