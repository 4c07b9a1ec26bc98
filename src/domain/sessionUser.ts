/** The logged-in parent as the browser knows them: the user's id and email (spec §3 session). */
export interface SessionUser {
  objectId: string;
  email: string;
}
