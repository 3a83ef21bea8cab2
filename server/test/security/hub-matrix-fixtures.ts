import { call, headersOf, type Answer, type SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { as } from '../workflow/workflow-fixtures';
import { securitySuite, type SecuritySuite } from './security-fixtures';

/** The security suite of the hub's role matrices, with a signed-in session per attacker. */
export interface HubMatrix extends SecuritySuite {
  /** The session of a user of the matrix (signed in, disclaimer accepted). */
  session(username: string): SignedIn;
  /** One call to the hub's API as `username`. */
  send(username: string, method: string, path: string, json?: unknown): Promise<Answer<{ code?: string }>>;
  /** A content only in `prettyId`, owned by nobody who signs in (an owner sees a content anywhere). */
  contentIn(prettyId: string, name: string): Promise<string>;
}

/**
 * The setup the hub's SPEC §6 matrices share (hub-spec6*.int-spec.ts): the security suite, then
 * one session per user of `users`, each from its own address. Call it at the top of the describe.
 */
export function hubMatrix(users: readonly string[]): HubMatrix {
  const suite = securitySuite();
  const sessions = new Map<string, SignedIn>();
  beforeAll(async () => {
    for (const username of users) sessions.set(username, await as(suite.t, username));
  });
  const session = (username: string) => {
    const found = sessions.get(username);
    if (!found) throw new Error(`${username} is not among the matrix's users`);
    return found;
  };
  return Object.assign(suite, {
    session,
    send: (username: string, method: string, path: string, json?: unknown) =>
      call<{ code?: string }>(suite.t, method, path, { json, headers: headersOf(session(username)) }),
    contentIn: (prettyId: string, name: string) =>
      insertContent(suite.t, { name, folders: [suite.folder(prettyId)], owner: 'nobody' }),
  });
}
