/**
 * What this tab kept for the signed-in user (the supplier's chosen department, enrichment working
 * states) under `paddock.` in session storage: forgotten on sign-out, so the next person signing in
 * at the same tab starts clean. The server's drafts keep the enrichment work of the user who left.
 */
export function forgetTabState(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) if (key?.startsWith('paddock.')) storage.removeItem(key);
}
