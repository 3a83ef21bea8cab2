import { NativeSelect } from '@chakra-ui/react';

interface SelectProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  size?: 'xs' | 'sm' | 'md';
  /** Needed when no visible label names the select. */
  'aria-label'?: string;
  /** As wide as the chosen option rather than the longest one (toolbars where every pixel counts). */
  fitChosen?: boolean;
}

/** A native select: the most robust choice for keyboards, screen readers and mobile. */
export function Select<T extends string>({
  value,
  options,
  onChange,
  size = 'md',
  fitChosen = false,
  ...aria
}: SelectProps<T>) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field
        {...aria}
        css={fitChosen ? { fieldSizing: 'content' } : undefined}
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.currentTarget.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
