/**
 * Where the admin endpoints are mounted (src/server/admin/routes.ts). Apart from the routes so that the
 * operators' CLIs (./client.ts) name it without loading every endpoint behind it.
 */
export const ADMIN_PREFIX = '/api/admin';
