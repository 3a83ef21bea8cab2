const PARAM = 'externalId';

/**
 * Start-up (SPEC §2): an externalId in the address is saved in session storage and the browser
 * goes to the site root, before the router reads the address.
 */
export function captureExternalId(): void {
  const externalId = new URL(window.location.href).searchParams.get(PARAM);
  if (externalId === null) return;
  window.sessionStorage.setItem(PARAM, externalId);
  window.history.replaceState(null, '', '/');
}
