import { ValidateBy, buildMessage, type ValidationOptions } from 'class-validator';

/**
 * SPEC §5 "Text validity: only Latin-1 characters allowed": every character in U+0000–U+00FF,
 * without the C0/C1 control characters (a search box or a name never holds them).
 * Belongs in packages/rules so the web checks the same rule before sending.
 */
export function isLatin1(text: string): boolean {
  return /^[\u0020-\u007e\u00a0-\u00ff\t\n\r]*$/.test(text);
}

/** class-validator decorator for isLatin1. */
export function IsLatin1(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isLatin1',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isLatin1(value),
        defaultMessage: buildMessage(
          (each) => `${each}$property must contain only Latin-1 characters`,
          options,
        ),
      },
    },
    options,
  );
}
