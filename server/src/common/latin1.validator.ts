import { LIMITS, isLatin1, isValidName } from '@paddock/rules';
import { ValidateBy, buildMessage, type ValidationOptions } from 'class-validator';

/** class-validator decorator for the SPEC §5 Latin-1 rule (defined once in @paddock/rules). */
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

/** class-validator decorator for a folder or asset name (isValidName: Latin-1, at most LIMITS.nameMaxLength). */
export function IsName(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isName',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidName(value),
        defaultMessage: buildMessage(
          (each) =>
            `${each}$property must be at most ${LIMITS.nameMaxLength} characters, all of them Latin-1`,
          options,
        ),
      },
    },
    options,
  );
}
