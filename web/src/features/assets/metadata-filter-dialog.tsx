import { Button, Field, Fieldset, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import {
  METADATA_COMBINATORS,
  METADATA_FILTER_LIMITS,
  METADATA_OPERATORS,
  SEARCHABLE_METADATA_KEYS,
  metadataClauseProblem,
  type MetadataClause,
  type MetadataCombinator,
  type MetadataFilter,
  type MetadataOperator,
} from '@paddock/rules';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';

const emptyClause = (): MetadataClause => ({
  key: SEARCHABLE_METADATA_KEYS[0],
  operator: 'EQUAL',
  value: '',
});
const emptyGroup = (): MetadataFilter => ({ combinator: 'MUST', clauses: [emptyClause()] });

/** The filter as the hub takes it: value2 only for BETWEEN, values trimmed. */
function cleaned(groups: readonly MetadataFilter[]): MetadataFilter[] {
  return groups.map((group) => ({
    combinator: group.combinator,
    clauses: group.clauses.map(({ key, operator, value, value2 }) => ({
      key,
      operator,
      value: value.trim(),
      ...(operator === 'BETWEEN' ? { value2: (value2 ?? '').trim() } : {}),
    })),
  }));
}

export interface MetadataFilterDialogProps {
  value: readonly MetadataFilter[];
  onChange(next: MetadataFilter[]): void;
  onClose(): void;
}

/**
 * The metadata search of SPEC §3: groups of conditions (metadata, EQUAL / LESS / MORE / BETWEEN,
 * value), each group must contain, must not contain or hold at least one of them. Applied only
 * when every condition is complete. It starts from the filter applied, or one empty group.
 */
export function MetadataFilterDialog({ value, onChange, onClose }: MetadataFilterDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MetadataFilter[]>(() =>
    value.length ? value.map((g) => ({ ...g, clauses: g.clauses.map((c) => ({ ...c })) })) : [emptyGroup()],
  );
  const [checked, setChecked] = useState(false);
  const setGroup = (index: number, group: MetadataFilter) =>
    setDraft((groups) => groups.map((g, i) => (i === index ? group : g)));
  const setClause = (gi: number, ci: number, change: Partial<MetadataClause>) =>
    setGroup(gi, {
      ...draft[gi]!,
      clauses: draft[gi]!.clauses.map((c, i) => (i === ci ? { ...c, ...change } : c)),
    });
  const apply = () => {
    const next = cleaned(draft);
    if (next.some((g) => g.clauses.some((c) => metadataClauseProblem(c) !== null))) {
      setChecked(true);
      return;
    }
    onChange(next);
    onClose();
  };

  return (
    <AppDialog
      open
      dismissible
      onDismiss={onClose}
      size="lg"
      title={t('assets.metadata.title')}
      footer={
        <HStack justify="space-between" w="full">
          <Button
            variant="ghost"
            onClick={() => {
              onChange([]);
              onClose();
            }}
          >
            {t('assets.metadata.clear')}
          </Button>
          <HStack>
            <Button variant="outline" onClick={() => onClose()}>
              {t('assets.metadata.cancel')}
            </Button>
            <Button onClick={apply}>{t('assets.metadata.apply')}</Button>
          </HStack>
        </HStack>
      }
    >
      <Stack gap="5">
        {draft.map((group, gi) => (
          <Fieldset.Root key={gi} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between">
              <Fieldset.Legend>{t('assets.metadata.group', { number: gi + 1 })}</Fieldset.Legend>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('assets.metadata.removeGroup', { number: gi + 1 })}
                onClick={() => setDraft((groups) => groups.filter((_, i) => i !== gi))}
              >
                <Trash2 />
              </IconButton>
            </HStack>
            <Field.Root>
              <Field.Label>{t('assets.metadata.combinator')}</Field.Label>
              <Select<MetadataCombinator>
                size="sm"
                value={group.combinator}
                options={METADATA_COMBINATORS.map((c) => ({
                  value: c,
                  label: t(`assets.metadata.combinators.${c}`),
                }))}
                onChange={(combinator) => setGroup(gi, { ...group, combinator })}
              />
            </Field.Root>
            {group.clauses.map((clause, ci) => {
              const problem = checked ? metadataClauseProblem(clause) : null;
              const number = ci + 1;
              return (
                <Stack key={ci} gap="1">
                  <HStack gap="2" align="end" wrap="wrap">
                    <Field.Root w="auto">
                      <Field.Label>{t('assets.metadata.key')}</Field.Label>
                      <Select<string>
                        size="sm"
                        value={clause.key}
                        options={SEARCHABLE_METADATA_KEYS.map((key) => ({
                          value: key,
                          label: t(`metadataKeys.${key}`, { defaultValue: key }),
                        }))}
                        onChange={(key) => setClause(gi, ci, { key })}
                      />
                    </Field.Root>
                    <Field.Root w="auto">
                      <Field.Label>{t('assets.metadata.operator')}</Field.Label>
                      <Select<MetadataOperator>
                        size="sm"
                        value={clause.operator}
                        options={METADATA_OPERATORS.map((o) => ({
                          value: o,
                          label: t(`assets.metadata.operators.${o}`),
                        }))}
                        onChange={(operator) => setClause(gi, ci, { operator })}
                      />
                    </Field.Root>
                    <Field.Root w="36" invalid={problem !== null}>
                      <Field.Label>{t('assets.metadata.value')}</Field.Label>
                      <Input
                        size="sm"
                        value={clause.value}
                        onChange={(event) => setClause(gi, ci, { value: event.target.value })}
                      />
                    </Field.Root>
                    {clause.operator === 'BETWEEN' ? (
                      <Field.Root w="36" invalid={problem !== null}>
                        <Field.Label>{t('assets.metadata.value2')}</Field.Label>
                        <Input
                          size="sm"
                          value={clause.value2 ?? ''}
                          onChange={(event) => setClause(gi, ci, { value2: event.target.value })}
                        />
                      </Field.Root>
                    ) : null}
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={t('assets.metadata.removeClause', { number })}
                      disabled={group.clauses.length === 1}
                      onClick={() =>
                        setGroup(gi, { ...group, clauses: group.clauses.filter((_, i) => i !== ci) })
                      }
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                  {problem ? (
                    <Field.Root invalid>
                      <Field.ErrorText>{t(`assets.metadata.problems.${problem}`)}</Field.ErrorText>
                    </Field.Root>
                  ) : null}
                </Stack>
              );
            })}
            <Button
              size="xs"
              variant="outline"
              alignSelf="start"
              disabled={group.clauses.length >= METADATA_FILTER_LIMITS.clauses}
              onClick={() => setGroup(gi, { ...group, clauses: [...group.clauses, emptyClause()] })}
            >
              <Plus />
              {t('assets.metadata.addClause')}
            </Button>
          </Fieldset.Root>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={draft.length >= METADATA_FILTER_LIMITS.groups}
          onClick={() => setDraft((groups) => [...groups, emptyGroup()])}
        >
          <Plus />
          {t('assets.metadata.addGroup')}
        </Button>
      </Stack>
    </AppDialog>
  );
}
