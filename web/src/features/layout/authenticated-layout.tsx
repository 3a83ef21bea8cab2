import { Outlet } from '@tanstack/react-router';
import { DisclaimerGate } from '../disclaimer/disclaimer-gate';
import { AppShell } from './app-shell';

export function AuthenticatedLayout() {
  return (
    <DisclaimerGate>
      <AppShell>
        <Outlet />
      </AppShell>
    </DisclaimerGate>
  );
}
