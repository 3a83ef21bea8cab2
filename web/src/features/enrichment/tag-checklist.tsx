import { Checkbox, CheckboxGroup, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { labelIn, tagTree, type TagSummary } from '@paddock/rules';
import { useLanguage } from '../../i18n/use-language';

interface TagChecklistProps {
  legend: string;
  /** What to say when there is nothing to choose from. */
  empty: string;
  tags: readonly TagSummary[];
  selected: readonly TagSummary[];
  onChange(selected: TagSummary[]): void;
}

/**
 * Tags to add (products in step 1, free tags in step 3), named in the user's language, by keyboard or
 * pointer; a sub-tag (SPEC §3) follows its parent, set in under it, and is picked on its own.
 */
export function TagChecklist({ legend, empty, tags, selected, onChange }: TagChecklistProps) {
  const [language] = useLanguage();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
      {tags.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <CheckboxGroup
          value={selected.map((t) => t.id)}
          // Chosen tags not listed (a product page not loaded again yet) stay chosen.
          onValueChange={(ids) =>
            onChange([
              ...selected.filter((s) => !tags.some((t) => t.id === s.id)),
              ...tags.filter((t) => ids.includes(t.id)),
            ])
          }
        >
          {hasSubTags(tags) ? (
            <Stack gap="2">
              {tagTree(tags, language).map(({ tag, depth }) => (
                <Checkbox.Root key={tag.id} value={tag.id} ps={depth * 6}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{labelIn(tag.names, language)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
              {tags.map((tag) => (
                <Checkbox.Root key={tag.id} value={tag.id}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{labelIn(tag.names, language)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          )}
        </CheckboxGroup>
      )}
    </Fieldset.Root>
  );
}

/** A flat list keeps its grid; one with sub-tags reads as a tree, one tag a line. */
function hasSubTags(tags: readonly TagSummary[]): boolean {
  return tags.some((t) => t.parentId && tags.some((p) => p.id === t.parentId));
}
