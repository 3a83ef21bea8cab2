import { Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { SAVED_SEARCH_LIMITS, type SharedWith } from '@paddock/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/use-session';

/** Usernames typed with commas, spaces or semicolons between them. */
export function usernamesOf(typed: string): string[] {
  return [...new Set(typed.split(/[\s,;]+/).filter(Boolean))];
}

interface ShareFormProps {
  initial: SharedWith;
  /** Named for the form's submit: the dialog's footer button submits it. */
  formId: string;
  error: string | null;
  onShare(sharing: SharedWith): void;
}

/**
 * With whom a saved search or a collection is shared: colleagues by username, and the user's own
 * department. The hub checks both against its directory; what is sent replaces the sharing.
 */
export function ShareForm({ initial, formId, error, onShare }: ShareFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [users, setUsers] = useState(initial.users.join(', '));
  const [department, setDepartment] = useState(initial.department !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        const list = usernamesOf(users);
        if (list.length > SAVED_SEARCH_LIMITS.shareUsersMax)
          return setProblem(t('savedSearches.share.tooMany', { max: SAVED_SEARCH_LIMITS.shareUsersMax }));
        setProblem(null);
        onShare({ users: list, department: department && session.department ? session.department : null });
      }}
    >
      <Stack gap="4">
        <Field.Root invalid={shown !== null}>
          <Field.Label>{t('savedSearches.share.users')}</Field.Label>
          <Input autoFocus value={users} onChange={(event) => setUsers(event.target.value)} />
          {shown ? (
            <Field.ErrorText>{shown}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('savedSearches.share.usersHelp')}</Field.HelperText>
          )}
        </Field.Root>
        {session.department ? (
          <Checkbox.Root
            checked={department}
            onCheckedChange={(details) => setDepartment(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {t('savedSearches.share.department', { department: session.department })}
            </Checkbox.Label>
          </Checkbox.Root>
        ) : (
          <Text color="fg.muted">{t('savedSearches.share.noDepartment')}</Text>
        )}
      </Stack>
    </form>
  );
}
