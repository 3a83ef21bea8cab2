import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  WEBHOOK_LIMITS,
  mayManageDepartmentWebhooks,
  type RegisteredWebhook,
  type WebhookDeliveryState,
  type WebhookEndpointView,
} from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Check, Copy, Send, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { deactivateWebhook, registerWebhook, runRightsNotices, testWebhook } from '../../api/webhooks.api';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';
import { InlineError } from '../ui/inline-error';
import { useDepartments } from '../manage/use-departments';
import { webhookKeys, webhookListQueryOptions } from './webhooks.queries';

const STATE_PALETTE: Record<WebhookDeliveryState, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/** A refusal of the hub in words: its code's text under webhooks.errors, or the generic one. */
function useRefusalText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const code = isApiError(error) ? error.code : '';
    const problem =
      isApiError(error) && typeof error.details === 'object' && error.details !== null
        ? (error.details as { problem?: unknown }).problem
        : undefined;
    if (code === 'WEBHOOK_BAD_URL')
      return t(`webhooks.errors.badUrl.${typeof problem === 'string' ? problem : 'invalid'}`, {
        defaultValue: t('webhooks.errors.badUrl.invalid'),
      });
    return t(`webhooks.errors.${code}`, { defaultValue: t('error.messageRetry') });
  };
}

/**
 * Rights notices' downstream endpoints (docs/rights-notices.md), for administrators: register one
 * (its signing secret shown once), see its last deliveries, send a signed test, deactivate it; and
 * send the day's notices now.
 */
export default function WebhooksPanel() {
  const { t } = useTranslation();
  const endpoints = useQuery(webhookListQueryOptions());
  const refusal = useRefusalText();
  const run = useMutation({ mutationFn: runRightsNotices });
  return (
    <Stack gap="5" data-testid="webhooks-panel">
      <Text color="fg.muted">{t('webhooks.intro')}</Text>
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" loading={run.isPending} onClick={() => run.mutate()}>
          <BellRing />
          {t('webhooks.runNow')}
        </Button>
        {run.isSuccess ? (
          <Text role="status">
            {t('manage.jobNames.rights-notices')}: {t('uploads.status.queued')}
          </Text>
        ) : null}
        {run.isError ? <Text color="fg.error">{refusal(run.error)}</Text> : null}
      </HStack>
      <RegisterForm />
      {endpoints.isPending ? (
        <Skeleton height="24" rounded="l2" />
      ) : endpoints.isError ? (
        <InlineError
          message={t('error.messageRetry')}
          error={endpoints.error}
          retrying={endpoints.isRefetching}
          onRetry={() => void endpoints.refetch()}
        />
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          icon={<Webhook />}
          title={t('manage.tabs.webhooks')}
          description={t('webhooks.empty.description')}
        />
      ) : (
        <Stack gap="4">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The registration: an http(s) address, the department it hears, a description. */
function RegisterForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalText();
  const { departments, loaded } = useDepartments((session, code) =>
    mayManageDepartmentWebhooks(session, code),
  );
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [department, setDepartment] = useState<string | null>(null);
  const [registered, setRegistered] = useState<RegisteredWebhook | null>(null);
  const chosen = department ?? departments[0]?.code ?? null;
  const register = useMutation({
    mutationFn: () =>
      registerWebhook({ url: url.trim(), department: chosen, description: description.trim() }),
    onSuccess: async (made) => {
      setRegistered(made);
      setUrl('');
      setDescription('');
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) register.mutate();
  };
  if (!loaded) return <Skeleton height="20" rounded="l2" />;
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" rounded="l2" p="4">
      <Stack gap="3">
        <HStack gap="3" wrap="wrap" alignItems="flex-end">
          <Field.Root flex="2" minW="64" invalid={register.isError}>
            <Field.Label>{t('webhooks.register.url')}</Field.Label>
            <Input
              value={url}
              type="url"
              inputMode="url"
              maxLength={WEBHOOK_LIMITS.urlMaxLength}
              placeholder="https://"
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field.Root>
          {chosen ? (
            <Field.Root flex="1" minW="40">
              <Field.Label>{t('webhooks.register.department')}</Field.Label>
              <Select
                value={chosen}
                options={departments.map((d) => ({ value: d.code, label: d.name }))}
                onChange={setDepartment}
              />
            </Field.Root>
          ) : null}
          <Field.Root flex="2" minW="48">
            <Field.Label>{t('webhooks.register.description')}</Field.Label>
            <Input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
          </Field.Root>
          <Button type="submit" size="sm" loading={register.isPending} disabled={!url.trim()}>
            {t('webhooks.register.action')}
          </Button>
        </HStack>
        {register.isError ? (
          <Text color="fg.error" role="alert">
            {refusal(register.error)}
          </Text>
        ) : null}
        {registered ? (
          <Alert.Root status="success" alignItems="flex-start">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Title wordBreak="break-all">{registered.url}</Alert.Title>
              <Alert.Description>{t('webhooks.register.secretOnce')}</Alert.Description>
              <SecretField secret={registered.secret} />
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The signing secret, read-only, with a button that copies it (and says so). */
function SecretField({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <HStack gap="2">
      <Input
        readOnly
        value={secret}
        aria-label={t('webhooks.register.secret')}
        size="sm"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button size="sm" variant="outline" onClick={copy} aria-live="polite">
        {copied ? <Check /> : <Copy />}
        {copied ? t('sharing.copied') : t('webhooks.register.copy')}
      </Button>
    </HStack>
  );
}

/** One endpoint: its address and department, whether it is active, its last deliveries, its actions. */
function EndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const refusal = useRefusalText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const test = useMutation({ mutationFn: () => testWebhook(endpoint.id), onSuccess: refresh });
  const deactivate = useMutation({ mutationFn: () => deactivateWebhook(endpoint.id), onSuccess: refresh });
  const failure = test.error ?? deactivate.error;
  return (
    <Box borderWidth="1px" rounded="l2" p="4" data-testid="webhook-endpoint">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold" wordBreak="break-all">
              {endpoint.url}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {[
                endpoint.department ?? t('webhooks.allDepartments'),
                endpoint.description,
                endpoint.createdBy,
                formatDateTime(endpoint.createdAt, language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <HStack gap="2">
            <Badge colorPalette={endpoint.active ? 'green' : 'gray'}>
              {endpoint.active ? t('webhooks.active') : t('webhooks.inactive')}
            </Badge>
            {endpoint.active ? (
              <>
                <Button size="xs" variant="outline" loading={test.isPending} onClick={() => test.mutate()}>
                  <Send />
                  {t('webhooks.test')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  loading={deactivate.isPending}
                  onClick={() => deactivate.mutate()}
                >
                  {t('webhooks.deactivate')}
                </Button>
              </>
            ) : null}
          </HStack>
        </HStack>
        {failure ? (
          <Text color="fg.error" role="alert">
            {refusal(failure)}
          </Text>
        ) : null}
        {endpoint.deliveries.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('webhooks.noDeliveries')}
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="l2">
            <Table.Root size="sm" aria-label={endpoint.url}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('webhooks.columns.when')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('webhooks.columns.event')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('webhooks.columns.state')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('webhooks.columns.answer')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {endpoint.deliveries.map((d) => (
                  <Table.Row key={d.id}>
                    <Table.Cell>{formatDateTime(d.deliveredAt ?? d.createdAt, language)}</Table.Cell>
                    <Table.Cell>
                      {t(`webhooks.events.${d.event}`, { defaultValue: d.event })}
                      {d.assetName ? (
                        <Text as="span" color="fg.muted" wordBreak="break-word">
                          {' · '}
                          {d.assetName}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATE_PALETTE[d.state]}>{t(`webhooks.states.${d.state}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {t('webhooks.attempts', { count: d.attempts })}
                      {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : ''}
                      {d.lastError && d.state !== 'delivered' ? ` · ${d.lastError}` : ''}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Box>
  );
}
