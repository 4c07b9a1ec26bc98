/**
 * A catalog that cannot be read (./read.ts), with the checker's report. Apart from the reader so that the
 * operators' CLIs can recognise it (scripts/lib/adminCli.ts) without loading the checker.
 */
export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
}
