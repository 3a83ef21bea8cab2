import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  ENRICHMENT_ERROR_CODES as CODES,
  LANGUAGES,
  LIMITS,
  freeTagNames,
  freeTagNamesProblem,
  labelIn,
  tagNamedLike,
  type FreeTag,
  type FreeTagNames,
  type Language,
  type TagOptionsResponse,
  type TagSummary,
} from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from '../../api/api-error';
import { createFreeTag, taggingKeys } from '../../api/tagging.api';
import { Field } from '../../components/ui/field';
import { useLanguage } from '../../i18n/use-language';
import { latin1Input } from '../ui/latin1-input';
import { useShowApiError } from '../ui/use-show-api-error';

interface NewTagFieldProps {
  /** The free tags listed: a typed name one of them bears, in any case, is that tag, not a new one. */
  existing: readonly TagSummary[];
  /** The tag the user now wants: the one just created, or the listed one the typed name is. */
  onChosen(tag: TagSummary): void;
}

/**
 * A free tag by typing it (SPEC §3 free tags, §7 itagdefinition/insert), in the wizard's step 3 and
 * the smart bar's tagging alike: the name in the interface language, translations if the user
 * gives them, Enter to create it and choose it. A name the listing already has chooses that tag.
 */
export function NewTagField({ existing, onChosen }: NewTagFieldProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const showApiError = useShowApiError();
  const [typed, setTyped] = useState<FreeTagNames>({});
  const [translating, setTranslating] = useState(false);
  const [done, setDone] = useState<{ name: string; created: boolean } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const translationsId = useId();
  const order: Language[] = [language, ...LANGUAGES.filter((l) => l !== language)];

  // What would be sent: typographic punctuation in its Latin-1 form (SPEC §5), trimmed.
  const cleaned = Object.fromEntries(order.map((l) => [l, latin1Input(typed[l] ?? '')])) as Record<
    Language,
    ReturnType<typeof latin1Input>
  >;
  const names = freeTagNames(Object.fromEntries(order.map((l) => [l, cleaned[l].text])));
  const taken = tagNamedLike(Object.values(names), existing);
  const problemOf = (l: Language): string | undefined => {
    const { refused } = cleaned[l];
    if (refused) return t('dialogs.latin1', { characters: refused });
    if (freeTagNamesProblem({ [l]: cleaned[l].text })?.problem === 'invalid')
      return t('tagging.new.tooLong', { max: LIMITS.nameMaxLength });
    return undefined;
  };
  const invalid = order.some((l) => problemOf(l) !== undefined);

  const choose = (tag: TagSummary, created: boolean) => {
    onChosen(tag);
    setTyped({});
    setRefusal(null);
    setDone({ name: labelIn(tag.names, language), created });
  };
  const create = useMutation({
    mutationFn: createFreeTag,
    onSuccess: async (tag: FreeTag) => {
      const summary = { id: tag.id, classificationId: tag.classificationId, names: tag.names };
      // Listed at once in every language already loaded, so that it shows ticked; then in order.
      for (const l of LANGUAGES)
        queryClient.setQueryData<TagOptionsResponse>(
          taggingKeys.options(l),
          (listing) => listing && { items: [...listing.items, { ...summary, label: labelIn(tag.names, l) }] },
        );
      choose(summary, true);
      await queryClient.invalidateQueries({ queryKey: taggingKeys.all });
    },
    onError: (error) => {
      const ownCodes: ApiErrorCode[] = [CODES.TAG_EXISTS, CODES.TAG_NAME_INVALID];
      if (isApiError(error) && ownCodes.includes(error.code)) {
        setRefusal(t(`error.codes.${error.code as typeof CODES.TAG_EXISTS}`));
        // Someone else created it meanwhile: the listing shows it again.
        void queryClient.invalidateQueries({ queryKey: taggingKeys.all });
      } else showApiError(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (taken) choose(taken, false);
    else if (Object.keys(names).length && !invalid) create.mutate({ names });
  };
  const change = (l: Language, value: string) => {
    setTyped((before) => ({ ...before, [l]: value }));
    setDone(null);
    setRefusal(null);
  };
  const takenName = taken ? labelIn(taken.names, language) : '';
  const own = order[0]!;

  return (
    // As wide as a name needs: at full width a short tag's field would look like a note's.
    <Stack as="form" gap="2" maxW="3xl" onSubmit={submit} aria-labelledby={titleId}>
      <Text id={titleId} fontWeight="semibold">
        {t('tagging.new.title')}
      </Text>
      <Field
        label={t('tagging.new.name', { language: t(`language.${own}`) })}
        error={problemOf(own) ?? refusal ?? undefined}
        helper={taken ? t('tagging.new.exists', { name: takenName }) : t('tagging.new.hint')}
      >
        <HStack gap="2" align="start" w="full">
          <Input
            flex="1"
            value={typed[own] ?? ''}
            onChange={(event) => change(own, event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="outline" loading={create.isPending} disabled={invalid}>
            {taken ? <Check /> : <Plus />}
            {taken ? t('tagging.new.choose', { name: takenName }) : t('tagging.new.create')}
          </Button>
        </HStack>
      </Field>
      <Box>
        <Button
          variant="plain"
          size="xs"
          px="0"
          aria-expanded={translating}
          aria-controls={translationsId}
          onClick={() => setTranslating((open) => !open)}
        >
          {translating ? t('tagging.new.hideTranslations') : t('tagging.new.showTranslations')}
        </Button>
      </Box>
      <SimpleGrid id={translationsId} hidden={!translating} columns={{ base: 1, md: 2 }} gap="3">
        {order.slice(1).map((l) => (
          <Field key={l} label={t('tagging.new.name', { language: t(`language.${l}`) })} error={problemOf(l)}>
            <Input
              value={typed[l] ?? ''}
              onChange={(event) => change(l, event.target.value)}
              autoComplete="off"
            />
          </Field>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.success" aria-live="polite" minH="5">
        {done ? t(done.created ? 'tagging.new.created' : 'tagging.new.chosen', { name: done.name }) : ''}
      </Text>
    </Stack>
  );
}
