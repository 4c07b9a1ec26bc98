/** The logged-in parent as the browser knows them: the user's id and email. */
export interface SessionUser {
  objectId: string;
  email: string;
}
