import { Outlet } from '@tanstack/react-router';
import { DisclaimerGate } from '../disclaimer/disclaimer-gate';
import { UploadsProvider } from '../uploads/uploads-context';
import { AppShell } from './app-shell';

export function AuthenticatedLayout() {
  return (
    <DisclaimerGate>
      <UploadsProvider>
        <AppShell>
          <Outlet />
        </AppShell>
      </UploadsProvider>
    </DisclaimerGate>
  );
}
