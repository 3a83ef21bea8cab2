import { Outlet } from '@tanstack/react-router';
import { DisclaimerGate } from '../disclaimer/disclaimer-gate';
import { useInterruptedJobs } from '../jobs/use-interrupted-jobs';
import { UploadsProvider } from '../uploads/uploads-context';
import { AppShell } from './app-shell';

/** Inside the disclaimer gate: the hub answers job reads only once the disclaimer is accepted. */
function InterruptedJobsCheck() {
  useInterruptedJobs();
  return null;
}

export function AuthenticatedLayout() {
  return (
    <DisclaimerGate>
      <UploadsProvider>
        <AppShell>
          <InterruptedJobsCheck />
          <Outlet />
        </AppShell>
      </UploadsProvider>
    </DisclaimerGate>
  );
}
