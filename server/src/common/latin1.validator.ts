import { isLatin1 } from '@paddock/rules';
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
