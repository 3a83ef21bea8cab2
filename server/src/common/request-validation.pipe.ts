import { ValidationPipe } from '@nestjs/common';
import type { ValidatorOptions } from '@nestjs/common/interfaces/external/validator-options.interface';
import { DECORATORS } from '@nestjs/swagger';
import { ValidationError, ValidationTypes, getMetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** Whether the OpenAPI contract (`@ApiProperty({ nullable: true })`) lets `dto`'s property be null. */
function isNullable(dto: object, property: string): boolean {
  const contract = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto, property) as
    { nullable?: boolean } | undefined;
  return contract?.nullable === true;
}

/** Per DTO class: its decorators ran when it was defined, so its rules never change after. */
const RULES = new WeakMap<object, ValidationMetadata[]>();

function rulesOf(dto: object): ValidationMetadata[] {
  let rules = RULES.get(dto.constructor);
  if (!rules) {
    rules = getMetadataStorage().getTargetValidationMetadatas(dto.constructor, '', false, false);
    RULES.set(dto.constructor, rules);
  }
  return rules;
}

/** Whether a condition of the property (`@IsOptional()`, `@ValidateIf()`) spared `value` every validator. */
function isSkipped(rules: ValidationMetadata[], dto: object, property: string, value: unknown): boolean {
  return rules.some(
    (rule) =>
      rule.type === ValidationTypes.CONDITIONAL_VALIDATION &&
      rule.propertyName === property &&
      !(rule.constraints[0] as (dto: object, value: unknown) => boolean)(dto, value),
  );
}

function refusal(property: string, value: unknown, rule: string, message: string): ValidationError {
  return Object.assign(new ValidationError(), {
    property,
    value,
    constraints: { [rule]: message },
    children: [],
  });
}

/**
 * What class-validator lets through and the services do not expect, at any depth of nested DTOs:
 * null where `@IsOptional()` skipped it as if it were absent and the contract does not declare the
 * property nullable, and a list where a nested object belongs (`@ValidateNested()` walks into any
 * array, so `[[]]` passed for a list of objects).
 */
function contractRefusals(dto: object, prefix = ''): ValidationError[] {
  const rules = rulesOf(dto);
  return Object.entries(dto).flatMap(([property, value]: [string, unknown]) => {
    const path = `${prefix}${property}`;
    if (value === null)
      return isSkipped(rules, dto, property, value) && !isNullable(dto, property)
        ? [refusal(path, value, 'isNotNull', `${path} must not be null`)]
        : [];
    const nested = rules.find(
      (rule) => rule.type === ValidationTypes.NESTED_VALIDATION && rule.propertyName === property,
    );
    if (!nested) return [];
    const items: Array<[string, unknown]> =
      nested.each && Array.isArray(value) ? value.map((item, i) => [`${path}.${i}`, item]) : [[path, value]];
    return items.flatMap(([at, item]) => {
      if (Array.isArray(item)) return [refusal(at, item, 'isObject', `${at} must be an object, not a list`)];
      return item && typeof item === 'object' ? contractRefusals(item, `${at}.`) : [];
    });
  });
}

/**
 * The one ValidationPipe of the hub: only declared properties, each validated and transformed, and
 * the request held to its contract where class-validator's decorators leave it open
 * (contractRefusals). Every refusal is a 400 VALIDATION_FAILED naming the field.
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  protected override async validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = (await super.validate(object, options)) as ValidationError[];
    return [...errors, ...contractRefusals(object)];
  }
}
