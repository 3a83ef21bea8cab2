import { List, VisuallyHidden } from '@chakra-ui/react';
import { SHARE_PASSWORD_PROBLEMS, sharePasswordProblems } from '@paddock/rules';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** SPEC §5's password rule, each part ticked off live as the user types (the rule of packages/rules). */
export function PasswordChecks({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const missing = new Set(sharePasswordProblems(password));
  return (
    <List.Root id={id} variant="plain" gap="1" fontSize="sm" aria-label={t('sharing.dialog.passwordRules')}>
      {SHARE_PASSWORD_PROBLEMS.map((rule) => {
        const met = !missing.has(rule);
        return (
          <List.Item key={rule} color={met ? 'fg.success' : 'fg.muted'} data-met={met}>
            <List.Indicator asChild>{met ? <Check /> : <X />}</List.Indicator>
            {t(`sharing.password.${rule}`)}
            <VisuallyHidden>
              {met ? t('sharing.dialog.ruleMet') : t('sharing.dialog.ruleMissing')}
            </VisuallyHidden>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
