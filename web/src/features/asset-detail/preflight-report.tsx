import { Badge, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { AssetPreflight, PreflightResult, PreflightVerdict } from '@paddock/rules';
import { useId } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

const VERDICT_PALETTE: Record<PreflightVerdict, string> = { pass: 'green', warn: 'orange', block: 'red' };

/**
 * The current version's pre-flight (issue 27): the verdict, then what failed or could not be
 * checked, each in the user's language with what was measured and what the rule asks; the checks
 * that passed are only named, so the reasons stand out. Where nothing waited for it (an upload
 * outside the workflow) it says it is advice. `compact`: beside a file in the upload dialog, the
 * reasons only.
 */
export function PreflightReport({
  preflight,
  compact = false,
}: {
  preflight: AssetPreflight;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const reasons = preflight.results.filter((r) => r.outcome !== 'pass');
  const passed = preflight.results.filter((r) => r.outcome === 'pass');
  // The rules package names the catalogue key (preflight.results.*, preflight.cannotRun.*).
  const sentence = (r: PreflightResult) => t(r.message.key as ParseKeys, r.message.params);
  return (
    <Stack gap="2" role="region" aria-labelledby={headingId}>
      <HStack gap="2">
        <Heading as={compact ? 'h4' : 'h3'} size={compact ? 'xs' : 'sm'} id={headingId}>
          {t('preflight.title')}
        </Heading>
        <Badge
          colorPalette={VERDICT_PALETTE[preflight.verdict]}
          variant={preflight.gates ? 'solid' : 'subtle'}
        >
          {t(`preflight.verdicts.${preflight.verdict}`)}
        </Badge>
      </HStack>
      {preflight.gates ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('preflight.adviceOnly')}
        </Text>
      )}
      {reasons.length ? (
        <List.Root gap="1" ps="4" aria-label={t('preflight.reasons')}>
          {reasons.map((r) => (
            <List.Item key={r.ruleId}>
              <HStack gap="2" align="baseline" wrap="wrap">
                <Badge
                  size="sm"
                  variant="subtle"
                  colorPalette={r.outcome === 'fail' && r.action === 'block' ? 'red' : 'orange'}
                >
                  {r.outcome === 'fail'
                    ? t(`preflight.actions.${r.action}`)
                    : t('preflight.outcomes.cannot-run')}
                </Badge>
                {/* Beside a file, the sentence names what was measured: the check's name is not repeated. */}
                {compact ? null : (
                  <Text as="span" fontWeight="medium">
                    {t(`preflight.checks.${r.check}`)}
                  </Text>
                )}
                <Text as="span">{sentence(r)}</Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      {passed.length && !compact ? (
        <Text fontSize="sm" color="fg.muted">
          {t('preflight.passed', {
            count: passed.length,
            checks: passed.map((r) => t(`preflight.checks.${r.check}`)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
