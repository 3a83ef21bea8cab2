import { Box, Button, Checkbox, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import {
  mayEditPreflightRules,
  CONTENT_TYPES,
  PREFLIGHT_ACTIONS,
  PREFLIGHT_CHECKS_BY_ASSET_TYPE,
  type ContentType,
  type PreflightCheck,
  type PreflightRuleProblem,
  type PreflightRuleSetView,
} from '@paddock/rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { fetchPreflightRules, resetPreflightRules, savePreflightRules } from '../../api/preflight.api';
import { AlertBanner } from '../../components/ui/alert-banner';
import { Select } from '../../components/ui/select';
import { enumLabel } from '../../i18n/enum-labels';
import { formatDate } from '../assets/format';
import { useDepartments } from './use-departments';
import {
  draftOf,
  newDraft,
  paramKeysOf,
  paramKindOf,
  problemsByRule,
  rulesOf,
  type DraftRule,
  type DraftValue,
} from './preflight-rule-drafts';

/**
 * Each department's pre-flight rules (issue 27), edited by administrators: per asset type, a check,
 * its parameters and whether a failure warns or blocks. Saved whole or not at all; the hub's
 * problems are shown beside the rule they are about.
 */
export function PreflightRulesPanel() {
  const { t } = useTranslation();
  // The departments whose rules this admin edits (mayEditPreflightRules).
  const { departments, loaded } = useDepartments(mayEditPreflightRules);
  const [department, setDepartment] = useState<string | null>(null);
  const chosen = department ?? departments[0]?.code ?? null;
  if (!chosen)
    return loaded ? (
      <Text color="fg.muted">{t('manage.preflight.noDepartment')}</Text>
    ) : (
      <Skeleton height="40" rounded="l2" />
    );
  return (
    <Stack gap="4">
      <HStack gap="3">
        <Text fontWeight="medium">{t('manage.preflight.department')}</Text>
        <Box maxW="sm" flex="1">
          <Select
            aria-label={t('manage.preflight.department')}
            value={chosen}
            options={departments.map((d) => ({ value: d.code, label: d.name }))}
            onChange={setDepartment}
          />
        </Box>
      </HStack>
      <DepartmentRules key={chosen} department={chosen} />
    </Stack>
  );
}

function DepartmentRules({ department }: { department: string }) {
  const { t } = useTranslation();
  const saved = useQuery({
    queryKey: ['preflight-rules', department],
    queryFn: ({ signal }) => fetchPreflightRules(department, signal),
  });
  const [view, setView] = useState<PreflightRuleSetView | null>(null);
  const [drafts, setDrafts] = useState<DraftRule[]>([]);
  const [problems, setProblems] = useState<PreflightRuleProblem[]>([]);
  const [adding, setAdding] = useState<{ assetType: ContentType; check: PreflightCheck }>({
    assetType: 'IMAGE',
    check: 'minShorterSide',
  });
  const shown = view ?? saved.data ?? null;
  useEffect(() => {
    if (saved.data) setDrafts(saved.data.rules.map(draftOf));
  }, [saved.data]);

  const settle = (next: PreflightRuleSetView) => {
    setView(next);
    setDrafts(next.rules.map(draftOf));
    setProblems([]);
  };
  const save = useMutation({
    mutationFn: () => savePreflightRules(department, rulesOf(drafts)),
    onSuccess: settle,
    onError: (error) =>
      setProblems(
        isApiError(error) && Array.isArray(error.details) ? (error.details as PreflightRuleProblem[]) : [],
      ),
  });
  const reset = useMutation({ mutationFn: () => resetPreflightRules(department), onSuccess: settle });

  if (saved.isPending) return <Skeleton height="40" rounded="l2" />;
  if (saved.isError || !shown) return <AlertBanner>{t('manage.preflight.loadFailed')}</AlertBanner>;
  const byRule = problemsByRule(problems);
  const change = (index: number, next: Partial<DraftRule>) =>
    setDrafts(drafts.map((rule, i) => (i === index ? { ...rule, ...next } : rule)));
  const setParam = (index: number, key: string, value: DraftValue) =>
    change(index, { params: { ...drafts[index]!.params, [key]: value } });

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {shown.isDefault
          ? t('manage.preflight.defaults')
          : t('manage.preflight.savedBy', { user: shown.updatedBy, date: formatDate(shown.updatedAt ?? '') })}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="l2">
        <Table.Root size="sm" aria-label={t('manage.preflight.table')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('manage.preflight.assetType')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manage.preflight.check')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manage.preflight.params')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manage.preflight.action')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {drafts.map((rule, index) => (
              <Table.Row key={rule.id} aria-label={t(`preflight.checks.${rule.check}`)}>
                <Table.Cell>{enumLabel(t, 'contentType', rule.assetType)}</Table.Cell>
                <Table.Cell>
                  <Text>{t(`preflight.checks.${rule.check}`)}</Text>
                  {(byRule.get(index) ?? []).map(({ param, problem }) => (
                    <Text key={`${param}-${problem}`} role="alert" fontSize="sm" color="fg.error">
                      {param ? `${t(`preflight.params.${param}`, { defaultValue: param })}: ` : ''}
                      {t(`preflight.problems.${problem}`)}
                    </Text>
                  ))}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="3" wrap="wrap">
                    {paramKeysOf(rule.check).map((key) => (
                      <ParamField
                        key={key}
                        label={t(`preflight.params.${key}`, { defaultValue: key })}
                        kind={paramKindOf(rule.check, key)}
                        value={rule.params[key] ?? ''}
                        onChange={(value) => setParam(index, key, value)}
                      />
                    ))}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Select
                    size="sm"
                    aria-label={t('manage.preflight.action')}
                    value={rule.action}
                    options={PREFLIGHT_ACTIONS.map((action) => ({
                      value: action,
                      label: t(`preflight.actions.${action}`),
                    }))}
                    onChange={(action) => change(index, { action })}
                  />
                </Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t('manage.preflight.remove', { check: t(`preflight.checks.${rule.check}`) })}
                    onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
                  >
                    <Trash2 />
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {(byRule.get(-1) ?? []).map(({ problem }) => (
        <AlertBanner key={problem}>{t(`preflight.problems.${problem}`)}</AlertBanner>
      ))}
      <HStack gap="2" wrap="wrap">
        <Box w="44">
          <Select
            size="sm"
            aria-label={t('manage.preflight.assetType')}
            value={adding.assetType}
            options={CONTENT_TYPES.map((type) => ({ value: type, label: enumLabel(t, 'contentType', type) }))}
            onChange={(assetType) =>
              setAdding({ assetType, check: PREFLIGHT_CHECKS_BY_ASSET_TYPE[assetType][0]! })
            }
          />
        </Box>
        <Box w="72">
          <Select
            size="sm"
            aria-label={t('manage.preflight.check')}
            value={adding.check}
            options={PREFLIGHT_CHECKS_BY_ASSET_TYPE[adding.assetType].map((check) => ({
              value: check,
              label: t(`preflight.checks.${check}`),
            }))}
            onChange={(check) => setAdding({ ...adding, check })}
          />
        </Box>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            setDrafts([
              ...drafts,
              newDraft(
                adding.assetType,
                adding.check,
                drafts.map((d) => d.id),
              ),
            ])
          }
        >
          {t('manage.preflight.add')}
        </Button>
      </HStack>
      <HStack gap="2">
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {t('manage.preflight.save')}
        </Button>
        <Button
          variant="outline"
          loading={reset.isPending}
          disabled={shown.isDefault}
          onClick={() => reset.mutate()}
        >
          {t('manage.preflight.reset')}
        </Button>
        {save.isSuccess && !problems.length ? (
          <Text role="status" color="fg.success">
            {t('manage.preflight.saved')}
          </Text>
        ) : null}
      </HStack>
    </Stack>
  );
}

function ParamField({
  label,
  kind,
  value,
  onChange,
}: {
  label: string;
  kind: ReturnType<typeof paramKindOf>;
  value: DraftValue;
  onChange(value: DraftValue): void;
}) {
  if (kind === 'flag')
    return (
      <Checkbox.Root size="sm" checked={value === true} onCheckedChange={(e) => onChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    );
  return (
    <HStack gap="1">
      <Text as="span" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Input
        size="sm"
        aria-label={label}
        w={kind === 'number' ? '20' : '48'}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        value={String(value)}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </HStack>
  );
}
