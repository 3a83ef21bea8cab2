import { LIMITS, describeCharacters, isLatin1, isValidName, toLatin1 } from '@paddock/rules';
import { Transform } from 'class-transformer';
import { ValidateBy, buildMessage, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * Typographic punctuation becomes its Latin-1 equivalent before the rule is checked (SPEC §5), as
 * the web does: a client that skips the web's conversion gets the same result.
 */
const toLatin1Text = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? toLatin1(value).text : value,
);

/** What is still not Latin-1 after the conversion, for the message. */
function refusedIn(args: ValidationArguments): string {
  return typeof args.value === 'string' ? describeCharacters(toLatin1(args.value).refused) : '';
}

function both(transform: PropertyDecorator, validate: PropertyDecorator): PropertyDecorator {
  return (target, property) => {
    transform(target, property);
    validate(target, property);
  };
}

/** class-validator decorator for the SPEC §5 Latin-1 rule (defined once in @paddock/rules). */
export function IsLatin1(options?: ValidationOptions): PropertyDecorator {
  return both(
    toLatin1Text,
    ValidateBy(
      {
        name: 'isLatin1',
        validator: {
          validate: (value: unknown) => typeof value === 'string' && isLatin1(value),
          defaultMessage: buildMessage(
            (each, args) =>
              `${each}$property must contain only Latin-1 characters; not allowed: ${refusedIn(args!)}`,
            options,
          ),
        },
      },
      options,
    ),
  );
}

/** class-validator decorator for a folder or asset name (isValidName: Latin-1, at most LIMITS.nameMaxLength). */
export function IsName(options?: ValidationOptions): PropertyDecorator {
  return both(
    toLatin1Text,
    ValidateBy(
      {
        name: 'isName',
        validator: {
          validate: (value: unknown) => typeof value === 'string' && isValidName(value),
          defaultMessage: buildMessage((each, args) => {
            const refused = refusedIn(args!);
            return `${each}$property must be at most ${LIMITS.nameMaxLength} characters, all of them Latin-1${refused ? `; not allowed: ${refused}` : ''}`;
          }, options),
        },
      },
      options,
    ),
  );
}
