import { Alert, Button, Text } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { errorText } from './error-text';

interface InlineErrorProps {
  /** What could not be done, already translated: shown when the error's code has no text of its own. */
  message: string;
  error: unknown;
  /** Offered where trying again may help (a load); without it there is no Retry. */
  onRetry?: () => void;
  retrying?: boolean;
  /**
   * `message` over the code's catalogue text: for a code SPEC §8 gives two situations (E032, a tag
   * insert and the category lookup), the catalogue's text tells the other one.
   */
  ownText?: boolean;
}

/**
 * A failure shown where its content would be, with its SPEC §8 text and code and a Retry: the page
 * stays usable, unlike a dialog followed by an empty area.
 */
export function InlineError({
  message,
  error,
  onRetry,
  retrying = false,
  ownText = false,
}: InlineErrorProps) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.shownCode : undefined;
  return (
    // The Retry goes under the text where the place is narrow (the folder tree's panel).
    <Alert.Root status="error" role="alert" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="40">
        <Alert.Description>
          <Text>{ownText ? message : errorText(t, error, message)}</Text>
          {code ? (
            <Text fontSize="sm" color="fg.muted">
              {t('error.code', { 0: code })}
            </Text>
          ) : null}
        </Alert.Description>
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          <RotateCw />
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert.Root>
  );
}
