import { Box, Heading, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { LegalHoldsPanel } from '../legal-hold/legal-holds-panel';
import { useSession } from '../session/use-session';
import { AuditPanel } from './audit-panel';
import { JobsPanel } from './jobs-panel';
import { PreflightRulesPanel } from './preflight-rules-panel';
import { ShareSendersPanel } from './share-senders-panel';

/** Rights notices' webhooks: loaded when their tab is opened. */
const WebhooksPanel = lazy(() => import('../rights-notices/webhooks-panel'));

/**
 * Administration (/manage): background jobs, the audit log, outgoing shares, the pre-flight rules
 * the legal holds and the rights notices' webhooks, for administrators only.
 */
export function ManagePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('sections.manage')}
      </Heading>
      {session.roles.includes('admin') ? (
        <Tabs.Root defaultValue="jobs" variant="line" lazyMount unmountOnExit>
          <Tabs.List>
            <Tabs.Trigger value="jobs">{t('manage.tabs.jobs')}</Tabs.Trigger>
            <Tabs.Trigger value="audit">{t('manage.tabs.audit')}</Tabs.Trigger>
            <Tabs.Trigger value="senders">{t('manage.tabs.senders')}</Tabs.Trigger>
            <Tabs.Trigger value="preflight">{t('manage.tabs.preflight')}</Tabs.Trigger>
            <Tabs.Trigger value="legalHolds">{t('manage.tabs.legalHolds')}</Tabs.Trigger>
            <Tabs.Trigger value="webhooks">{t('manage.tabs.webhooks')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="jobs">
            <JobsPanel />
          </Tabs.Content>
          <Tabs.Content value="audit">
            <AuditPanel />
          </Tabs.Content>
          <Tabs.Content value="senders">
            <ShareSendersPanel />
          </Tabs.Content>
          <Tabs.Content value="preflight">
            <PreflightRulesPanel />
          </Tabs.Content>
          <Tabs.Content value="legalHolds">
            <LegalHoldsPanel />
          </Tabs.Content>
          <Tabs.Content value="webhooks">
            <Suspense fallback={<Skeleton height="40" rounded="l2" />}>
              <WebhooksPanel />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        // The hub refuses every administration call anyway (403); this says so before any is made.
        <Box bg="bg" rounded="l3" borderWidth="1px" data-testid="manage-not-allowed">
          <EmptyState
            icon={<ShieldAlert />}
            title={t('manage.notAllowed.title')}
            description={t('manage.notAllowed.description')}
          />
        </Box>
      )}
    </Stack>
  );
}
