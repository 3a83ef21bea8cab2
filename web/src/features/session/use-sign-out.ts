import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../api/session.api';
import { useUiStore } from '../ui/ui-store-context';
import { forgetTabState } from './forget-tab-state';
import { leaveToLogin } from './leave-to-login';

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { t } = useTranslation();
  const ui = useUiStore();
  return async () => {
    ui.showFullScreenLoader({ text: t('auth.signingOut') });
    // Leaving must work even when the hub cannot be reached; the cookie then expires on its own.
    await signOut().catch(() => undefined);
    ui.hideFullScreenLoader();
    forgetTabState(sessionStorage);
    await leaveToLogin(queryClient, router);
  };
}
