import { PostGroupBody } from '@openlfg/contracts';
import { Value } from 'typebox/value';

/**
 * The posting form's check against the contract: the very schema the server's route validates with. The only
 * web module that loads TypeBox and the schemas; it arrives with the posting form's own chunk (see
 * `GroupProjectsPage`), never with the main bundle or the list.
 */
export type ContractCheck =
  | { valid: true; body: PostGroupBody }
  | { valid: false; failures: Partial<Record<keyof PostGroupBody, string>> };

const isField = (name: string | undefined): name is keyof PostGroupBody =>
  name !== undefined && Object.hasOwn(PostGroupBody.properties, name);

/** Whether `body` is a request the server's schema takes; if not, the first failed rule (keyword) per field. */
export function checkAgainstContract(body: unknown): ContractCheck {
  if (Value.Check(PostGroupBody, body)) return { valid: true, body };
  const failures: Partial<Record<keyof PostGroupBody, string>> = {};
  for (const error of Value.Errors(PostGroupBody, body)) {
    const field = error.instancePath.split('/')[1];
    if (isField(field)) failures[field] ??= error.keyword;
  }
  return { valid: false, failures };
}
