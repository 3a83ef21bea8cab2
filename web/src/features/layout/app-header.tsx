import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/ui/router-link';
import { LanguageSelect } from '../language/language-select';
import { useSession } from '../session/use-session';
import { useSignOut } from '../session/use-sign-out';
import { UploadIndicator } from '../uploads/upload-indicator';
import { MyJobsButton } from '../jobs/my-jobs-button';
import { usePreferredLanguage } from './use-preferred-language';
import { enumLabel } from '../../i18n/enum-labels';
import { useQuery } from '@tanstack/react-query';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { sideOfRoles } from '../workflow/workflow-folders';
import { onDemand } from '../ui/on-demand';
import { SwitchPlaceholder } from '../../components/ui/switch-placeholder';

/** The switch's look under its name while its code loads, as the switch stays until the preferences arrive. */
function PreferencePending({ label }: { label: 'preferences.rejectionMail' | 'preferences.rightsDigest' }) {
  const { t } = useTranslation();
  return <SwitchPlaceholder size="sm" colorPalette="gray" label={t(label)} />;
}

// The preference switches' code (Ark's switch) comes just after the first render, which shows
// them disabled until the preferences arrive anyway (issue 26).
const RejectionMailSwitch = onDemand(
  () => import('./rejection-mail-switch').then((module) => module.RejectionMailSwitch),
  <PreferencePending label="preferences.rejectionMail" />,
);
const RightsDigestSwitch = onDemand(
  () => import('./rights-digest-switch').then((module) => module.RightsDigestSwitch),
  <PreferencePending label="preferences.rightsDigest" />,
);

export function AppHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const savePreferredLanguage = usePreferredLanguage();
  const roles = session.roles.map((role) => enumLabel(t, 'role', role)).join(', ');
  const [language] = useLanguage();
  const supplier = sideOfRoles(session.roles) === 'supplier';
  // A supplier belongs to no department: it says whom it works for, as its tree's top folders name them.
  const roots = useQuery({ ...folderTreeQueryOptions(language), enabled: supplier }).data?.roots ?? [];
  const supplied = [...new Set(roots.flatMap((root) => (root.department ? [root.department] : [])))];

  return (
    <Box as="header" bg="brand.solid" color="brand.contrast" px="6" py="3">
      <Flex align="center" gap="6" wrap="wrap">
        <RouterLink to="/home" color="inherit" fontSize="xl" fontWeight="bold" letterSpacing="tight">
          {t('app.name')}
        </RouterLink>
        <HStack ms="auto" gap="5" wrap="wrap">
          <UploadIndicator />
          <MyJobsButton />
          <Stack gap="0" textAlign="end" lineHeight="short">
            <Text fontWeight="semibold">
              {session.firstName} {session.lastName}
            </Text>
            <Text fontSize="sm" opacity={0.85}>
              {supplier
                ? supplied.length
                  ? t('layout.supplierFor', { departments: supplied.join(', ') })
                  : session.companyName
                : t('layout.roleAndDepartment', {
                    roles,
                    department: session.department ?? t('layout.noDepartment'),
                  })}
            </Text>
          </Stack>
          {supplier ? (
            <Box bg="bg" color="fg" rounded="l2" px="2" py="1">
              <RejectionMailSwitch />
            </Box>
          ) : (
            <Box bg="bg" color="fg" rounded="l2" px="2" py="1">
              <RightsDigestSwitch />
            </Box>
          )}
          <Box bg="bg" color="fg" rounded="l2">
            <LanguageSelect size="sm" withAriaLabel onChanged={savePreferredLanguage} />
          </Box>
          <Button size="sm" variant="surface" colorPalette="gray" onClick={signOut}>
            <LogOut />
            {t('auth.signOut')}
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}
