import { chakra, Group, IconButton, Input, Text } from '@chakra-ui/react';
import { Info, Search, X } from 'lucide-react';
import { onDemand } from '../ui/on-demand';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

// Its code comes when the help first opens, not with the page that shows the search box.
const SearchInfoDialog = onDemand(() =>
  import('./search-info-dialog').then((module) => module.SearchInfoDialog),
);

/**
 * The search of SPEC §2. Open: the user types and searches. Cancel (after a search ran): the clear
 * action resets the text and lists the folder with its subfolders.
 */
export type SearchState = 'open' | 'cancel';

interface SearchBoxProps {
  state: SearchState;
  /** The search that ran (from the address), shown again after a reload. */
  text?: string;
  disabled: boolean;
  onSearch(text: string): void;
  onClear(): void;
}

export function SearchBox({ state, text: ran = '', disabled, onSearch, onClear }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(ran);
  const [info, setInfo] = useState(false);
  const why = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <chakra.form
      role="search"
      onSubmit={submit}
      aria-label={t('assets.search.label')}
      flex="1 1 9rem"
      minW="7rem"
      maxW={{ base: 'full', '2xl': '28rem' }}
    >
      <Group attached w="full">
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          // Disabled, the box says so and the line below says why: a tooltip never shows on a disabled input.
          placeholder={disabled ? t('assets.search.disabledPlaceholder') : t('assets.search.placeholder')}
          aria-label={t('assets.search.label')}
          aria-describedby={disabled ? why : undefined}
          disabled={disabled}
          title={disabled ? t('assets.search.disabledHint') : undefined}
          size="sm"
        />
        {state === 'cancel' ? (
          <IconButton
            type="button"
            size="sm"
            variant="outline"
            aria-label={t('assets.search.clear')}
            disabled={disabled}
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            <X />
          </IconButton>
        ) : (
          <IconButton
            type="submit"
            size="sm"
            variant="outline"
            aria-label={t('assets.search.submit')}
            disabled={disabled}
          >
            <Search />
          </IconButton>
        )}
        {/* Open even when searching is not: what the search covers is worth knowing anywhere. */}
        <IconButton
          type="button"
          size="sm"
          variant="outline"
          aria-label={t('assets.searchInfo.open')}
          title={t('assets.searchInfo.open')}
          onClick={() => setInfo(true)}
        >
          <Info />
        </IconButton>
      </Group>
      {disabled ? (
        <Text id={why} fontSize="xs" color="fg.muted" mt="1">
          {t('assets.search.disabledHint')}
        </Text>
      ) : null}
      {info ? <SearchInfoDialog onClose={() => setInfo(false)} /> : null}
    </chakra.form>
  );
}
