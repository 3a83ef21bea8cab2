import { Button, type ButtonProps } from '@chakra-ui/react';

/** The part of an infinite query (TanStack's `useInfiniteQuery`) the button needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

interface LoadMoreButtonProps extends Omit<ButtonProps, 'children' | 'loading' | 'loadingText' | 'onClick'> {
  /** What it loads, translated ("Load more", "More products"). */
  label: string;
  pages: NextPages;
}

/**
 * The button under a paged list that asks for its next page: absent after the last page, busy
 * (a spinner beside its label, disabled so a second click cannot ask twice) while the page comes.
 */
export function LoadMoreButton({ label, pages, ...rest }: LoadMoreButtonProps) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      alignSelf="center"
      variant="outline"
      size="sm"
      {...rest}
      loading={pages.isFetchingNextPage}
      // The label stays beside the spinner: the button keeps its name while busy.
      loadingText={label}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
