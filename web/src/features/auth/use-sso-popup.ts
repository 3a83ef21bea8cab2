import { useEffect, useEffectEvent } from 'react';
import { parseSsoMessage } from './sso-message';

interface SsoPopupHandlers {
  onToken(token: string): void;
  onFailure(): void;
  onBlocked(): void;
}

/**
 * Single sign-on in a popup (SPEC §2 Login): opens the sign-on address and waits for the popup's
 * message. Messages from other origins are ignored: only our /sso-callback page may sign us in.
 */
export function useSsoPopup({ onToken, onFailure, onBlocked }: SsoPopupHandlers): (startUrl: string) => void {
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const message = parseSsoMessage(event.data);
    if (!message) return;
    if (message.token) onToken(message.token);
    else onFailure();
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  return (startUrl) => {
    const popup = window.open(startUrl, 'paddock-sso', 'popup,width=520,height=680');
    if (!popup) onBlocked();
  };
}
