/** Whether `path` is `prefix` or below it (`/dont-go` covers `/dont-go/1`, not `/dont-gone`). */
export function underPrefix(path: string, prefix: string): boolean {
  const p = prefix.replace(/\/$/, '');
  return path === p || path.startsWith(`${p}/`);
}

/**
 * On a private path with no session, and no popup already open,
 * the 'you have logged out' popup opens.
 */
export function sessionLost(path: string, privatePaths: readonly string[], loggedIn: boolean, popupOpen: boolean): boolean {
  return !loggedIn && !popupOpen && privatePaths.some((p) => underPrefix(path, p));
}
