import {
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  RadioGroup,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import {
  SHARE_EXPIRY_PICK_KEYS,
  SHARE_LANGUAGES,
  SHARE_MAX_VALIDITY_DAYS,
  SHARE_TEXT_LIMITS,
  defaultShareExpiry,
  generateSharePassword,
  shareExpiryOf,
  type ShareExpiryPick,
  type ShareLanguage,
  type ShareType,
} from '@paddock/rules';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { Select } from '../../components/ui/select';
import { formatDateTime } from '../assets/format';
import { PasswordChecks } from './password-checks';
import { randomBelow } from './random-below';
import { addRecipient } from './recent-recipients';

/** What the details step edits (SPEC §3 "External share request"). */
export interface ShareDetails {
  name: string;
  message: string;
  recipients: string;
  language: ShareLanguage;
  contentDownload: boolean;
  /** A quick pick (SPEC §9's 24 h by default), or 'custom' for `expiresAt`. */
  expiry: ShareExpiryPick;
  /** The custom expiry: a `datetime-local` value, in the user's time zone. */
  expiresAt: string;
  disclaimer: string;
  password: string;
}

interface ShareDetailsStepProps {
  type: ShareType;
  details: ShareDetails;
  onChange(next: ShareDetails): void;
  recent: readonly string[];
  /** Field-level problems found before sending (recipients). */
  recipientsProblem: string | null;
  /** The custom expiry's problem found before sending. */
  expiryProblem: string | null;
}

/** A `datetime-local` value (local time, minutes) for `at`. */
export function localInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The details a new share starts from: SPEC §9's 24 h, downloads allowed, the reader's language. */
export function newShareDetails(language: ShareLanguage): ShareDetails {
  return {
    name: '',
    message: '',
    recipients: '',
    language,
    contentDownload: true,
    expiry: 'day',
    expiresAt: localInput(defaultShareExpiry(new Date())),
    disclaimer: '',
    password: '',
  };
}

/** Step 2 of the external-share dialog (SPEC §2): the share's details and its password. */
export function ShareDetailsStep({
  type,
  details,
  onChange,
  recent,
  recipientsProblem,
  expiryProblem,
}: ShareDetailsStepProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const rulesId = useId();
  const expiryId = useId();
  // A generated password is shown, so the sender can read it out; a typed one stays masked.
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const now = new Date();
  const set = <K extends keyof ShareDetails>(key: K, value: ShareDetails[K]) =>
    onChange({ ...details, [key]: value });
  const generate = () => {
    set('password', generateSharePassword(randomBelow));
    setShown(true);
    setCopied(false);
  };
  const copy = () =>
    void navigator.clipboard.writeText(details.password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Stack gap="4">
      <Field.Root required>
        <Field.Label>
          {t('sharing.dialog.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={details.name}
          maxLength={SHARE_TEXT_LIMITS.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </Field.Root>
      {type === 'email' ? (
        <Field.Root required invalid={!!recipientsProblem}>
          <Field.Label>
            {t('sharing.dialog.recipients')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="text"
            inputMode="email"
            value={details.recipients}
            placeholder={t('sharing.dialog.recipientsPlaceholder')}
            onChange={(e) => set('recipients', e.target.value)}
          />
          <Field.HelperText>{t('sharing.dialog.recipientsHelp')}</Field.HelperText>
          {recipientsProblem ? <Field.ErrorText>{recipientsProblem}</Field.ErrorText> : null}
          {recent.length ? (
            <Stack gap="1" mt="1">
              <Text fontSize="sm" color="fg.muted">
                {t('sharing.dialog.recent')}
              </Text>
              <Wrap gap="1" role="group" aria-label={t('sharing.dialog.recent')}>
                {recent.map((address) => (
                  <Button
                    key={address}
                    size="xs"
                    variant="subtle"
                    onClick={() => set('recipients', addRecipient(details.recipients, address))}
                  >
                    {address}
                  </Button>
                ))}
              </Wrap>
            </Stack>
          ) : null}
        </Field.Root>
      ) : null}
      <Field.Root>
        <Field.Label>{t('sharing.dialog.message')}</Field.Label>
        <Textarea
          rows={3}
          value={details.message}
          maxLength={SHARE_TEXT_LIMITS.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field.Root>
      <Field.Root maxW="sm">
        <Field.Label>{t('sharing.dialog.language')}</Field.Label>
        <Select
          value={details.language}
          options={SHARE_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          onChange={(language) => set('language', language)}
          aria-label={t('sharing.dialog.language')}
        />
      </Field.Root>
      <Field.Root invalid={!!expiryProblem}>
        <RadioGroup.Root
          value={details.expiry}
          onValueChange={(d) => set('expiry', SHARE_EXPIRY_PICK_KEYS.find((k) => k === d.value) ?? 'day')}
          aria-labelledby={expiryId}
        >
          <Field.Label id={expiryId}>{t('sharing.dialog.expiresAt')}</Field.Label>
          <Wrap gap="4" mt="1">
            {SHARE_EXPIRY_PICK_KEYS.map((pick) => (
              <RadioGroup.Item key={pick} value={pick}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`sharing.dialog.expiryPicks.${pick}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Wrap>
        </RadioGroup.Root>
        {details.expiry === 'custom' ? (
          <Input
            mt="2"
            maxW="sm"
            type="datetime-local"
            aria-label={t('sharing.dialog.expiryCustom')}
            min={localInput(now)}
            max={localInput(new Date(now.getTime() + SHARE_MAX_VALIDITY_DAYS * 86_400_000))}
            value={details.expiresAt}
            onChange={(e) => set('expiresAt', e.target.value)}
          />
        ) : (
          <Field.HelperText>
            {formatDateTime(shareExpiryOf(details.expiry, now).toISOString(), language)}
          </Field.HelperText>
        )}
        {expiryProblem ? <Field.ErrorText>{expiryProblem}</Field.ErrorText> : null}
      </Field.Root>
      <Checkbox.Root
        checked={details.contentDownload}
        onCheckedChange={(d) => set('contentDownload', d.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('sharing.dialog.contentDownload')}</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label>{t('sharing.dialog.disclaimer')}</Field.Label>
        <Textarea
          rows={2}
          value={details.disclaimer}
          maxLength={SHARE_TEXT_LIMITS.disclaimer}
          onChange={(e) => set('disclaimer', e.target.value)}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('sharing.dialog.password')}
          <Field.RequiredIndicator />
        </Field.Label>
        <HStack gap="2" width="full">
          <Input
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            value={details.password}
            aria-describedby={rulesId}
            onChange={(e) => {
              setShown(false);
              setCopied(false);
              set('password', e.target.value);
            }}
          />
          <Button size="sm" variant="outline" onClick={generate}>
            <KeyRound />
            {t('sharing.dialog.generatePassword')}
          </Button>
          <Button size="sm" variant="outline" onClick={copy} disabled={!details.password} aria-live="polite">
            {copied ? <Check /> : <Copy />}
            {copied ? t('sharing.copied') : t('sharing.dialog.copyPassword')}
          </Button>
        </HStack>
        <Field.HelperText>{t('sharing.dialog.passwordHelp')}</Field.HelperText>
      </Field.Root>
      <PasswordChecks password={details.password} id={rulesId} />
    </Stack>
  );
}
