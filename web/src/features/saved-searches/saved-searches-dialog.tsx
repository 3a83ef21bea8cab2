import { Button, HStack, IconButton, Input, Field, Stack, Tabs, Text } from '@chakra-ui/react';
import {
  SAVED_SEARCH_LIMITS,
  type CollectionView,
  type SavedSearchView,
  type SharedWith,
} from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Bookmark, FolderHeart, Pencil, Pin, PinOff, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCollection,
  deleteCollection,
  deleteSavedSearch,
  pinSavedSearch,
  renameCollection,
  shareCollection,
  shareSavedSearch,
  updateSavedSearch,
} from '../../api/saved-searches.api';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { useSession } from '../session/use-session';
import { EmptyState } from '../../components/ui/empty-state';
import { InlineError } from '../ui/inline-error';
import { latin1Input } from '../ui/latin1-input';
import { CollectionAssets } from './collection-assets';
import { refusalText } from './refusal-text';
import { openedSearch, placeOfSaved } from './saved-search-query';
import {
  collectionsQueryOptions,
  savedSearchesQueryOptions,
  savedSearchKeys,
} from './saved-searches.queries';
import { ShareForm } from './share-form';

const route = getRouteApi('/_authenticated/home');

/** What the dialog's body shows: the lists, or one change to one of them. */
type Target = { kind: 'search'; item: SavedSearchView } | { kind: 'collection'; item: CollectionView };
type Mode =
  | { step: 'list' }
  | { step: 'rename' | 'share' | 'delete'; target: Target }
  | { step: 'newCollection' }
  | { step: 'collection'; item: CollectionView };

/** A saved search's name: a built-in's in the user's language. */
export function savedSearchName(t: TFunction, search: SavedSearchView): string {
  return search.builtin && search.query.only
    ? t(`savedSearches.builtin.${search.query.only}`)
    : (search.name ?? '');
}

const FORM_ID = 'saved-searches-form';

/**
 * The user's saved searches (pinned first, then the built-ins, their own, those shared with them)
 * and collections, in one dialog: opening a saved search applies it to the listing (its address);
 * the owner renames, shares and deletes, anyone pins for themselves; a collection opens to its assets.
 */
export function SavedSearchesDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [language] = useLanguage();
  const session = useSession();
  const [mode, setMode] = useState<Mode>({ step: 'list' });
  const [tab, setTab] = useState<'searches' | 'collections'>('searches');
  const searches = useQuery(savedSearchesQueryOptions());
  const collections = useQuery({ ...collectionsQueryOptions(), enabled: tab === 'collections' });
  const back = () => setMode({ step: 'list' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });

  const change = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      back();
      await refresh();
    },
  });
  const pin = useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => pinSavedSearch(id, pinned),
    onSettled: refresh,
  });
  const error = change.error ? refusalText(t, change.error) : null;
  const act = (run: () => Promise<unknown>) => change.mutate(run);
  const to = (next: Mode) => {
    change.reset();
    setMode(next);
  };

  const open = async (search: SavedSearchView) => {
    // The folder's place in the user's tree says which view and tab show it (kept from the page).
    const folder = search.query.folder;
    const roots = folder
      ? (await queryClient.fetchQuery(folderTreeQueryOptions(language)).catch(() => null))?.roots
      : null;
    const where = folder && roots ? placeOfSaved(roots, folder, session.roles) : {};
    void navigate({ search: (previous) => openedSearch(previous, search.query, where) });
    onClose();
  };

  const nameOf = (target: Target) =>
    target.kind === 'search' ? savedSearchName(t, target.item) : target.item.name;

  let title = t('savedSearches.title');
  let body: React.ReactNode;
  let footer: React.ReactNode = (
    <Button variant="outline" onClick={onClose}>
      {t('savedSearches.close')}
    </Button>
  );
  const confirmFooter = (label: string, danger = false) => (
    <>
      <Button variant="outline" onClick={back} disabled={change.isPending}>
        {t('workflow.cancel')}
      </Button>
      <Button
        type="submit"
        form={FORM_ID}
        loading={change.isPending}
        colorPalette={danger ? 'red' : undefined}
      >
        {label}
      </Button>
    </>
  );

  if (mode.step === 'rename' || mode.step === 'newCollection') {
    const target = mode.step === 'rename' ? mode.target : null;
    title = target
      ? t('savedSearches.rename.title', { name: nameOf(target) })
      : t('savedSearches.collections.new');
    body = (
      <NameForm
        initial={target ? nameOf(target) : ''}
        error={error}
        onName={(name) =>
          act(() =>
            !target
              ? createCollection(name)
              : target.kind === 'search'
                ? updateSavedSearch(target.item.id, { name })
                : renameCollection(target.item.id, name),
          )
        }
      />
    );
    footer = confirmFooter(
      target ? t('savedSearches.rename.confirm') : t('savedSearches.collections.create'),
    );
  } else if (mode.step === 'share') {
    const { target } = mode;
    title = t('savedSearches.share.title', { name: nameOf(target) });
    body = (
      <ShareForm
        formId={FORM_ID}
        initial={target.item.sharedWith}
        error={error}
        onShare={(sharing: SharedWith) =>
          act(() =>
            target.kind === 'search'
              ? shareSavedSearch(target.item.id, sharing)
              : shareCollection(target.item.id, sharing),
          )
        }
      />
    );
    footer = confirmFooter(t('savedSearches.share.confirm'));
  } else if (mode.step === 'delete') {
    const { target } = mode;
    title = t(`savedSearches.delete.title.${target.kind}`, { name: nameOf(target) });
    body = (
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          event.preventDefault();
          act(() =>
            target.kind === 'search' ? deleteSavedSearch(target.item.id) : deleteCollection(target.item.id),
          );
        }}
      >
        <Text>{t(`savedSearches.delete.explain.${target.kind}`)}</Text>
        {error ? (
          <Text color="fg.error" mt="2">
            {error}
          </Text>
        ) : null}
      </form>
    );
    footer = confirmFooter(t('savedSearches.delete.confirm'), true);
  } else if (mode.step === 'collection') {
    title = mode.item.name;
    body = <CollectionAssets collection={mode.item} />;
    footer = (
      <Button variant="outline" onClick={back}>
        {t('savedSearches.collections.back')}
      </Button>
    );
  } else {
    body = (
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setTab(details.value === 'collections' ? 'collections' : 'searches')}
        variant="line"
        lazyMount
      >
        <Tabs.List>
          <Tabs.Trigger value="searches">{t('savedSearches.tabs.searches')}</Tabs.Trigger>
          <Tabs.Trigger value="collections">{t('savedSearches.tabs.collections')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="searches">
          {searches.isError ? (
            <InlineError
              message={t('savedSearches.loadFailed')}
              error={searches.error}
              retrying={searches.isRefetching}
              onRetry={() => void searches.refetch()}
            />
          ) : (
            <SearchList
              items={searches.data ?? []}
              pending={searches.isPending}
              onOpen={(search) => void open(search)}
              onPin={(item) => pin.mutate({ id: item.id, pinned: !item.pinned })}
              onChange={(step, item) => to({ step, target: { kind: 'search', item } })}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="collections">
          <Stack gap="3">
            <HStack justify="flex-end">
              <Button size="sm" variant="outline" onClick={() => to({ step: 'newCollection' })}>
                <FolderHeart />
                {t('savedSearches.collections.new')}
              </Button>
            </HStack>
            {collections.isError ? (
              <InlineError
                message={t('savedSearches.loadFailed')}
                error={collections.error}
                retrying={collections.isRefetching}
                onRetry={() => void collections.refetch()}
              />
            ) : collections.isSuccess && collections.data.length === 0 ? (
              <EmptyState
                icon={<FolderHeart />}
                title={t('savedSearches.collections.emptyTitle')}
                description={t('savedSearches.collections.emptyDescription')}
              />
            ) : (
              <Stack as="ul" gap="1" listStyleType="none" aria-label={t('savedSearches.tabs.collections')}>
                {(collections.data ?? []).map((item) => (
                  <Row
                    key={item.id}
                    name={item.name}
                    detail={
                      item.mine
                        ? t('savedSearches.collections.size', { count: item.size })
                        : t('savedSearches.sharedBy', { owner: item.owner })
                    }
                    openLabel={t('savedSearches.collections.openOne', { name: item.name })}
                    onOpen={() => to({ step: 'collection', item })}
                    actions={
                      item.mine ? (
                        <OwnerActions
                          name={item.name}
                          onChange={(step) => to({ step, target: { kind: 'collection', item } })}
                        />
                      ) : null
                    }
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    <AppDialog
      open
      dismissible={!change.isPending}
      onDismiss={onClose}
      title={title}
      footer={footer}
      size="lg"
    >
      {body}
    </AppDialog>
  );
}

interface SearchListProps {
  items: readonly SavedSearchView[];
  pending: boolean;
  onOpen(item: SavedSearchView): void;
  onPin(item: SavedSearchView): void;
  onChange(step: 'rename' | 'share' | 'delete', item: SavedSearchView): void;
}

/** Pinned first, then the built-ins, the user's own, and those shared with them (the hub's order). */
function SearchList({ items, pending, onOpen, onPin, onChange }: SearchListProps) {
  const { t } = useTranslation();
  const own = items.filter((s) => !s.builtin && s.mine);
  if (pending) return <Text color="fg.muted">{t('loading.label')}</Text>;
  return (
    <Stack gap="3">
      <Stack as="ul" gap="1" listStyleType="none" aria-label={t('savedSearches.tabs.searches')}>
        {items.map((item) => {
          const name = savedSearchName(t, item);
          return (
            <Row
              key={item.id}
              name={name}
              detail={
                item.builtin
                  ? t('savedSearches.builtinLabel')
                  : item.mine
                    ? sharingText(t, item.sharedWith)
                    : t('savedSearches.sharedBy', { owner: item.owner ?? '' })
              }
              openLabel={t('savedSearches.openOne', { name })}
              onOpen={() => onOpen(item)}
              actions={
                <>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-pressed={item.pinned}
                    aria-label={t(item.pinned ? 'savedSearches.unpin' : 'savedSearches.pin', { name })}
                    title={t(item.pinned ? 'savedSearches.unpin' : 'savedSearches.pin', { name })}
                    onClick={() => onPin(item)}
                  >
                    {item.pinned ? <PinOff /> : <Pin />}
                  </IconButton>
                  {item.mine ? <OwnerActions name={name} onChange={(step) => onChange(step, item)} /> : null}
                </>
              }
            />
          );
        })}
      </Stack>
      {own.length === 0 ? (
        <EmptyState
          icon={<Bookmark />}
          title={t('savedSearches.emptyTitle')}
          description={t('savedSearches.emptyDescription')}
        />
      ) : null}
    </Stack>
  );
}

function sharingText(t: TFunction, sharing: SharedWith): string {
  if (!sharing.users.length && !sharing.department) return t('savedSearches.notShared');
  const whom = [...sharing.users, ...(sharing.department ? [sharing.department.toUpperCase()] : [])];
  return t('savedSearches.sharedWith', { whom: whom.join(', ') });
}

interface RowProps {
  name: string;
  detail: string;
  openLabel: string;
  onOpen(): void;
  actions: React.ReactNode;
}

function Row({ name, detail, openLabel, onOpen, actions }: RowProps) {
  return (
    <HStack as="li" gap="2" py="1" borderBottomWidth="1px" borderColor="border.muted">
      <Button
        variant="ghost"
        size="sm"
        flex="1"
        minW="0"
        justifyContent="flex-start"
        aria-label={openLabel}
        onClick={onOpen}
      >
        <Stack gap="0" align="flex-start" minW="0">
          <Text truncate fontWeight="medium" maxW="100%">
            {name}
          </Text>
          <Text truncate fontSize="xs" color="fg.muted" maxW="100%">
            {detail}
          </Text>
        </Stack>
      </Button>
      <HStack gap="0.5" flex="none">
        {actions}
      </HStack>
    </HStack>
  );
}

function OwnerActions({
  name,
  onChange,
}: {
  name: string;
  onChange(step: 'rename' | 'share' | 'delete'): void;
}) {
  const { t } = useTranslation();
  const buttons = [
    { step: 'share', icon: <Share2 />, label: t('savedSearches.share.action', { name }) },
    { step: 'rename', icon: <Pencil />, label: t('savedSearches.rename.action', { name }) },
    { step: 'delete', icon: <Trash2 />, label: t('savedSearches.delete.action', { name }) },
  ] as const;
  return (
    <>
      {buttons.map((button) => (
        <IconButton
          key={button.step}
          size="xs"
          variant="ghost"
          aria-label={button.label}
          title={button.label}
          onClick={() => onChange(button.step)}
        >
          {button.icon}
        </IconButton>
      ))}
    </>
  );
}

function NameForm({
  initial,
  error,
  onName,
}: {
  initial: string;
  error: string | null;
  onName(name: string): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <form
      id={FORM_ID}
      onSubmit={(event) => {
        event.preventDefault();
        const { text, refused } = latin1Input(value);
        if (!text) return setProblem(t('savedSearches.nameRequired'));
        if (refused) return setProblem(t('dialogs.latin1', { characters: refused }));
        setProblem(null);
        onName(text);
      }}
    >
      <Field.Root required invalid={shown !== null}>
        <Field.Label>
          {t('savedSearches.name', { max: SAVED_SEARCH_LIMITS.nameMaxLength })}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          autoFocus
          value={value}
          maxLength={SAVED_SEARCH_LIMITS.nameMaxLength}
          onChange={(event) => setValue(event.target.value)}
        />
        {shown ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
      </Field.Root>
    </form>
  );
}
