import { Button, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../../api/session.api';
import { Field } from '../../components/ui/field';
import { LanguageSelect } from '../language/language-select';

interface LoginFormProps {
  submitting: boolean;
  onSubmit(credentials: Credentials): void;
  /** Called instead of onSubmit when a field is empty. */
  onIncomplete(): void;
}

export function LoginForm({ submitting, onSubmit, onIncomplete }: LoginFormProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') onIncomplete();
    else onSubmit({ username: username.trim(), password });
  };

  // noValidate: the browser's own bubbles would speak the browser's language, not the one chosen here.
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field label={t('auth.login.username')}>
          <Input
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
        </Field>
        <Field label={t('auth.login.password')}>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </Field>
        <Field label={t('language.label')}>
          <LanguageSelect />
        </Field>
        <Button type="submit" loading={submitting} w="full">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
