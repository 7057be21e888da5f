import type { z } from 'zod';
import { AppError, fieldErrorsFromZod, type FieldErrors } from './errors.ts';

/*
 * Some fields are taken under more than one name: the spec's and another the API accepts as well (a property's
 * `address` or `formatted_address`, chat's `to_user_id`, `user_id` or `receiver_id`, a `price_range` read as a
 * minimum and a maximum). A check knows each such field by one name of its own; its messages go back under the name
 * the client sent, so a client can show them beside its own input.
 */

/** The check's name of a field -> the name the client sent it by. */
export type SentNames = Record<string, string>;

/**
 * The name a field was sent by: the first of `names` (in the order the check reads them) the body has, even empty;
 * `unsent` (the spec's name) when it has none of them.
 */
export function nameSent(body: unknown, names: readonly [string, ...string[]], unsent: string = names[0]): string {
  const sent = typeof body === 'object' && body !== null ? body : {};
  return names.find((name) => Object.hasOwn(sent, name)) ?? unsent;
}

/** Field messages with the check's names (and their sub-keys, `floors.0.title`) put under the client's names. */
export function renameFields(fields: FieldErrors, names: SentNames): FieldErrors {
  const renamed: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const [head, ...rest] = key.split('.');
    const name = [names[head!] ?? head, ...rest].join('.');
    const list = (renamed[name] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return renamed;
}

/** `schema.parse(input)`, its field messages under the names the client sent. */
export function parseSent<S extends z.ZodType>(schema: S, input: unknown, names: SentNames): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw AppError.validation(renameFields(fieldErrorsFromZod(result.error), names));
}
